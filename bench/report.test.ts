import { describe, expect, it } from 'vitest';
import {
  judge,
  missedTargets,
  ratios,
  roundResult,
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
    bytesPerAnswer: 500,
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

  it('shows a scenario that writes against the writing twin, and under it that twin against the bare one', () => {
    const plaza = targetResult([{ ...round(64), rps: 420 }]);
    const twin = targetResult([round(20)]);
    const writing = targetResult([{ ...round(30), rps: 700 }]);
    const result: ScenarioResult = {
      name: 'cart',
      method: 'POST',
      path: '/c',
      plaza,
      twin,
      ...judge(plaza, twin, writing, { minThroughputRatio: 0.5 }),
      writingTwin: { ...writing, documentBytes: 600, ...ratios(writing, twin) },
    };
    const rows = table([result]).split('\n');
    expect(rows).toHaveLength(3);
    // 420 of the writing twin's 700 requests/s; 64 µs of CPU per request against its 30.
    expect(rows[1]).toMatch(/^cart +\+write +420 +700 +0\.60 .* 64\.0 \/ 30\.0 +2\.13 +met$/);
    expect(rows[2]!.startsWith(WRITING_TWIN_ROW)).toBe(true);
    // 700 of the bare twin's 1000 requests/s; 30 µs of CPU per request against its 20.
    expect(rows[2]).toMatch(/ bare +700 +1000 +0\.70 .* 30\.0 \/ 20\.0 +1\.50 +-$/);
  });
});

describe('the twin a scenario is judged against', () => {
  const round = (rps: number, p99: number) => ({
    rps,
    p50: p99 / 4,
    p99,
    throughputRequests: rps * 5,
    latencySamples: 1000,
    bytesPerAnswer: 700,
  });
  const plaza = targetResult([round(400, 3)]);
  const twin = targetResult([round(1000, 1)]);
  const writing = targetResult([round(640, 2.5)]);
  const targets = { minThroughputRatio: 0.5, maxP99Ratio: 1.5 };

  it('reads a call that writes, and its targets, against the writing twin', () => {
    const judged = judge(plaza, twin, writing, targets);
    expect(judged).toMatchObject({
      against: 'writingTwin',
      throughputRatio: 0.625,
      p99Ratio: 1.2,
      missed: [],
      bareTwinRatios: { throughputRatio: 0.4, p99Ratio: 3 },
    });
  });

  it('reads a call that only reads against the bare twin', () => {
    const judged = judge(plaza, twin, undefined, targets);
    expect(judged).toMatchObject({ against: 'twin', throughputRatio: 0.4, p99Ratio: 3 });
    expect(judged.missed).toEqual(['throughput', 'p99']);
    expect(judged.bareTwinRatios).toBeUndefined();
  });
});

describe('a scenario measured at the latency rate alone', () => {
  const latency = (p99: number) => ({
    rps: 200,
    p50: p99 / 3,
    p99,
    requests: 2000,
    latencySamples: 2000,
    bytesPerAnswer: 9000,
  });

  it('has no throughput figures, and is judged on its p99 alone', () => {
    const plaza = targetResult([roundResult(undefined, latency(1.8)), roundResult(undefined, latency(2.2))]);
    const twin = targetResult([roundResult(undefined, latency(1)), roundResult(undefined, latency(1))]);
    expect(plaza.median).toEqual({ p50: 0.667, p99: 2, bytesPerAnswer: 9000 });
    const judged = judge(plaza, twin, undefined, { maxP99Ratio: 1.5 });
    expect(judged.throughputRatio).toBeUndefined();
    expect(judged.missed).toEqual(['p99']);
    const [, row] = table([{ name: 'tail', method: 'GET', path: '/', plaza, twin, ...judged }]).split('\n');
    expect(row).toMatch(
      /^tail +bare +- +- +- +- +0\.67 \/ 2\.00 +0\.33 \/ 1\.00 +2\.00 +2\.00 +- +- +missed: p99$/,
    );
  });
});
