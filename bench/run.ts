// `npm run bench`: Plaza against its bare twin, scenario by scenario; see bench/README.md.
//
// Arrangement (fair on a 2-core machine): Plaza's HTTP server runs on this process's main thread, autocannon in
// a worker thread (load-worker.ts), each scenario's twin in a child process (twin-server.ts). Whichever server
// is measured, it has one event loop of its own and the load generator has another, so each gets a core; the
// unmeasured server sits idle meanwhile (Plaza keeps only a 1 s outbox timer). Running autocannon on Plaza's
// thread would make Plaza share its loop with the load generator while the twin did not; running everything
// in one loop would measure the load generator as much as the server.

import { loadavg } from 'node:os';
import { positive } from './env.ts';
import {
  describeMeasurement,
  type LoadGenerator,
  type Measurement,
  type Mode,
  measure,
  startLoadGenerator,
} from './measure.ts';
import { dataset, type RunningPlaza, startPlaza } from './plaza-built.ts';
import {
  judge,
  machineInfo,
  type RoundResult,
  ratios,
  round,
  roundResult,
  type ScenarioResult,
  type Settings,
  table,
  targetResult,
  writeResults,
} from './report.ts';
import { capture, type Scenario, scenarios, selectScenarios, wireRequest } from './scenarios.ts';
import { type RunningTwin, startTwin } from './twin.ts';

type TargetName = 'plaza' | 'twin' | 'writing twin';

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const cleanups: Array<() => Promise<void>> = [];
let stopping = false;

/** Undoes what was started, newest first, once however often asked; exits anyway after 10 s. */
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  stopping = true;
  cleaning ??= (async () => {
    setTimeout(() => process.exit(3), 10_000).unref();
    for (const step of cleanups.splice(0).reverse()) {
      await step().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
    }
  })();
  return cleaning;
}

const USAGE = `usage: npm run bench -- [--only <scenario>[,<scenario>…]] [--help]
  --only   measure these scenarios alone (as BENCH_ONLY); known: ${scenarios.map((s) => s.name).join(', ')}
settings (environment): BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_RATE, BENCH_ONLY (bench/README.md)`;

/** The scenarios named by `--only` (or `--only=`), else BENCH_ONLY; undefined for all of them. */
function onlyOption(args: readonly string[]): string | undefined {
  const at = args.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (at < 0) return process.env.BENCH_ONLY;
  const value = args[at]!.includes('=') ? args[at]!.slice('--only='.length) : args[at + 1];
  if (!value) throw new Error(`--only needs scenario names\n${USAGE}`);
  return value;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const only = onlyOption(args)?.trim();
  const settings: Settings = {
    durationSeconds: positive('BENCH_DURATION', 5, false),
    warmupSeconds: positive('BENCH_WARMUP', 3, false),
    rounds: positive('BENCH_ROUNDS', 2, true),
    throughputConnections: 50,
    latencyConnections: 10,
    latencyRate: positive('BENCH_RATE', 200, true),
    only: only ? only.split(',').map((s) => s.trim()) : null,
  };
  const selected = selectScenarios(only);

  // Bounded time whatever happens: every run is planned to take about this long, a wedge is cut at twice it.
  const targetCount = (scenario: Scenario) => (scenario.writes ? 3 : 2);
  const planned = selected.reduce(
    (sum, scenario) =>
      sum + targetCount(scenario) * (settings.warmupSeconds + 2 * settings.rounds * settings.durationSeconds),
    0,
  );
  const watchdog = setTimeout(
    () => {
      log(`stopped: still running after ${Math.round(2 * planned + 60)} s`);
      void cleanup().finally(() => process.exit(2));
    },
    (2 * planned + 60) * 1000,
  );
  watchdog.unref();

  const startedAt = new Date();
  const machine = machineInfo();
  log(`${selected.length} scenario(s), ~${Math.round(planned)} s of load; starting Plaza`);
  const plaza = await startPlaza();
  cleanups.push(() => plaza.close());
  const generator = await startLoadGenerator();
  cleanups.push(() => generator.close());

  const results: ScenarioResult[] = [];
  for (const scenario of selected) {
    if (stopping) break;
    try {
      results.push(await runScenario(scenario, plaza, generator, settings));
    } catch (error) {
      if (stopping) break;
      const message = error instanceof Error ? error.message : String(error);
      log(`${scenario.name} FAILED: ${message}`);
      const path = typeof scenario.path === 'function' ? scenario.path(plaza.context) : scenario.path;
      results.push({ name: scenario.name, method: scenario.method, path, error: message });
    }
  }

  if (stopping) return 130; // interrupted: no partial results over latest.json

  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine, loadAverageAtEnd: loadavg().map((load) => round(load, 2)) },
    settings,
    dataset,
    scenarios: results,
  };
  const file = writeResults(new URL('./results/', import.meta.url), startedAt, report);
  process.stdout.write(`\n${table(results)}\n\n`);
  log(`results: ${file} (and bench/results/latest.json)`);
  return results.some((result) => result.error) ? 1 : 0;
}

async function runScenario(
  scenario: Scenario,
  plaza: RunningPlaza,
  generator: LoadGenerator,
  settings: Settings,
): Promise<ScenarioResult> {
  const request = wireRequest(scenario, plaza.context);
  const captured = await capture(plaza.url, scenario, request);
  const twins: RunningTwin[] = [];
  const closeTwins = async () => {
    for (const twin of twins.splice(0)) await twin.close();
  };
  cleanups.push(closeTwins);
  try {
    twins.push(await startTwin(request, captured));
    const write = await scenario.writes?.(plaza.context);
    if (write) twins.push(await startTwin(request, captured, { write }));
    // Plaza serves from this process's main thread, each twin from its child's.
    const targets: Array<{ name: TargetName; url: string; pid: number }> = [
      { name: 'plaza', url: plaza.url, pid: process.pid },
      { name: 'twin', url: twins[0]!.url, pid: twins[0]!.pid },
      ...(twins[1] ? [{ name: 'writing twin' as const, url: twins[1].url, pid: twins[1].pid }] : []),
    ];
    const throughput: Mode = { kind: 'throughput', connections: settings.throughputConnections };
    const latency: Mode = {
      kind: 'latency',
      connections: settings.latencyConnections,
      rate: settings.latencyRate,
    };
    const run = async (target: (typeof targets)[number], mode: Mode, seconds: number, step: string) => {
      const label = `${scenario.name} ${step} ${target.name}`;
      const result = await measure(
        generator,
        label,
        target.url,
        request,
        mode,
        seconds,
        captured.status,
        target.pid,
      );
      log(`${label}: ${describeMeasurement(result)}`);
      return result;
    };

    for (const target of targets) await run(target, throughput, settings.warmupSeconds, 'warm-up');
    const rounds = new Map<TargetName, RoundResult[]>(targets.map((target) => [target.name, []]));
    // A tail scenario spends the throughput runs' time on its latency runs.
    const latencySeconds = (scenario.latencyOnly ? 2 : 1) * settings.durationSeconds;
    for (let round = 1; round <= settings.rounds; round++) {
      const step = `round ${round}/${settings.rounds}`;
      const rps: Measurement[] = [];
      if (!scenario.latencyOnly) {
        for (const target of targets) rps.push(await run(target, throughput, settings.durationSeconds, step));
      }
      const lat: Measurement[] = [];
      for (const target of targets) lat.push(await run(target, latency, latencySeconds, step));
      targets.forEach((target, i) => {
        rounds.get(target.name)!.push(roundResult(rps[i], lat[i]!));
      });
    }

    const plazaResult = targetResult(rounds.get('plaza')!);
    const twinResult = targetResult(rounds.get('twin')!);
    const writing = rounds.get('writing twin');
    const writingResult = writing && targetResult(writing);
    const sizes = captured.bodies.map((body) => body.length);
    return {
      name: scenario.name,
      method: scenario.method,
      path: request.path,
      status: captured.status,
      contentType: captured.contentType,
      responseBytes: Math.round(sizes.reduce((sum, size) => sum + size, 0) / sizes.length),
      ...(sizes.length > 1
        ? { responseBytesRange: [Math.min(...sizes), Math.max(...sizes)] as [number, number] }
        : {}),
      plaza: plazaResult,
      twin: twinResult,
      ...judge(plazaResult, twinResult, writingResult, scenario.targets),
      ...(writingResult && write
        ? {
            writingTwin: {
              ...writingResult,
              documentBytes: Buffer.byteLength(write.document),
              ...ratios(writingResult, twinResult),
            },
          }
        : {}),
    };
  } finally {
    const index = cleanups.indexOf(closeTwins);
    if (index >= 0) cleanups.splice(index, 1);
    await closeTwins();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanup();
    process.exit(1);
  });
