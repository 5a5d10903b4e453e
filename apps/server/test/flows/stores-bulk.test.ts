import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, fields, R, tShirt, W } from './stores-fixtures.ts';

/** Bulk changes are exact to the cent: integer minor units, one rounding, half away from zero. */
describe.each(engines)('stores bulk updates (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  const get = async (id: string) =>
    (
      await t.call({
        method: 'GET',
        url: `${R}/products/${id}?includeMerchantSpecificData=true`,
        auth: site.adminKey,
      })
    ).data.product;
  const adjust = (ids: string[], adjustment: object) =>
    t.call({
      method: 'POST',
      url: `${W}/bulk/products/adjust-properties`,
      auth: site.adminKey,
      payload: { ids, adjust: adjustment },
    });

  it('sets price, cost, weight, ribbon and brand, reporting per product', async () => {
    const a = await createProduct(t, site, tShirt({ name: 'Bulk A' }));
    const b = await createProduct(t, site, tShirt({ name: 'Bulk B' }));
    const response = await t.call({
      method: 'POST',
      url: '/_api/catalog-server/v1/bulk/products/update',
      auth: site.adminKey,
      payload: { ids: [a.id, 'missing', b.id], set: { price: 0.3, cost: 0.1, weight: 1.25, ribbon: 'Sale' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(response.data.results[1].itemMetadata).toMatchObject({
      id: 'missing',
      originalIndex: 1,
      success: false,
      error: { code: 'PRODUCT_NOT_FOUND' },
    });
    const product = await get(b.id);
    expect(product).toMatchObject({
      priceData: { price: 0.3 },
      weight: 1.25,
      ribbon: 'Sale',
      costAndProfitData: { itemCost: 0.1, profit: 0.2 },
    });
  });

  it('adjusts by percentage and amount exactly to the cent', async () => {
    const p = await createProduct(
      t,
      site,
      tShirt({
        name: 'Exact',
        priceData: { price: 19.99 },
        costAndProfitData: { itemCost: 0.1 },
        weight: 0.1,
      }),
    );
    expect((await adjust([p.id], { price: { percentage: { rate: 10 } } })).statusCode).toBe(200);
    expect((await get(p.id)).priceData.price).toBe(21.99); // 19.99 × 1.1 = 21.989
    await adjust([p.id], { price: { percentage: { rate: -15 } } });
    expect((await get(p.id)).priceData.price).toBe(18.69); // 21.99 × 0.85 = 18.6915
    await adjust([p.id], { price: { amount: 0.01 }, cost: { amount: 0.2 }, weight: { amount: 0.2 } });
    const after = await get(p.id);
    expect(after.priceData.price).toBe(18.7);
    expect(after.costAndProfitData.itemCost).toBe(0.3); // 0.1 + 0.2, not 0.30000000000000004
    expect(after.weight).toBe(0.3);
    await adjust([p.id], { price: { percentage: { rate: 10, roundToInt: true } } });
    expect((await get(p.id)).priceData.price).toBe(21); // 20.57 → 21
  });

  it('rounds the new price once: a cut and a rise of an exact half cent both round away from zero', async () => {
    const cheap = await createProduct(t, site, tShirt({ name: 'Quarter', priceData: { price: 0.25 } }));
    const odd = await createProduct(t, site, tShirt({ name: 'Odd', priceData: { price: 10.05 } }));
    await adjust([cheap.id, odd.id], { price: { percentage: { rate: -10 } } });
    expect((await get(cheap.id)).priceData.price).toBe(0.23); // 0.225
    expect((await get(odd.id)).priceData.price).toBe(9.05); // 9.045
    await adjust([odd.id], { price: { percentage: { rate: 22.2222 } } });
    expect((await get(odd.id)).priceData.price).toBe(11.06); // 9.05 × 1.222222 = 11.0611…
  });

  it('moves variant prices with the product and refuses negative results per item', async () => {
    const p = await createProduct(t, site, tShirt({ name: 'Managed', priceData: { price: 10 } }));
    await t.call({
      method: 'PATCH',
      url: `${W}/products/${p.id}/variants`,
      auth: site.adminKey,
      payload: { variants: [{ choices: { Size: 'Large' }, price: 12.5 }] },
    });
    await adjust([p.id], { price: { percentage: { rate: 20 } } });
    expect((await get(p.id)).priceRange).toEqual({ minValue: 12, maxValue: 15 });
    const negative = await adjust([p.id], { price: { amount: -100 } });
    expect(negative.data.results[0].itemMetadata).toMatchObject({
      success: false,
      error: { code: 'INVALID_ADJUSTMENT' },
    });
    expect((await get(p.id)).priceData.price).toBe(12);
  });

  it('refuses malformed bulk requests', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${W}/bulk/products/update`,
      auth: site.adminKey,
      payload: { ids: [], set: { price: 'free' } },
    });
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual(['ids', 'set.price']);

    // Weights are kept in thousandths: a finer one is refused before any product changes.
    const p = await createProduct(t, site, tShirt({ name: 'Fine', weight: 0.5 }));
    const fine = await t.call({
      method: 'POST',
      url: `${W}/bulk/products/update`,
      auth: site.adminKey,
      payload: { ids: [p.id], set: { weight: 0.0025 } },
    });
    expect([fine.statusCode, fields(fine)]).toEqual([400, ['set.weight']]);
    expect((await adjust([p.id], { weight: { amount: 1.0005 } })).statusCode).toBe(400);
    expect((await get(p.id)).weight).toBe(0.5);
  });
});
