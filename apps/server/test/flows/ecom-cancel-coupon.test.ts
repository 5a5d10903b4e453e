import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, checkoutOf, code, line, pay, shop } from './ecom-fixtures.ts';

/** A canceled order gives back the coupon use it took, in the cancel's transaction. */
describe.each(engines)('ecom cancel gives the coupon use back (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 100 }));
  });
  afterAll(() => t.close());

  const uses = async (id: string) =>
    (await t.call({ method: 'GET', url: `/plaza/v1/coupons/${id}`, auth: site.adminKey })).data.coupon
      .numberOfUsages as number;
  const buyWith = async (couponCode: string) => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const applied = await cart(t, visitor, 'PATCH', '', { couponCode });
    expect(applied.statusCode, applied.body).toBe(200);
    return pay(t, visitor, await checkoutOf(t, visitor, mug.id, 1), { paymentMethod: 'test', card: CARD_OK });
  };
  const cancel = (id: string) =>
    t.call({ method: 'POST', url: `/ecom/v1/orders/${id}/cancel`, auth: site.adminKey, payload: {} });

  it('lets a single-use coupon be used again once its order is canceled', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: { coupon: { code: 'ONCE', type: 'PERCENTAGE', percentage: 10, usageLimit: 1 } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const coupon = created.data.coupon;

    const first = await buyWith('ONCE');
    expect(first.statusCode, first.body).toBe(200);
    expect(await uses(coupon.id)).toBe(1);
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    expect(code(await cart(t, visitor, 'PATCH', '', { couponCode: 'ONCE' }))).toBe(
      'ERROR_COUPON_USAGE_EXCEEDED',
    );

    expect((await cancel(first.data.order.id)).statusCode).toBe(200);
    expect(await uses(coupon.id)).toBe(0);
    // Canceled once only: a second cancel is refused and gives nothing back again.
    expect(code(await cancel(first.data.order.id))).toBe('INVALID_ORDER_STATE');
    expect(await uses(coupon.id)).toBe(0);

    const second = await buyWith('ONCE');
    expect(second.statusCode, second.body).toBe(200);
    expect(await uses(coupon.id)).toBe(1);
  });
});
