import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, checkoutOf, line, pay, shop } from './ecom-fixtures.ts';

/** What follows a commit (an e-mail, the cart's link to its checkout) never turns it into an error. */
describe.each(engines)('ecom side effects after a commit (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 100 }));
  });
  afterAll(() => t.close());

  const mailTo = async (to: string) =>
    (
      await t.call({
        method: 'POST',
        url: '/plaza/v1/mailbox/query',
        auth: site.adminKey,
        payload: { to },
      })
    ).data.messages as Array<{ subject: string; text: string }>;

  it('cancels an order whose e-mail cannot be recorded, and sends the e-mail later', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1, { email: 'late-mail@example.com' });
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    const { id, number } = paid.data.order;

    const send = vi.spyOn(t.platform.mail, 'send').mockRejectedValue(new Error('mailbox unavailable'));
    try {
      const canceled = await t.call({
        method: 'POST',
        url: `/ecom/v1/orders/${id}/cancel`,
        auth: site.adminKey,
        payload: { sendOrderCanceledEmail: true, customMessage: 'Out of clay.' },
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.data.order.status).toBe('CANCELED');
      await t.platform.jobs.runDue();
    } finally {
      send.mockRestore();
    }
    expect((await mailTo('late-mail@example.com')).map((m) => m.subject)).not.toContain(
      `Order #${number} canceled`,
    );
    // Retried after its backoff, once the mailbox takes messages again; sent once.
    t.clock.advance(60_000);
    await t.platform.jobs.runDue();
    t.clock.advance(60_000);
    await t.platform.jobs.runDue();
    const told = (await mailTo('late-mail@example.com')).filter(
      (m) => m.subject === `Order #${number} canceled`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Out of clay.');
  });

  it('answers the checkout it made when the cart cannot be updated after it', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const carts = t.platform.ecom.store.carts;
    const forSite = carts.forSite.bind(carts);
    const broken = vi.spyOn(carts, 'forSite').mockImplementation((siteId, trx) => {
      const store = forSite(siteId, trx);
      return Object.assign(Object.create(store), {
        replace: () => Promise.reject(new Error('disk full')),
      });
    });
    let checkoutId: string;
    try {
      const created = await cart(t, visitor, 'POST', '/create-checkout', {
        email: 'buyer@example.com',
        shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
      });
      expect(created.statusCode, created.body).toBe(200);
      checkoutId = created.data.checkoutId;
    } finally {
      broken.mockRestore();
    }
    const got = await t.call({ method: 'GET', url: `/ecom/v1/checkouts/${checkoutId}`, auth: visitor });
    expect(got.statusCode, got.body).toBe(200);
    // The cart learns its checkout from a job.
    await t.platform.jobs.runDue();
    expect((await cart(t, visitor, 'GET')).data.cart.checkoutId).toBe(checkoutId);
  });
});
