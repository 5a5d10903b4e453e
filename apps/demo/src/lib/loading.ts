/**
 * The global loading counter (seed section 4): every tracked task adds one while it runs; the
 * overlay shows while the count is above zero. A plain store for `useSyncExternalStore`.
 */
export interface LoadingCounter {
  count(): number;
  subscribe(listener: () => void): () => void;
  /** Counts `task` while it runs and hands back its result (or rejection) unchanged. */
  track<T>(task: Promise<T>): Promise<T>;
  /** Back to zero, e.g. when the browser restores a page from its back-forward cache mid-task. */
  reset(): void;
}

export function createLoadingCounter(): LoadingCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const change = (next: number) => {
    count = Math.max(0, next);
    for (const listener of listeners) listener();
  };
  return {
    count: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    track(task) {
      change(count + 1);
      return task.finally(() => change(count - 1));
    },
    reset: () => change(0),
  };
}

export const loading = createLoadingCounter();
