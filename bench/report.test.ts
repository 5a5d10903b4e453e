import { describe, expect, it } from 'vitest';
import { missedTargets, type ScenarioResult, table } from './report.ts';

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
