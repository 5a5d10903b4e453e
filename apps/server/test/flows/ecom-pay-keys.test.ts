import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, checkoutOf, code, line, pay, shop, stockOf } from './ecom-fixtures.ts';

/**
 * A pay's idempotency key: retries of one request place one order; a key answers only its request,
 * and only outcomes reached once the provider was asked are kept. (Races between keys, and stale keys:
 * ecom-pay-races.test.ts.)
 */
describe.each(engines)('pay idempotency keys (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 20 }));
  });
  afterAll(() => t.close());

  it('makes concurrent retries of one key place one order', async () => {
    const visitor = await site.token('visitor');
    const before = await stockOf(t, site, mug.id);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'same-key'),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.data.order.id)).size).toBe(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(code(r)).toBe('PAYMENT_IN_PROGRESS');
    expect(await stockOf(t, site, mug.id)).toBe(before - 1);
  });

  it('keeps no outcome for a key refused before the provider: fixed, the same key pays', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const made = await cart(t, visitor, 'POST', '/create-checkout', {});
    const checkoutId = made.data.checkoutId as string;
    const body = { paymentMethod: 'offline' };
    const incomplete = await pay(t, visitor, checkoutId, body, 'fix-then-pay');
    expect([incomplete.statusCode, code(incomplete)]).toEqual([400, 'CHECKOUT_INCOMPLETE']);
    const fixed = await t.call({
      method: 'PATCH',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      auth: visitor,
      payload: {
        checkout: {
          buyerInfo: { email: 'late@example.com' },
          shippingInfo: {
            shippingDestination: { address: { country: 'US', subdivision: 'US-CA', city: 'LA' } },
          },
        },
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const paid = await pay(t, visitor, checkoutId, body, 'fix-then-pay');
    expect(paid.statusCode, paid.body).toBe(200);
    // From then on the key answers that order, and only to that request.
    const again = await pay(t, visitor, checkoutId, body, 'fix-then-pay');
    expect(again.data.order.id).toBe(paid.data.order.id);
    const byCard = await pay(
      t,
      visitor,
      checkoutId,
      { paymentMethod: 'test', card: CARD_OK },
      'fix-then-pay',
    );
    expect([byCard.statusCode, code(byCard)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });
});
