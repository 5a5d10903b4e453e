import { describe, expect, it } from 'vitest';
import { mainThreadCpuMs, parseTaskStat } from './thread-cpu.ts';

describe('thread CPU from /proc', () => {
  it('adds user and system ticks, counting fields after the last parenthesis of the name', () => {
    const fields = (user: number, system: number) =>
      `S 1 1 1 0 -1 4194560 2380 0 0 0 ${user} ${system} 0 0 20 0 11 0 5000 0 0`;
    expect(parseTaskStat(`4242 (node) ${fields(120, 30)}`)).toBe(1500);
    expect(parseTaskStat(`4242 (a (b) c) ${fields(7, 0)}`)).toBe(70);
    expect(parseTaskStat('4242 (node) S 1')).toBeUndefined();
  });

  it.skipIf(process.platform !== 'linux')('counts what the main thread spends', () => {
    const before = mainThreadCpuMs(process.pid)!;
    const until = Date.now() + 60;
    while (Date.now() < until) {
      // Busy: the thread's CPU time has to grow by about as much as the wall clock.
    }
    expect(mainThreadCpuMs(process.pid)! - before).toBeGreaterThanOrEqual(30);
    expect(mainThreadCpuMs(2 ** 22 + 1)).toBeUndefined();
  });
});
