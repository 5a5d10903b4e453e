/**
 * Web storage that never throws: blocked storage (private modes, sandboxed frames) behaves as an
 * empty one, so a flag that cannot be kept only means a toast shows again.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const memoryStore = (initial: Record<string, string> = {}): KeyValueStore => {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
};

/** `localStorage` / `sessionStorage`, or a memory store when the browser refuses them. */
export function safeStore(pick: () => Storage): KeyValueStore {
  const fallback = memoryStore();
  const attempt = <T>(run: (store: KeyValueStore) => T): T => {
    try {
      return run(pick());
    } catch {
      return run(fallback);
    }
  };
  return {
    getItem: (key) => attempt((store) => store.getItem(key)),
    setItem: (key, value) => attempt((store) => store.setItem(key, value)),
    removeItem: (key) => attempt((store) => store.removeItem(key)),
  };
}

export const local = safeStore(() => globalThis.localStorage);
export const session = safeStore(() => globalThis.sessionStorage);
