/**
 * sessionStorage for the life of the tab, or memory where storage is refused (sandboxed or
 * third-party frames): visitor tokens and the state token of a pending verification never
 * outlive the tab.
 */

const memory = new Map<string, string>();

function store(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const storage = window.sessionStorage;
    const probe = '__plaza_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    };
  }
}

const PREFIX = 'plaza-hosted:';

export function readJson<T>(key: string): T | undefined {
  try {
    const raw = store().getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    store().setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or refused storage: the page keeps working, it only forgets on reload.
  }
}

export function remove(key: string): void {
  try {
    store().removeItem(PREFIX + key);
  } catch {
    // Nothing to do.
  }
}
