import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptVisitorCart } from '../../src/domains/ecom/index.ts';
import { STORES_APP_IDS } from '../../src/domains/stores/index.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, cart, line, shop } from './ecom-fixtures.ts';
import { createProduct, tShirt, W } from './stores-fixtures.ts';

/** The current cart of map 9: the caller's own, at every alias, prices re-read from the catalog. */
describe.each(engines)('ecom current cart (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  let shirt: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 10 }));
    shirt = await createProduct(t, site, tShirt({ stock: { trackInventory: true, quantity: 3 } }));
  });
  afterAll(() => t.close());

  it('adds items, merges the same item, and answers every always-present field', async () => {
    const visitor = await site.token('visitor');
    expect((await cart(t, visitor, 'GET')).data.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
    await addLines(t, visitor, [line(mug.id, 2)]);
    const again = await addLines(t, visitor, [
      { catalogReference: { appId: STORES_APP_IDS[1], catalogItemId: mug.id }, quantity: 3 },
      line(shirt.id, 1, { options: { Size: 'Medium', Color: 'Black' } }),
    ]);
    expect(again.lineItems).toHaveLength(2);
    const [first, second] = again.lineItems;
    expect(first).toMatchObject({
      quantity: 5,
      catalogReference: { appId: STORES_APP_IDS[0], catalogItemId: mug.id },
      productName: { original: 'Mug' },
      price: {
        amount: '20.00',
        convertedAmount: '20.00',
        formattedAmount: '$20.00',
        formattedConvertedAmount: '$20.00',
      },
      fullPrice: { amount: '20.00' },
      priceBeforeDiscounts: { amount: '20.00' },
      lineItemPrice: { amount: '100.00', formattedAmount: '$100.00' },
      availability: { status: 'AVAILABLE', quantityAvailable: 10 },
      physicalProperties: { shippable: true, sku: 'MUG', weight: 0.2 },
      itemType: { preset: 'PHYSICAL', custom: '' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      priceDescription: { original: '' },
      customLineItem: false,
      priceUndetermined: false,
      fixedQuantity: false,
      savePaymentMethod: false,
      membersOnly: false,
      taxableAddress: { addressType: 'SHIPPING' },
    });
    expect(second.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'Medium', translated: 'Medium' },
        lineType: 'PLAIN_TEXT',
      },
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Black', translated: 'Black', code: '#000000' },
        lineType: 'COLOR',
      },
    ]);
    expect(again).toMatchObject({
      currency: 'USD',
      conversionCurrency: 'USD',
      paymentCurrency: 'USD',
      weightUnit: 'KG',
      taxIncludedInPrices: false,
      appliedDiscounts: [],
      subtotal: { amount: '119.99', formattedAmount: '$119.99' },
      buyerInfo: { memberId: '', userId: '' },
      revision: '2',
    });
    expect(again.buyerInfo.visitorId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the same variant with other typed options on a line of its own', async () => {
    const visitor = await site.token('visitor');
    const choices = { Size: 'Medium', Color: 'Black' };
    await addLines(t, visitor, [
      line(shirt.id, 1, { options: choices, customTextFields: { Engraving: 'Alice' } }),
    ]);
    const two = await addLines(t, visitor, [
      line(shirt.id, 1, { options: choices, customTextFields: { Engraving: 'Bob' } }),
    ]);
    expect(two.lineItems.map((l: { catalogReference: unknown }) => l.catalogReference)).toEqual([
      expect.objectContaining({ options: { options: choices, customTextFields: { Engraving: 'Alice' } } }),
      expect.objectContaining({ options: { options: choices, customTextFields: { Engraving: 'Bob' } } }),
    ]);
    // The same options in another order, and the variant named by the choices: the first line again.
    const merged = await addLines(t, visitor, [
      line(shirt.id, 1, {
        customTextFields: { Engraving: 'Alice' },
        options: { Color: 'Black', Size: 'Medium' },
      }),
    ]);
    expect(merged.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([2, 1]);
  });

  it('serves the same cart under every alias of map 9', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    for (const base of ['/ecom/v1', '/_api/ecom-cart/v1', '/_api/cart/v1']) {
      const read = await t.call({ method: 'GET', url: `${base}/carts/current`, auth: visitor });
      expect(read.statusCode, base).toBe(200);
      expect(read.data.cart.lineItems).toHaveLength(1);
      const estimate = await t.call({
        method: 'POST',
        url: `${base}/carts/current/estimate-totals`,
        auth: visitor,
        payload: {},
      });
      expect(estimate.statusCode, base).toBe(200);
    }
    const deleted = await t.call({ method: 'DELETE', url: '/_api/cart/v1/carts/current', auth: visitor });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.data).toEqual({});
    expect((await cart(t, visitor, 'GET')).statusCode).toBe(404);
  });

  it('marks unknown catalogs and items NOT_FOUND instead of failing', async () => {
    const visitor = await site.token('visitor');
    const added = await addLines(t, visitor, [
      { catalogReference: { appId: 'no-such-app', catalogItemId: 'x' }, quantity: 1 },
      line('no-such-product'),
      line(mug.id),
    ]);
    expect(added.lineItems.map((l: any) => l.availability.status)).toEqual([
      'NOT_FOUND',
      'NOT_FOUND',
      'AVAILABLE',
    ]);
    expect(added.lineItems[0].price.amount).toBe('0.00');
    expect(added.subtotal.amount).toBe('20.00');
  });

  it("keeps a line's catalog reference only: other keys sent with it are not stored", async () => {
    // Lines of unknown items are kept too: without this, 300 of them could hold a body's worth each.
    const visitor = await site.token('visitor');
    const junk = 'x'.repeat(100_000);
    const added = await addLines(t, visitor, [
      { catalogReference: { appId: STORES_APP_IDS[0], catalogItemId: 'no-such-product', junk }, quantity: 1 },
    ]);
    const patched = await cart(t, visitor, 'PATCH', '', {
      lineItems: [
        { catalogReference: { appId: STORES_APP_IDS[0], catalogItemId: mug.id, junk }, quantity: 1 },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const row = await t.platform.database.db
      .selectFrom('ecom_carts')
      .select('doc')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    const stored = typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc;
    expect(
      stored.lineItems.map((l: { catalogReference: object }) => Object.keys(l.catalogReference)),
    ).toEqual([
      ['appId', 'catalogItemId'],
      ['appId', 'catalogItemId'],
    ]);
    expect(JSON.stringify(stored).length).toBeLessThan(10_000);
  });

  it('re-reads prices and stock from the catalog on every read', async () => {
    const visitor = await site.token('visitor');
    const product = await createProduct(
      t,
      site,
      tShirt({
        name: 'Lamp',
        productOptions: [],
        priceData: { price: 10 },
        stock: { trackInventory: true, quantity: 4 },
      }),
    );
    await addLines(t, visitor, [line(product.id, 3)]);
    const patch = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
      payload: { product: { priceData: { price: 12.5 } } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await t.platform.storesCatalog.reserve(site.id, [{ catalogItemId: product.id, quantity: 2 }]);
    const read = (await cart(t, visitor, 'GET')).data.cart;
    expect(read.lineItems[0]).toMatchObject({
      price: { amount: '12.50' },
      lineItemPrice: { amount: '37.50' },
      availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 2 },
    });
  });

  it('sets quantities within 1..1000 and refuses unknown line ids clearly', async () => {
    const visitor = await site.token('visitor');
    const { lineItems } = await addLines(t, visitor, [line(mug.id, 1)]);
    const id = lineItems[0].id;
    const set = await cart(t, visitor, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id, quantity: 7 }],
    });
    expect(set.data.cart.lineItems[0].quantity).toBe(7);
    const tooMany = await cart(t, visitor, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id, quantity: 1001 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].quantity',
      violatedRule: 'MAX',
    });
    const twice = await cart(t, visitor, 'POST', '/update-line-items-quantity', {
      lineItems: [
        { id, quantity: 5 },
        { id, quantity: 3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.data.details.validationError.fieldViolations[0].field).toBe('lineItems[1].id');
    expect((await cart(t, visitor, 'GET')).data.cart.lineItems[0].quantity).toBe(7);
    const overflow = await cart(t, visitor, 'POST', '/add-to-cart', { lineItems: [line(mug.id, 999)] });
    expect(overflow.statusCode).toBe(400);
    expect(overflow.data.details.validationError.fieldViolations[0].field).toBe('lineItems[0].quantity');
    const unknown = await cart(t, visitor, 'POST', '/remove-line-items', { lineItemIds: [id, 'nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data.details.applicationError).toMatchObject({
      code: 'LINE_ITEM_NOT_FOUND',
      data: { lineItemIds: ['nope'] },
    });
    const removed = await cart(t, visitor, 'POST', '/remove-line-items', { lineItemIds: [id] });
    expect(removed.data.cart.lineItems).toEqual([]);
    expect(removed.data.cart.subtotal.amount).toBe('0.00');
  });

  it('keeps carts apart: a visitor reaches only their own', async () => {
    const a = await site.token('visitor');
    const b = await site.token('visitor');
    const cartA = await addLines(t, a, [line(mug.id, 2)]);
    const cartB = await addLines(t, b, [line(shirt.id, 1, { options: { Size: 'S', Color: 'White' } })]);
    expect(cartA.id).not.toBe(cartB.id);
    expect((await cart(t, a, 'GET')).data.cart.lineItems[0].catalogReference.catalogItemId).toBe(mug.id);
    const sneaky = await cart(t, a, 'POST', '/remove-line-items', { lineItemIds: [cartB.lineItems[0].id] });
    expect(sneaky.statusCode).toBe(404);
    const sneakyQty = await cart(t, a, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: cartB.lineItems[0].id, quantity: 5 }],
    });
    expect(sneakyQty.statusCode).toBe(404);
    await cart(t, a, 'DELETE');
    const stillB = (await cart(t, b, 'GET')).data.cart;
    expect(stillB.lineItems).toHaveLength(1);
    expect(stillB.lineItems[0].quantity).toBe(1);
    const other = await t.createSite();
    expect((await cart(t, await other.token('visitor', stillB.buyerInfo.visitorId), 'GET')).statusCode).toBe(
      404,
    );
  });

  it('keeps the visitor cart for the member who signs in (adopted or merged)', async () => {
    const visitorId = crypto.randomUUID();
    const memberId = crypto.randomUUID();
    const visitor = await site.token('visitor', visitorId);
    await addLines(t, visitor, [line(mug.id, 2)]);
    await adoptVisitorCart(t.platform.ecom, site.id, visitorId, memberId);
    const member = await site.token('member', memberId);
    const adopted = (await cart(t, member, 'GET')).data.cart;
    expect(adopted.lineItems[0].quantity).toBe(2);
    expect(adopted.buyerInfo).toMatchObject({ memberId, visitorId: '' });
    expect((await cart(t, visitor, 'GET')).statusCode).toBe(404);

    const laterVisitorId = crypto.randomUUID();
    const later = await site.token('visitor', laterVisitorId);
    await addLines(t, later, [
      line(mug.id, 1),
      line(shirt.id, 1, { options: { Size: 'L', Color: 'Black' } }),
    ]);
    await adoptVisitorCart(t.platform.ecom, site.id, laterVisitorId, memberId);
    const merged = (await cart(t, member, 'GET')).data.cart;
    expect(merged.id).toBe(adopted.id);
    expect(merged.lineItems.map((l: any) => l.quantity)).toEqual([3, 1]);
    expect((await cart(t, later, 'GET')).statusCode).toBe(404);
    await adoptVisitorCart(t.platform.ecom, site.id, crypto.randomUUID(), memberId);
  });
});
