import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, line } from './ecom-fixtures.ts';
import { createProduct, fields, R, tShirt, W } from './stores-fixtures.ts';

/**
 * A choice is named by its value first, then by its description: here the value of `Large` ("L") is
 * the description of another choice, which must not be picked for it.
 */
describe.each(engines)('stores choice matching (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let product: { id: string; variants: Array<{ id: string; choices: Record<string, string> }> };
  let large: string;
  let extraLarge: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
    product = await createProduct(
      t,
      site,
      tShirt({
        name: 'Crossed sizes',
        productOptions: [
          {
            optionType: 'drop_down',
            name: 'Size',
            choices: [
              { value: 'XL', description: 'L' },
              { value: 'L', description: 'Large' },
            ],
          },
        ],
      }),
    );
    extraLarge = product.variants.find((v) => v.choices.Size === 'L')!.id;
    large = product.variants.find((v) => v.choices.Size === 'Large')!.id;
    const hide = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}/variants`,
      auth: site.adminKey,
      payload: { id: product.id, variants: [{ variantIds: [large], sku: 'LARGE' }] },
    });
    expect(hide.statusCode, hide.body).toBe(200);
  });
  afterAll(() => t.close());

  const variantsOf = (choices: Record<string, string>) =>
    t.call({
      method: 'POST',
      url: `${R}/products/${product.id}/variants/query`,
      auth: site.adminKey,
      payload: { choices },
    });

  it('queries variants by value before description', async () => {
    const byValue = await variantsOf({ Size: 'L' });
    expect(byValue.data.variants.map((v: any) => v.id)).toEqual([large]);
    expect((await variantsOf({ Size: 'XL' })).data.variants.map((v: any) => v.id)).toEqual([extraLarge]);
    expect((await variantsOf({ Size: 'Large' })).data.variants.map((v: any) => v.id)).toEqual([large]);
  });

  it('updates the variant the value names', async () => {
    const response = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}/variants`,
      auth: site.adminKey,
      payload: { id: product.id, variants: [{ choices: { Size: 'L' }, price: 30 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const prices = Object.fromEntries(
      response.data.variants.map((v: any) => [v.id, v.variant.priceData.price]),
    );
    expect(prices).toEqual({ [large]: 30, [extraLarge]: 19.99 });
  });

  it('puts the variant the value names in the cart', async () => {
    const visitor = await site.token('visitor');
    const cart = await addLines(t, visitor, [line(product.id, 1, { options: { Size: 'L' } })]);
    expect(cart.lineItems[0].physicalProperties.sku).toBe('LARGE');
    expect(cart.lineItems[0].descriptionLines[0].plainText.original).toBe('Large');
  });

  it('answers options availability for the variant the value names, each choice for itself', async () => {
    const visitor = await site.token('visitor');
    const response = await t.call({
      method: 'POST',
      url: `${R}/products/${product.id}/productOptionsAvailability`,
      auth: visitor,
      payload: { options: { Size: 'L' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.selectedVariant).toMatchObject({ id: large, sku: 'LARGE' });

    const hidden = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}/variants`,
      auth: site.adminKey,
      payload: { id: product.id, variants: [{ variantIds: [large], visible: false }] },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const partial = await t.call({
      method: 'POST',
      url: `${R}/products/${product.id}/productOptionsAvailability`,
      auth: visitor,
      payload: { options: {} },
    });
    const sizes = partial.data.productOptions[0].choices.map((c: any) => [c.description, c.visible]);
    expect(sizes).toEqual([
      ['L', true],
      ['Large', false],
    ]);
  });

  it('refuses a variant page past the largest safe offset, as product queries do', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${R}/products/${product.id}/variants/query`,
      auth: site.adminKey,
      payload: { paging: { offset: 1e300 } },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(fields(response)).toEqual(['paging.offset']);
    const largest = await t.call({
      method: 'POST',
      url: `${R}/products/${product.id}/variants/query`,
      auth: site.adminKey,
      payload: { paging: { offset: Number.MAX_SAFE_INTEGER } },
    });
    expect([largest.statusCode, largest.data.variants]).toEqual([200, []]);
  });
});
