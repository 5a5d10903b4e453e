import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeDotR, type Plaza, startPlaza } from './harness.ts';

/**
 * `@wix/stores` `products` (catalog v1, map 14), unchanged, against Plaza: reads as a visitor
 * through the OAuth strategy (edge host), writes as the site admin through `ApiKeyStrategy`
 * (www host).
 */

let plaza: Plaza;
let restoreFetch: () => void;
let visitor: ReturnType<typeof visitorClient>;
let admin: ReturnType<typeof adminClient>;

const visitorClient = () =>
  createClient({
    modules: { products },
    auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
    fetch: plaza.fetch,
  });
const adminClient = () =>
  createClient({
    modules: { products },
    auth: ApiKeyStrategy({ apiKey: plaza.demo.apiKey, siteId: plaza.demo.siteId }),
    fetch: plaza.fetch,
  });

beforeAll(async () => {
  plaza = await startPlaza();
  restoreFetch = plaza.installGlobalFetch();
  visitor = visitorClient();
  admin = adminClient();
});
afterAll(async () => {
  restoreFetch?.();
  await plaza?.close();
});
beforeEach(() => {
  plaza.requests.length = 0;
});

const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = (r = lastCall()) => JSON.parse(r.body ?? 'null');

/** `between` exists on the runtime builder (map 5.1) but not on the package's ProductsQueryBuilder type. */
type Between = {
  between(field: string, from: unknown, to: unknown): products.ProductsQueryBuilder;
};

/** A product that exists: the client-bound functions drop the packages' non-nullable paths. */
type Saved = products.Product & { _id: string };
function saved(product: products.Product | undefined): Saved {
  expect(product?._id).toEqual(expect.any(String));
  return product as Saved;
}

describe('reads (visitor, edge host)', () => {
  it('queryProducts().find(): a GET with .r on edge, SDK view items and paging', async () => {
    const result = await visitor.products.queryProducts().find();
    const call = lastCall();
    expect(call).toMatchObject({ method: 'GET', host: 'edge.wixapis.com', status: 200 });
    expect(call.pathAndQuery).toMatch(/^\/stores-reader\/v1\/products\/query-platformized\?\.r=[\w-]+$/);
    expect(decodeDotR(call.pathAndQuery)).toEqual({
      query: { filter: {}, paging: { offset: 0, limit: 50 } },
    });

    expect(result.items).toHaveLength(12);
    expect(result.totalCount).toBe(12);
    expect(result.hasNext()).toBe(false);
    const item = result.items[0]!;
    expect(item._id).toEqual(expect.any(String));
    expect(item).not.toHaveProperty('id');
    expect(item._createdDate).toBeInstanceOf(Date);
    expect(item.convertedPriceData?.formatted?.discountedPrice).toMatch(/^\$\d/);
    expect(typeof item.priceData?.price).toBe('number');
    expect(item.numericId).toEqual(expect.any(String));
  });

  it('builder operators eq, hasSome, between, ascending, limit, skip reach the wire and filter', async () => {
    const apparel = (await visitor.products.getCollectionBySlug('apparel')).collection!;
    const query = visitor.products.queryProducts().hasSome('collectionIds', [apparel._id]);
    const result = await (query as unknown as Between)
      .between('priceData.price', 10, 60)
      .ascending('name')
      .limit(2)
      .skip(1)
      .find();
    expect(decodeDotR(lastCall().pathAndQuery)).toEqual({
      query: {
        filter: {
          $and: [
            { collectionIds: { $hasSome: [apparel._id] } },
            { 'priceData.price': { $gte: 10 } },
            { 'priceData.price': { $lt: 60 } },
          ],
        },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        paging: { offset: 1, limit: 2 },
      },
    });
    // Apparel between 10 and 60: Canvas Tote 15, Classic T-shirt 24, Rib Beanie 18.5, Zip Hoodie 59.
    expect(result.totalCount).toBe(4);
    expect(result.items.map((p) => p.name)).toEqual(['Classic T-shirt', 'Rib Beanie']);
    expect(result.currentPage).toBe(0);

    const byName = await visitor.products.queryProducts().eq('name', 'Ceramic Mug').find();
    expect(decodeDotR(lastCall().pathAndQuery)).toMatchObject({ query: { filter: { name: 'Ceramic Mug' } } });
    expect(byName.items.map((p) => p.name)).toEqual(['Ceramic Mug']);

    const byId = await visitor.products.queryProducts().eq('_id', byName.items[0]!._id).find();
    expect(decodeDotR(lastCall().pathAndQuery)).toMatchObject({
      query: { filter: { id: byName.items[0]!._id } },
    });
    expect(byId.items).toHaveLength(1);
  });

  it('find() pages with totalCount, hasNext and next()', async () => {
    const first = await visitor.products.queryProducts().ascending('name').limit(5).find();
    expect(first.totalCount).toBe(12);
    expect(first.items).toHaveLength(5);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(decodeDotR(lastCall().pathAndQuery)).toMatchObject({ query: { paging: { offset: 5, limit: 5 } } });
    expect(second.items).toHaveLength(5);
    expect(second.currentPage).toBe(1);
    const third = await second.next();
    expect(third.items).toHaveLength(2);
    expect(third.hasNext()).toBe(false);
    const names = [...first.items, ...second.items, ...third.items].map((p) => p.name!);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(12);
  });

  it('falls back to POST when the .r query string is longer than 4000 characters', async () => {
    const ids = Array.from(
      { length: 120 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const result = await visitor.products.queryProducts().in('_id', ids).find();
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/stores-reader/v1/products/query-platformized',
      status: 200,
    });
    expect(bodyOf().query.filter).toEqual({ id: { $in: ids } });
    expect(result.items).toEqual([]);
  });

  it('getProduct(_id) answers the product in the SDK view', async () => {
    const [first] = (await visitor.products.queryProducts().eq('name', 'Classic T-shirt').find()).items;
    const { product } = await visitor.products.getProduct(first!._id!);
    expect(lastCall()).toMatchObject({ method: 'GET', host: 'edge.wixapis.com' });
    expect(lastCall().pathAndQuery).toBe(`/stores-reader/v1/products/${first!._id}?id=${first!._id}`);
    expect(product?._id).toBe(first!._id);
    expect(product?.productOptions?.map((o) => o.name)).toEqual(['Size', 'Color']);
    expect(product?.productOptions?.[0]?.choices?.[0]?.description).toBe('S');
    expect(product?.variants?.length).toBe(12);
    expect(product?.variants?.[0]?._id).toEqual(expect.any(String));
    expect(product?.media?.mainMedia?.image?.url).toEqual(expect.any(String));
  });

  it('getProduct of an unknown id rejects with the error envelope', async () => {
    await expect(visitor.products.getProduct('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
      details: { applicationError: { code: expect.any(String) }, requestId: expect.any(String) },
    });
  });

  it('getCollectionBySlug(slug) answers the collection', async () => {
    const { collection } = await visitor.products.getCollectionBySlug('apparel');
    expect(lastCall().pathAndQuery).toBe('/stores-reader/v1/collections/slug/apparel?slug=apparel');
    expect(collection).toMatchObject({
      name: 'Apparel',
      slug: 'apparel',
      numberOfProducts: 6,
      visible: true,
    });
    expect(collection?._id).toEqual(expect.any(String));
  });

  it('getProductOptionsAvailability(_id, options) answers the selected variant', async () => {
    const [shirt] = (await visitor.products.queryProducts().eq('name', 'Classic T-shirt').find()).items;
    const partial = await visitor.products.getProductOptionsAvailability(shirt!._id!, { Size: 'XL' });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores-reader/v1/products/${shirt!._id}/productOptionsAvailability`,
    });
    expect(bodyOf()).toEqual({ id: shirt!._id, options: { Size: 'XL' } });
    expect(partial.availableForPurchase).toBe(false);
    expect(partial.productOptions?.map((o) => o.name)).toEqual(['Size', 'Color']);

    const full = await visitor.products.getProductOptionsAvailability(shirt!._id!, {
      Size: 'XL',
      Color: 'Black',
    });
    expect(full.availableForPurchase).toBe(true);
    expect(full.selectedVariant?.price?.price).toBe(26);
  });

  it('queryProductVariants(_id, {choices}) answers the matching variants', async () => {
    const [shirt] = (await visitor.products.queryProducts().eq('name', 'Classic T-shirt').find()).items;
    const result = await visitor.products.queryProductVariants(shirt!._id!, { choices: { Size: 'XL' } });
    expect(bodyOf()).toEqual({ id: shirt!._id, choices: { Size: 'XL' } });
    expect(result.variants).toHaveLength(3);
    expect(result.variants?.every((v) => v.choices?.Size === 'XL')).toBe(true);
    expect(result.variants?.[0]?._id).toEqual(expect.any(String));
    expect(result.totalResults).toBe(3);
  });

  it('queryStoreVariants(query) and getStoreVariant(_id)', async () => {
    const [mug] = (await visitor.products.queryProducts().eq('name', 'Ceramic Mug').find()).items;
    const result = await visitor.products.queryStoreVariants({
      filter: { productId: mug!._id },
      paging: { limit: 10, offset: 0 },
    });
    expect(lastCall()).toMatchObject({ method: 'POST', pathAndQuery: '/stores-reader/v1/variants/query' });
    expect(bodyOf()).toEqual({
      query: { filter: { productId: mug!._id }, paging: { limit: 10, offset: 0 } },
    });
    expect(result.variants).toHaveLength(2);
    const [variant] = result.variants ?? [];
    expect(variant).toMatchObject({ productId: mug!._id, productName: 'Ceramic Mug' });
    expect(result.metadata?.total).toBe(2);

    const { variant: got } = await visitor.products.getStoreVariant(variant!._id!);
    expect(lastCall().pathAndQuery).toBe(`/stores-reader/v1/variants/${variant!._id}?id=${variant!._id}`);
    expect(got).toMatchObject({ _id: variant!._id, productId: mug!._id, variantId: variant!.variantId });
  });
});

describe('writes (admin API key, www host)', () => {
  it('a visitor cannot write', async () => {
    await expect(
      visitor.products.createProduct({
        name: 'Nope',
        priceData: { price: 1 },
        costAndProfitData: { itemCost: 0 },
      }),
    ).rejects.toMatchObject({ status: 403, details: { applicationError: { code: expect.any(String) } } });
  });

  it('createProduct, getProduct with merchant data, updateProduct, deleteProduct', async () => {
    const { product: created } = await admin.products.createProduct({
      name: 'Compat Lamp',
      description: 'A lamp.',
      priceData: { price: 40 },
      costAndProfitData: { itemCost: 15 },
      productType: products.ProductType.physical,
      weight: 1.5,
      sku: 'LAMP-1',
      ribbon: 'New',
      brand: 'Plaza',
      productOptions: [
        {
          name: 'Finish',
          optionType: products.OptionType.drop_down,
          choices: [
            { value: 'Brass', description: 'Brass' },
            { value: 'Steel', description: 'Steel' },
          ],
        },
      ],
    });
    const product = saved(created);
    const createCall = plaza.requests.find((r) => r.pathAndQuery === '/stores/v1/products')!;
    expect(createCall).toMatchObject({ method: 'POST', host: 'www.wixapis.com', status: 200 });
    expect(createCall.headers.authorization).toBe(plaza.demo.apiKey);
    expect(product).toMatchObject({ name: 'Compat Lamp', slug: 'compat-lamp', productType: 'physical' });
    expect(product._id).toEqual(expect.any(String));
    expect(product.priceData?.price).toBe(40);
    expect(product.variants).toHaveLength(2);
    expect(product._createdDate).toBeInstanceOf(Date);

    const merchant = await admin.products.getProduct(product._id, { includeMerchantSpecificData: true });
    expect(lastCall().pathAndQuery).toBe(
      `/stores-reader/v1/products/${product._id}?id=${product._id}&includeMerchantSpecificData=true`,
    );
    expect(merchant.product?.costAndProfitData?.itemCost).toBe(15);

    const { product: updated } = await admin.products.updateProduct(product._id, {
      name: 'Compat Lamp II',
      priceData: { price: 45.5 },
    });
    expect(lastCall()).toMatchObject({ method: 'PATCH', pathAndQuery: `/stores/v1/products/${product._id}` });
    expect(bodyOf().product).toMatchObject({ id: product._id, name: 'Compat Lamp II' });
    expect(updated).toMatchObject({ _id: product._id, name: 'Compat Lamp II' });
    expect(updated?.priceData?.price).toBe(45.5);

    await admin.products.deleteProduct(product._id);
    expect(lastCall()).toMatchObject({
      method: 'DELETE',
      pathAndQuery: `/stores/v1/products/${product._id}?id=${product._id}`,
      status: 200,
    });
    await expect(admin.products.getProduct(product._id)).rejects.toMatchObject({ status: 404 });
  });

  it('updateProductVariants, resetAllProductVariantData, deleteProductOptions', async () => {
    const { product: created } = await admin.products.createProduct({
      name: 'Compat Shirt',
      priceData: { price: 20 },
      costAndProfitData: { itemCost: 5 },
      manageVariants: true,
      productOptions: [
        {
          name: 'Size',
          optionType: products.OptionType.drop_down,
          choices: [
            { value: 'S', description: 'S' },
            { value: 'M', description: 'M' },
          ],
        },
      ],
    });
    const product = saved(created);
    const { variants } = await admin.products.updateProductVariants(product._id, [
      { choices: { Size: 'M' }, price: 22, sku: 'SHIRT-M' },
    ]);
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/stores/v1/products/${product._id}/variants`,
    });
    const medium = (variants ?? []).find((v) => v.choices?.Size === 'M');
    expect(medium?.variant?.priceData?.price).toBe(22);
    expect(medium?.variant?.sku).toBe('SHIRT-M');

    await admin.products.resetAllProductVariantData(product._id);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/products/${product._id}/variants/resetToDefault`,
      status: 200,
    });
    const afterReset = await admin.products.queryProductVariants(product._id, { choices: { Size: 'M' } });
    expect(afterReset.variants?.[0]?.variant?.priceData?.price).toBe(20);

    await admin.products.deleteProductOptions(product._id);
    expect(lastCall()).toMatchObject({
      method: 'DELETE',
      pathAndQuery: `/stores/v1/products/${product._id}/options?id=${product._id}`,
      status: 200,
    });
    expect((await admin.products.getProduct(product._id)).product?.productOptions).toEqual([]);
    await admin.products.deleteProduct(product._id);
  });

  it('removeBrand and removeRibbon', async () => {
    const { product: created } = await admin.products.createProduct({
      name: 'Compat Branded',
      priceData: { price: 10 },
      costAndProfitData: { itemCost: 1 },
      brand: 'Acme',
      ribbon: 'Hot',
    });
    const product = saved(created);
    expect(product).toMatchObject({ brand: 'Acme', ribbon: 'Hot' });
    await admin.products.removeBrand(product._id);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/products/${product._id}/remove-brand`,
    });
    await admin.products.removeRibbon(product._id);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/products/${product._id}/remove-ribbon`,
      status: 200,
    });
    const { product: after } = await admin.products.getProduct(product._id);
    expect(after?.brand ?? undefined).toBeUndefined();
    expect(after?.ribbon ?? undefined).toBeUndefined();
    await admin.products.deleteProduct(product._id);
  });

  it('collections: createCollection, updateCollection, add/remove products, deleteCollection', async () => {
    const { product: created } = await admin.products.createProduct({
      name: 'Compat Collected',
      priceData: { price: 10 },
      costAndProfitData: { itemCost: 1 },
    });
    const product = saved(created);
    const { collection } = await admin.products.createCollection({
      name: 'Compat Picks',
      description: 'Picked.',
    });
    expect(lastCall()).toMatchObject({ method: 'POST', pathAndQuery: '/stores/v1/collections', status: 200 });
    expect(collection).toMatchObject({ name: 'Compat Picks', slug: 'compat-picks', numberOfProducts: 0 });
    const collectionId = collection?._id ?? '';

    const { collection: renamed } = await admin.products.updateCollection(collectionId, {
      name: 'Compat Favourites',
      slug: 'compat-favourites',
    });
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/stores/v1/collections/${collectionId}`,
    });
    expect(renamed).toMatchObject({
      _id: collectionId,
      name: 'Compat Favourites',
      slug: 'compat-favourites',
    });

    await admin.products.addProductsToCollection(collectionId, [product._id]);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/collections/${collectionId}/productIds`,
      status: 200,
    });
    expect(bodyOf()).toEqual({ id: collectionId, productIds: [product._id] });
    expect(
      (await visitor.products.getCollectionBySlug('compat-favourites')).collection?.numberOfProducts,
    ).toBe(1);
    const members = await visitor.products.queryProducts().hasSome('collectionIds', [collectionId]).find();
    expect(members.items.map((p) => p._id)).toEqual([product._id]);

    await admin.products.removeProductsFromCollection(collectionId, [product._id]);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/collections/${collectionId}/productIds/delete`,
      status: 200,
    });
    expect((await admin.products.getProduct(product._id)).product?.collectionIds).not.toContain(collectionId);

    await admin.products.deleteCollection(collectionId);
    expect(lastCall()).toMatchObject({
      method: 'DELETE',
      pathAndQuery: `/stores/v1/collections/${collectionId}?id=${collectionId}`,
      status: 200,
    });
    await expect(visitor.products.getCollectionBySlug('compat-favourites')).rejects.toMatchObject({
      status: 404,
    });
    await admin.products.deleteProduct(product._id);
  });

  it('bulkUpdateProductsProperty and bulkAdjustProductProperty', async () => {
    const ids: string[] = [];
    for (const name of ['Compat Bulk A', 'Compat Bulk B']) {
      const { product: created } = await admin.products.createProduct({
        name,
        priceData: { price: 10 },
        costAndProfitData: { itemCost: 2 },
      });
      const product = saved(created);
      ids.push(product._id);
    }
    const updated = await admin.products.bulkUpdateProductsProperty(ids, { price: 12, ribbon: 'Bulk' });
    expect(lastCall()).toMatchObject({ method: 'POST', pathAndQuery: '/stores/v1/bulk/products/update' });
    expect(bodyOf()).toEqual({ ids, set: { price: 12, ribbon: 'Bulk' } });
    expect(updated.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 0 });
    expect(updated.results?.map((r) => [r.itemMetadata?._id, r.itemMetadata?.success])).toEqual([
      [ids[0], true],
      [ids[1], true],
    ]);

    const adjusted = await admin.products.bulkAdjustProductProperty(
      { price: { percentage: { rate: 50 } } },
      ids,
    );
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/stores/v1/bulk/products/adjust-properties',
    });
    expect(adjusted.bulkActionMetadata?.totalSuccesses).toBe(2);
    const { product } = await admin.products.getProduct(ids[0]!);
    expect(product).toMatchObject({ ribbon: 'Bulk' });
    expect(product?.priceData?.price).toBe(18);
    for (const id of ids) await admin.products.deleteProduct(id);
  });

  it('media: addProductMedia, addProductMediaToChoices, removeProductMediaFromChoices, removeProductMedia', async () => {
    const { product: created } = await admin.products.createProduct({
      name: 'Compat Poster',
      priceData: { price: 30 },
      costAndProfitData: { itemCost: 3 },
      productOptions: [
        {
          name: 'Color',
          optionType: products.OptionType.color,
          choices: [
            { value: '#000000', description: 'Black' },
            { value: '#ffffff', description: 'White' },
          ],
        },
      ],
    });
    const product = saved(created);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await admin.products.addProductMedia(product._id, [
      { url: `data:image/png;base64,${png.toString('base64')}` },
      { url: 'https://cdn.example.com/poster-white.jpg', choice: { option: 'Color', choice: 'White' } },
    ]);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/products/${product._id}/media`,
      status: 200,
    });
    const withMedia = (await admin.products.getProduct(product._id)).product;
    const items = withMedia?.media?.items ?? [];
    expect(items).toHaveLength(2);
    expect(withMedia?.media?.mainMedia?.image?.url).toEqual(expect.any(String));
    const [uploaded, linked] = items;
    expect(uploaded?._id).toEqual(expect.any(String));
    expect(linked?.image?.url).toBe('https://cdn.example.com/poster-white.jpg');

    await admin.products.addProductMediaToChoices(product._id, [
      { option: 'Color', choice: 'Black', mediaIds: [uploaded!._id!] },
    ]);
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/stores/v1/products/${product._id}/choices/media`,
      status: 200,
    });
    const black = (await admin.products.getProduct(product._id)).product?.productOptions?.[0]?.choices?.find(
      (c) => c.description === 'Black',
    );
    expect(black?.media?.items?.map((m) => m._id)).toEqual([uploaded!._id]);

    await admin.products.removeProductMediaFromChoices(product._id, [
      { option: 'Color', choice: 'Black', mediaIds: [uploaded!._id!] },
    ]);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/products/${product._id}/choices/media/delete`,
      status: 200,
    });

    await admin.products.removeProductMedia(product._id, [linked!._id!]);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/stores/v1/products/${product._id}/media/delete`,
      status: 200,
    });
    const after = (await admin.products.getProduct(product._id)).product;
    expect(after?.media?.items?.map((m) => m._id)).toEqual([uploaded!._id]);
    await admin.products.deleteProduct(product._id);
  });
});
