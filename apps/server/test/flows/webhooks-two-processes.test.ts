import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { postgresUrl } from '../engines.ts';
import { type Receiver, receiverEnv, startReceiver } from '../webhook-receiver.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

/**
 * Two server processes on one PostgreSQL database run the `webhooks` consumer and the delivery jobs side
 * by side: each event still reaches each endpoint once. (SQLite runs jobs in one process.)
 */
describe.skipIf(!postgresUrl)('webhooks from two server processes (postgres)', () => {
  const engine = 'postgres';
  let one: TestApp;
  let two: TestApp;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    one = await buildTestApp(engine, { env: receiverEnv });
    two = await buildTestApp(engine, {
      database: await one.database.another(),
      clock: one.clock,
      env: receiverEnv,
    });
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await two?.close();
    await one?.close();
  });

  it('delivers each event once per endpoint', async () => {
    const site = await one.createSite();
    for (let i = 0; i < 2; i++) {
      const receiver = await startReceiver();
      receivers.push(receiver);
      const created = await one.call({
        method: 'POST',
        url: '/plaza/v1/webhooks',
        auth: site.adminKey,
        payload: { webhook: { url: receiver.url, events: ['product/created', 'product/updated'] } },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const products = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? one : two;
      products.push(await createProduct(app, site, tShirt({ name: `Cap ${i}`, productOptions: [] })));
    }
    // An event is read once every transaction that began before it has ended, on the whole cluster
    // (outbox/reader.ts): other suites' transactions on a shared cluster can hold it back a little.
    const createdEach = () =>
      receivers.map((r) => r.received.filter((d) => d.json.data.slug === 'created').length);
    const until = Date.now() + 15_000;
    for (let round = 0; round < 3 || (createdEach().some((n) => n < 12) && Date.now() < until); round++) {
      await Promise.all([one, two].map((app) => app.platform.outbox.dispatchPending()));
      await Promise.all([one, two, one, two].map((app) => app.platform.jobs.runDue()));
      one.clock.advance(2000);
      if (round >= 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const receiver of receivers) {
      const ids = receiver.received.map((r) => r.json.id);
      expect(new Set(ids).size).toBe(ids.length);
      const created = receiver.received.filter((r) => r.json.data.slug === 'created');
      expect(created.map((r) => r.json.data.entityId).sort()).toEqual(products.map((p) => p.id).sort());
    }
  });
});
