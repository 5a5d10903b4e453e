import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { cache } from '../lib/cache.ts';

export type Cached<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

/**
 * Reads `key` from the data cache, loading it with `loader` when it is missing (or was
 * invalidated); re-renders when it settles. `reload` drops the entry and asks again.
 */
export function useCached<T>(
  key: string,
  loader: () => Promise<T>,
  enabled = true,
): Cached<T> & { reload(): void } {
  const subscribe = useCallback(
    (onChange: () => void) => cache.subscribe((changed) => changed === key && onChange()),
    [key],
  );
  // A new object whenever the entry changes: the entry while pending, then its `settled` record.
  const snapshot = useSyncExternalStore(subscribe, () => {
    const entry = cache.peek<T>(key);
    return entry?.settled ?? entry;
  });

  useEffect(() => {
    if (enabled && snapshot === undefined) loader().catch(() => {});
  }, [enabled, snapshot, loader]);

  const reload = useCallback(() => cache.invalidate(key), [key]);
  const entry = cache.peek<T>(key);
  const settled = entry?.settled;
  if (settled?.ok) return { status: 'success', data: settled.value, error: undefined, reload };
  if (settled && !settled.ok) return { status: 'error', data: undefined, error: settled.error, reload };
  return { status: 'loading', data: undefined, error: undefined, reload };
}
