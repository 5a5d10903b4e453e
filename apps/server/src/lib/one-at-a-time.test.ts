import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('oneAtATime', () => {
  it('runs work of one key in arrival order, after failures too, and other keys alongside', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    const job =
      (name: string, fail = false) =>
      async (waited: boolean) => {
        log.push(`start ${name}${waited ? ' after' : ''}`);
        await tick();
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      run('a', job('a1', true)),
      run('a', job('a2')),
      run('b', job('b1')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('start a2 after')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log).toContain('start a1'); // the first of a key does not wait
    expect(log.indexOf('start b1')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
