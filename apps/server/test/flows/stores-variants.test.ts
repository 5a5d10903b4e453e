import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, fields, R, tShirt, W } from './stores-fixtures.ts';

describe.each(engines)('stores variants and options (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  const patchVariants = (id: string, variants: object[]) =>
    t.call({
      method: 'PATCH',
      url: `${W}/products/${id}/variants`,
      auth: site.adminKey,
      payload: { id, variants },
    });

  it('updates variants by choices or ids and resets them', async () => {
    const product = await createProduct(t, site);
    const response = await patchVariants(product.id, [
      { choices: { Size: 'Large' }, price: 24.99, cost: 9, weight: 0.3, sku: 'TS-L' },
      { variantIds: [product.variants[0].id], visible: false },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const large = response.data.variants.filter((v: any) => v.choices.Size === 'Large');
    expect(large).toHaveLength(2);
    expect(large[0].variant).toMatchObject({
      priceData: { price: 24.99, formatted: { price: '$24.99' } },
      weight: 0.3,
      sku: 'TS-L',
    });
    expect(large[0].variant.costAndProfitData).toMatchObject({ itemCost: 9, profit: 15.99 });
    expect(response.data.variants[0].variant.visible).toBe(false);

    const after = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(after.data.product).toMatchObject({
      manageVariants: true,
      priceRange: { minValue: 19.99, maxValue: 24.99 },
      weightRange: { minValue: 0.2, maxValue: 0.3 },
    });

    const unknown = await patchVariants(product.id, [{ choices: { Size: 'Huge' }, price: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(fields(unknown)).toEqual(['variants[0].choices.Size']);

    const reset = await t.call({
      method: 'POST',
      url: `${W}/products/${product.id}/variants/resetToDefault`,
      auth: site.adminKey,
      payload: { id: product.id },
    });
    expect([reset.statusCode, reset.data]).toEqual([200, {}]);
    const clean = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(clean.data.product.priceRange).toEqual({ minValue: 19.99, maxValue: 19.99 });
    expect(clean.data.product.variants.every((v: any) => v.variant.visible && v.variant.sku === 'TS-1')).toBe(
      true,
    );
  });

  it('keeps product and package dimensions on the product and per variant', async () => {
    const box = { length: '30', width: '20.5', height: '4', unit: 'CM' };
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Boxed', productDimensions: { length: '25', width: '18', height: '1', unit: 'CM' } }),
    );
    expect(product.productDimensions).toEqual({ length: '25', width: '18', height: '1', unit: 'CM' });
    expect(product.packageDimensions).toEqual({ unit: 'UNKNOWN_DIMENSIONS_UNIT' });
    expect(product.variants[0].variant.productDimensions).toEqual(product.productDimensions);

    const large = await patchVariants(product.id, [
      { choices: { Size: 'Large' }, packageDimensions: box, productDimensions: { length: '28' } },
    ]);
    expect(large.statusCode, large.body).toBe(200);
    const [big] = large.data.variants.filter((v: any) => v.choices.Size === 'Large');
    expect(big.variant.packageDimensions).toEqual(box);
    expect(big.variant.productDimensions).toEqual({ length: '28', unit: 'UNKNOWN_DIMENSIONS_UNIT' });

    const available = await t.call({
      method: 'POST',
      url: `${R}/products/${product.id}/productOptionsAvailability`,
      auth: await site.token('visitor'),
      payload: { options: { Size: 'Large', Color: 'White' } },
    });
    expect(available.data.selectedVariant).toMatchObject({ packageDimensions: box });

    const bad = await patchVariants(product.id, [{ productDimensions: { length: '1e3', unit: 'MILE' } }]);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual([
      'variants[0].productDimensions.length',
      'variants[0].productDimensions.unit',
    ]);
    const fine = await patchVariants(product.id, [{ choices: { Size: 'Large' }, weight: 0.0001 }]);
    expect([fine.statusCode, fields(fine)]).toEqual([400, ['variants[0].weight']]);

    await t.call({
      method: 'POST',
      url: `${W}/products/${product.id}/variants/resetToDefault`,
      auth: site.adminKey,
      payload: { id: product.id },
    });
    const reset = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(reset.data.product.variants.map((v: any) => v.variant.packageDimensions.unit)).toEqual(
      Array(6).fill('UNKNOWN_DIMENSIONS_UNIT'),
    );
  });

  it('queries the variants of a product, hiding invisible ones and cost from visitors', async () => {
    const product = await createProduct(t, site, tShirt({ name: 'Queried' }));
    await patchVariants(product.id, [{ choices: { Color: 'White', Size: 'Small' }, visible: false }]);
    const visitor = await site.token('visitor');
    const url = `${R}/products/${product.id}/variants/query`;
    const all = await t.call({
      method: 'POST',
      url,
      auth: visitor,
      payload: { id: product.id, includeMerchantSpecificData: true },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.data.totalResults).toBe(5);
    expect(all.data.variants[0].variant.costAndProfitData).toBeUndefined();
    const black = await t.call({
      method: 'POST',
      url,
      auth: site.adminKey,
      payload: {
        choices: { Color: '#000000' },
        paging: { limit: 2, offset: 1 },
        includeMerchantSpecificData: true,
      },
    });
    expect(black.data).toMatchObject({ metadata: { items: 2, offset: 1 }, totalResults: 3 });
    expect(black.data.variants.map((v: any) => v.choices.Size)).toEqual(['Medium', 'Large']);
    expect(black.data.variants[0].variant.costAndProfitData.itemCost).toBe(7.5);
  });

  it('queries and gets store variants across the site', async () => {
    const product = await createProduct(t, site, tShirt({ name: 'Store variants' }));
    const response = await t.call({
      method: 'POST',
      url: '/_api/catalog-reader-server/v1/variants/query',
      auth: await site.token('visitor'),
      payload: { query: { filter: { productId: product.id, 'choices.Size': 'Small' } } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.metadata.total).toBe(2);
    const variant = response.data.variants[0];
    expect(variant).toMatchObject({
      productId: product.id,
      productName: 'Store variants',
      managedVariant: false,
      stock: { trackQuantity: false, inStock: true },
      preorderInfo: { enabled: false },
    });
    expect(variant.id).toBe(`${product.id}-${variant.variantId}`);
    const one = await t.call({
      method: 'GET',
      url: `${R}/variants/${variant.id}?id=${variant.id}`,
      auth: site.adminKey,
    });
    expect(one.data.variant.variantName).toBe(variant.variantName);
    expect((await t.call({ method: 'GET', url: `${R}/variants/nope`, auth: site.adminKey })).statusCode).toBe(
      404,
    );
  });

  it('tells which options are available and which variant a full choice selects', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Availability', stock: { trackInventory: true, quantity: 3 } }),
    );
    await patchVariants(product.id, [{ choices: { Size: 'Small' }, stock: { quantity: 0 } }]);
    const url = `${R}/products/${product.id}/productOptionsAvailability`;
    const visitor = await site.token('visitor');

    const partial = await t.call({
      method: 'POST',
      url,
      auth: visitor,
      payload: { id: product.id, options: { Color: 'Black' } },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.data.selectedVariant).toBeUndefined();
    expect(partial.data.availableForPurchase).toBe(false);
    const sizes = partial.data.productOptions.find((o: any) => o.name === 'Size').choices;
    expect(sizes.map((c: any) => [c.description, c.inStock])).toEqual([
      ['Small', false],
      ['Medium', true],
      ['Large', true],
    ]);

    const full = await t.call({
      method: 'POST',
      url,
      auth: visitor,
      payload: { options: { Color: 'Black', Size: 'M' } },
    });
    expect(full.data.availableForPurchase).toBe(true);
    expect(full.data.selectedVariant).toMatchObject({
      price: { price: 19.99 },
      quantity: 3,
      inStock: true,
      visible: true,
    });

    const soldOut = await t.call({
      method: 'POST',
      url,
      auth: visitor,
      payload: { options: { Color: 'Black', Size: 'Small' } },
    });
    expect(soldOut.data).toMatchObject({
      availableForPurchase: false,
      selectedVariant: { inStock: false, quantity: 0 },
    });

    const bad = await t.call({
      method: 'POST',
      url,
      auth: visitor,
      payload: { options: { Shape: 'Round' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('adds, attaches and removes media; serves stored images with cache headers', async () => {
    const product = await createProduct(t, site, tShirt({ name: 'Pictured' }));
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#000"/></svg>';
    const png1x1 =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const add = await t.call({
      method: 'POST',
      url: `${W}/products/${product.id}/media`,
      auth: site.adminKey,
      payload: {
        id: product.id,
        media: [
          {
            url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
            choice: { option: 'Color', choice: 'Black' },
          },
          { url: `data:image/png;base64,${png1x1}`, title: 'Dot' },
          { url: 'https://cdn.example/shirt.jpg' },
        ],
      },
    });
    expect([add.statusCode, add.data], add.body).toEqual([200, {}]);
    const text = Buffer.from('hello world').toString('base64');
    const signatureOnly = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<script>alert(1)</script>'),
    ]).toString('base64');
    for (const [type, bytes] of [
      ['image/png', text],
      ['image/png', signatureOnly],
      ['image/jpeg', text],
      ['image/gif', text],
      ['image/webp', text],
      ['image/svg+xml', text],
    ] as const) {
      const fake = await t.call({
        method: 'POST',
        url: `${W}/products/${product.id}/media`,
        auth: site.adminKey,
        payload: { id: product.id, media: [{ url: `data:${type};base64,${bytes}` }] },
      });
      expect(fake.statusCode, type).toBe(400);
      expect(fake.data.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'media[0].url',
        description: `does not hold an image of type ${type}`,
      });
    }
    let read = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    const media = read.data.product.media;
    expect(media.items).toHaveLength(3);
    expect(media.mainMedia.image).toMatchObject({ width: 640, height: 480, format: 'svg' });
    expect(media.items[1].image).toMatchObject({ width: 1, height: 1, format: 'png' });
    const black = read.data.product.productOptions[1].choices[0];
    expect(black.media.items.map((m: any) => m.id)).toEqual([media.items[0].id]);

    const served = await t.call({ method: 'GET', url: new URL(media.items[0].image.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.body).toBe(svg);
    expect((await t.call({ method: 'GET', url: `/media/${site.id}/${'0'.repeat(32)}.png` })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'GET', url: `/media/${site.id}/..%2Fplaza.sqlite` })).statusCode).toBe(
      404,
    );

    const attach = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}/choices/media`,
      auth: site.adminKey,
      payload: {
        id: product.id,
        media: [{ option: 'Color', choice: 'White', mediaIds: [media.items[1].id] }],
      },
    });
    expect(attach.statusCode, attach.body).toBe(200);
    const detach = await t.call({
      method: 'POST',
      url: `${W}/products/${product.id}/choices/media/delete`,
      auth: site.adminKey,
      payload: { id: product.id, media: [{ option: 'Color', choice: 'Black' }] },
    });
    expect(detach.statusCode).toBe(200);
    read = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    const [blackAfter, white] = read.data.product.productOptions[1].choices;
    expect(blackAfter.media).toBeUndefined();
    expect(white.media.mainMedia.id).toBe(media.items[1].id);

    const remove = await t.call({
      method: 'POST',
      url: `${W}/products/${product.id}/media/delete`,
      auth: site.adminKey,
      payload: { id: product.id, mediaIds: [media.items[1].id] },
    });
    expect(remove.statusCode).toBe(200);
    read = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(read.data.product.media.items).toHaveLength(2);
    expect(read.data.product.productOptions[1].choices[1].media).toBeUndefined();

    const bad = await t.call({
      method: 'POST',
      url: `${W}/products/${product.id}/media`,
      auth: site.adminKey,
      payload: { id: product.id, media: [{ url: 'javascript:alert(1)' }, { title: 'nothing' }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
