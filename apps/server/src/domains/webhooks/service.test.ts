import { createHmac } from 'node:crypto';
import { createLocalJWKSet, flattenedVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK, checkoutOf, pay, shop } from '../../../test/flows/ecom-fixtures.ts';
import { createProduct, tShirt } from '../../../test/flows/stores-fixtures.ts';
import { type Receiver, receiverEnv, startReceiver } from '../../../test/webhook-receiver.ts';
import { newId } from '../../lib/ids.ts';
import { DISABLE_AFTER_MS, FIRST_RETRY_MS, MAX_RETRY_MS } from './delivery.ts';

describe.each(engines)('webhook deliveries (%s)', (engine) => {
  let t: TestApp;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const started = await startReceiver(...args);
    receivers.push(started);
    return started;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: receiverEnv });
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });
  afterAll(() => t?.close());

  /** What the background loops do: the outbox consumer writes deliveries, the job loop sends the due ones. */
  const deliverDue = async (app = t) => {
    await app.platform.outbox.dispatchPending();
    await app.platform.jobs.runDue();
  };

  async function endpoint(site: TestSite, url: string, events: string[]) {
    const response = await t.call({
      method: 'POST',
      url: '/plaza/v1/webhooks',
      auth: site.adminKey,
      payload: { webhook: { url, events } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { id: response.data.webhook.id as string, secret: response.data.secret as string };
  }

  const log = async (site: TestSite, id: string) => {
    const response = await t.call({
      method: 'GET',
      url: `/plaza/v1/webhooks/${id}/deliveries`,
      auth: site.adminKey,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.deliveries as any[];
  };

  async function paidOrder(site: TestSite, productId: string) {
    const visitor = await site.token('visitor');
    const paid = await pay(t, visitor, await checkoutOf(t, visitor, productId), {
      paymentMethod: 'test',
      card: CARD_OK,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.data.order as { id: string; revision: string };
  }

  it('delivers an order paid in a checkout with the order, signed with the secret and the JWKS', async () => {
    const { site, product } = await shop(t);
    const hooks = await receiver();
    const hook = await endpoint(site, hooks.url, ['order/paid']);
    const order = await paidOrder(site, product.id);
    await deliverDue();

    expect(hooks.received).toHaveLength(1);
    const [{ headers, body, json }] = hooks.received as [(typeof hooks.received)[0]];
    expect(json).toMatchObject({
      eventType: 'plaza.v1.order_paid',
      instanceId: site.id,
      identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: expect.any(String) },
      data: {
        entityFqdn: 'plaza.v1.order',
        slug: 'paid',
        entityId: order.id,
        entityEventSequence: order.revision,
        actionEvent: { body: { entity: { id: order.id, paymentStatus: 'PAID' } } },
      },
    });
    expect(json.id).toBe(json.data.id);
    expect(headers['plaza-event-id']).toBe(json.id);

    const signature = String(headers['plaza-signature']);
    const [, t0, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(Number(t0)).toBe(Math.floor(t.clock.nowMs() / 1000));
    expect(v1).toBe(createHmac('sha256', hook.secret).update(`${t0}.${body}`).digest('hex'));

    const [protectedHeader, empty, jwsSignature] = String(headers['plaza-jws']).split('.');
    expect(empty).toBe('');
    const jwks = await t.call({ method: 'GET', url: '/oauth2/jwks' });
    const verified = await flattenedVerify(
      {
        protected: protectedHeader!,
        payload: Buffer.from(body).toString('base64url'),
        signature: jwsSignature!,
      },
      createLocalJWKSet(jwks.data),
    );
    expect(new TextDecoder().decode(verified.payload)).toBe(body);
    expect(verified.protectedHeader).toMatchObject({ alg: 'ES256', t: Number(t0) });

    const [delivery] = await log(site, hook.id);
    expect(delivery).toMatchObject({
      status: 'DELIVERED',
      entityKind: 'order',
      entityId: order.id,
      event: 'paid',
      request: { body },
      attempts: [{ attempt: 1, statusCode: 200, responseExcerpt: 'answered 200', url: hooks.url }],
    });
  });

  it('retries a receiver that answers 500, and the log shows both attempts', async () => {
    const { site, product } = await shop(t);
    const hooks = await receiver((_request, index) => (index === 0 ? 500 : 200));
    const hook = await endpoint(site, hooks.url, ['order/paid']);
    await paidOrder(site, product.id);
    await deliverDue();
    const [failed] = await log(site, hook.id);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: [{ attempt: 1, statusCode: 500 }] });
    const wait = Date.parse(failed.nextAttemptDate) - t.clock.nowMs();
    expect(wait).toBeGreaterThanOrEqual(FIRST_RETRY_MS / 2);
    expect(wait).toBeLessThanOrEqual(FIRST_RETRY_MS);

    await deliverDue();
    expect(hooks.received).toHaveLength(1);
    t.clock.advance(wait);
    await deliverDue();

    expect(hooks.received).toHaveLength(2);
    expect(hooks.received[1]!.body).toBe(hooks.received[0]!.body);
    const [delivered] = await log(site, hook.id);
    expect(delivered.status).toBe('DELIVERED');
    expect(delivered.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
  });

  it('retries a receiver that never answers on the backoff schedule, then disables it and e-mails the owner', async () => {
    const { site, product } = await shop(t);
    await t.platform.database.db
      .insertInto('site_owners')
      .values({
        id: newId(),
        site_id: site.id,
        email: 'owner@shop.example',
        password_hash: 'x',
        created_date: t.clock.now().toISOString(),
      })
      .execute();
    const hooks = await receiver(() => 'hang');
    const hook = await endpoint(site, hooks.url, ['order/paid']);
    await paidOrder(site, product.id);
    const started = t.clock.nowMs();
    await deliverDue();

    const waits: number[] = [];
    for (;;) {
      const [delivery] = await log(site, hook.id);
      if (delivery.status !== 'PENDING') break;
      const wait = Date.parse(delivery.nextAttemptDate) - t.clock.nowMs();
      const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (delivery.attempts.length - 1));
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
      expect(wait).toBeLessThanOrEqual(ceiling);
      waits.push(wait);
      t.clock.advance(wait);
      await deliverDue();
      expect(waits.length).toBeLessThan(40);
    }

    const [delivery] = await log(site, hook.id);
    expect(delivery.status).toBe('FAILED');
    expect(delivery.attempts).toHaveLength(waits.length + 1);
    expect(hooks.received).toHaveLength(waits.length + 1);
    for (const attempt of delivery.attempts) expect(attempt.error).toMatch(/No answer within 300 ms/);
    expect(t.clock.nowMs() - started).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
    expect(t.clock.nowMs() - started).toBeLessThan(DISABLE_AFTER_MS + MAX_RETRY_MS);

    const disabled = await t.call({
      method: 'GET',
      url: `/plaza/v1/webhooks/${hook.id}`,
      auth: site.adminKey,
    });
    expect(disabled.data.webhook).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    const mail = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: site.adminKey,
      payload: { to: 'owner@shop.example' },
    });
    expect(mail.data.messages).toHaveLength(1);
    expect(mail.data.messages[0]).toMatchObject({ subject: 'A webhook endpoint was disabled' });
    expect(mail.data.messages[0].text).toContain(hooks.url);

    // Disabled, it gets nothing more.
    await paidOrder(site, product.id);
    await deliverDue();
    expect(hooks.received).toHaveLength(waits.length + 1);
  });

  it('replays one delivery, and everything since a time, with the same event ids', async () => {
    const { site, product } = await shop(t);
    const hooks = await receiver();
    const hook = await endpoint(site, hooks.url, ['order/*']);
    const since = t.clock.now().toISOString();
    await paidOrder(site, product.id);
    await deliverDue();
    const original = await log(site, hook.id);
    expect(original.map((d) => d.event).sort()).toEqual(['created', 'paid']);
    const paid = original.find((d) => d.event === 'paid');

    const replayed = await t.call({
      method: 'POST',
      url: `/plaza/v1/webhooks/${hook.id}/deliveries/${paid.id}/replay`,
      auth: site.adminKey,
      payload: {},
    });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.data.delivery).toMatchObject({
      status: 'PENDING',
      replayOf: paid.id,
      eventId: paid.eventId,
    });
    await deliverDue();
    expect(hooks.received).toHaveLength(3);
    expect(hooks.received[2]!.json.id).toBe(paid.eventId);
    expect(hooks.received[2]!.headers['plaza-delivery-id']).toBe(replayed.data.delivery.id);

    const all = await t.call({
      method: 'POST',
      url: `/plaza/v1/webhooks/${hook.id}/replay`,
      auth: site.adminKey,
      payload: { since },
    });
    expect(all.data).toEqual({ replayed: 2 });
    await deliverDue();
    expect(hooks.received).toHaveLength(5);
    expect(new Set(hooks.received.slice(3).map((r) => r.json.id))).toEqual(
      new Set(original.map((d) => d.eventId)),
    );
    const missing = await t.call({
      method: 'POST',
      url: `/plaza/v1/webhooks/${hook.id}/deliveries/${newId()}/replay`,
      auth: site.adminKey,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
  });

  it("never sends an event to another site's endpoint", async () => {
    const a = await shop(t);
    const b = await shop(t);
    const hooksA = await receiver();
    const hooksB = await receiver();
    await endpoint(a.site, hooksA.url, ['*/*']);
    await endpoint(b.site, hooksB.url, ['*/*']);
    const order = await paidOrder(a.site, a.product.id);
    await deliverDue();
    expect(hooksA.received.some((r) => r.json.data.entityId === order.id)).toBe(true);
    expect(hooksA.received.every((r) => r.json.instanceId === a.site.id)).toBe(true);
    expect(hooksB.received.every((r) => r.json.instanceId === b.site.id)).toBe(true);
    expect(hooksB.received.some((r) => r.body.includes(order.id))).toBe(false);
  });

  it("keeps an entity's revisions in order while an earlier one is retried", async () => {
    const site = await t.createSite();
    const hooks = await receiver((_request, index) => (index === 0 ? 503 : 200));
    await endpoint(site, hooks.url, ['product/*']);
    const product = await createProduct(t, site, tShirt({ name: 'Cap', productOptions: [] }));
    const renamed = await t.call({
      method: 'PATCH',
      url: `/stores/v1/products/${product.id}`,
      auth: site.adminKey,
      payload: { product: { id: product.id, name: 'Blue cap' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await deliverDue();
    expect(hooks.received.map((r) => r.json.data.slug)).toEqual(['created']);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(FIRST_RETRY_MS + 1000);
      await deliverDue();
    }
    const revisions = hooks.received.map((r) => Number(r.json.data.revision));
    expect(revisions).toEqual([1, 1, 2]);
  });
});
