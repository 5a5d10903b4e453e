// `npm run bench:profile -- <scenario> [latency]`: where Plaza's CPU goes on one scenario, every frame
// (our code, Fastify, Node, V8, SQLite, the kernel) sampled by Linux perf; see bench/README.md.
//
// Plaza runs in a child process (profile-server.ts), then the scenario's bare twin in another, each with V8
// writing a JIT dump, so that perf sees one server alone and can name JavaScript frames; the load comes
// from this process's worker thread, as in the bench.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { positive } from './env.ts';
import {
  describeMeasurement,
  type LoadGenerator,
  type Measurement,
  type Mode,
  measure,
  startLoadGenerator,
} from './measure.ts';
import {
  foldedStacks,
  formatKinds,
  formatSummary,
  type Sample,
  type Summary,
  sampleReader,
  summarize,
} from './perf-report.ts';
import type { ProfileServerMessage, ProfileServerRequest } from './profile-server.ts';
import { capture, selectScenarios } from './scenarios.ts';
import { type RunningTwin, startTwin, stopChild } from './twin.ts';
import type { DocumentWrite } from './twin-write.ts';

/** Samples per second: off the kernel's timer ticks, so that sampling does not run in step with them. */
const HZ = 4999;

const log = (message: string) => process.stderr.write(`profile: ${message}\n`);

/** Runs a command to its end; refused with the end of its error output when it fails. */
function run(command: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install linux-perf)`)
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args[0]} exited with ${code}: ${errors.trim()}`)),
    );
  });
}

/** V8 writes a JIT dump (jit-<pid>.dump) into the working directory, which names JavaScript frames for perf. */
const PERF_NODE_OPTIONS = ['--perf-prof', '--interpreted-frames-native-stack'];

interface Profiled {
  summary: Summary;
  samples: Sample[];
  measured: Measurement;
  /** The main thread's share of the process's samples. */
  mainShare: number;
}

/** Records process `pid` (its JIT dump in `dir`) while `load` runs `seconds`, and reads its main thread. */
async function profileProcess(
  pid: number,
  dir: string,
  seconds: number,
  load: () => Promise<Measurement>,
): Promise<Profiled> {
  const data = join(dir, `perf-${pid}.data`);
  // -k 1: the monotonic clock, which V8's JIT dump uses too.
  const record = ['record', '-k', '1', '-F', String(HZ), '-g', '-p', String(pid), '-o', data];
  const recorded = run('perf', [...record, '--', 'sleep', String(seconds)]);
  const measured = await load();
  await recorded;

  const jitted = join(dir, `perf-${pid}.jit.data`);
  await run('perf', ['inject', '--jit', '-i', data, '-o', jitted], dir);
  const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  const reader = sampleReader((tid) => tid === pid, root);
  const script = spawn('perf', ['script', '-i', jitted, '-F', 'tid,ip,sym,dso'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  for await (const line of createInterface({ input: script.stdout })) reader.line(line);
  reader.end();
  const all = [...reader.threads.values()].reduce((a, b) => a + b, 0);
  return {
    summary: summarize(reader.samples, HZ, measured.requests),
    samples: reader.samples,
    measured,
    mainShare: reader.samples.length / Math.max(1, all),
  };
}

/** The scenario's write as Plaza tells it (profile-server.ts), once the answer has been captured. */
function askWrite(server: ChildProcess): Promise<DocumentWrite | null> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ProfileServerMessage) => {
      if ('write' in message) resolve(message.write);
      else if ('error' in message) reject(new Error(`Plaza failed: ${message.error}`));
      else return;
      server.off('message', onMessage);
    };
    server.on('message', onMessage);
    server.send('write' satisfies ProfileServerRequest);
  });
}

async function main() {
  const [name, modeName = 'throughput', ...extra] = process.argv.slice(2);
  if (!name || name.includes(',') || extra.length > 0 || !['throughput', 'latency'].includes(modeName)) {
    throw new Error('usage: npm run bench:profile -- <scenario> [throughput|latency]');
  }
  const scenario = selectScenarios(name)[0]!;
  const seconds = positive('BENCH_DURATION', 6, false);
  const warmupSeconds = positive('BENCH_WARMUP', 3, false);
  const mode: Mode =
    modeName === 'latency'
      ? { kind: 'latency', connections: 10, rate: positive('BENCH_RATE', 200, true) }
      : { kind: 'throughput', connections: 50 };
  const warmup: Mode = { kind: 'throughput', connections: 50 };
  await run('perf', ['version']);

  const dir = mkdtempSync(join(tmpdir(), `plaza-profile-${process.pid}-`));
  const server = fork(fileURLToPath(new URL('./profile-server.ts', import.meta.url)), [scenario.name], {
    cwd: dir,
    execArgv: [...process.execArgv, ...PERF_NODE_OPTIONS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let generator: LoadGenerator | undefined;
  let twin: RunningTwin | undefined;
  let writingTwin: RunningTwin | undefined;
  let cleaning: Promise<void> | undefined;
  // Once, whether the run ends or a signal cuts it short.
  const cleanup = () =>
    (cleaning ??= (async () => {
      await generator?.close();
      await twin?.close();
      await writingTwin?.close();
      await stopChild(server);
      rmSync(dir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
  try {
    log(`${scenario.name}: seeding Plaza`);
    const ready = await new Promise<Extract<ProfileServerMessage, { ready: true }>>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`Plaza exited before listening (code ${code})`)));
      server.once('message', (message: ProfileServerMessage) =>
        'ready' in message && message.ready
          ? resolve(message)
          : reject(new Error(`Plaza failed: ${'error' in message ? message.error : 'no ready message'}`)),
      );
    });
    server.removeAllListeners('exit');
    generator = await startLoadGenerator();
    const load = (url: string, label: string, loadMode: Mode, duration: number) =>
      measure(generator!, label, url, ready.request, loadMode, duration, ready.expectStatus);

    await load(ready.url, 'warm-up', warmup, warmupSeconds);
    log(`${scenario.name}: Plaza, ${modeName}, ${seconds} s under perf`);
    const plaza = await profileProcess(server.pid!, dir, seconds, () =>
      load(ready.url, scenario.name, mode, seconds),
    );

    // The bare twin, profiled the same way: the bench's ratios compare with it.
    const captured = await capture(ready.url, scenario, ready.request);
    twin = await startTwin(ready.request, captured, {
      nodeOptions: PERF_NODE_OPTIONS,
      cwd: dir,
    });
    await load(twin.url, 'twin warm-up', warmup, warmupSeconds);
    log(`${scenario.name}: the twin, ${modeName}, ${seconds} s under perf`);
    const bare = await profileProcess(twin.pid, dir, seconds, () =>
      load(twin!.url, `${scenario.name} twin`, mode, seconds),
    );
    await twin.close();

    // A call that writes: the writing twin too, the most Plaza could reach (twin-write.ts).
    const write = await askWrite(server);
    let writing: Profiled | undefined;
    if (write) {
      writingTwin = await startTwin(ready.request, captured, {
        nodeOptions: PERF_NODE_OPTIONS,
        cwd: dir,
        write,
      });
      await load(writingTwin.url, 'writing twin warm-up', warmup, warmupSeconds);
      log(`${scenario.name}: the writing twin, ${modeName}, ${seconds} s under perf`);
      writing = await profileProcess(writingTwin.pid, dir, seconds, () =>
        load(writingTwin!.url, `${scenario.name} writing twin`, mode, seconds),
      );
    }

    const results = new URL('./results/', import.meta.url);
    mkdirSync(results, { recursive: true });
    const stamp = new Date().toISOString().replaceAll(':', '-');
    const folded = (target: string) =>
      new URL(`profile-${scenario.name}-${modeName}-${stamp}-${target}.folded`, results);
    writeFileSync(folded('plaza'), foldedStacks(plaza.samples));
    writeFileSync(folded('twin'), foldedStacks(bare.samples));
    if (writing) writeFileSync(folded('writing-twin'), foldedStacks(writing.samples));
    const cost = (label: string, profiled: Profiled) =>
      `${label}: ${profiled.summary.microsPerRequest.toFixed(0)} µs of main-thread CPU per request ` +
      `(${profiled.measured.requests} requests, ${describeMeasurement(profiled.measured)}; ` +
      `main thread ${(100 * profiled.mainShare).toFixed(0)} % of the process's samples)`;
    process.stdout.write(
      [
        `\n${scenario.name}, ${modeName}`,
        cost('Plaza', plaza),
        cost('twin ', bare),
        ...(writing ? [cost('writing twin', writing)] : []),
        `Plaza spends ${(plaza.summary.microsPerRequest / bare.summary.microsPerRequest).toFixed(2)}× the twin's CPU per request.`,
        `\nPLAZA\n\n${formatSummary(plaza.summary)}`,
        `\nTWIN, by kind of code\n${formatKinds(bare.summary)}`,
        ...(writing ? [`\nWRITING TWIN, by kind of code\n${formatKinds(writing.summary)}`] : []),
        '\n',
      ].join('\n'),
    );
    log(
      `folded stacks (for a flame graph): ${fileURLToPath(folded('plaza'))} and …-twin.folded` +
        (writing ? ', …-writing-twin.folded' : ''),
    );
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
