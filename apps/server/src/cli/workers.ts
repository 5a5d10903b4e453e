import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import { buildPlatform } from '../deps.ts';
import { CliError } from './errors.ts';
import { banner, firstStart } from './start.ts';

export const MAX_WORKERS = 64;

/** `--workers` as given: a whole number from 1 to MAX_WORKERS. */
export function workerCount(value: string | undefined): number {
  if (value === undefined) return 1;
  const count = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS)
    throw new CliError(`--workers must be a whole number from 1 to ${MAX_WORKERS}, not "${value}".`);
  return count;
}

/** A worker that stops sooner than this after it started counts towards a crash loop. */
const QUICK_EXIT_MS = 10_000;
/** Quick exits in a row, before any worker ever listened, after which the start gives up. */
const GIVE_UP_AFTER = 5;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * `plaza start --workers N`: N processes serving one port (node:cluster hands each connection to one
 * of them), each stateless but for the database, which must then be PostgreSQL: SQLite lives in one
 * process's file locks and caches. This primary migrates and seeds before any worker starts, prints
 * the banner once all listen, starts a worker again when one dies, and stops them all on SIGTERM/SIGINT.
 * Background jobs run in every worker: they are leased rows (jobs/), so a job runs in one at a time.
 */
export async function startWorkers(config: Config, count: number, workerScript: string) {
  if (!config.DATABASE_URL)
    throw new CliError(
      `--workers ${count} needs PostgreSQL: set DATABASE_URL (postgres://…). Several processes cannot share
the SQLite database; without DATABASE_URL run one process (plaza start).`,
    );
  // A stop asked for while migrating or seeding waits for it, as a single process's start does.
  let stopAsked = false;
  const holdStop = (signal: string) => {
    if (stopAsked) process.exit(130);
    stopAsked = true;
    console.log(`\n${signal}: stopping once the step under way is done (again to stop at once)`);
  };
  process.on('SIGINT', holdStop).on('SIGTERM', holdStop);
  const platform = await buildPlatform(config);
  const credentials = await firstStart(platform, config);
  await platform.close();
  process.off('SIGINT', holdStop).off('SIGTERM', holdStop);
  if (stopAsked) process.exit(0);

  cluster.setupPrimary({
    exec: workerScript,
    args: ['start'],
    execArgv: [...process.execArgv, '--enable-source-maps'],
  });

  const startedAt = new Map<Worker, number>();
  let stopping = false;
  let stopCode = 0;
  let everListened = false;
  let quickExits = 0;
  const listening = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };
  cluster.on('listening', (worker) => {
    listening.add(worker);
    if (everListened) {
      console.error(`Worker ${worker.process.pid} is listening.`);
    } else if (listening.size === count) {
      everListened = true;
      console.log(banner('postgres', config, credentials, count));
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    listening.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(stopCode);
      return;
    }
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
    if (!everListened && quickExits >= GIVE_UP_AFTER) {
      console.error(
        `Worker ${worker.process.pid} ${how}; ${quickExits} workers ended before serving: giving up.`,
      );
      stopAll(1);
      return;
    }
    const delay = quickExits === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** quickExits);
    console.error(`Worker ${worker.process.pid} ${how}; starting another${delay ? ` in ${delay} ms` : ''}.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    stopCode = code;
    const workers = [...startedAt.keys()];
    if (workers.length === 0) process.exit(code);
    // Each finishes its in-flight requests (cli/start.ts) within 10 s; one that does not is ended.
    setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(code || 1);
    }, 15_000).unref();
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));

  for (let i = 0; i < count; i++) fork();
}
