import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { addLines, CARD_OK, checkoutOf, line, pay, shop } from '../../../test/flows/ecom-fixtures.ts';
import { createProduct, tShirt } from '../../../test/flows/stores-fixtures.ts';
import { type Receiver, receiverEnv, startReceiver } from '../../../test/webhook-receiver.ts';
import { newId } from '../../lib/ids.ts';
import { recordDomainEvent } from '../../outbox/outbox.ts';

/** The acting identity of each delivery: the caller of the call that made the change. */
describe.each(engines)('webhook identities (%s)', (engine) => {
  let t: TestApp;
  let hooks: Receiver;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: receiverEnv });
    hooks = await startReceiver();
  });
  afterAll(async () => {
    await hooks?.close();
    await t?.close();
  });

  const deliverDue = async () => {
    await t.platform.outbox.dispatchPending();
    await t.platform.jobs.runDue();
  };
  const received = (eventType: string) =>
    hooks.received.map((request) => request.json as any).filter((body) => body.eventType === eventType);

  it('names the owner, the visitor, the member and background work as the seed types them', async () => {
    const { site, product } = await shop(t);
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/webhooks',
      auth: site.adminKey,
      payload: {
        webhook: { url: hooks.url, events: ['product/created', 'cart/created', 'order/paid', 'probe/*'] },
      },
    });
    expect(created.statusCode, created.body).toBe(200);

    await createProduct(t, site, tShirt({ sku: 'OWNER-1', name: 'By the owner' }));
    const visitorId = newId();
    const visitor = await site.token('visitor', visitorId);
    await checkoutOf(t, visitor, product.id).then((checkoutId) =>
      pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }),
    );
    const memberId = newId();
    await addLines(t, await site.token('member', memberId), [line(product.id)]);
    // Outside any call (a job, an expiry): no one acted.
    await t.platform.database.db.transaction().execute((trx) =>
      recordDomainEvent(trx, {
        siteId: site.id,
        entityKind: 'probe',
        entityId: newId(),
        event: 'expired',
        payload: {},
        occurredDate: t.clock.now().toISOString(),
      }),
    );
    await deliverDue();

    const [byOwner] = received('plaza.v1.product_created');
    expect(byOwner.identity).toEqual({ identityType: 'WIX_USER', wixUserId: expect.any(String) });
    const carts = received('plaza.v1.cart_created').map((body) => body.identity);
    expect(carts).toEqual(
      expect.arrayContaining([
        { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: visitorId },
        { identityType: 'MEMBER', memberId },
      ]),
    );
    expect(received('plaza.v1.order_paid').map((body) => body.identity)).toEqual([
      { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: visitorId },
    ]);
    expect(received('plaza.v1.probe_expired').map((body) => body.identity)).toEqual([
      { identityType: 'UNKNOWN' },
    ]);
  });
});
