import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, fields, tShirt, W } from './stores-fixtures.ts';

/** How a product's prices are derived: discounts, and prices per unit of measure. */
describe.each(engines)('stores product pricing (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
  });
  afterAll(() => t.close());

  it('rounds a percentage discount once, on the discounted price', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Quarter off', priceData: { price: 0.25 }, discount: { type: 'PERCENT', value: 10 } }),
    );
    expect(product.priceData).toMatchObject({ price: 0.25, discountedPrice: 0.23 }); // 0.225
  });

  it('prices per unit across units of the same kind and refuses units of different kinds', async () => {
    const coffee = await createProduct(
      t,
      site,
      tShirt({
        name: 'Coffee beans',
        productOptions: [],
        priceData: { price: 7.5 },
        pricePerUnitData: {
          totalQuantity: 500,
          totalMeasurementUnit: 'G',
          baseQuantity: 1,
          baseMeasurementUnit: 'KG',
        },
      }),
    );
    expect(coffee.priceData).toMatchObject({ pricePerUnit: 15, formatted: { pricePerUnit: '$15.00' } });
    const juice = await createProduct(
      t,
      site,
      tShirt({
        name: 'Juice',
        productOptions: [],
        priceData: { price: 3 },
        pricePerUnitData: {
          totalQuantity: 1,
          totalMeasurementUnit: 'GAL',
          baseQuantity: 1,
          baseMeasurementUnit: 'L',
        },
      }),
    );
    expect(juice.priceData.pricePerUnit).toBe(0.79); // 3 / 3.785411784
    const mixed = await t.call({
      method: 'PATCH',
      url: `${W}/products/${coffee.id}`,
      auth: site.adminKey,
      payload: {
        product: {
          pricePerUnitData: {
            totalQuantity: 500,
            totalMeasurementUnit: 'ML',
            baseQuantity: 1,
            baseMeasurementUnit: 'KG',
          },
        },
      },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'product.pricePerUnitData.baseMeasurementUnit',
      description: 'KG measures mass and ML volume: both units must measure the same thing',
    });

    // Every product sends pricePerUnitData (map 14, always present): zeros when it has none.
    const none = {
      totalQuantity: 0,
      totalMeasurementUnit: 'UNSPECIFIED',
      baseQuantity: 0,
      baseMeasurementUnit: 'UNSPECIFIED',
    };
    const patch = (pricePerUnitData: object) =>
      t.call({
        method: 'PATCH',
        url: `${W}/products/${coffee.id}`,
        auth: site.adminKey,
        payload: { product: { pricePerUnitData } },
      });
    const half = await patch({ ...none, totalQuantity: 500 });
    expect(half.statusCode).toBe(400);
    expect(fields(half)).toEqual(['product.pricePerUnitData.baseQuantity']);
    const tiny = await patch({ ...none, totalQuantity: 5e-324, baseQuantity: 1 });
    expect([tiny.statusCode, fields(tiny)]).toEqual([400, ['product.pricePerUnitData.totalQuantity']]);
    // An UNSPECIFIED unit on either side: the quantities are compared as they are.
    const loose = await patch({ ...none, totalQuantity: 500, baseQuantity: 1, baseMeasurementUnit: 'KG' });
    expect(loose.data.product.priceData.pricePerUnit).toBe(0.02); // 7.50 / 500
    const cleared = await patch(none);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.data.product.pricePerUnitData).toEqual(none);
    expect(cleared.data.product.priceData.pricePerUnit).toBeUndefined();
  });
});
