import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../build.mjs';
import { loadConfig } from '../../src/config.ts';
import { buildPlatform } from '../../src/deps.ts';
import { provisionSite } from '../../src/seed/site.ts';
import { postgresUrl } from '../engines.ts';
import { CARD_OK, line, shopSettings } from './ecom-fixtures.ts';
import { tShirt } from './stores-fixtures.ts';

/**
 * `plaza start --workers 3` (the compiled server, node:cluster) on a PostgreSQL database of its own,
 * under a mixed load of catalog reads, carts and paid checkouts, with one worker killed (SIGKILL) in
 * the middle and started again by the primary. Only the requests the killed worker held may fail, and
 * then without an answer; no acknowledged order is lost, the limited product is not oversold, and the
 * job loop runs on.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const LIMITED_STOCK = 6;
const BUYERS = 8;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const workerPids = (primary: ChildProcess): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((pid) => Number(pid.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return [];
  }
};

describe.skipIf(!postgresUrl)('plaza start --workers 3 (postgres)', () => {
  const database = `plaza_workers_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'plaza-workers-'));
  let url = '';
  let admin: pg.Client;
  let primary: ChildProcess | undefined;
  let output = '';
  let base = '';
  let site: { siteId: string; clientId: string; apiKey: string };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const target = new URL(postgresUrl!);
    target.pathname = `/${database}`;
    url = target.toString();
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    // The site an operator would make with `plaza sites create` (a database with a site seeds no demo).
    const platform = await buildPlatform(loadConfig(env));
    site = await provisionSite(platform, {
      name: 'Busy shop',
      owner: { email: 'owner@busy.example', password: 'correct-Horse-7' },
      client: { name: 'Storefront', allowedOrigins: ['https://busy.example'], allowedRedirectUris: [] },
      apiKeyName: 'load',
    });
    await platform.close();
    const main = await buildServer();

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The compiled server itself (what bin/plaza.mjs runs once built): no second look at the sources.
    primary = spawn(process.execPath, ['--enable-source-maps', main, 'start', '--workers', '3'], {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port) },
    });
    primary.stdout!.on('data', (chunk) => (output += chunk));
    primary.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Plaza is running')) {
      if (primary.exitCode !== null || Date.now() > deadline)
        throw new Error(`plaza did not start:\n${output}`);
      await sleep(100);
    }
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((resolve) => primary!.on('exit', resolve));
      primary.kill('SIGTERM');
      await exited;
    }
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, auth: string, body?: object, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      // A connection the killed worker held may never be answered.
      signal: AbortSignal.timeout(20_000),
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, data: text ? JSON.parse(text) : undefined, text };
  };

  it('serves a mixed load through a worker killed and started again: no 5xx, no lost order, no oversell', async () => {
    expect(output).toContain('Plaza is running (postgres, 3 workers)');
    expect(
      await call('PATCH', '/plaza/v1/ecom-settings', site.apiKey, { settings: shopSettings }),
    ).toMatchObject({
      status: 200,
    });
    const product = async (name: string, sku: string, quantity: number) => {
      const made = await call('POST', '/stores/v1/products', site.apiKey, {
        product: tShirt({
          name,
          sku,
          productOptions: [],
          priceData: { price: 20 },
          stock: { trackInventory: true, quantity },
        }),
      });
      expect(made.status, made.text).toBe(200);
      return made.data.product.id as string;
    };
    const mug = await product('Mug', 'MUG', 100_000);
    const limited = await product('Limited print', 'LTD', LIMITED_STOCK);

    const fiveHundreds: string[] = [];
    const wrongLists: string[] = [];
    const acknowledged: string[] = [];
    let rounds = 0;
    let stop = false;
    /** A request the killed worker held ends without an answer: the round is given up. */
    const answered = async <T>(request: Promise<T>): Promise<T | undefined> => {
      try {
        return await request;
      } catch {
        return undefined;
      }
    };
    const checked = <T extends { status: number; text: string } | undefined>(response: T, what: string) => {
      if (response && response.status >= 500)
        fiveHundreds.push(`${what}: ${response.status} ${response.text}`);
      return response;
    };
    const buyer = async (index: number) => {
      while (!stop) {
        rounds++;
        const token = checked(
          await answered(
            call('POST', '/oauth2/token', '', { clientId: site.clientId, grantType: 'anonymous' }),
          ),
          'token',
        );
        if (token?.status !== 200) continue;
        const visitor = token.data.access_token as string;
        const listed = checked(
          await answered(call('GET', '/stores-reader/v1/products/query-platformized', visitor)),
          'query',
        );
        if (listed?.status === 200 && listed.data.products.length !== 2) wrongLists.push(listed.text);
        const lines = [line(mug, 1), ...(index % 2 === 0 ? [line(limited, 1)] : [])];
        const added = checked(
          await answered(call('POST', '/ecom/v1/carts/current/add-to-cart', visitor, { lineItems: lines })),
          'add-to-cart',
        );
        if (added?.status !== 200) continue;
        const checkout = checked(
          await answered(
            call('POST', '/ecom/v1/carts/current/create-checkout', visitor, {
              email: 'buyer@example.com',
              shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
            }),
          ),
          'create-checkout',
        );
        if (checkout?.status !== 200) continue;
        const paid = checked(
          await answered(
            call(
              'POST',
              `/ecom/v1/checkouts/${checkout.data.checkoutId}/pay`,
              visitor,
              { paymentMethod: 'test', card: CARD_OK },
              { 'idempotency-key': `pay-${index}-${rounds}` },
            ),
          ),
          'pay',
        );
        if (paid?.status === 200) acknowledged.push(paid.data.order.id);
      }
    };

    const load = Array.from({ length: BUYERS }, (_, i) => buyer(i));

    await sleep(4_000);
    const before = workerPids(primary!);
    expect(before).toHaveLength(3);
    const victim = before[1]!;
    process.kill(victim, 'SIGKILL');
    let after: number[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
      after = workerPids(primary!);
      if (after.length === 3 && !after.includes(victim)) break;
    }
    expect(after).toHaveLength(3);
    expect(after).not.toContain(victim);
    // Until the new worker listens and serves its share too.
    const replacement = after.find((pid) => !before.includes(pid));
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100))
      if (output.includes(`Worker ${replacement} is listening.`)) break;
    expect(output).toContain(`Worker ${replacement} is listening.`);
    await sleep(3_000);
    stop = true;
    await Promise.all(load);

    expect(output).toMatch(
      new RegExp(`Worker ${victim} was stopped by SIGKILL; starting another( in \\d+ ms)?\\.`),
    );
    expect(fiveHundreds).toEqual([]);
    expect(wrongLists).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(BUYERS);
    for (const orderId of acknowledged) {
      const order = await call('GET', `/ecom/v1/orders/${orderId}`, site.apiKey);
      expect(order.status, order.text).toBe(200);
    }
    const { rows } = await withDatabase((client) =>
      client.query<{ doc: string | object }>('select doc from ecom_orders'),
    );
    const sold = rows
      .map((row) => (typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc))
      .flatMap(
        (order: { lineItems: Array<{ catalogReference: { catalogItemId: string }; quantity: number }> }) =>
          order.lineItems,
      )
      .filter((item) => item.catalogReference.catalogItemId === limited)
      .reduce((sum, item) => sum + item.quantity, 0);
    const stock = await call('GET', `/stores-reader/v1/products/${limited}`, site.apiKey);
    // Sold out under contention, and not one more.
    expect(sold).toBe(LIMITED_STOCK);
    expect(stock.data.product.stock.quantity).toBe(0);

    // The job loop runs on: the hold sweep made due now is run by a worker within seconds, which
    // schedules it one interval on.
    const sweep = () =>
      withDatabase((client) =>
        client.query<{ run_at: string }>(`select run_at from jobs where unique_key = 'capacity-hold-expiry'`),
      );
    const due = new Date().toISOString();
    await withDatabase((client) =>
      client.query(`update jobs set run_at = $1 where unique_key = 'capacity-hold-expiry'`, [due]),
    );
    let ranAt = '';
    for (let attempt = 0; attempt < 100 && !ranAt; attempt++) {
      const runAt = (await sweep()).rows[0]?.run_at ?? '';
      if (runAt > new Date(Date.parse(due) + 10_000).toISOString()) ranAt = runAt;
      else await sleep(100);
    }
    expect(ranAt, 'the hold sweep ran again').not.toBe('');
  }, 180_000);

  async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
});
