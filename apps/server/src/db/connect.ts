import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.ts';
import type { Schema } from './schema.ts';
import { type DirectSqlite, directSqlite } from './sqlite-direct.ts';
import { trackingWrites, type WriteLog, writeLog } from './write-log.ts';

export type { WriteLog } from './write-log.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  readonly engine: Engine;
  readonly db: Kysely<Schema>;
  /** What this process has written, per table: lets read caches know when they are out of date. */
  readonly writes: WriteLog;
  /** PostgreSQL schema the connection works in, when not the default one. */
  readonly pgSchema?: string | undefined;
  /** The connection pool's state (PostgreSQL; SQLite has one connection and no pool). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for one; `max` the pool's size. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface ConnectOptions {
  /** PostgreSQL connection string; SQLite is used when absent. */
  databaseUrl?: string | undefined;
  /** SQLite file path, or `:memory:`. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (created when missing); tests get a fresh one each. */
  pgSchema?: string;
  poolSize?: number;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options);
  return connectSqlite(options.sqliteFile ?? ':memory:');
}

function connectSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The log is copied back by a worker thread (checkpointer.ts); a commit only does it itself when the
  // log has grown past ~40 MB, should the worker ever fall that far behind, or past SQLite's usual
  // 1,000 pages again if the worker fails.
  const checkpointer =
    file === ':memory:'
      ? undefined
      : startCheckpointer(sqlite, () => sqlite.pragma('wal_autocheckpoint = 1000'));
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 10000');
  // Moves when another connection commits, never for this one's own commits or for the checkpointer's
  // passive checkpoints (~1 µs to read).
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const writes = writeLog(() => dataVersion.get() as number);
  const statements = withStatementCache(sqlite);
  const dialect = new SqliteDialect({ database: statements });
  // A transaction takes the write lock as it begins, not at its first write: one that has read could not
  // write at all once another connection had committed meanwhile (SQLITE_BUSY_SNAPSHOT, which no busy
  // timeout waits out). Another process, or the checkpointer starting the log over, then waits instead.
  const db = new Kysely<Schema>({ dialect: trackingWrites(dialect, writes, beginImmediate(sqlite)) });
  const direct = directSqlite(sqlite, statements.prepare, writes.wrote, (work) =>
    db.connection().execute(async () => work()),
  );
  directByDb.set(db, direct);
  const close = async () => {
    direct.flush();
    await checkpointer?.stop();
    await db.destroy();
  };
  return { engine: 'sqlite', db, writes, close };
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const BUSY_TIMEOUT_MS = 5000;

/**
 * BEGIN IMMEDIATE that waits for another connection's write lock without blocking the event loop:
 * better-sqlite3 waits out `busy_timeout` synchronously, so a connection of this process that holds the
 * lock across an await (another app on the same file, as tests open) could never let it go. Tried
 * without a timeout, then again after a growing pause, for as long as the busy timeout allows.
 */
function beginImmediate(sqlite: SQLite.Database) {
  return async (execute: (query: CompiledQuery) => Promise<unknown>) => {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      // The statement runs as `execute` is called: the timeout is back before anything else runs.
      sqlite.pragma('busy_timeout = 0');
      let attempt: Promise<unknown>;
      try {
        attempt = execute(BEGIN_IMMEDIATE);
      } catch (error) {
        // Kysely's SQLite connection throws as it runs the statement rather than rejecting: a busy
        // lock (the checkpointer's one-row write) must be waited out here too, not answered 503.
        attempt = Promise.reject(error);
      } finally {
        sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      try {
        await attempt;
        return;
      } catch (error) {
        const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
        if (!busy || Date.now() >= deadline) throw error;
      }
      await sleep(pause);
    }
  };
}

const directByDb = new WeakMap<Kysely<Schema>, DirectSqlite>();

/**
 * The direct way to `executor`'s SQLite connection (sqlite-direct.ts); undefined for PostgreSQL and
 * for a transaction, whose statements go through Kysely on the connection it holds.
 */
export const directSqliteOf = (executor: Kysely<Schema>): DirectSqlite | undefined =>
  executor.isTransaction ? undefined : directByDb.get(executor);

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement anew; on SQLite preparing costs about as much as running a
 * small query. The same SQL text (parameters are bound separately) reuses its prepared statement.
 * Statements run synchronously to completion, so one is never in use twice at a time.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_JSON = 114;
const PG_JSONB = 3802;

async function connectPostgres(url: string, options: ConnectOptions): Promise<Database> {
  const schema = options.pgSchema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad PostgreSQL schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        // Counts and sums come back as numbers; JSON stays the text Postgres sent, so stored
        // documents can be written into responses without a parse and re-serialise.
        if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
        if (oid === PG_JSON || oid === PG_JSONB) return (value: string) => value;
        return pg.types.getTypeParser(oid, format ?? 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  const writes = writeLog();
  const db = new Kysely<Schema>({ dialect: trackingWrites(new PostgresDialect({ pool }), writes) });
  const max = options.poolSize ?? 10;
  const poolStats = (): PoolStats => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max,
  });
  return { engine: 'postgres', db, writes, pgSchema: schema, poolStats, close: () => db.destroy() };
}

/** Drops a PostgreSQL schema made for a test run. */
export async function dropPgSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}
