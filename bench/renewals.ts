// `npm run bench:renewals`: issue #30's renewal throughput; see bench/README.md ("Renewals").
//
// 10,000 monthly memberships whose second cycle is due at the same moment, each with a card saved with
// the `test` provider, renewed by worker processes that run the jobs loop (and the outbox) on their own
// timers, as `npm start` does: one process on SQLite, two on one PostgreSQL database (TEST_DATABASE_URL
// or DATABASE_URL; skipped without one). Done is each order's `planOrder` `renewed` event in the outbox,
// written in the transaction that records the charge.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, type Database, dropPgSchema, type Engine } from '../apps/server/src/db/connect.ts';
import { buildPlatform, type Platform } from '../apps/server/src/deps.ts';
import { createPlan, RENEWAL_JOB } from '../apps/server/src/domains/plans/index.ts';
import { planOrderOf } from '../apps/server/src/domains/plans/order-writes.ts';
import type { StoredPlan } from '../apps/server/src/domains/plans/plan-input.ts';
import { createSite } from '../apps/server/src/domains/sites/index.ts';
import type { Caller } from '../apps/server/src/http/access.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { positive } from './env.ts';
import { machineInfo, round } from './report.ts';
import { cpuMsOf, startWorker, type Worker, type WorkerMessage } from './worker-process.ts';

const log = (message: string) => process.stderr.write(`bench:renewals: ${message}\n`);

const settings = {
  memberships: positive('BENCH_RENEWALS', 10_000, true),
  /** The most a run may take before it is reported as unfinished. */
  timeoutSeconds: positive('BENCH_RENEWALS_TIMEOUT', 900, true),
  only: (process.env.BENCH_RENEWALS_ONLY?.trim() || 'sqlite,postgres').split(',').map((s) => s.trim()),
};

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const silent = { error: () => {} };
const DAY_MS = 86_400_000;

interface WorkerSpec {
  engine: Engine;
  sqliteFile?: string;
  pgUrl?: string;
  pgSchema?: string;
  env: Record<string, string>;
}

const openDatabase = (spec: Pick<WorkerSpec, 'engine' | 'sqliteFile' | 'pgUrl' | 'pgSchema'>) =>
  spec.engine === 'postgres'
    ? connect({ databaseUrl: spec.pgUrl!, pgSchema: spec.pgSchema!, poolSize: 10 })
    : connect({ sqliteFile: spec.sqliteFile! });

const platformEnv = (dataDir: string, secretsKey: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SECRETS_KEY: secretsKey,
});

/** A server process without its HTTP side: the platform with the outbox and jobs timers app.ts starts. */
async function runWorker(): Promise<void> {
  const reply = (message: WorkerMessage) => process.send?.(message);
  const spec = await new Promise<WorkerSpec>((resolve) => process.once('message', resolve));
  try {
    const database = await openDatabase(spec);
    const platform = await buildPlatform(loadConfig(spec.env), { database, log: silent });
    let atReady: NodeJS.CpuUsage | undefined;
    process.once('message', async () => {
      await platform.close();
      await database.close();
      reply({ stopped: true, cpuMs: cpuMsOf(process.cpuUsage(atReady)) });
      process.disconnect();
    });
    platform.outbox.start();
    platform.jobs.start();
    atReady = process.cpuUsage();
    reply({ ready: true });
  } catch (error) {
    reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  }
}

/**
 * `count` ACTIVE monthly memberships, each bought a month and a minute ago by its own member with its
 * own saved test card (cycle 1 paid), and each one's renewal job due now: all committed in one
 * transaction, so that every renewal falls due at the same moment.
 */
async function writeMemberships(platform: Platform, siteId: string, plan: StoredPlan & { id: string }) {
  const now = new Date();
  const start = new Date(now.getTime() - 31 * DAY_MS - 60_000);
  const cards: string[] = [];
  for (let i = 0; i < settings.memberships; i++) {
    const saved = await platform.ecom.payments.test!.saveMethod({
      siteId,
      card: { number: '4242424242424242', expiry: '12/40', cvc: '123' },
      now,
    });
    cards.push(saved.savedMethodId!);
  }
  const plans = platform.plans;
  await plans.store.transaction(async (trx) => {
    for (let i = 0; i < settings.memberships; i++) {
      const order = planOrderOf(
        {
          plan: plan as never,
          memberId: newId(),
          ownerKey: 'bench',
          startDate: start.toISOString(),
          paid: true,
          type: 'ONLINE',
          payment: { provider: 'test', savedMethodId: cards[i]! },
        },
        start,
      );
      const id = newId();
      await plans.store.orders.forSite(siteId, trx).create(order, { id, now: start.toISOString() });
      await plans.jobs.enqueue(trx, {
        kind: RENEWAL_JOB,
        siteId,
        key: id,
        runAt: now,
        payload: { orderId: id },
      });
    }
  });
  return { committedAt: Date.now() };
}

async function renewedCount(database: Database, siteId: string) {
  const row = await database.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('entity_kind', '=', 'planOrder')
    .where('event', '=', 'renewed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function renewalRun(engine: Engine, processes: number) {
  const started = new Date();
  const dataDir = mkdtempSync(join(tmpdir(), `plaza-bench-renewals-${process.pid}-`));
  const pgSchema = engine === 'postgres' ? `bench_rn_${randomBytes(5).toString('hex')}` : undefined;
  const target = {
    engine,
    sqliteFile: join(dataDir, 'plaza.sqlite'),
    ...(pgSchema ? { pgUrl: postgresUrl!, pgSchema } : {}),
  };
  const env = platformEnv(dataDir, randomBytes(32).toString('hex'));
  const database = await openDatabase(target);
  const workers: Worker[] = [];
  let platform: Platform | undefined;
  try {
    // This process writes the memberships and counts the renewals; its own timers stay off.
    platform = await buildPlatform(loadConfig(env), { database, log: silent });
    const site = await createSite(platform.sites, { name: 'Renewals bench' });
    const owner: Caller = {
      siteId: site.id,
      kind: 'admin',
      subjectId: 'bench',
      clientId: undefined,
      accessToken: undefined,
    };
    const { plan } = (await createPlan(platform.plans, owner, {
      name: 'Monthly Pass',
      pricing: {
        subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
        price: { value: '29' },
      },
    })) as unknown as { plan: StoredPlan & { id: string } };
    // The workers run before the memberships exist, as a running server would: every one of them
    // finds the jobs due at the same commit.
    for (let i = 0; i < processes; i++)
      workers.push(await startWorker(fileURLToPath(import.meta.url), { ...target, env }));
    log(`${engine}, ${processes} process(es): writing ${settings.memberships} memberships due now`);
    const written = Date.now();
    const { committedAt } = await writeMemberships(platform, site.id, plan);
    const writeMs = committedAt - written;

    const progress: Array<[number, number]> = [];
    let finished = false;
    let renewed = 0;
    const deadline = committedAt + settings.timeoutSeconds * 1000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      renewed = await renewedCount(database, site.id);
      const second = Math.round((Date.now() - committedAt) / 1000);
      if (progress.at(-1)?.[0] !== second) {
        progress.push([second, renewed]);
        if (second % 10 === 0) log(`  ${second} s: ${renewed} renewed`);
      }
      if (renewed >= settings.memberships) {
        finished = true;
        break;
      }
    }
    const tookMs = Date.now() - committedAt;
    const cpuMs = [];
    for (const worker of workers.splice(0)) cpuMs.push(await worker.stop());
    const result = {
      engine,
      processes,
      startedAt: started.toISOString(),
      finished,
      memberships: settings.memberships,
      renewed,
      /** Saving the cards and committing the memberships and their jobs (not timed as renewals). */
      writeMs,
      /** From the commit to the last `renewed` event seen (polled every 250 ms). */
      renewalMs: tookMs,
      renewalsPerSecond: round(renewed / (tookMs / 1000), 1),
      workerCpuMs: cpuMs,
      progress,
    };
    log(
      `${engine} ×${processes}: ${renewed} renewed in ${(tookMs / 1000).toFixed(1)} s ` +
        `(${result.renewalsPerSecond}/s)${finished ? '' : ' — unfinished'}`,
    );
    return result;
  } finally {
    for (const worker of workers) await worker.stop();
    await platform?.close();
    await database.close();
    if (pgSchema) await dropPgSchema(postgresUrl!, pgSchema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const startedAt = new Date();
  const machine = machineInfo();
  const runs = [];
  if (settings.only.includes('sqlite')) runs.push(await renewalRun('sqlite', 1));
  if (settings.only.includes('postgres')) {
    if (postgresUrl) runs.push(await renewalRun('postgres', 2));
    else log('no TEST_DATABASE_URL or DATABASE_URL: PostgreSQL skipped');
  }
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine, loadAverageAtEnd: loadavg().map((load) => round(load, 2)) },
    settings,
    runs,
  };
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const file = new URL(`renewals-${startedAt.toISOString().replaceAll(':', '-')}.json`, dir);
  writeFileSync(file, text);
  writeFileSync(new URL('renewals-latest.json', dir), text);
  process.stdout.write(
    `${JSON.stringify(
      runs.map(({ progress: _p, ...rest }) => rest),
      null,
      2,
    )}\n`,
  );
  log(`results: ${file.pathname} (and bench/results/renewals-latest.json)`);
}

if (process.argv[2] === 'worker') {
  await runWorker();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
