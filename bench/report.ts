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
  /** Requests/s of the throughput run; absent for a scenario measured at BENCH_RATE alone. */
  rps?: number;
  p50: number;
  p99: number;
  throughputRequests?: number;
  latencySamples: number;
  /** Microseconds of the server's main-thread CPU per request in the throughput run. */
  cpuMicrosPerRequest?: number;
  /**
   * Bytes of an answer on average, headers included, in the throughput run (else the latency run):
   * how much each server sent, so that a twin answering less than Plaza would show.
   */
  bytesPerAnswer: number;
}

export interface TargetResult {
  rounds: RoundResult[];
  /** Median over the rounds. */
  median: { rps?: number; p50: number; p99: number; cpuMicrosPerRequest?: number; bytesPerAnswer: number };
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
  /**
   * The twin the ratios and targets above are Plaza's against: the writing twin for a call that writes
   * (the ceiling of any server that persists the change before answering), the bare twin otherwise.
   */
  against?: Baseline;
  /** For a scenario judged against the writing twin: Plaza's ratios to the bare twin, for context. */
  bareTwinRatios?: Ratios;
  /** Sizes of the captured answers the twin sends in turn, when there are several (`responseBytes`: their mean). */
  responseBytesRange?: [number, number];
  /** Set when the scenario failed; its figures are then missing. */
  error?: string;
}

export type Baseline = 'twin' | 'writingTwin';

export type Ratios = ReturnType<typeof ratios>;

export type WritingTwinResult = TargetResult & { documentBytes: number } & Ratios;

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

/** A round's figures; `throughput` is absent for a scenario measured at BENCH_RATE alone. */
export function roundResult(throughput: Measurement | undefined, latency: Measurement): RoundResult {
  return {
    ...(throughput ? { rps: round(throughput.rps, 1) } : {}),
    p50: round(latency.p50 ?? Number.NaN, 3),
    p99: round(latency.p99 ?? Number.NaN, 3),
    ...(throughput ? { throughputRequests: throughput.requests } : {}),
    latencySamples: latency.latencySamples ?? 0,
    ...(throughput?.cpuMicrosPerRequest === undefined
      ? {}
      : { cpuMicrosPerRequest: round(throughput.cpuMicrosPerRequest, 1) }),
    bytesPerAnswer: Math.round((throughput ?? latency).bytesPerAnswer),
  };
}

export function targetResult(rounds: RoundResult[]): TargetResult {
  // Only when every round measured it: a median of some rounds would not compare with the others.
  const every = (values: Array<number | undefined>) =>
    values.every((value) => value !== undefined) ? median(values as number[]) : undefined;
  const rps = every(rounds.map((r) => r.rps));
  const cpu = every(rounds.map((r) => r.cpuMicrosPerRequest));
  return {
    rounds,
    median: {
      ...(rps === undefined ? {} : { rps: round(rps, 1) }),
      p50: round(median(rounds.map((r) => r.p50)), 3),
      p99: round(median(rounds.map((r) => r.p99)), 3),
      ...(cpu === undefined ? {} : { cpuMicrosPerRequest: round(cpu, 1) }),
      bytesPerAnswer: Math.round(median(rounds.map((r) => r.bytesPerAnswer))),
    },
  };
}

/** Plaza over twin: throughput ratio ≤ 1 is the share of the HTTP layer's limit Plaza reaches. */
export function ratios(plaza: TargetResult, twin: TargetResult) {
  const measured = plaza.median.rps !== undefined && twin.median.rps !== undefined;
  return {
    ...(measured
      ? {
          throughputRatio: round(plaza.median.rps! / twin.median.rps!, 3),
          roundThroughputRatios: plaza.rounds.map((plazaRound, i) =>
            round((plazaRound.rps ?? Number.NaN) / (twin.rounds[i]?.rps ?? Number.NaN), 3),
          ),
        }
      : {}),
    p50Ratio: round(plaza.median.p50 / twin.median.p50, 3),
    p99Ratio: round(plaza.median.p99 / twin.median.p99, 3),
    ...(plaza.median.cpuMicrosPerRequest !== undefined && twin.median.cpuMicrosPerRequest !== undefined
      ? { cpuRatio: round(plaza.median.cpuMicrosPerRequest / twin.median.cpuMicrosPerRequest, 3) }
      : {}),
  };
}

/**
 * Plaza's figures against the twin it is judged by: the writing twin when there is one (a call that
 * writes cannot answer faster than a server that only commits the same change), else the bare twin. The
 * targets are read against that twin; a writing scenario keeps its ratios to the bare twin beside.
 */
export function judge(
  plaza: TargetResult,
  twin: TargetResult,
  writingTwin: TargetResult | undefined,
  targets: Targets | undefined,
): Pick<ScenarioResult, 'against' | 'bareTwinRatios' | 'targets' | 'missed'> & Ratios {
  const figures = ratios(plaza, writingTwin ?? twin);
  return {
    against: writingTwin ? 'writingTwin' : 'twin',
    ...figures,
    ...(writingTwin ? { bareTwinRatios: ratios(plaza, twin) } : {}),
    ...(targets ? { targets, missed: missedTargets(figures, targets) } : {}),
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
  ['scenario', 26, 'text'],
  ['twin', 8, 'text'],
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

/** The row under a scenario judged against the writing twin: that twin against the bare one. */
export const WRITING_TWIN_ROW = '  ↳ twin + write';

/** The `twin` column: which twin the row's twin columns and ratios are of. */
const TWIN_NAMES: Record<Baseline, string> = { twin: 'bare', writingTwin: '+write' };

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
  const row = (
    name: string,
    result: Omit<ScenarioResult, 'name' | 'method' | 'path'>,
    against: Baseline,
    targets: string,
  ) =>
    line([
      name,
      TWIN_NAMES[against],
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
    if (result.error) return [`${result.name.padEnd(columns[0][1])}FAILED: ${result.error}`];
    const targets =
      result.targets === undefined
        ? '-'
        : result.missed?.length
          ? `missed: ${result.missed.join(', ')}`
          : 'met';
    const { writingTwin } = result;
    const against = result.against ?? 'twin';
    const judged = row(
      result.name,
      { ...result, twin: against === 'writingTwin' ? writingTwin : result.twin },
      against,
      targets,
    );
    if (!writingTwin) return [judged];
    // Under it, the writing twin in Plaza's columns against the bare twin: what the commit alone costs.
    return [
      judged,
      row(WRITING_TWIN_ROW, { ...writingTwin, plaza: writingTwin, twin: result.twin }, 'twin', '-'),
    ];
  });
  return [line(columns.map(([title]) => title)), ...rows].join('\n');
}
