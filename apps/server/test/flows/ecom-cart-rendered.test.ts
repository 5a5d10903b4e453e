import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLine } from '../../src/domains/ecom/cart/lines.ts';
import { cartContext, type StoredCart } from '../../src/domains/ecom/cart/state.ts';
import { newId } from '../../src/lib/ids.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, cart, line, settings, shop, shopSettings } from './ecom-fixtures.ts';
import { createProduct, tShirt, W } from './stores-fixtures.ts';

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

  /**
   * What another server process does to a stored cart: the row changes (and its revision moves),
   * while this process's kept render stays as it was. Answers the cart as now stored.
   */
  async function changeElsewhere(cartId: string, change: (stored: Record<string, any>) => void) {
    const db = t.platform.database.db;
    const row = await db
      .selectFrom('ecom_carts')
      .select('doc')
      .where('id', '=', cartId)
      .executeTakeFirstOrThrow();
    const stored = typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc;
    change(stored);
    stored.revision = String(Number(stored.revision) + 1);
    const text = JSON.stringify(stored);
    await db
      .updateTable('ecom_carts')
      .set({
        revision: Number(stored.revision),
        owner_key: stored.ownerKey,
        doc: engine === 'postgres' ? sql`${text}::jsonb` : text,
      } as never)
      .where('id', '=', cartId)
      .execute();
    return stored;
  }

  it('never answers a cart that another server process has changed since', async () => {
    const visitor = await site.token('visitor');
    const added = await addLines(t, visitor, [line(mug.id, 1)]);
    expect((await read(visitor)).lineItems[0].quantity).toBe(1);

    const stored = await changeElsewhere(added.id, (cart) => {
      cart.lineItems[0].quantity = 7;
    });

    const seen = await read(visitor);
    expect(seen.lineItems[0].quantity).toBe(7);
    expect(seen.revision).toBe(stored.revision);
    expect((await estimate(visitor, toCalifornia)).cart.lineItems[0].quantity).toBe(7);
  });

  it('changes the stored cart, not the rendered copy, when another process changed it since', async () => {
    const visitor = await site.token('visitor');
    const added = await addLines(t, visitor, [line(mug.id, 1)]);
    const stored = await changeElsewhere(added.id, (cart) => {
      cart.lineItems[0].quantity = 7;
    });

    const more = await addLines(t, visitor, [line(mug.id, 1)]);
    expect(more.id).toBe(added.id);
    expect(more.lineItems[0].quantity).toBe(8);
    expect(more.revision).toBe(String(Number(stored.revision) + 1));
  });

  it('keeps the rendered copy as it was when a change of it is refused midway', async () => {
    const visitor = await site.token('visitor');
    const plate = await createProduct(
      t,
      site,
      tShirt({ name: 'Plate', productOptions: [], priceData: { price: 1 } }),
    );
    await addLines(t, visitor, [line(mug.id, 2), line(plate.id, 999)]);
    // The mugs are added, then the plates pass the limit of a line: nothing of it stays.
    const refused = await cart(t, visitor, 'POST', '/add-to-cart', {
      lineItems: [line(mug.id, 1), line(plate.id, 5)],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const noted = await cart(t, visitor, 'PATCH', '', { cartInfo: { buyerNote: 'Gift' } });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.data.cart.lineItems.map((l: any) => l.quantity)).toEqual([2, 999]);
  });

  it('judges a change by the stored cart: a stale rendered copy near a limit refuses nothing', async () => {
    const visitor = await site.token('visitor');
    const added = await addLines(t, visitor, [line(mug.id, 999)]);
    await changeElsewhere(added.id, (cart) => {
      cart.lineItems[0].quantity = 1;
    });

    const more = await addLines(t, visitor, [line(mug.id, 5)]);
    expect(more.lineItems[0].quantity).toBe(6);
    const refused = await cart(t, visitor, 'POST', '/add-to-cart', { lineItems: [line(mug.id, 995)] });
    expect(refused.statusCode, refused.body).toBe(400);
  });

  it('starts a new cart when the one rendered was deleted or handed to a member elsewhere', async () => {
    const visitor = await site.token('visitor');
    const added = await addLines(t, visitor, [line(mug.id, 2)]);
    await t.platform.database.db.deleteFrom('ecom_carts').where('id', '=', added.id).execute();
    const update = await cart(t, visitor, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: added.lineItems[0].id, quantity: 4 }],
    });
    expect(update.statusCode, update.body).toBe(404);
    const fresh = await addLines(t, visitor, [line(mug.id, 1)]);
    expect(fresh.id).not.toBe(added.id);
    expect(fresh.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([1]);

    const member = await changeElsewhere(fresh.id, (cart) => {
      cart.ownerKey = 'member:someone-else';
    });
    const another = await addLines(t, visitor, [line(mug.id, 1)]);
    expect(another.id).not.toBe(fresh.id);
    const kept = await t.platform.database.db
      .selectFrom('ecom_carts')
      .select('revision')
      .where('id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(String(kept.revision)).toBe(member.revision);
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

  it('keeps estimates of usual requests only: an address padded with other keys is estimated each time', async () => {
    // Addresses are open objects: a kept request of a body's size, 8 per cart, for every cart kept.
    const visitorId = newId();
    const visitor = await site.token('visitor', visitorId);
    const added = await addLines(t, visitor, [line(mug.id, 1)]);
    const usual = await estimate(visitor, toCalifornia);
    for (let i = 0; i < 8; i++) {
      const padded = await estimate(visitor, {
        ...toCalifornia,
        shippingAddress: { ...toCalifornia.shippingAddress, [`note${i}`]: 'x'.repeat(100_000) },
      });
      expect(padded.priceSummary).toEqual(usual.priceSummary);
    }
    const kept = await t.platform.ecom.rendered.current(
      t.platform.ecom,
      site.id,
      `visitor:${visitorId}`,
      added.id,
      added.revision,
    );
    const keys = [...(kept?.estimates?.keys() ?? [])];
    expect(keys.length).toBe(1);
    expect(keys.reduce((sum, key) => sum + key.length, 0)).toBeLessThan(10_000);
    expect(await estimate(visitor, toCalifornia)).toEqual(usual);
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

  it('answers each line as renderLine renders it, carts sharing an item or not', async () => {
    const product = (name: string) =>
      createProduct(
        t,
        site,
        tShirt({ name, productOptions: [], stock: { trackInventory: true, quantity: 3 } }),
      );
    const kept = await product('Kept');
    const gone = await product('Old name');
    const [first, second] = [await site.token('visitor'), await site.token('visitor')];
    await addLines(t, first, [line(kept.id, 2), line(gone.id, 1)]);
    const renamed = await t.call({
      method: 'PATCH',
      url: `${W}/products/${gone.id}`,
      auth: site.adminKey,
      payload: { product: { name: 'New name' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await addLines(t, second, [line(kept.id, 3), line(gone.id, 1)]);
    const removed = await t.call({ method: 'DELETE', url: `${W}/products/${gone.id}`, auth: site.adminKey });
    expect(removed.statusCode, removed.body).toBe(200);

    for (const visitor of [first, second]) {
      const answered = await read(visitor);
      const stored = await t.platform.ecom.store.carts.forSite(site.id).require<StoredCart>(answered.id);
      const context = await cartContext(t.platform.ecom, site.id, stored);
      expect(answered.lineItems).toEqual(
        context.lines.map((snapshot) => JSON.parse(JSON.stringify(renderLine(snapshot, context.rules)))),
      );
    }
    const [one, other] = [await read(first), await read(second)];
    expect(one.lineItems.map((l: { availability: unknown }) => l.availability)).toEqual([
      { status: 'AVAILABLE', quantityAvailable: 3 },
      { status: 'NOT_FOUND' },
    ]);
    expect([one.lineItems[0].lineItemPrice.amount, other.lineItems[0].lineItemPrice.amount]).toEqual([
      '39.98',
      '59.97',
    ]);
    expect(one.lineItems[1].productName.original).toBe('Old name');
    expect(other.lineItems[1].productName.original).toBe('New name');

    await settings(t, site, { payments: { test: false, offline: true } });
    expect((await read(first)).lineItems[0].paymentOption).toBe('FULL_PAYMENT_OFFLINE');
    await settings(t, site, shopSettings);
    expect((await read(first)).lineItems[0].paymentOption).toBe('FULL_PAYMENT_ONLINE');
  });
});
