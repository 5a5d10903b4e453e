import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, cart, line, settings, shopSettings } from './ecom-fixtures.ts';
import { createProduct, fields, R, tShirt, W } from './stores-fixtures.ts';

/**
 * Money and weights stay within what a product write allows, whichever call changes them, and a
 * cart's amounts stay within the integers they are computed exactly in.
 */
describe.each(engines)('stores money limits (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
    await settings(t, site, shopSettings);
  });
  afterAll(() => t.close());

  const read = async (id: string) =>
    (
      await t.call({
        method: 'GET',
        url: `${R}/products/${id}?includeMerchantSpecificData=true`,
        auth: site.adminKey,
      })
    ).data.product;
  const bulk = (path: 'update' | 'adjust-properties', payload: object) =>
    t.call({ method: 'POST', url: `${W}/bulk/products/${path}`, auth: site.adminKey, payload });
  const simple = (overrides: Record<string, unknown>) =>
    createProduct(t, site, tShirt({ productOptions: [], ...overrides }));
  const violations = (response: { data: any }) => response.data.details.validationError.fieldViolations;

  it('refuses a bulk adjustment past the maximum a product write allows, leaving the product as it was', async () => {
    const p = await simple({
      name: 'At the maximum',
      priceData: { price: 1e12 },
      weight: 1e9,
      costAndProfitData: { itemCost: 1e12 },
    });
    const before = await read(p.id);
    for (const adjust of [
      { price: { percentage: { rate: 10_000 } } },
      { weight: { amount: 0.001 } },
      { cost: { amount: 0.01 } },
    ]) {
      const response = await bulk('adjust-properties', { ids: [p.id], adjust });
      expect(response.statusCode, response.body).toBe(200);
      const property = Object.keys(adjust)[0];
      expect(response.data.results[0].itemMetadata).toMatchObject({
        id: p.id,
        success: false,
        error: {
          code: 'INVALID_ADJUSTMENT',
          data: { property, field: `adjust.${property}`, violatedRule: 'MAX' },
        },
      });
      expect(response.data.bulkActionMetadata).toMatchObject({ totalSuccesses: 0, totalFailures: 1 });
    }
    // Price within bounds, weight past them: neither is written.
    const mixed = await bulk('adjust-properties', {
      ids: [p.id],
      adjust: { price: { amount: -1 }, weight: { percentage: { rate: 1 } } },
    });
    expect(mixed.data.results[0].itemMetadata.error.data).toMatchObject({ maximum: 1e9 });
    expect(await read(p.id)).toEqual(before);
  });

  it('refuses a variant price pushed past the maximum even when the product price stays within it', async () => {
    const p = await createProduct(t, site, tShirt({ name: 'Variant max', priceData: { price: 10 } }));
    const variants = await t.call({
      method: 'PATCH',
      url: `${W}/products/${p.id}/variants`,
      auth: site.adminKey,
      payload: { variants: [{ choices: { Size: 'Large' }, price: 1e12 }] },
    });
    expect(variants.statusCode, variants.body).toBe(200);
    const response = await bulk('adjust-properties', { ids: [p.id], adjust: { price: { amount: 1 } } });
    expect(response.data.results[0].itemMetadata).toMatchObject({
      success: false,
      error: { code: 'INVALID_ADJUSTMENT', data: { field: 'adjust.price', maximum: 1e12 } },
    });
    expect((await read(p.id)).priceData.price).toBe(10);
  });

  it('refuses bulk requests that change nothing or mix an amount and a percentage', async () => {
    const p = await simple({ name: 'No-op', priceData: { price: 10 } });
    const before = await read(p.id);
    const cases: Array<['update' | 'adjust-properties', object, string]> = [
      ['update', { set: {} }, 'set'],
      ['adjust-properties', { adjust: {} }, 'adjust'],
      ['adjust-properties', { adjust: { price: {} } }, 'adjust.price'],
      ['adjust-properties', { adjust: { price: { amount: 1, percentage: { rate: 10 } } } }, 'adjust.price'],
      ['adjust-properties', { adjust: { price: { amount: 1 }, weight: {} } }, 'adjust.weight'],
    ];
    for (const [path, body, field] of cases) {
      const response = await bulk(path, { ids: [p.id], ...body });
      expect([response.statusCode, fields(response)], response.body).toEqual([400, [field]]);
      expect(response.data.message).toContain(field);
    }
    expect(await read(p.id)).toEqual(before);
  });

  it('refuses an amount discount above the price, the product’s or a variant’s', async () => {
    const create = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: {
        product: { name: 'Free?', priceData: { price: 10 }, discount: { type: 'AMOUNT', value: 50 } },
      },
    });
    expect(create.statusCode).toBe(400);
    expect(violations(create)).toMatchObject([{ field: 'product.discount.value', violatedRule: 'MAX' }]);

    const p = await createProduct(t, site, tShirt({ name: 'Discounted', priceData: { price: 10 } }));
    const patch = (product: object) =>
      t.call({ method: 'PATCH', url: `${W}/products/${p.id}`, auth: site.adminKey, payload: { product } });
    expect(fields(await patch({ discount: { type: 'AMOUNT', value: 1e308 } }))).toEqual([
      'product.discount.value',
    ]);
    expect((await patch({ discount: { type: 'AMOUNT', value: 10 } })).statusCode).toBe(200);
    // A price lowered below the discount it carries.
    expect(fields(await patch({ priceData: { price: 9 } }))).toEqual(['product.priceData.price']);
    // A variant with a lower price of its own.
    const variant = await t.call({
      method: 'PATCH',
      url: `${W}/products/${p.id}/variants`,
      auth: site.adminKey,
      payload: { variants: [{ choices: { Size: 'Small' }, price: 5 }] },
    });
    expect([variant.statusCode, fields(variant)]).toEqual([400, ['variants[0].price']]);
    // Bulk: a price set or adjusted below the discount fails that product, which stays as it was.
    const set = await bulk('update', { ids: [p.id], set: { price: 4 } });
    const cut = await bulk('adjust-properties', {
      ids: [p.id],
      adjust: { price: { percentage: { rate: -50 } } },
    });
    for (const [response, field] of [
      [set, 'set.price'],
      [cut, 'adjust.price'],
    ] as const)
      expect(response.data.results[0].itemMetadata).toMatchObject({
        success: false,
        error: { code: 'INVALID_ADJUSTMENT', data: { field } },
      });
    expect((await read(p.id)).priceData).toMatchObject({ price: 10, discountedPrice: 0 });
  });

  it('refuses a cart whose amounts would pass the safe integer range of minor units', async () => {
    const p = await simple({ name: 'Dear', productType: 'digital', priceData: { price: 999999999999.99 } });
    const visitor = await site.token('visitor');
    const tooMany = await cart(t, visitor, 'POST', '/add-to-cart', { lineItems: [line(p.id, 1000)] });
    expect([tooMany.statusCode, fields(tooMany)], tooMany.body).toEqual([400, ['lineItems']]);
    expect(tooMany.data.message).toContain('90071992547409.91');
    expect((await cart(t, visitor, 'GET')).statusCode).toBe(404); // nothing was saved

    const added = await addLines(t, visitor, [line(p.id, 9)]);
    expect(added.subtotal.amount).toBe('8999999999999.91');
    const raise = await cart(t, visitor, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: added.lineItems[0].id, quantity: 1000 }],
    });
    expect([raise.statusCode, fields(raise)]).toEqual([400, ['lineItems']]);

    // A price raised since the line was added: estimates and checkouts refuse, never drift; the cart
    // itself is shown, with the lines to remove.
    const more = await addLines(t, visitor, [line(p.id, 81)]);
    expect(more.subtotal.amount).toBe('89999999999999.10'); // 90 units: still exact
    const second = await simple({ name: 'Dearer', productType: 'digital', priceData: { price: 1 } });
    const added2 = await addLines(t, visitor, [line(second.id, 1000)]);
    await bulk('update', { ids: [second.id], set: { price: 1e12 } });
    const view = await cart(t, visitor, 'GET');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.data.cart.lineItems).toHaveLength(2);
    const estimate = await cart(t, visitor, 'POST', '/estimate-totals', {
      billingAddress: { country: 'US' },
    });
    expect(estimate.statusCode).toBe(409);
    const checkout = await cart(t, visitor, 'POST', '/create-checkout', { email: 'big@example.com' });
    expect(checkout.statusCode).toBe(409);
    const removed = await cart(t, visitor, 'POST', '/remove-line-items', {
      lineItemIds: [added2.lineItems[1].id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const fine = await cart(t, visitor, 'POST', '/estimate-totals', { billingAddress: { country: 'US' } });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
