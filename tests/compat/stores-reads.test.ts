import type { products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { decodeDotR } from './harness.ts';
import { bodyOf, lastCall, useStoresClients, visitor } from './stores-setup.ts';

/**
 * `@wix/stores` `products` (catalog v1, map 14), unchanged, against Plaza: reads as a visitor
 * through the OAuth strategy (edge host).
 */

useStoresClients();

/** `between` exists on the runtime builder (map 5.1) but not on the package's ProductsQueryBuilder type. */
type Between = {
  between(field: string, from: unknown, to: unknown): products.ProductsQueryBuilder;
};

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
