import type { Clock } from '../lib/clock.ts';
import type { WriteLog } from './connect.ts';

/**
 * Values read from some tables, reused while this process has written none of those tables since
 * (`WriteLog`) and for `ttlMs` at most, the bound on how long another server process's writes go
 * unseen (like the site cache, sites/store.ts). Where the engine tells when another connection has
 * committed (`othersVersion`, SQLite), an entry past `ttlMs` is kept while no other has: a storefront's
 * pages are then not read again every `ttlMs` for nothing. Within one process a read never outlives a
 * write it could have seen. The key must name everything the read depends on; use outside transactions
 * only (a transaction sees its own uncommitted writes). Entries age by `clock`, the platform's, so that
 * tests move them past `ttlMs` by moving their manual clock.
 */
export function readCache<V>(
  writes: WriteLog,
  tables: readonly string[],
  options: {
    ttlMs: number;
    limit: number;
    clock: Clock;
    /**
     * For a value that depends on the time as well (an answer with statuses derived from dates): the
     * clock reading from which it no longer holds, however current its tables are.
     */
    expiresAt?: (value: V) => number;
    /**
     * Requests that miss one key at one version while its read runs wait for that read instead of
     * making their own: for values that cost milliseconds to make, which a lapsing entry under load
     * would otherwise have made once per waiting request.
     */
    shareReads?: boolean;
    /** Whether to remember a value read (false: answered, not kept, e.g. one too large to hold). */
    keep?: (value: V) => boolean;
  },
) {
  const entries = new Map<string, { value: V; version: number; others: number; until: number }>();
  const othersVersion = writes.othersVersion;
  const { clock, expiresAt, shareReads } = options;
  const reading = new Map<string, { version: number; others: number; value: Promise<V> }>();
  // Every table's counter only grows, so their sum changes whenever one of them does.
  const version = () => {
    let sum = 0;
    for (const table of tables) sum += writes.version(table);
    return sum;
  };
  return {
    /**
     * The value of `key`: as remembered while fresh, else `read` again. When `stillCurrent` (a cheaper
     * check against the database) says a stale entry's value still holds, that value is kept, the same
     * object: what callers derive from it by identity stays valid.
     */
    async get(
      key: string,
      read: () => Promise<V>,
      stillCurrent?: (value: V) => Promise<boolean>,
    ): Promise<V> {
      const current = version();
      const now = clock.nowMs();
      const known = entries.get(key);
      if (known && known.version === current && (!expiresAt || expiresAt(known.value) > now)) {
        if (known.until > now) return known.value;
        if (othersVersion && known.others === othersVersion()) {
          known.until = now + options.ttlMs;
          return known.value;
        }
      }
      // Both versions are taken before reading: a write that lands meanwhile makes the entry stale at once.
      const others = othersVersion ? othersVersion() : 0;
      if (shareReads) {
        const running = reading.get(key);
        if (running && running.version === current && running.others === others) return running.value;
      }
      const pending = (async () =>
        known && (await stillCurrent?.(known.value)) ? known.value : await read())();
      if (shareReads) {
        const entry = { version: current, others, value: pending };
        reading.set(key, entry);
        pending.then(
          () => reading.get(key) === entry && reading.delete(key),
          () => reading.get(key) === entry && reading.delete(key),
        );
      }
      const value = await pending;
      if (options.keep && !options.keep(value)) return value;
      if (entries.size >= options.limit) entries.clear();
      entries.set(key, { value, version: current, others, until: now + options.ttlMs });
      return value;
    },
  };
}
