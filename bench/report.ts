import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import type { Measurement } from './measure.ts';
import type { Targets } from './scenarios.ts';

export interface Settings {
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  throughputConnections: number;
  latencyConnections: number;
  latencyRate: number;
  only: string[] | null;
}

export interface RoundResult {
  rps: number;
  p50: number;
  p99: number;
  throughputRequests: number;
  latencySamples: number;
  /** Microseconds of the server's main-thread CPU per request in the throughput run. */
  cpuMicrosPerRequest?: number;
}

export interface TargetResult {
  rounds: RoundResult[];
  /** Median over the rounds. */
  median: { rps: number; p50: number; p99: number; cpuMicrosPerRequest?: number };
}

/** A ratio that missed its target. */
export type MissedRatio = 'throughput' | 'p99';

export interface ScenarioResult {
  name: string;
  method: string;
  path: string;
  status?: number;
  contentType?: string;
  responseBytes?: number;
  plaza?: TargetResult;
  twin?: TargetResult;
  throughputRatio?: number;
  /** Each round's Plaza rps over the twin's, measured right after it: the spread the median hides. */
  roundThroughputRatios?: number[];
  p50Ratio?: number;
  p99Ratio?: number;
  /** Plaza's main-thread CPU per request over the twin's: how many times the twin's work Plaza does. */
  cpuRatio?: number;
  /** What the scenario's issue asks of it, and the ratios that miss it (empty: all met). */
  targets?: Targets;
  missed?: MissedRatio[];
  /**
   * The writing twin (twin-write.ts), for a call that changes a stored document: its figures, the size
   * of the document it writes, and its ratios to the bare twin (the ceiling of Plaza's).
   */
  writingTwin?: WritingTwinResult;
  /** Set when the scenario failed; its figures are then missing. */
  error?: string;
}

export type WritingTwinResult = TargetResult & { documentBytes: number } & ReturnType<typeof ratios>;

export function machineInfo() {
  const cpuList = cpus();
  return {
    cpus: cpuList.length,
    availableParallelism: availableParallelism(),
    cpuModel: cpuList[0]?.model ?? 'unknown',
    totalMemoryMb: Math.round(totalmem() / 1024 / 1024),
    loadAverageAtStart: loadavg().map((load) => round(load, 2)),
    node: process.version,
    platform: process.platform,
    arch: process.arch,
  };
}

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export function roundResult(throughput: Measurement, latency: Measurement): RoundResult {
  return {
    rps: round(throughput.rps, 1),
    p50: round(latency.p50 ?? Number.NaN, 3),
    p99: round(latency.p99 ?? Number.NaN, 3),
    throughputRequests: throughput.requests,
    latencySamples: latency.latencySamples ?? 0,
    ...(throughput.cpuMicrosPerRequest === undefined
      ? {}
      : { cpuMicrosPerRequest: round(throughput.cpuMicrosPerRequest, 1) }),
  };
}

export function targetResult(rounds: RoundResult[]): TargetResult {
  const cpu = rounds.map((r) => r.cpuMicrosPerRequest).filter((value) => value !== undefined);
  return {
    rounds,
    median: {
      rps: round(median(rounds.map((r) => r.rps)), 1),
      p50: round(median(rounds.map((r) => r.p50)), 3),
      p99: round(median(rounds.map((r) => r.p99)), 3),
      // Only when every round could measure it: a median of some rounds would not compare with the others.
      ...(cpu.length === rounds.length ? { cpuMicrosPerRequest: round(median(cpu), 1) } : {}),
    },
  };
}

/** Plaza over twin: throughput ratio ≤ 1 is the share of the HTTP layer's limit Plaza reaches. */
export function ratios(plaza: TargetResult, twin: TargetResult) {
  return {
    throughputRatio: round(plaza.median.rps / twin.median.rps, 3),
    roundThroughputRatios: plaza.rounds.map((plazaRound, i) =>
      round(plazaRound.rps / (twin.rounds[i]?.rps ?? Number.NaN), 3),
    ),
    p50Ratio: round(plaza.median.p50 / twin.median.p50, 3),
    p99Ratio: round(plaza.median.p99 / twin.median.p99, 3),
    ...(plaza.median.cpuMicrosPerRequest !== undefined && twin.median.cpuMicrosPerRequest !== undefined
      ? { cpuRatio: round(plaza.median.cpuMicrosPerRequest / twin.median.cpuMicrosPerRequest, 3) }
      : {}),
  };
}

/** The ratios of `result` that miss `targets` (a missing ratio misses its target). */
export function missedTargets(
  result: Pick<ScenarioResult, 'throughputRatio' | 'p99Ratio'>,
  targets: Targets,
): MissedRatio[] {
  const missed: MissedRatio[] = [];
  const { minThroughputRatio: least, maxP99Ratio: most } = targets;
  if (least !== undefined && !((result.throughputRatio ?? Number.NaN) >= least)) missed.push('throughput');
  if (most !== undefined && !((result.p99Ratio ?? Number.NaN) <= most)) missed.push('p99');
  return missed;
}

/** Writes `<dir>/<ISO timestamp>.json` and `<dir>/latest.json`; returns the timestamped path. */
export function writeResults(dir: URL, startedAt: Date, report: object): string {
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const stamped = new URL(`${startedAt.toISOString().replaceAll(':', '-')}.json`, dir);
  writeFileSync(stamped, text);
  writeFileSync(new URL('latest.json', dir), text);
  return stamped.pathname;
}

// Title, width, and whether the column is text (left-aligned) rather than a number (right-aligned).
const columns = [
  ['scenario', 20, 'text'],
  ['plaza rps', 11, 'number'],
  ['twin rps', 10, 'number'],
  ['ratio', 8, 'number'],
  ['round ratios', 14, 'text'],
  ['plaza p50/p99 ms', 19, 'text'],
  ['twin p50/p99 ms', 17, 'text'],
  ['p50 ratio', 11, 'number'],
  ['p99 ratio', 11, 'number'],
  ['cpu µs/req', 15, 'text'],
  ['cpu ratio', 11, 'number'],
  ['targets', 18, 'text'],
] as const;

/** The row under a scenario measured against the writing twin too. */
export const WRITING_TWIN_ROW = '  ↳ twin + write';

export function table(results: ScenarioResult[]): string {
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const [, width, kind] = columns[i]!;
        return kind === 'text' ? cell.padEnd(width) : cell.padStart(width - 2).padEnd(width);
      })
      .join('')
      .trimEnd();
  const fixed = (value: number | undefined, digits: number) =>
    value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);
  const spread = (values: number[] | undefined) =>
    values?.length ? `${fixed(Math.min(...values), 2)}–${fixed(Math.max(...values), 2)}` : '-';
  const latency = (target: TargetResult | undefined) =>
    target ? `${fixed(target.median.p50, 2)} / ${fixed(target.median.p99, 2)}` : '-';
  const cpu = ({ plaza, twin }: Pick<ScenarioResult, 'plaza' | 'twin'>) =>
    plaza?.median.cpuMicrosPerRequest === undefined && twin?.median.cpuMicrosPerRequest === undefined
      ? '-'
      : `${fixed(plaza?.median.cpuMicrosPerRequest, 1)} / ${fixed(twin?.median.cpuMicrosPerRequest, 1)}`;
  const row = (name: string, result: Omit<ScenarioResult, 'name' | 'method' | 'path'>, targets: string) =>
    line([
      name,
      fixed(result.plaza?.median.rps, 0),
      fixed(result.twin?.median.rps, 0),
      fixed(result.throughputRatio, 2),
      spread(result.roundThroughputRatios),
      latency(result.plaza),
      latency(result.twin),
      fixed(result.p50Ratio, 2),
      fixed(result.p99Ratio, 2),
      cpu(result),
      fixed(result.cpuRatio, 2),
      targets,
    ]);
  const rows = results.flatMap((result) => {
    if (result.error) return [`${result.name.padEnd(20)}FAILED: ${result.error}`];
    const targets =
      result.targets === undefined
        ? '-'
        : result.missed?.length
          ? `missed: ${result.missed.join(', ')}`
          : 'met';
    const { writingTwin } = result;
    // The writing twin in the first columns, against the same bare twin: the most Plaza's ratios can be.
    return writingTwin
      ? [
          row(result.name, result, targets),
          row(WRITING_TWIN_ROW, { ...writingTwin, plaza: writingTwin, twin: result.twin }, '-'),
        ]
      : [row(result.name, result, targets)];
  });
  return [line(columns.map(([title]) => title)), ...rows].join('\n');
}
