import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { createProduct, tShirt } from '../../../test/flows/stores-fixtures.ts';
import { type Receiver, receiverEnv, startReceiver } from '../../../test/webhook-receiver.ts';
import { newId } from '../../lib/ids.ts';

const DAY = 24 * 3_600_000;

describe.each(engines)('webhook delivery log retention (%s)', (engine) => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ...receiverEnv, WEBHOOKS_RETENTION_DAYS: '30' } });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('drops settled deliveries older than the retention with their attempts, and keeps newer ones', async () => {
    const site = await t.createSite();
    receiver = await startReceiver();
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/webhooks',
      auth: site.adminKey,
      payload: { webhook: { url: receiver.url, events: ['product/created'] } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const webhookId = created.data.webhook.id as string;
    const deliverDue = async () => {
      await t.platform.outbox.dispatchPending();
      await t.platform.jobs.runDue();
    };
    const log = async () =>
      (
        await t.call({
          method: 'GET',
          url: `/plaza/v1/webhooks/${webhookId}/deliveries`,
          auth: site.adminKey,
        })
      ).data.deliveries as { id: string; status: string }[];

    await createProduct(t, site, tShirt({ sku: 'OLD-1', name: 'Old one' }));
    await deliverDue();
    const [old] = await log();
    expect(old?.status).toBe('DELIVERED');
    // Within the retention nothing goes (the hourly job runs with each move of the clock).
    t.clock.advance(29 * DAY);
    await createProduct(t, site, tShirt({ sku: 'NEW-1', name: 'New one' }));
    await deliverDue();
    expect(await log()).toHaveLength(2);
    t.clock.advance(2 * DAY);
    await t.platform.jobs.runDue();
    const kept = await log();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.id).not.toBe(old?.id);
    const attempts = await t.platform.database.db
      .selectFrom('webhook_attempts')
      .select('delivery_id')
      .where('site_id', '=', site.id)
      .execute();
    expect(attempts.map((row) => row.delivery_id)).toEqual([kept[0]?.id]);
  });

  it('never drops a pending delivery, however old', async () => {
    const { store } = t.platform.webhooks;
    const long = new Date(t.clock.nowMs() - 90 * DAY).toISOString();
    const row = (id: string, seq: number, status: 'PENDING' | 'DELIVERED') => ({
      id,
      site_id: 'retention-site',
      webhook_id: 'retention-hook',
      event_id: id,
      event_seq: seq,
      entity_kind: 'product',
      entity_id: 'p1',
      event: 'created',
      revision: 1,
      payload: '{}',
      status,
      next_attempt_date: null,
      replay_of: null,
      created_date: long,
      updated_date: long,
    });
    const pendingId = newId();
    await store.insertDeliveries(t.platform.database.db, [
      row(pendingId, 1_000_001, 'PENDING'),
      row(newId(), 1_000_002, 'DELIVERED'),
    ]);
    expect(await store.pruneDeliveries(t.clock.now().toISOString(), 1000)).toBeGreaterThanOrEqual(1);
    const left = await t.platform.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('site_id', '=', 'retention-site')
      .execute();
    expect(left.map((kept) => kept.id)).toEqual([pendingId]);
  });
});
