import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, cart, line, settings, shop } from './ecom-fixtures.ts';
import { W } from './stores-fixtures.ts';

const toCalifornia = {
  shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'San Francisco', postalCode: '94103' },
  selectedShippingOption: { code: 'standard' },
};
const toNewYork = { ...toCalifornia, shippingAddress: { country: 'US', subdivision: 'US-NY' } };

/**
 * Carts are kept as rendered between calls (cart/rendered.ts): every answer must still be the one a
 * fresh render would give, whatever changed since — the cart, its products, the store's rules, or a
 * write by another server process.
 */
describe.each(engines)('kept cart renders (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 10, price: 20 }));
  });
  afterAll(() => t.close());

  const read = async (auth: string) => {
    const response = await cart(t, auth, 'GET');
    expect(response.statusCode, response.body).toBe(200);
    return response.data.cart;
  };
  const estimate = async (auth: string, body: object) => {
    const response = await cart(t, auth, 'POST', '/estimate-totals', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.data;
  };

  it('answers what the catalog and the rules say now, not what they said when the cart was read', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id, 2)]);
    const first = await read(visitor);
    expect(await read(visitor)).toEqual(first);
    expect(first.lineItems[0]).toMatchObject({
      price: { amount: '20.00' },
      lineItemPrice: { amount: '40.00' },
    });

    const patch = await t.call({
      method: 'PATCH',
      url: `${W}/products/${mug.id}`,
      auth: site.adminKey,
      payload: { product: { priceData: { price: 25 } } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const repriced = await read(visitor);
    expect(repriced.lineItems[0]).toMatchObject({
      price: { amount: '25.00' },
      lineItemPrice: { amount: '50.00' },
    });
    expect(repriced.subtotal.amount).toBe('50.00');

    await t.platform.storesCatalog.reserve(site.id, [{ catalogItemId: mug.id, quantity: 9 }]);
    expect((await read(visitor)).lineItems[0].availability).toEqual({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 1,
    });
    await t.platform.storesCatalog.release(site.id, [{ catalogItemId: mug.id, quantity: 9 }]);

    await settings(t, site, { taxIncludedInPrices: true });
    expect((await read(visitor)).taxIncludedInPrices).toBe(true);
    await settings(t, site, { taxIncludedInPrices: false });
    expect((await read(visitor)).taxIncludedInPrices).toBe(false);
  });

  it('never answers a cart that another server process has changed since', async () => {
    const visitor = await site.token('visitor');
    const added = await addLines(t, visitor, [line(mug.id, 1)]);
    expect((await read(visitor)).lineItems[0].quantity).toBe(1);

    // Another process writes the stored cart: the revision moves, this process's kept render does not.
    const db = t.platform.database.db;
    const row = await db
      .selectFrom('ecom_carts')
      .select('doc')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    const stored = typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc;
    stored.lineItems[0].quantity = 7;
    stored.revision = String(Number(stored.revision) + 1);
    const text = JSON.stringify(stored);
    await db
      .updateTable('ecom_carts')
      .set({
        revision: Number(stored.revision),
        doc: engine === 'postgres' ? sql`${text}::jsonb` : text,
      } as never)
      .where('id', '=', added.id)
      .execute();

    const seen = await read(visitor);
    expect(seen.lineItems[0].quantity).toBe(7);
    expect(seen.revision).toBe(stored.revision);
    expect((await estimate(visitor, toCalifornia)).cart.lineItems[0].quantity).toBe(7);
  });

  it('estimates every destination on its own, and afresh once the cart changes', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id, 1)]);
    const california = await estimate(visitor, toCalifornia);
    const newYork = await estimate(visitor, toNewYork);
    expect(california.priceSummary.tax.amount).not.toBe('0.00');
    expect(newYork.priceSummary.tax.amount).toBe('0.00');
    expect(await estimate(visitor, toCalifornia)).toEqual(california);

    const more = await addLines(t, visitor, [line(mug.id, 1)]);
    const again = await estimate(visitor, toCalifornia);
    expect(again.cart.revision).toBe(more.revision);
    expect(again.priceSummary.subtotal.amount).toBe(more.subtotal.amount);
    expect(again.priceSummary.subtotal.amount).not.toBe(california.priceSummary.subtotal.amount);
  });

  it('answers a cart with a coupon as the coupon stands now', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id, 1)]);
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: { coupon: { code: 'KEPT5', type: 'FIXED_AMOUNT', amount: '5.00' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await cart(t, visitor, 'PATCH', '', { couponCode: 'kept5' })).statusCode).toBe(200);
    expect((await estimate(visitor, toCalifornia)).priceSummary.discount.amount).toBe('5.00');

    const disabled = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${created.data.coupon.id}`,
      auth: site.adminKey,
      payload: { coupon: { id: created.data.coupon.id, active: false } },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await read(visitor)).appliedDiscounts).toEqual([]);
    const after = await estimate(visitor, toCalifornia);
    expect(after.priceSummary.discount.amount).toBe('0.00');
    expect(after.violations).toEqual([expect.objectContaining({ severity: 'WARNING' })]);
  });
});
