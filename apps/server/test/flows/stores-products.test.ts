import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, fields, R, tShirt, W } from './stores-fixtures.ts';

describe.each(engines)('stores products (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
  });
  afterAll(() => t.close());

  it('creates a product with derived prices, slug and variants from the options', async () => {
    const product = await createProduct(t, site, tShirt({ discount: { type: 'PERCENT', value: 10 } }));
    expect(product).toMatchObject({
      name: 'Organic T-shirt',
      slug: 'organic-t-shirt',
      visible: true,
      productType: 'physical',
      weight: 0.2,
      priceData: {
        currency: 'USD',
        price: 19.99,
        discountedPrice: 17.99,
        formatted: { price: '$19.99', discountedPrice: '$17.99' },
      },
      costAndProfitData: {
        itemCost: 7.5,
        formattedItemCost: '$7.50',
        profit: 10.49,
        formattedProfit: '$10.49',
      },
      priceRange: { minValue: 19.99, maxValue: 19.99 },
      stock: { trackInventory: false, inStock: true, inventoryStatus: 'IN_STOCK' },
      ribbons: [{ text: 'New' }],
      productPageUrl: { path: '/product-page/organic-t-shirt' },
      manageVariants: false,
    });
    expect(product.numericId).toMatch(/^[0-9]+$/);
    expect(product.createdDate).toBe(product.lastUpdated);
    expect(product.variants).toHaveLength(6);
    expect(product.variants.map((v: any) => v.choices)).toContainEqual({ Size: 'Large', Color: 'White' });
    expect(product.variants[0].variant.priceData.discountedPrice).toBe(17.99);
    expect(product.productOptions[1].choices[0]).toMatchObject({
      value: '#000000',
      description: 'Black',
      inStock: true,
      visible: true,
    });
  });

  it('answers at every alias of map 14 and keeps merchant data for admins who ask', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/_api/catalog-server/v1/products',
      auth: site.adminKey,
      payload: { product: tShirt({ name: 'Alias shirt' }) },
    });
    const id = created.data.product.id;
    const visitor = await site.token('visitor');
    for (const base of [R, '/_api/catalog-reader-server/v1']) {
      const asVisitor = await t.call({
        method: 'GET',
        url: `${base}/products/${id}?id=${id}&includeMerchantSpecificData=true`,
        auth: visitor,
      });
      expect(asVisitor.statusCode).toBe(200);
      expect(asVisitor.data.product.name).toBe('Alias shirt');
      expect(asVisitor.data.product.costAndProfitData).toBeUndefined();
      expect(asVisitor.data.product.variants[0].variant.costAndProfitData).toBeUndefined();
    }
    const plainAdmin = await t.call({ method: 'GET', url: `${R}/products/${id}`, auth: site.adminKey });
    expect(plainAdmin.data.product.costAndProfitData).toBeUndefined();
    const merchant = await t.call({
      method: 'GET',
      url: `${R}/products/${id}?includeMerchantSpecificData=true`,
      auth: site.adminKey,
    });
    expect(merchant.data.product.costAndProfitData.itemCost).toBe(7.5);
    expect(merchant.data.product.costRange).toEqual({ minValue: 7.5, maxValue: 7.5 });
    expect(merchant.data.product.variants[0].variant.costAndProfitData.profit).toBe(12.49);
    const stored = await t.platform.database.db
      .selectFrom('store_products')
      .select('doc')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.doc).not.toContain('itemCost');
  });

  it('refuses bad input with field violations', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: {
        product: {
          name: '',
          productType: 'boat',
          priceData: { price: -1 },
          slug: '100%-cotton',
          seoData: { tags: 'title' },
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual([
      'product.name',
      'product.priceData.price',
      'product.productType',
      'product.seoData.tags',
      'product.slug',
    ]);
    const free = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: { product: { name: 'No price' } },
    });
    expect([free.statusCode, fields(free)]).toEqual([400, ['product.priceData.price']]);
    const blank = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: { product: tShirt({ name: '   ' }) },
    });
    expect([blank.statusCode, fields(blank)]).toEqual([400, ['product.name']]);
    const fine = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: { product: tShirt({ weight: 0.0025 }) },
    });
    expect([fine.statusCode, fields(fine)]).toEqual([400, ['product.weight']]);
    const duplicate = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: {
        product: tShirt({ productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'S' }] }] }),
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(fields(duplicate)).toEqual(['product.productOptions[0].choices[1].description']);
  });

  it('refuses every write to visitors and members with 403', async () => {
    const product = await createProduct(t, site, tShirt({ name: 'Guarded' }));
    for (const kind of ['visitor', 'member'] as const) {
      const auth = await site.token(kind);
      const calls = [
        { method: 'POST', url: `${W}/products`, payload: { product: tShirt() } },
        {
          method: 'PATCH',
          url: `${W}/products/${product.id}`,
          payload: { product: { id: product.id, name: 'x' } },
        },
        { method: 'DELETE', url: `${W}/products/${product.id}` },
        {
          method: 'POST',
          url: `${W}/bulk/products/update`,
          payload: { ids: [product.id], set: { price: 1 } },
        },
        { method: 'POST', url: `${W}/collections`, payload: { collection: { name: 'x' } } },
      ] as const;
      for (const call of calls) expect((await t.call({ ...call, auth })).statusCode, call.url).toBe(403);
    }
  });

  it('hides invisible products from visitors only', async () => {
    const hidden = await createProduct(t, site, tShirt({ name: 'Secret', visible: false }));
    const visitor = await site.token('visitor');
    expect(
      (await t.call({ method: 'GET', url: `${R}/products/${hidden.id}`, auth: visitor })).statusCode,
    ).toBe(404);
    const query = { query: { filter: { name: 'Secret' } } };
    const asVisitor = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: visitor,
      payload: query,
    });
    expect(asVisitor.data.products).toEqual([]);
    expect(asVisitor.data.metadata.total).toBe(0);
    const asAdmin = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: site.adminKey,
      payload: query,
    });
    expect(asAdmin.data.products.map((p: any) => p.id)).toEqual([hidden.id]);
    const sneaky = { query: { filter: { $or: [{ visible: false }, { name: 'Secret' }] } } };
    const trick = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: visitor,
      payload: sneaky,
    });
    expect(trick.data.products).toEqual([]);
  });

  it('keeps slugs unique per site', async () => {
    const a = await createProduct(t, site, tShirt({ name: 'Twin' }));
    const b = await createProduct(t, site, tShirt({ name: 'Twin' }));
    expect([a.slug, b.slug]).toEqual(['twin', 'twin-2']);
    const taken = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: { product: tShirt({ slug: 'twin' }) },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.data.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
    const update = await t.call({
      method: 'PATCH',
      url: `${W}/products/${b.id}`,
      auth: site.adminKey,
      payload: { product: { id: b.id, slug: 'twin' } },
    });
    expect(update.statusCode).toBe(409);
  });

  it('regenerates variants when the options change, keeping surviving combinations', async () => {
    const product = await createProduct(t, site, tShirt({ name: 'Regen' }));
    const smallBlack = product.variants.find(
      (v: any) => v.choices.Size === 'Small' && v.choices.Color === 'Black',
    );
    const response = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
      payload: {
        product: {
          id: product.id,
          productOptions: [
            {
              name: 'Size',
              choices: [
                { value: 'S', description: 'Small' },
                { value: 'XL', description: 'Extra large' },
              ],
            },
            { optionType: 'color', name: 'Color', choices: [{ value: '#000000', description: 'Black' }] },
          ],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const variants = response.data.product.variants;
    expect(variants.map((v: any) => v.choices)).toEqual([
      { Size: 'Small', Color: 'Black' },
      { Size: 'Extra large', Color: 'Black' },
    ]);
    expect(variants[0].id).toBe(smallBlack.id);
    const options = await t.call({
      method: 'DELETE',
      url: `${W}/products/${product.id}/options?id=${product.id}`,
      auth: site.adminKey,
    });
    expect(options.statusCode).toBe(200);
    expect(options.data).toEqual({});
    const after = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(after.data.product.productOptions).toEqual([]);
    expect(after.data.product.variants.map((v: any) => v.id)).toEqual([
      '00000000-0000-0000-0000-000000000000',
    ]);
  });

  it('removes brand and ribbon, updates fields and deletes', async () => {
    const product = await createProduct(t, site, tShirt({ name: 'Plain' }));
    for (const path of ['remove-brand', 'remove-ribbon']) {
      const response = await t.call({
        method: 'POST',
        url: `${W}/products/${product.id}/${path}`,
        auth: site.adminKey,
        payload: { id: product.id },
      });
      expect(response.statusCode).toBe(200);
    }
    const updated = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
      payload: {
        product: { id: product.id, priceData: { price: 25 }, discount: { type: 'AMOUNT', value: 5 } },
      },
    });
    expect(updated.data.product).toMatchObject({
      priceData: { price: 25, discountedPrice: 20 },
      ribbons: [],
    });
    expect(updated.data.product.brand).toBeUndefined();
    expect(updated.data.product.ribbon).toBeUndefined();
    expect(updated.data.product.revision).toBe('4');
    const removed = await t.call({
      method: 'DELETE',
      url: `${W}/products/${product.id}?id=${product.id}`,
      auth: site.adminKey,
    });
    expect([removed.statusCode, removed.data]).toEqual([200, {}]);
    expect(
      (await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `${W}/products/${product.id}`, auth: site.adminKey }))
        .statusCode,
    ).toBe(404);
  });

  it('records catalog events in the outbox: created, updated, variants changed, deleted', async () => {
    const product = await createProduct(t, site, tShirt({ name: 'Evented' }));
    await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
      payload: {
        product: { id: product.id, productOptions: [{ name: 'Size', choices: [{ value: 'One size' }] }] },
      },
    });
    await t.call({ method: 'DELETE', url: `${W}/products/${product.id}`, auth: site.adminKey });
    const events = await t.platform.database.db
      .selectFrom('outbox')
      .select(['entity_kind', 'event'])
      .where('entity_id', '=', product.id)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => `${e.entity_kind}.${e.event}`)).toEqual([
      'product.created',
      'product.updated',
      'productVariants.updated',
      'product.deleted',
    ]);
  });

  it('refuses catalog calls on a site without the stores app', async () => {
    const other = await t.createSite({ installedApps: ['bookings'] });
    const response = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: await other.token('visitor'),
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.data.details.applicationError.code).toBe('APP_NOT_INSTALLED');
  });
});
