import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, checkoutOf, line, pay, shop, stockOf } from './ecom-fixtures.ts';

/** The oversell race: many buyers pay for the last units at once; stock decides, exactly. */
describe.each(engines)('ecom oversell race (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it('applies every change of one cart made at once, none refused, none lost', async () => {
    const { site, product } = await shop(t, { quantity: 500 });
    const visitor = await site.token('visitor');
    const [seeded] = (await addLines(t, visitor, [line(product.id, 1)])).lineItems;
    const add = () => cart(t, visitor, 'POST', '/add-to-cart', { lineItems: [line(product.id, 2)] });
    const adds = await Promise.all(Array.from({ length: 30 }, add));
    expect(adds.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect((await cart(t, visitor, 'GET')).data.cart.lineItems[0].quantity).toBe(61);

    const setToOne = () =>
      cart(t, visitor, 'POST', '/update-line-items-quantity', {
        lineItems: [{ id: seeded.id, quantity: 1 }],
      });
    const mixed = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? add() : setToOne())));
    expect(mixed.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });

  it('50 concurrent orders for 5 units place exactly 5 orders and leave stock 0', async () => {
    const { site, product } = await shop(t, { quantity: 5 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => site.token('visitor')));
    const checkouts: string[] = [];
    for (const buyer of buyers) checkouts.push(await checkoutOf(t, buyer, product.id, 1));

    const results = await Promise.all(
      buyers.map((buyer, i) =>
        pay(t, buyer, checkouts[i]!, { paymentMethod: 'test', card: CARD_OK }, `race-${i}`),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.data.details.applicationError.code).toBe('INSUFFICIENT_STOCK');
      expect(r.data.details.applicationError.data.items[0].reason).toBe('OUT_OF_STOCK');
    }
    expect(await stockOf(t, site, product.id)).toBe(0);
    const orders = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      auth: site.adminKey,
      payload: {},
    });
    expect(orders.data.metadata.total).toBe(5);
    const numbers = orders.data.orders.map((o: any) => Number(o.number)).sort();
    expect(numbers).toEqual([10001, 10002, 10003, 10004, 10005]);

    const lateBuyer = await site.token('visitor');
    const late = await t.call({
      method: 'POST',
      url: '/ecom/v1/carts/current/add-to-cart',
      auth: lateBuyer,
      payload: {
        lineItems: [
          { catalogReference: { appId: '1380b703-ce81-ff05-f115-39571d94dfcd', catalogItemId: product.id } },
        ],
      },
    });
    expect(late.data.cart.lineItems[0].availability).toEqual({
      status: 'NOT_AVAILABLE',
      quantityAvailable: 0,
    });
  });
});
