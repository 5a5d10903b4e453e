import { describe, expect, it, vi } from 'vitest';
import { prefetchRoute, registerPrefetch, resetPrefetch } from './prefetch.ts';

describe('route prefetch', () => {
  it('runs the registered prefetch once per path, ignoring query and hash', () => {
    resetPrefetch();
    const store = vi.fn();
    registerPrefetch('/store', store);
    prefetchRoute('/store?x=1');
    prefetchRoute('/store#cart');
    prefetchRoute('/unknown');
    expect(store).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failing prefetch', () => {
    resetPrefetch();
    const flaky = vi.fn().mockImplementationOnce(() => {
      throw new Error('offline');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    registerPrefetch('/tickets', flaky);
    prefetchRoute('/tickets');
    prefetchRoute('/tickets');
    expect(flaky).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
