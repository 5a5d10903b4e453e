// `npm run bench:webhooks`: issue #33's webhook benchmarks; see bench/README.md ("Webhooks").
//
// 1. Delivery: 10,000 events committed at once, one endpoint that answers in 5 ms, delivered by worker
//    processes that run the outbox dispatcher and the jobs loop on their own timers, as `npm start` does:
//    one process on SQLite, two on one PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL; skipped
//    without one). The figures come from the delivery log (webhook_deliveries, webhook_attempts).
// 2. Write cost: add-to-cart in-process (inject) without and with a `cart/*` endpoint, blocks alternating.
//    bench/plaza.ts builds its config without the webhooks settings, so an http endpoint on loopback
//    cannot be configured there; this builds its own, smaller, site.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, type Database, dropPgSchema, type Engine } from '../apps/server/src/db/connect.ts';
import { buildPlatform, type Platform } from '../apps/server/src/deps.ts';
import { createSite } from '../apps/server/src/domains/sites/index.ts';
import { createWebhook, updateWebhook } from '../apps/server/src/domains/webhooks/service.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { productInput, seedCatalog } from './catalog-seed.ts';
import { positive } from './env.ts';
import { percentile } from './measure.ts';
import { machineInfo, median, round } from './report.ts';
import { type BenchContext, scenarios, wireRequest } from './scenarios.ts';
import { cpuMsOf, startWorker, type Worker, type WorkerMessage } from './worker-process.ts';

const log = (message: string) => process.stderr.write(`bench:webhooks: ${message}\n`);

const settings = {
  events: positive('BENCH_WEBHOOK_EVENTS', 10_000, true),
  receiverDelayMs: 5,
  /** The most a delivery run may take before it is reported as unfinished. */
  timeoutSeconds: positive('BENCH_WEBHOOK_TIMEOUT', 900, true),
  cartRequests: positive('BENCH_CART_REQUESTS', 5_000, true),
  cartBlocks: 5,
  cartRate: positive('BENCH_RATE', 200, true),
  cartWarmup: 500,
  only: (process.env.BENCH_WEBHOOK_ONLY?.trim() || 'sqlite,postgres,cart').split(',').map((s) => s.trim()),
};

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const silent = { error: () => {} };

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

/** A server process without its HTTP side: the platform with the outbox and jobs timers app.ts starts. */
async function runWorker(): Promise<void> {
  const reply = (message: WorkerMessage) => process.send?.(message);
  const spec = await new Promise<WorkerSpec>((resolve) => process.once('message', resolve));
  try {
    const database = await openDatabase(spec);
    const platform = await buildPlatform(loadConfig(spec.env), { database, log: silent });
    let atReady: NodeJS.CpuUsage | undefined;
    const stop = async () => {
      await platform.close();
      await database.close();
      // Loading and building the platform left out: what the deliveries cost.
      reply({ stopped: true, cpuMs: cpuMsOf(process.cpuUsage(atReady)) });
      process.disconnect();
    };
    process.once('message', () => void stop());
    platform.outbox.start();
    platform.jobs.start();
    atReady = process.cpuUsage();
    reply({ ready: true });
  } catch (error) {
    reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  }
}

/** The endpoint: 200 after `delayMs`, counting requests and the deliveries it saw more than once. */
async function startReceiver(delayMs: number) {
  const seen = new Set<string>();
  const counts = { requests: 0, repeated: 0 };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      counts.requests++;
      const id = String(request.headers['plaza-delivery-id']);
      if (seen.has(id)) counts.repeated++;
      seen.add(id);
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    counts,
    reset() {
      seen.clear();
      counts.requests = 0;
      counts.repeated = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const platformEnv = (dataDir: string, secretsKey: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SECRETS_KEY: secretsKey,
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
});

const ms = (value: number) => round(value, 1);
const distribution = (values: number[]) => {
  const sorted = Float64Array.from(values).sort();
  return {
    p50: ms(percentile(sorted, 0.5)),
    p90: ms(percentile(sorted, 0.9)),
    p99: ms(percentile(sorted, 0.99)),
    max: ms(sorted[sorted.length - 1] ?? Number.NaN),
  };
};

/** Events of as many products, committed in one transaction: all due at the same moment. */
async function writeEvents(database: Database, siteId: string, count: number) {
  const occurredDate = new Date().toISOString();
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const entity = {
          ...productInput(i),
          id: newId(),
          revision: '2',
          createdDate: occurredDate,
          updatedDate: occurredDate,
        };
        rows.push({
          site_id: siteId,
          entity_kind: 'product',
          entity_id: entity.id,
          event: 'updated',
          payload: JSON.stringify({ entity }),
          occurred_date: occurredDate,
        });
      }
      await trx.insertInto('outbox').values(rows).execute();
    }
  });
  return { occurredDate, committedAt: Date.now() };
}

async function deliveryRun(engine: Engine, processes: number, receiver: Receiver) {
  const started = new Date();
  const dataDir = mkdtempSync(join(tmpdir(), `plaza-bench-webhooks-${process.pid}-`));
  const pgSchema = engine === 'postgres' ? `bench_wh_${randomBytes(5).toString('hex')}` : undefined;
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
    // This process writes the events and reads the log; its platform makes the site and the endpoint and
    // registers the consumers before any event exists, as a running server would have. Its timers stay off.
    platform = await buildPlatform(loadConfig(env), { database, log: silent });
    const site = await createSite(platform.sites, { name: 'Webhooks bench' });
    const { webhook } = await createWebhook(platform.webhooks, site.id, {
      url: receiver.url,
      events: ['product/*'],
    });
    // A running server has its signing key from the first token it issued; made here, the workers' first
    // deliveries would each make one (every load that finds none does) and import them all.
    await platform.identity.signingKeys.active();
    for (let i = 0; i < processes; i++)
      workers.push(await startWorker(fileURLToPath(import.meta.url), { ...target, env }));
    receiver.reset();

    log(`${engine}, ${processes} process(es): writing ${settings.events} events`);
    const { occurredDate, committedAt } = await writeEvents(database, site.id, settings.events);
    const countStatus = async () => {
      const rows = await database.db
        .selectFrom('webhook_deliveries')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('webhook_id', '=', webhook.id)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])) as Record<string, number>;
    };
    // Delivered over time, sampled each second from the commit: the rate's shape, not only its mean.
    const progress: Array<[number, number]> = [];
    let finished = false;
    let seenDoneAfterMs: number | undefined;
    const deadline = committedAt + settings.timeoutSeconds * 1000;
    for (let next = committedAt + 1000; Date.now() < deadline; next += 1000) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      const counts = await countStatus();
      const delivered = counts.DELIVERED ?? 0;
      progress.push([Math.round((Date.now() - committedAt) / 1000), delivered]);
      if (progress.length % 10 === 0) log(`  ${progress.at(-1)![0]} s: ${delivered} delivered`);
      if (delivered + (counts.FAILED ?? 0) + (counts.CANCELED ?? 0) >= settings.events) {
        finished = true;
        seenDoneAfterMs = Date.now() - committedAt;
        break;
      }
    }
    const cpuMs = [];
    for (const worker of workers.splice(0)) cpuMs.push(await worker.stop());

    const { rows } = await sql<{
      started_date: string;
      duration_ms: number | string;
      status_code: number | string | null;
      occurred_date: string;
      created_date: string;
      updated_date: string;
    }>`select a.started_date, a.duration_ms, a.status_code, o.occurred_date, d.created_date, d.updated_date
       from webhook_attempts a
       join webhook_deliveries d on d.id = a.delivery_id
       join outbox o on o.seq = d.event_seq
       where d.webhook_id = ${webhook.id}`.execute(database.db);
    const ok = rows.filter((row) => Number(row.status_code) >= 200 && Number(row.status_code) < 300);
    const startOf = (row: (typeof rows)[number]) => Date.parse(row.started_date);
    // When the worker wrote the delivery DELIVERED, right after the answer.
    const endOf = (row: (typeof rows)[number]) => Date.parse(row.updated_date);
    const firstStart = Math.min(...ok.map(startOf));
    const lastEnd = Math.max(...ok.map(endOf));
    const occurred = Date.parse(occurredDate);
    const counts = await countStatus();
    const result = {
      engine,
      processes,
      startedAt: started.toISOString(),
      finished,
      events: settings.events,
      deliveries: counts,
      attempts: rows.length,
      failedAttempts: rows.length - ok.length,
      receiverRequests: receiver.counts.requests,
      receiverRepeated: receiver.counts.repeated,
      writeMs: committedAt - occurred,
      // From the commit: what a site that just wrote 10,000 changes waits for.
      deliveriesPerSecond: round(ok.length / ((lastEnd - committedAt) / 1000), 1),
      // From the first request to the last answer: the delivery loop's own rate.
      deliveriesPerSecondSending: round(ok.length / ((lastEnd - firstStart) / 1000), 1),
      firstDeliveryAfterCommitMs: firstStart - committedAt,
      lastDeliveryAfterCommitMs: lastEnd - committedAt,
      // The poll (each second) that found every delivery done.
      seenDoneAfterMs,
      // The event's occurred date to the start of the attempt that delivered it.
      lagMs: distribution(ok.map((row) => startOf(row) - occurred)),
      // To the delivery written DELIVERED: what a receiver waits for, and the log says.
      deliveredLagMs: distribution(ok.map((row) => endOf(row) - occurred)),
      // The event's occurred date to the moment the consumer wrote its delivery (and job).
      enqueueLagMs: distribution(ok.map((row) => Date.parse(row.created_date) - occurred)),
      attemptDurationMs: distribution(ok.map((row) => Number(row.duration_ms))),
      workerCpuMs: cpuMs,
      progress,
    };
    log(
      `${engine} ×${processes}: ${result.deliveriesPerSecond} deliveries/s from the commit ` +
        `(${result.deliveriesPerSecondSending}/s sending), lag p50 ${result.lagMs.p50} ms, ` +
        `p99 ${result.lagMs.p99} ms, last ${result.lastDeliveryAfterCommitMs} ms`,
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

/** Add-to-cart through the app (inject), in blocks alternating without and with an enabled `cart/*` endpoint. */
async function writeCost(receiver: Receiver) {
  const dataDir = mkdtempSync(join(tmpdir(), `plaza-bench-webhooks-${process.pid}-`));
  const platform = await buildPlatform(loadConfig(platformEnv(dataDir, randomBytes(32).toString('hex'))), {
    log: silent,
  });
  const app = await buildApp(platform, { logger: false });
  try {
    const site = await createSite(platform.sites, { name: 'Cart bench' });
    const { productIds } = await seedCatalog(platform.stores, site.id, 100);
    const cartVisitorTokens: string[] = [];
    for (let i = 0; i < 500; i++) {
      const issued = await platform.identity.tokens.issue({
        siteId: site.id,
        subjectType: 'visitor',
        subjectId: newId(),
        clientId: undefined,
      });
      cartVisitorTokens.push(issued.token);
    }
    const context = { siteId: site.id, productIds, cartVisitorTokens } as unknown as BenchContext;
    const scenario = scenarios.find((s) => s.name === 'add-to-cart')!;
    const request = wireRequest(scenario, context);
    const headerSets = request.headerSets ?? [request.headers];
    const { webhook } = await createWebhook(platform.webhooks, site.id, {
      url: receiver.url,
      events: ['cart/*'],
      enabled: false,
    });
    let revision = webhook.revision;
    const setEnabled = async (enabled: boolean) => {
      revision = (await updateWebhook(platform.webhooks, site.id, webhook.id, { enabled }, revision))
        .revision;
    };
    const pending = async () =>
      Number(
        (
          await platform.database.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'PENDING')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The outbox timer reads events up to a second late: a block's deliveries are all made before the next.
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    };

    let sent = 0;
    // Paced at `rate` requests/s (unpaced without one): a block lasts seconds, so the outbox and jobs
    // timers fire during it and its deliveries are made while the requests run, not after them.
    const block = async (count: number, rate?: number) => {
      const latencies: number[] = [];
      const started = performance.now();
      for (let i = 0; i < count; i++) {
        const due = rate ? started + (i * 1000) / rate : 0;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const headers = headerSets[sent++ % headerSets.length]!;
        const t0 = performance.now();
        const answer = await app.inject({
          method: request.method,
          url: request.path,
          headers,
          payload: request.body,
        });
        latencies.push(performance.now() - t0);
        if (answer.statusCode !== 200) throw new Error(`add-to-cart answered ${answer.statusCode}`);
      }
      return latencies;
    };

    await block(settings.cartWarmup);
    const perBlock = Math.ceil(settings.cartRequests / settings.cartBlocks);
    const all = { without: [] as number[], with: [] as number[] };
    const blocks: Array<{ endpoint: boolean; p50: number; p99: number; deliveredDuring: number }> = [];
    for (let b = 0; b < settings.cartBlocks; b++) {
      // Alternating which goes first, so that drift over the run falls on both alike.
      for (const endpoint of b % 2 === 0 ? [false, true] : [true, false]) {
        // The previous block's events are read (and its deliveries made) before the switch, so that
        // none of them is delivered, or left undelivered, for the other side.
        await settle();
        await setEnabled(endpoint);
        receiver.reset();
        const latencies = await block(perBlock, settings.cartRate);
        const deliveredDuring = receiver.counts.requests;
        (endpoint ? all.with : all.without).push(...latencies);
        const sorted = Float64Array.from(latencies).sort();
        blocks.push({
          endpoint,
          p50: round(percentile(sorted, 0.5), 3),
          p99: round(percentile(sorted, 0.99), 3),
          deliveredDuring,
        });
        log(`add-to-cart ${endpoint ? 'with' : 'without'} an endpoint: ${JSON.stringify(blocks.at(-1))}`);
      }
    }
    await settle();
    const summary = (endpoint: boolean) => {
      const latencies = endpoint ? all.with : all.without;
      const sorted = Float64Array.from(latencies).sort();
      const mine = blocks.filter((b) => b.endpoint === endpoint);
      return {
        requests: latencies.length,
        p50Ms: round(percentile(sorted, 0.5), 3),
        p99Ms: round(percentile(sorted, 0.99), 3),
        medianBlockP50Ms: median(mine.map((b) => b.p50)),
        medianBlockP99Ms: median(mine.map((b) => b.p99)),
      };
    };
    const delivered = await platform.database.db
      .selectFrom('webhook_deliveries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const without = summary(false);
    const withEndpoint = summary(true);
    return {
      engine: 'sqlite' as const,
      how: `app.inject, one request at a time at ${settings.cartRate}/s, outbox and jobs timers running as app.ts starts them`,
      withoutEndpoint: without,
      withEndpoint,
      p50Ratio: round(withEndpoint.p50Ms / without.p50Ms, 2),
      p99Ratio: round(withEndpoint.p99Ms / without.p99Ms, 2),
      deliveries: Object.fromEntries(delivered.map((row) => [row.status, Number(row.n)])),
      blocks,
    };
  } finally {
    await app.close();
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const startedAt = new Date();
  const machine = machineInfo();
  const receiver = await startReceiver(settings.receiverDelayMs);
  try {
    const delivery = [];
    if (settings.only.includes('sqlite')) delivery.push(await deliveryRun('sqlite', 1, receiver));
    if (settings.only.includes('postgres')) {
      if (postgresUrl) delivery.push(await deliveryRun('postgres', 2, receiver));
      else log('no TEST_DATABASE_URL or DATABASE_URL: PostgreSQL skipped');
    }
    const addToCart = settings.only.includes('cart') ? await writeCost(receiver) : undefined;
    const report = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: { ...machine, loadAverageAtEnd: loadavg().map((load) => round(load, 2)) },
      settings,
      delivery,
      addToCart,
    };
    const dir = new URL('./results/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    const text = `${JSON.stringify(report, null, 2)}\n`;
    const file = new URL(`webhooks-${startedAt.toISOString().replaceAll(':', '-')}.json`, dir);
    writeFileSync(file, text);
    writeFileSync(new URL('webhooks-latest.json', dir), text);
    process.stdout.write(
      `${JSON.stringify({ delivery: delivery.map(({ progress: _p, ...rest }) => rest), addToCart: addToCart && { ...addToCart, blocks: undefined } }, null, 2)}\n`,
    );
    log(`results: ${file.pathname} (and bench/results/webhooks-latest.json)`);
  } finally {
    await receiver.close();
  }
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
