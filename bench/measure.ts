import { Worker } from 'node:worker_threads';
import type { WireRequest } from './scenarios.ts';
import { mainThreadCpuMs } from './thread-cpu.ts';

export interface LoadJob {
  id: number;
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Header sets sent in turn, one per request over all connections, instead of `headers`. */
  headerSets?: Array<Record<string, string>>;
  /** Paths sent in turn, one per request over all connections, instead of the path of `url`. */
  paths?: string[];
  /** Bodies sent in turn, each once: the turn carries on over the jobs sent to one URL. */
  bodies?: string[];
  connections: number;
  durationSeconds: number;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number;
  recordLatencies: boolean;
}

export interface LoadOutcome {
  requests: number;
  /** Bytes received, headers included. */
  bytes: number;
  durationSeconds: number;
  rps: number;
  errors: number;
  timeouts: number;
  resets: number;
  statusCounts: Record<string, number>;
}

export type WorkerReply =
  | { id: number; ok: true; outcome: LoadOutcome; latencies: Float64Array }
  | { id: number; ok: false; error: string };

export interface LoadGenerator {
  run(job: Omit<LoadJob, 'id'>): Promise<{ outcome: LoadOutcome; latencies: Float64Array }>;
  close(): Promise<void>;
}

interface Pending {
  resolve(reply: { outcome: LoadOutcome; latencies: Float64Array }): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Starts load-worker.ts in a worker thread. Worker threads do not inherit tsx's loader, so the worker is
 * bootstrapped by a small eval script that registers tsx first.
 */
export async function startLoadGenerator(): Promise<LoadGenerator> {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const workerFile = new URL('./load-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile)}); });`;
  const worker = new Worker(bootstrap, { eval: true });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;

  const failAll = (error: Error) => {
    failure ??= error;
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.reject(error);
      pending.delete(id);
    }
  };

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('load generator did not start within 15 s')), 15_000);
    worker.once('error', reject);
    worker.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
  }).catch(async (error: Error) => {
    await worker.terminate();
    throw error;
  });

  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`load generator exited (code ${code})`)));
  worker.on('message', (reply: WorkerReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    clearTimeout(job.timer);
    if (reply.ok) job.resolve({ outcome: reply.outcome, latencies: reply.latencies });
    else job.reject(new Error(`load generator: ${reply.error}`));
  });

  return {
    run(fields) {
      if (failure) return Promise.reject(failure);
      const { hostname } = new URL(fields.url);
      if (hostname !== '127.0.0.1') return Promise.reject(new Error(`refusing to load ${fields.url}`));
      const job: LoadJob = { ...fields, id: nextId++ };
      return new Promise((resolve, reject) => {
        // autocannon stops by itself after the duration; this bounds a wedged run all the same.
        const limitMs = (job.durationSeconds + 30) * 1000;
        const timer = setTimeout(() => {
          pending.delete(job.id);
          reject(new Error(`load run did not finish within ${limitMs / 1000} s`));
        }, limitMs);
        pending.set(job.id, { resolve, reject, timer });
        worker.postMessage(job);
      });
    },
    async close() {
      failAll(new Error('load generator closed'));
      await worker.terminate();
    },
  };
}

export interface Measurement {
  /** Requests per second (throughput runs). */
  rps: number;
  /** Milliseconds, from every response of a latency run. */
  p50?: number;
  p99?: number;
  requests: number;
  /** Bytes of an answer on average, headers included: what the server sent, whatever it was asked. */
  bytesPerAnswer: number;
  latencySamples?: number;
  /**
   * Throughput runs given the server's process: microseconds of its main thread's CPU per request
   * answered, over the run (undefined where /proc cannot tell).
   */
  cpuMicrosPerRequest?: number;
}

/** A measurement in a few words, for the log: requests/s, or latency percentiles. */
export function describeMeasurement(result: Measurement): string {
  const cpu = result.cpuMicrosPerRequest;
  const bytes = `${Math.round(result.bytesPerAnswer)} B an answer`;
  return result.p50 === undefined
    ? `${Math.round(result.rps)} req/s${cpu === undefined ? '' : `, ${cpu.toFixed(1)} µs of CPU per request`}, ${bytes}`
    : `p50 ${result.p50.toFixed(2)} ms, p99 ${(result.p99 ?? Number.NaN).toFixed(2)} ms (${result.latencySamples} answers), ${bytes}`;
}

export type Mode =
  | { kind: 'throughput'; connections: number }
  | { kind: 'latency'; connections: number; rate: number };

/**
 * One autocannon run against `baseUrl`; throws when any answer is not `expectStatus` or any request failed.
 * `serverPid`: the process serving `baseUrl`, whose main thread's CPU a throughput run reports.
 */
export async function measure(
  generator: LoadGenerator,
  label: string,
  baseUrl: string,
  request: WireRequest,
  mode: Mode,
  durationSeconds: number,
  expectStatus: number,
  serverPid?: number,
): Promise<Measurement> {
  const latencyRun = mode.kind === 'latency';
  const watched = latencyRun ? undefined : serverPid;
  const cpuBefore = watched === undefined ? undefined : mainThreadCpuMs(watched);
  const { outcome, latencies } = await generator.run({
    url: new URL(request.path, baseUrl).href,
    method: request.method,
    headers: request.headers,
    body: request.body,
    ...(request.headerSets ? { headerSets: request.headerSets } : {}),
    ...(request.paths ? { paths: request.paths } : {}),
    ...(request.bodies ? { bodies: request.bodies } : {}),
    connections: mode.connections,
    durationSeconds,
    ...(mode.kind === 'latency' ? { overallRate: mode.rate } : {}),
    recordLatencies: latencyRun,
  });
  checkOutcome(label, outcome, expectStatus);
  const cpuAfter = watched === undefined ? undefined : mainThreadCpuMs(watched);
  return {
    rps: outcome.rps,
    requests: outcome.requests,
    bytesPerAnswer: outcome.bytes / outcome.requests,
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { cpuMicrosPerRequest: ((cpuAfter - cpuBefore) * 1000) / outcome.requests }
      : {}),
    ...(latencyRun
      ? {
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          latencySamples: latencies.length,
        }
      : {}),
  };
}

function checkOutcome(label: string, outcome: LoadOutcome, expectStatus: number) {
  const wrongStatuses = Object.entries(outcome.statusCounts).filter(
    ([status]) => Number(status) !== expectStatus,
  );
  const problems = [
    ...(outcome.requests === 0 ? ['no request completed'] : []),
    ...(outcome.errors > 0 ? [`${outcome.errors} errors`] : []),
    ...(outcome.timeouts > 0 ? [`${outcome.timeouts} timeouts`] : []),
    ...wrongStatuses.map(([status, count]) => `${count} answers with status ${status}`),
  ];
  if (problems.length > 0) {
    throw new Error(`${label}: expected every answer to be ${expectStatus}, got ${problems.join(', ')}`);
  }
}

/** Nearest-rank percentile of sorted values; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}
