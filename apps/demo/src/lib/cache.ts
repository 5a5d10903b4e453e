/**
 * A small keyed cache of promises: one request per key at a time, results kept for `maxAgeMs`,
 * failures forgotten so a retry asks again. Enough for this app's few reads (and for prefetching
 * a route's data before it is opened) without a query library in the bundle.
 */
export interface CacheEntry<T> {
  promise: Promise<T>;
  settled: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  time: number;
}

export function createCache(now: () => number = Date.now) {
  const entries = new Map<string, CacheEntry<unknown>>();
  const listeners = new Set<(key: string) => void>();
  const notify = (key: string) => {
    for (const listener of listeners) listener(key);
  };

  function load<T>(key: string, loader: () => Promise<T>, maxAgeMs = Number.POSITIVE_INFINITY): Promise<T> {
    const current = entries.get(key) as CacheEntry<T> | undefined;
    if (current && (!current.settled || (current.settled.ok && now() - current.time <= maxAgeMs))) {
      return current.promise;
    }
    const entry: CacheEntry<T> = { promise: Promise.resolve(), settled: undefined, time: now() } as never;
    entry.promise = loader().then(
      (value) => {
        if (entries.get(key) === entry) {
          entry.settled = { ok: true, value };
          entry.time = now();
          notify(key);
        }
        return value;
      },
      (error: unknown) => {
        if (entries.get(key) === entry) {
          entry.settled = { ok: false, error };
          notify(key);
        }
        throw error;
      },
    );
    entries.set(key, entry as CacheEntry<unknown>);
    notify(key);
    return entry.promise;
  }

  return {
    load,
    /** The entry as it is now (for rendering without waiting). */
    peek: <T>(key: string) => entries.get(key) as CacheEntry<T> | undefined,
    /** Drops a key: the next `load` asks again. */
    invalidate(key: string) {
      entries.delete(key);
      notify(key);
    },
    /** Stores a value as if loaded (after a write that answered with the new state). */
    set<T>(key: string, value: T) {
      entries.set(key, { promise: Promise.resolve(value), settled: { ok: true, value }, time: now() });
      notify(key);
    },
    subscribe(listener: (key: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Cache = ReturnType<typeof createCache>;
export const cache = createCache();
