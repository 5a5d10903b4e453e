import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { checkoutOf, pay, shop } from './ecom-fixtures.ts';

/** Amount filters with operands longer than PostgreSQL's numeric holds: answered, alike on both engines. */
describe.each(engines)('ecom amount filters past numeric (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const { site: made, product } = await shop(t);
    site = made;
    const visitor = await site.token('visitor');
    const paid = await pay(t, visitor, await checkoutOf(t, visitor, product.id), {
      paymentMethod: 'offline',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const coupon = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: { coupon: { code: 'FIVE', type: 'FIXED_AMOUNT', amount: '5.00' } },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
  });
  afterAll(() => t.close());

  const huge = `1${'0'.repeat(140_000)}`;
  const finer = `26.${'0'.repeat(20_000)}1`;

  it('filters orders by total', async () => {
    const total = async (filter: object) => {
      const response = await t.call({
        method: 'POST',
        url: '/ecom/v1/orders/search',
        auth: site.adminKey,
        payload: { search: { filter } },
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return response.data.metadata.total as number;
    };
    // The order's total is 26.45 (20 + 7.25 % + 5 shipping).
    expect(await total({ 'priceSummary.total.amount': { $lt: huge } })).toBe(1);
    expect(await total({ 'priceSummary.total.amount': { $gte: huge } })).toBe(0);
    expect(await total({ 'priceSummary.total.amount': { $gt: finer } })).toBe(1);
    expect(await total({ 'priceSummary.total.amount': { $lte: finer } })).toBe(0);
  });

  it('filters coupons by amount', async () => {
    const count = async (filter: object) => {
      const response = await t.call({
        method: 'POST',
        url: '/plaza/v1/coupons/query',
        auth: site.adminKey,
        payload: { query: { filter } },
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return response.data.coupons.length as number;
    };
    expect(await count({ amount: { $lte: huge } })).toBe(1);
    expect(await count({ amount: { $gt: `4.${'9'.repeat(20_000)}` } })).toBe(1);
    expect(await count({ amount: { $lt: `5.${'0'.repeat(20_000)}1` } })).toBe(1);
  });
});
