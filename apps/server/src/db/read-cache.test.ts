import { describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.ts';
import { readCache } from './read-cache.ts';
import { writeLog } from './write-log.ts';

describe('readCache', () => {
  const counting = () => {
    let reads = 0;
    return {
      read: async () => ++reads,
      get reads() {
        return reads;
      },
    };
  };

  it('reads again once the clock reaches the value’s own expiry, however current its tables', async () => {
    const clock = manualClock();
    const cache = readCache<{ n: number; until: number }>(
      writeLog(() => 0),
      ['t'],
      {
        ttlMs: 1000,
        limit: 10,
        clock,
        expiresAt: (value) => value.until,
      },
    );
    let reads = 0;
    const read = async () => ({ n: ++reads, until: clock.nowMs() + 100 });
    expect((await cache.get('k', read)).n).toBe(1);
    clock.advance(99);
    expect((await cache.get('k', read)).n).toBe(1);
    clock.advance(1);
    expect((await cache.get('k', read)).n).toBe(2);
  });

  it('answers a value it is told not to keep without remembering it (keep)', async () => {
    const clock = manualClock();
    const cache = readCache<number>(
      writeLog(() => 0),
      ['t'],
      {
        ttlMs: 1000,
        limit: 10,
        clock,
        keep: (value) => value < 2,
      },
    );
    const source = counting();
    expect(await cache.get('small', source.read)).toBe(1);
    expect(await cache.get('small', source.read)).toBe(1);
    expect(await cache.get('large', source.read)).toBe(2);
    expect(await cache.get('large', source.read)).toBe(3);
    expect(source.reads).toBe(3);
  });

  it('lets misses of one key at one version share one read (shareReads), and not across a write', async () => {
    const clock = manualClock();
    const writes = writeLog();
    const cache = readCache<number>(writes, ['t'], { ttlMs: 1000, limit: 10, clock, shareReads: true });
    const source = counting();
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return source.read();
    };
    const together = await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(together).toEqual([1, 1, 1]);
    expect(source.reads).toBe(1);

    writes.wrote(new Set(['t']));
    const first = cache.get('k', slow);
    writes.wrote(new Set(['t']));
    // A miss after a write does not take the answer of a read that began before it.
    const second = cache.get('k', slow);
    expect([await first, await second]).toEqual([2, 3]);
  });

  it('makes each miss read for itself without shareReads', async () => {
    const clock = manualClock();
    const cache = readCache<number>(writeLog(), ['t'], { ttlMs: 1000, limit: 10, clock });
    const source = counting();
    await Promise.all([cache.get('k', source.read), cache.get('k', source.read)]);
    expect(source.reads).toBe(2);
  });
});
