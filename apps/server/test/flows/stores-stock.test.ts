import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_IDS, type StoresCatalog } from '../../src/domains/stores/index.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, fields, R, tShirt, W } from './stores-fixtures.ts';

/** The catalog provider the cart uses: look-ups and stock taken with one conditional UPDATE. */

/** A look-up as the cart makes it, by a visitor, of the item's choices or variant and a quantity. */
const lookUpIn = (
  catalog: StoresCatalog,
  siteId: string,
  catalogItemId: string,
  wanted: { options?: Record<string, string>; variantId?: string; quantity?: number | undefined } = {},
) =>
  catalog.lookUp(
    { siteId, buyer: { ownerKey: 'visitor:v1', visitorId: 'v1' }, now: new Date() },
    {
      catalogItemId,
      options: {
        ...(wanted.options ? { options: wanted.options } : {}),
        ...(wanted.variantId ? { variantId: wanted.variantId } : {}),
      },
      ...(wanted.quantity === undefined ? {} : { quantity: wanted.quantity }),
    },
  );

describe.each(engines)('stores stock and catalog provider (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  it('accepts both Stores app ids', () => {
    expect(t.platform.storesCatalog.appIds).toEqual([...STORES_APP_IDS]);
    expect(STORES_APP_IDS).toContain('1380b703-ce81-ff05-f115-39571d94dfcd');
    expect(STORES_APP_IDS).toContain('215238eb-22a5-4c36-9e7b-e7c08025e04e');
  });

  it('looks items up by options or variant id', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({
        name: 'Looked up',
        discount: { type: 'AMOUNT', value: 2 },
        stock: { trackInventory: true, quantity: 4 },
      }),
    );
    const catalog = t.platform.storesCatalog;
    const item = await lookUpIn(catalog, site.id, product.id, {
      options: { Size: 'M', Color: '#ffffff' },
      quantity: 6,
    });
    expect(item).toMatchObject({
      name: 'Looked up',
      price: { amount: 1799, currency: 'USD', decimal: '17.99', formatted: '$17.99' },
      fullPrice: { amount: 1999, decimal: '19.99' },
      descriptionLines: [
        { name: 'Size', value: 'Medium' },
        { name: 'Color', value: 'White', colorCode: '#ffffff' },
      ],
      availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 4 },
      itemType: 'PHYSICAL',
      weight: 0.2,
      sku: 'TS-1',
    });
    const variantId = (item as { variantId: string }).variantId;
    expect(await lookUpIn(catalog, site.id, product.id, { variantId })).toMatchObject({
      availability: { status: 'AVAILABLE' },
    });
    expect(await lookUpIn(catalog, site.id, product.id, { options: { Size: 'M' } })).toEqual({
      catalogItemId: product.id,
      availability: { status: 'NOT_FOUND' },
    });
    expect((await lookUpIn(catalog, site.id, 'nope')).availability.status).toBe('NOT_FOUND');
    const other = await t.createSite();
    expect((await lookUpIn(catalog, other.id, product.id)).availability.status).toBe('NOT_FOUND');
  });

  it('answers one description for every quantity the stock covers, and another past it', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Counted', stock: { trackInventory: true, quantity: 4 } }),
    );
    const catalog = t.platform.storesCatalog;
    const wanting = (quantity: number | undefined) =>
      lookUpIn(catalog, site.id, product.id, { options: { Size: 'M', Color: '#ffffff' }, quantity });
    const one = await wanting(1);
    const [three, four, five, nine, unsaid] = await Promise.all([3, 4, 5, 9, undefined].map(wanting));
    expect(one.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 4 });
    expect(three).toBe(one);
    expect(four).toBe(one);
    expect(unsaid).toBe(one);
    expect(five!.availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 4 });
    expect(nine).toBe(five);
    // The same item by its variant id, and a choice left undefined, which matches nothing.
    const variantId = (one as { variantId: string }).variantId;
    expect(await lookUpIn(catalog, site.id, product.id, { variantId, quantity: 2 })).toMatchObject({
      variantId,
      availability: { status: 'AVAILABLE' },
    });
    const undefinedChoice = await lookUpIn(catalog, site.id, product.id, {
      options: { Size: 'M', Color: undefined as unknown as string },
    });
    expect(undefinedChoice.availability.status).toBe('NOT_FOUND');
  });

  it('keeps a look-up the same object past its second while the product is unchanged', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Steady', productOptions: [], stock: { trackInventory: true, quantity: 4 } }),
    );
    const catalog = t.platform.storesCatalog;
    const lookUp = () => lookUpIn(catalog, site.id, product.id, { quantity: 1 });
    const first = await lookUp();
    t.clock.advance(1001);
    expect(await lookUp()).toBe(first);

    // 3 sold: the stock row changes and, in the same transaction, the product row (catalog.ts `refresh`).
    const db = t.platform.database.db;
    await db
      .updateTable('store_variants')
      .set({ quantity: 1 })
      .where('site_id', '=', site.id)
      .where('product_id', '=', product.id)
      .execute();
    await db
      .updateTable('store_products')
      .set({ revision: sql`revision + 1`, updated_date: t.clock.now().toISOString() })
      .where('site_id', '=', site.id)
      .where('id', '=', product.id)
      .execute();
    const after = await lookUp();
    expect(after).not.toBe(first);
    expect(after.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 1 });

    // This process's own write is seen at once.
    await catalog.reserve(site.id, [{ catalogItemId: product.id, quantity: 1 }]);
    expect((await lookUp()).availability).toEqual({ status: 'NOT_AVAILABLE', quantityAvailable: 0 });
  });

  it('lets exactly 5 of 50 concurrent reservations take 5 units', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Scarce', productOptions: [], stock: { trackInventory: true, quantity: 5 } }),
    );
    const catalog = t.platform.storesCatalog;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        catalog.reserve(site.id, [{ catalogItemId: product.id, quantity: 1 }]),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures).toHaveLength(45);
    expect(failures.every((f) => f.reason.code === 'INSUFFICIENT_STOCK')).toBe(true);

    const read = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(read.data.product.stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
    });
    const variantId = read.data.product.variants[0].id;
    const row = await t.call({
      method: 'GET',
      url: `${R}/variants/${product.id}-${variantId}`,
      auth: site.adminKey,
    });
    expect(row.data.variant.stock).toEqual({ trackQuantity: true, quantity: 0, inStock: false });

    await catalog.release(site.id, [{ catalogItemId: product.id, quantity: 2 }]);
    const back = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(back.data.product.stock).toMatchObject({
      quantity: 2,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
    });
  });

  it('takes nothing when any line is short, inside the caller transaction', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Pair', stock: { trackInventory: true, quantity: 2 } }),
    );
    const catalog = t.platform.storesCatalog;
    const lines = [
      { catalogItemId: product.id, options: { Size: 'Small', Color: 'Black' }, quantity: 2 },
      { catalogItemId: product.id, options: { Size: 'Large', Color: 'Black' }, quantity: 3 },
    ];
    await expect(
      t.platform.database.db.transaction().execute((trx) => catalog.reserve(site.id, lines, trx)),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    const small = await lookUpIn(catalog, site.id, product.id, {
      options: { Size: 'Small', Color: 'Black' },
    });
    expect(small).toMatchObject({ availability: { quantityAvailable: 2 } });
  });

  it('takes no stock of a hidden product or variant, and gives stock back to them', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Hidden later', stock: { trackInventory: true, quantity: 3 } }),
    );
    const catalog = t.platform.storesCatalog;
    const small = { catalogItemId: product.id, options: { Size: 'Small', Color: 'Black' }, quantity: 1 };
    await catalog.reserve(site.id, [small]);
    const variantId = product.variants.find(
      (v: any) => v.choices.Size === 'Small' && v.choices.Color === 'Black',
    ).id;
    const hideVariant = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}/variants`,
      auth: site.adminKey,
      payload: { variants: [{ variantIds: [variantId], visible: false }] },
    });
    expect(hideVariant.statusCode, hideVariant.body).toBe(200);
    await expect(catalog.reserve(site.id, [small])).rejects.toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      data: { items: [{ catalogItemId: product.id, variantId, requested: 1, reason: 'NOT_FOR_SALE' }] },
    });
    const large = { ...small, options: { Size: 'Large', Color: 'Black' } };
    await catalog.reserve(site.id, [large]);
    await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
      payload: { product: { visible: false } },
    });
    await expect(catalog.reserve(site.id, [large])).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });

    await catalog.release(site.id, [small, large]);
    const quantities = await t.platform.database.db
      .selectFrom('store_variants')
      .select(['id', 'quantity'])
      .where('product_id', '=', product.id)
      .execute();
    expect(quantities.map((row) => row.quantity)).toEqual(Array(6).fill(3));

    const removed = await t.call({
      method: 'DELETE',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
    });
    expect(removed.statusCode).toBe(200);
    await expect(catalog.reserve(site.id, [large])).rejects.toMatchObject({
      data: { items: [{ catalogItemId: product.id, reason: 'NOT_FOUND' }] },
    });
  });

  it('marks partially sold-out products and untracked out-of-stock variants', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Partial', stock: { trackInventory: true, quantity: 1 } }),
    );
    await t.platform.storesCatalog.reserve(site.id, [
      { catalogItemId: product.id, options: { Size: 'Small', Color: 'Black' }, quantity: 1 },
    ]);
    const read = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(read.data.product.stock.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    expect(read.data.product.productOptions[0].choices[0].inStock).toBe(true); // Small/White is left

    const untracked = await createProduct(
      t,
      site,
      tShirt({ name: 'Untracked', productOptions: [], stock: { inStock: false } }),
    );
    await expect(
      t.platform.storesCatalog.reserve(site.id, [{ catalogItemId: untracked.id, quantity: 1 }]),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    await t.call({
      method: 'PATCH',
      url: `${W}/products/${untracked.id}/variants`,
      auth: site.adminKey,
      payload: { variants: [{ stock: { inStock: true } }] },
    });
    await t.platform.storesCatalog.reserve(site.id, [{ catalogItemId: untracked.id, quantity: 100 }]);
  });

  it('counts the stock of every variant or of none, and refuses stock that contradicts itself', async () => {
    const field = (response: { data: any }) => fields(response)[0];
    const patch = (id: string, variants: unknown[]) =>
      t.call({
        method: 'PATCH',
        url: `${W}/products/${id}/variants`,
        auth: site.adminKey,
        payload: { variants },
      });
    const product = await createProduct(t, site, tShirt({ name: 'Uncounted' }));
    const [first] = product.variants.map((v: any) => v.id);

    // Counting one variant would count the other five at 0, unsellable: refused, nothing changed.
    const one = await patch(product.id, [{ variantIds: [first], stock: { quantity: 9 } }]);
    expect([one.statusCode, field(one)]).toEqual([400, 'variants[0].stock']);
    expect(one.data.details.validationError.fieldViolations[0].description).toContain(
      '5 variant(s) not named',
    );
    const kept = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(kept.data.product.stock).toMatchObject({ trackInventory: false, inStock: true });

    const contradictions = [
      [[{ stock: { trackQuantity: false, quantity: 9 } }], 'variants[0].stock.quantity'],
      [[{ stock: { quantity: 9, inStock: false } }], 'variants[0].stock.inStock'],
      [
        [
          { variantIds: [first], stock: { trackQuantity: true, quantity: 1 } },
          { stock: { trackQuantity: false } },
        ],
        'variants[1].stock.trackQuantity',
      ],
    ] as const;
    for (const [variants, at] of contradictions) {
      const refused = await patch(product.id, [...variants]);
      expect([refused.statusCode, field(refused)], at).toEqual([400, at]);
    }

    // Every variant at once: counted from now on.
    const all = await patch(product.id, [{ stock: { quantity: 9 } }]);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.data.variants.map((v: any) => v.stock.quantity)).toEqual(Array(6).fill(9));
    // Counted: out of stock is a quantity of 0, not inStock false.
    const out = await patch(product.id, [{ variantIds: [first], stock: { inStock: false } }]);
    expect([out.statusCode, field(out)]).toEqual([400, 'variants[0].stock.inStock']);

    const created = await t.call({
      method: 'POST',
      url: `${W}/products`,
      auth: site.adminKey,
      payload: { product: tShirt({ name: 'Both ways', stock: { trackInventory: false, quantity: 5 } }) },
    });
    expect([created.statusCode, field(created)]).toEqual([400, 'product.stock.quantity']);
  });

  it('takes the stock summary of a managed product sent back unchanged, and refuses a different one', async () => {
    const product = await createProduct(
      t,
      site,
      tShirt({ name: 'Summary', stock: { trackInventory: true, quantity: 5 } }),
    );
    const small = product.variants.filter((v: any) => v.choices.Size === 'Small').map((v: any) => v.id);
    await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}/variants`,
      auth: site.adminKey,
      payload: { variants: [{ variantIds: small, stock: { quantity: 0 } }] },
    });
    const read = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    const { stock } = read.data.product;
    expect(stock).toMatchObject({ quantity: 20, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' });

    // A read-change-write client sends the whole product back, stock included.
    const { trackInventory, quantity, inStock } = stock;
    const echoed = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
      payload: {
        product: { id: product.id, name: 'Summary 2', stock: { trackInventory, quantity, inStock } },
      },
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.data.product.stock).toEqual(stock);
    const quantities = echoed.data.product.variants.map((v: any) => v.stock.quantity).sort();
    expect(quantities).toEqual([0, 0, 5, 5, 5, 5]);

    const changed = await t.call({
      method: 'PATCH',
      url: `${W}/products/${product.id}`,
      auth: site.adminKey,
      payload: { product: { id: product.id, stock: { quantity: 40 } } },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'product.stock',
      description: expect.stringContaining('update-variants'),
    });
    const after = await t.call({ method: 'GET', url: `${R}/products/${product.id}`, auth: site.adminKey });
    expect(after.data.product.stock).toEqual(stock);
  });
});
