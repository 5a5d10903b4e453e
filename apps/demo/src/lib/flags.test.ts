import { describe, expect, it } from 'vitest';
import { FLAG_KEYS, readFlag, shouldShowClientIdToast, writeFlag } from './flags.ts';
import { memoryStore, safeStore } from './storage.ts';

const DEFAULT_ID = '8f2d4c1a-6b7e-4e3f-a9d0-3c5b7e9f1a24';

describe('client-id toast', () => {
  it('shows while the default client id is in use and the toast was never closed', () => {
    expect(shouldShowClientIdToast(DEFAULT_ID, DEFAULT_ID, memoryStore())).toBe(true);
  });

  it('stays hidden once closed, across reloads (the flag is stored)', () => {
    const store = memoryStore();
    writeFlag(store, 'clientIdToastClosed');
    expect(store.getItem(FLAG_KEYS.clientIdToastClosed)).toBe('true');
    expect(shouldShowClientIdToast(DEFAULT_ID, DEFAULT_ID, store)).toBe(false);
  });

  it('never shows with the developer’s own client id', () => {
    expect(shouldShowClientIdToast('my-own-client', DEFAULT_ID, memoryStore())).toBe(false);
  });
});

describe('login-environment modal flag', () => {
  it('is off until "Don’t show again" stores it', () => {
    const store = memoryStore();
    expect(readFlag(store, 'loginModalDismissed')).toBe(false);
    writeFlag(store, 'loginModalDismissed');
    expect(readFlag(store, 'loginModalDismissed')).toBe(true);
    // The two flags are independent.
    expect(readFlag(store, 'clientIdToastClosed')).toBe(false);
  });

  it('a storage that throws behaves as an empty one for the page’s lifetime', () => {
    const store = safeStore(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readFlag(store, 'loginModalDismissed')).toBe(false);
    writeFlag(store, 'loginModalDismissed');
    expect(readFlag(store, 'loginModalDismissed')).toBe(true);
  });
});
