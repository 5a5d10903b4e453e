// `npm run bench:workers`: `plaza start --workers N` for N = 1, 2, 3 on one PostgreSQL cluster, with the
// product query and add-to-cart of scenarios.ts; see bench/README.md ("Several workers").
//
// Each N serves its own copy of one seeded database (CREATE DATABASE … TEMPLATE), all three at once, and
// the runs alternate between them (warm-ups, then per round: throughput N = 1, 2, 3, latency N = 1, 2, 3),
// so that drift on a shared machine hits every N alike, as run.ts alternates Plaza and its twin. The
// servers not measured meanwhile only run their 1 s timers.

import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from '../apps/server/build.mjs';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildPlatform } from '../apps/server/src/deps.ts';
import { createSite } from '../apps/server/src/domains/sites/index.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { seedCatalog } from './catalog-seed.ts';
import { positive } from './env.ts';
import { describeMeasurement, type Mode, measure, startLoadGenerator } from './measure.ts';
import type { TargetResult } from './report.ts';
import { machineInfo, median, ratios, round, roundResult, targetResult } from './report.ts';
import { type BenchContext, capture, selectScenarios, wireRequest } from './scenarios.ts';

const WORKERS = [1, 2, 3];
const dataset = { products: 10_000, cartVisitors: 500 };
const settings = {
  durationSeconds: positive('BENCH_DURATION', 5, false),
  warmupSeconds: positive('BENCH_WARMUP', 3, false),
  rounds: positive('BENCH_ROUNDS', 2, true),
  throughputConnections: 50,
  latencyConnections: 10,
  latencyRate: positive('BENCH_RATE', 200, true),
};
const repo = fileURLToPath(new URL('..', import.meta.url));
const pgCluster = join(repo, 'scripts/pg-cluster.sh');
const log = (message: string) => process.stderr.write(`bench:workers: ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: Array<() => unknown> = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * CPU ms a process and its descendants (a cluster's workers, PostgreSQL's backends) spent so far, all
 * threads, with their children that ended (pool connections to PostgreSQL come and go during a run).
 */
function treeCpuMs(pid: number): number {
  let own = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the third on
    own = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10; // u/s/cu/cs time, 10 ms ticks
  } catch {} // ended meanwhile: its time is in its parent's
  const { stdout } = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  const children = stdout.split('\n').map(Number).filter(Boolean);
  return children.reduce((sum, child) => sum + treeCpuMs(child), own);
}

/** The bench catalog, a visitor and the add-to-cart visitors, in the database the servers copy. */
async function seed(databaseUrl: string, dataDir: string): Promise<BenchContext> {
  const started = Date.now();
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const platform = await buildPlatform(config);
  const site = await createSite(platform.sites, { name: 'Bench site' });
  const { productIds } = await seedCatalog(platform.stores, site.id, dataset.products);
  const visitor = () =>
    platform.identity.tokens
      .issue({ siteId: site.id, subjectType: 'visitor', subjectId: newId(), clientId: undefined })
      .then(({ token }) => token);
  const visitorToken = await visitor();
  const cartVisitorTokens: string[] = [];
  for (let i = 0; i < dataset.cartVisitors; i++) cartVisitorTokens.push(await visitor());
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The two scenarios read these fields of the bench's context and no other.
  const context: Partial<BenchContext> = { siteId: site.id, visitorToken, cartVisitorTokens, productIds };
  await platform.close();
  return context as BenchContext;
}

/** `plaza start --workers N` (the compiled server) on `databaseUrl`, once every worker listens. */
async function startServer(main: string, workers: number, databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main, 'start', '--workers', String(workers)], {
    cwd: join(repo, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn', // as an operator would run it (the in-process bench has no logger at all)
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // each worker finishes its requests within 10 s (cli/start.ts)
    if ((await Promise.race([exited, sleep(20_000)])) === undefined) child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; await sleep(200)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`plaza did not start:\n${output}`);
    if (output.includes('Plaza is running') && (await fetch(`${url}/healthz`).catch(() => undefined))?.ok)
      break;
  }
  log(`${workers} worker(s) on ${url}`);
  return { workers, url, pid: child.pid! };
}
type Server = Awaited<ReturnType<typeof startServer>>;

async function main() {
  const startedAt = new Date();
  const machine = machineInfo();
  const pgDir = mkdtempSync(join(tmpdir(), 'plaza-bench-workers-pg-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'plaza-bench-workers-data-'));
  cleanups.push(() => {
    for (const dir of [dataDir, pgDir]) rmSync(dir, { recursive: true, force: true });
  });
  cleanups.push(() => execFileSync(pgCluster, ['stop', pgDir], { stdio: 'ignore' }));
  const started = execFileSync(pgCluster, ['start', pgDir], { encoding: 'utf8' });
  const clusterUrl = /postgres:\/\/\S+/.exec(started)![0];
  const postmaster = Number(readFileSync(join(pgDir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
  const dbUrl = (name: string) => Object.assign(new URL(clusterUrl), { pathname: `/${name}` }).href;

  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE bench_seed');
  const context = await seed(dbUrl('bench_seed'), dataDir);
  for (const n of WORKERS) await admin.query(`CREATE DATABASE bench_workers_${n} TEMPLATE bench_seed`);
  await admin.end();

  const main = await buildServer();
  const servers: Server[] = [];
  for (const n of WORKERS) servers.push(await startServer(main, n, dbUrl(`bench_workers_${n}`), dataDir));
  const generator = await startLoadGenerator();
  cleanups.push(() => generator.close());
  const throughput: Mode = { kind: 'throughput', connections: settings.throughputConnections };
  const { latencyConnections, latencyRate } = settings;
  const latency: Mode = { kind: 'latency', connections: latencyConnections, rate: latencyRate };

  const results: Row[] = [];
  for (const scenario of selectScenarios('query-products,add-to-cart')) {
    const request = wireRequest(scenario, context);
    for (const server of servers) await capture(server.url, scenario, request);
    /** One load run; a throughput run also gives the CPU per request of Plaza's processes and PostgreSQL's. */
    const run = async (server: Server, mode: Mode, seconds: number, step: string) => {
      const label = `${scenario.name} ${step} ${server.workers} worker(s)`;
      const roots = [server.pid, postmaster];
      const before = roots.map(treeCpuMs);
      const status = scenario.expectStatus ?? 200;
      const result = await measure(generator, label, server.url, request, mode, seconds, status);
      const perRequest = (ms: number) => round((ms * 1000) / result.requests, 1);
      const [plaza, postgres] = roots.map((root, i) => perRequest(treeCpuMs(root) - before[i]!));
      const cpu = mode.kind === 'throughput' ? `; CPU µs/req: Plaza ${plaza}, PostgreSQL ${postgres}` : '';
      log(`${label}: ${describeMeasurement(result)}${cpu}`);
      return { ...result, cpuMicrosPerRequest: plaza!, postgresMicrosPerRequest: postgres! };
    };
    for (const server of servers) await run(server, throughput, settings.warmupSeconds, 'warm-up');
    const rounds = servers.map(() => ({ plaza: [] as TargetResult['rounds'], postgres: [] as number[] }));
    for (let r = 1; r <= settings.rounds; r++) {
      const step = `round ${r}/${settings.rounds}`;
      const rps = [];
      for (const server of servers) rps.push(await run(server, throughput, settings.durationSeconds, step));
      for (const [i, server] of servers.entries()) {
        const lat = await run(server, latency, settings.durationSeconds, step);
        rounds[i]!.plaza.push(roundResult(rps[i], lat));
        rounds[i]!.postgres.push(rps[i]!.postgresMicrosPerRequest);
      }
    }
    const one = targetResult(rounds[0]!.plaza);
    for (const [i, server] of servers.entries()) {
      const figures = targetResult(rounds[i]!.plaza);
      results.push({
        scenario: scenario.name,
        workers: server.workers,
        ...figures,
        postgresCpuMicrosPerRequest: round(median(rounds[i]!.postgres), 1),
        againstOneWorker: ratios(figures, one),
      });
    }
  }

  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine, loadAverageAtEnd: loadavg().map((load) => round(load, 2)) },
    settings,
    dataset,
    results,
  };
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/workers.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\n${table(results)}\n\n`);
  log('results: bench/results/workers.json');
}

type Row = TargetResult & { scenario: string; workers: number; postgresCpuMicrosPerRequest: number } & {
  againstOneWorker: ReturnType<typeof ratios>;
};
const columns: Array<[string, (row: Row) => string]> = [
  ['scenario', (r) => r.scenario],
  ['workers', (r) => String(r.workers)],
  ['req/s', (r) => String(Math.round(r.median.rps ?? Number.NaN))],
  ['p50 ms', (r) => r.median.p50.toFixed(2)],
  ['p99 ms', (r) => r.median.p99.toFixed(2)],
  ['req/s ÷ N=1', (r) => (r.againstOneWorker.throughputRatio ?? Number.NaN).toFixed(2)],
  ['p50 ÷ N=1', (r) => r.againstOneWorker.p50Ratio.toFixed(2)],
  ['p99 ÷ N=1', (r) => r.againstOneWorker.p99Ratio.toFixed(2)],
  ['plaza cpu µs/req', (r) => String(r.median.cpuMicrosPerRequest ?? '')],
  ['pg cpu µs/req', (r) => String(r.postgresCpuMicrosPerRequest)],
];
function table(results: Row[]): string {
  const cells = [columns.map(([title]) => title), ...results.map((r) => columns.map(([, cell]) => cell(r)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const pad = (cell: string, i: number) => (i ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!));
  return cells.map((row) => row.map(pad).join('  ')).join('\n');
}

/** Undoes what was started, newest first, once however often asked (a signal, then main's end). */
async function undo() {
  for (const step of cleanups.splice(0).reverse())
    await (async () => step())().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
}
let cleaning: Promise<void> | undefined;
const cleanup = () => (cleaning ??= undo());

for (const sig of ['SIGINT', 'SIGTERM'])
  process.once(sig, () => void cleanup().finally(() => process.exit(130)));
main()
  .catch((error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .then(() => cleanup().finally(() => process.exit()));
