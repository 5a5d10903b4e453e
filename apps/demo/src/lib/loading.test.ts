import { describe, expect, it, vi } from 'vitest';
import { createLoadingCounter } from './loading.ts';

describe('loading counter', () => {
  it('is above zero while any tracked task runs, whether it succeeds or fails', async () => {
    const counter = createLoadingCounter();
    const seen: number[] = [];
    counter.subscribe(() => seen.push(counter.count()));
    let finish!: () => void;
    const a = counter.track(new Promise<void>((resolve) => (finish = resolve)));
    const b = counter.track(Promise.reject(new Error('boom')));
    expect(counter.count()).toBe(2);
    await expect(b).rejects.toThrow('boom');
    expect(counter.count()).toBe(1);
    finish();
    await a;
    expect(counter.count()).toBe(0);
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('resets to zero and never goes below it', async () => {
    const counter = createLoadingCounter();
    const listener = vi.fn();
    counter.subscribe(listener);
    const task = counter.track(new Promise((resolve) => setTimeout(resolve, 1)));
    counter.reset();
    expect(counter.count()).toBe(0);
    await task;
    expect(counter.count()).toBe(0);
  });
});
