#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for tests: `scripts/pg-cluster.sh start DIR` prints a DATABASE_URL,
# `scripts/pg-cluster.sh stop DIR` stops it. initdb and pg_ctl refuse to run as root, so as root the
# cluster is owned by the `postgres` user. Installs Debian's postgresql when no server binaries exist.
set -euo pipefail

cmd=${1:?usage: pg-cluster.sh start|stop DIR}
dir=${2:?usage: pg-cluster.sh start|stop DIR}

find_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$found" ] && command -v pg_ctl >/dev/null && command -v postgres >/dev/null; then
    found=$(dirname "$(command -v pg_ctl)")
  fi
  echo "$found"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bin=$(find_bin)
if [ -z "$bin" ]; then
  echo "PostgreSQL server not found; installing Debian's postgresql" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
  bin=$(find_bin)
fi

case "$cmd" in
  start)
    port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U plaza --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || as_owner "$bin/initdb" -D "$dir/data" -U plaza --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200" start >&2
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U plaza plaza
    echo "postgres://plaza@127.0.0.1:$port/plaza"
    ;;
  stop)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true; fi
    ;;
  *)
    echo "usage: pg-cluster.sh start|stop DIR" >&2
    exit 2
    ;;
esac
