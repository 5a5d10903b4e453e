import { describe, expect, it, vi } from 'vitest';
import { applyClientIdRule, CLIENT_ID_KEY } from './client-id.ts';
import { memoryStore } from './storage.ts';

describe('client-id change rule', () => {
  it('keeps the session when the stored client id is the current one', () => {
    const store = memoryStore({ [CLIENT_ID_KEY]: 'client-a' });
    const removeSession = vi.fn();
    expect(applyClientIdRule('client-a', store, removeSession)).toBe(false);
    expect(removeSession).not.toHaveBeenCalled();
    expect(store.getItem(CLIENT_ID_KEY)).toBe('client-a');
  });

  it('removes the session cookie and stores the new id when the client id changed', () => {
    const store = memoryStore({ [CLIENT_ID_KEY]: 'client-a' });
    const removeSession = vi.fn();
    expect(applyClientIdRule('client-b', store, removeSession)).toBe(true);
    expect(removeSession).toHaveBeenCalledTimes(1);
    expect(store.getItem(CLIENT_ID_KEY)).toBe('client-b');
    // The next start with the same id leaves the new session alone.
    expect(applyClientIdRule('client-b', store, removeSession)).toBe(false);
    expect(removeSession).toHaveBeenCalledTimes(1);
  });

  it('treats a first visit (nothing stored) as a change', () => {
    const store = memoryStore();
    const removeSession = vi.fn();
    expect(applyClientIdRule('client-a', store, removeSession)).toBe(true);
    expect(removeSession).toHaveBeenCalledTimes(1);
    expect(store.getItem(CLIENT_ID_KEY)).toBe('client-a');
  });
});
