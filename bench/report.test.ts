import { describe, expect, it } from 'vitest';
import {
  missedTargets,
  ratios,
  type ScenarioResult,
  table,
  targetResult,
  WRITING_TWIN_ROW,
} from './report.ts';

describe('bench targets', () => {
  const targets = { minThroughputRatio: 0.5, maxP99Ratio: 1.5 };

  it('names the ratios that miss the targets, the bounds themselves meeting them', () => {
    expect(missedTargets({ throughputRatio: 0.5, p99Ratio: 1.5 }, targets)).toEqual([]);
    expect(missedTargets({ throughputRatio: 0.49, p99Ratio: 1.2 }, targets)).toEqual(['throughput']);
    expect(missedTargets({ throughputRatio: 0.8, p99Ratio: 1.51 }, targets)).toEqual(['p99']);
    expect(missedTargets({ throughputRatio: 0.38, p99Ratio: 2.06 }, targets)).toEqual(['throughput', 'p99']);
  });

  it('counts a missing or meaningless ratio as missed, and checks only the targets given', () => {
    expect(missedTargets({}, targets)).toEqual(['throughput', 'p99']);
    expect(missedTargets({ throughputRatio: Number.NaN, p99Ratio: 1 }, targets)).toEqual(['throughput']);
    expect(missedTargets({ throughputRatio: 0.1, p99Ratio: 1.2 }, { maxP99Ratio: 1.5 })).toEqual([]);
  });

  it('shows in the table whether each scenario met its targets', () => {
    const base = { method: 'GET', path: '/x', throughputRatio: 0.7, p99Ratio: 1.1 };
    const results: ScenarioResult[] = [
      { ...base, name: 'fast', targets, missed: [] },
      { ...base, name: 'slow', targets, missed: ['throughput', 'p99'] },
      { ...base, name: 'free' },
    ];
    const rows = table(results).split('\n');
    expect(rows[0]).toMatch(/targets$/);
    expect(rows[1]).toMatch(/^fast .* met$/);
    expect(rows[2]).toMatch(/^slow .* missed: throughput, p99$/);
    expect(rows[3]).toMatch(/^free .* -$/);
  });
});

describe('bench CPU per request', () => {
  const round = (cpuMicrosPerRequest?: number) => ({
    rps: 1000,
    p50: 0.1,
    p99: 1,
    throughputRequests: 5000,
    latencySamples: 1000,
    ...(cpuMicrosPerRequest === undefined ? {} : { cpuMicrosPerRequest }),
  });

  it('takes the median over the rounds and divides Plaza by the twin', () => {
    const plaza = targetResult([round(60), round(70), round(64)]);
    const twin = targetResult([round(21), round(24), round(22)]);
    expect(plaza.median.cpuMicrosPerRequest).toBe(64);
    expect(ratios(plaza, twin).cpuRatio).toBe(2.909);
  });

  it('leaves the figure out when a round could not measure it', () => {
    const plaza = targetResult([round(60), round()]);
    expect(plaza.median.cpuMicrosPerRequest).toBeUndefined();
    expect(ratios(plaza, targetResult([round(20)])).cpuRatio).toBeUndefined();
  });

  it("shows both servers' CPU per request and their ratio in the table", () => {
    const plaza = targetResult([round(64.25)]);
    const twin = targetResult([round(22)]);
    const result: ScenarioResult = {
      name: 'cart',
      method: 'POST',
      path: '/c',
      plaza,
      twin,
      ...ratios(plaza, twin),
    };
    const [header, row] = table([result]).split('\n');
    expect(header).toMatch(/cpu µs\/req +cpu ratio/);
    expect(row).toMatch(/64\.3 \/ 22\.0 +2\.92/);
    expect(table([{ name: 'old', method: 'GET', path: '/' }]).split('\n')[1]).toMatch(/^old /);
  });

  it('shows the writing twin under its scenario, read against the same bare twin', () => {
    const plaza = targetResult([round(64)]);
    const twin = targetResult([round(20)]);
    const writing = targetResult([{ ...round(30), rps: 700 }]);
    const result: ScenarioResult = {
      name: 'cart',
      method: 'POST',
      path: '/c',
      plaza,
      twin,
      ...ratios(plaza, twin),
      writingTwin: { ...writing, documentBytes: 600, ...ratios(writing, twin) },
    };
    const rows = table([result]).split('\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]!.startsWith(WRITING_TWIN_ROW)).toBe(true);
    // 700 of the twin's 1000 requests/s; 30 µs of CPU per request against its 20.
    expect(rows[2]).toMatch(/ 700 +1000 +0\.70 .* 30\.0 \/ 20\.0 +1\.50 +-$/);
  });
});
