import { products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { plaza } from './plaza-per-file.ts';
import { admin, bodyOf, lastCall, useStoresClients, visitor } from './stores-setup.ts';

/**
 * `@wix/stores` `products` (catalog v1, map 14), unchanged, against Plaza: writes as the site admin
 * through `ApiKeyStrategy` (www host); a visitor reads the result where the test says so.
 */

useStoresClients();

/** A product that exists: the client-bound functions drop the packages' non-nullable paths. */
type Saved = products.Product & { _id: string };
function saved(product: products.Product | undefined): Saved {
  expect(product?._id).toEqual(expect.any(String));
  return product as Saved;
}

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
      productDimensions: { length: '12.5', width: '8', height: '30', unit: products.DimensionsUnit.CM },
    });
    expect(lastCall()).toMatchObject({ method: 'PATCH', pathAndQuery: `/stores/v1/products/${product._id}` });
    expect(bodyOf().product).toMatchObject({ id: product._id, name: 'Compat Lamp II' });
    expect(updated).toMatchObject({ _id: product._id, name: 'Compat Lamp II' });
    expect(updated?.priceData?.price).toBe(45.5);
    expect(updated?.productDimensions).toEqual({ length: '12.5', width: '8', height: '30', unit: 'CM' });

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
