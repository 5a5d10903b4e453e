import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createCollection, createProduct, dotR, fields, R, tShirt, W } from './stores-fixtures.ts';

describe.each(engines)('stores collections (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  it('creates collections with unique slugs and reads them by slug', async () => {
    const summer = await createCollection(t, site, { name: 'Summer Sale', description: 'Hot' });
    expect(summer).toMatchObject({
      name: 'Summer Sale',
      slug: 'summer-sale',
      visible: true,
      numberOfProducts: 0,
      media: { items: [] },
    });
    const again = await createCollection(t, site, { name: 'Summer sale' });
    expect(again.slug).toBe('summer-sale-2');
    const taken = await t.call({
      method: 'POST',
      url: `${W}/collections`,
      auth: site.adminKey,
      payload: { collection: { name: 'x', slug: 'summer-sale' } },
    });
    expect(taken.statusCode).toBe(409);

    for (const base of [R, '/_api/catalog-reader-server/v1']) {
      const bySlug = await t.call({
        method: 'GET',
        url: `${base}/collections/slug/summer-sale?slug=summer-sale`,
        auth: await site.token('visitor'),
      });
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.data.collection.id).toBe(summer.id);
    }
    const missing = await t.call({
      method: 'GET',
      url: `${R}/collections/slug/nothing`,
      auth: site.adminKey,
    });
    expect(missing.data.details.applicationError.code).toBe('COLLECTION_NOT_FOUND');
  });

  it('updates, hides and deletes collections', async () => {
    const collection = await createCollection(t, site, { name: 'Winter' });
    const update = await t.call({
      method: 'PATCH',
      url: `/_api/catalog-server/v1/collections/${collection.id}`,
      auth: site.adminKey,
      payload: { collection: { id: collection.id, name: 'Winter 26', visible: false } },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.data.collection).toMatchObject({ name: 'Winter 26', slug: 'winter', visible: false });
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${R}/collections/slug/winter`,
          auth: await site.token('visitor'),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `${R}/collections/slug/winter`, auth: site.adminKey })).statusCode,
    ).toBe(200);
    const bad = await t.call({
      method: 'PATCH',
      url: `${W}/collections/${collection.id}`,
      auth: site.adminKey,
      payload: { collection: { id: collection.id, name: '' } },
    });
    expect(fields(bad)).toEqual(['collection.name']);
    const removed = await t.call({
      method: 'DELETE',
      url: `${W}/collections/${collection.id}?id=${collection.id}`,
      auth: site.adminKey,
    });
    expect([removed.statusCode, removed.data]).toEqual([200, {}]);
    expect(
      (await t.call({ method: 'DELETE', url: `${W}/collections/${collection.id}`, auth: site.adminKey }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps what the catalog computes of a collection when an update sends it back', async () => {
    // A client sending back the collection it read (read-only fields included) changes none of them.
    const collection = await createCollection(t, site, { name: 'Autumn' });
    const update = await t.call({
      method: 'PATCH',
      url: `${W}/collections/${collection.id}`,
      auth: site.adminKey,
      payload: {
        collection: { ...collection, name: 'Autumn 26', numberOfProducts: 99, media: 5, ribbon: 'x' },
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    const bySlug = await t.call({
      method: 'GET',
      url: `${R}/collections/slug/autumn`,
      auth: await site.token('visitor'),
    });
    for (const answer of [update.data.collection, bySlug.data.collection]) {
      expect(answer).toMatchObject({ name: 'Autumn 26', numberOfProducts: 0, media: { items: [] } });
      expect(answer).not.toHaveProperty('ribbon');
    }
  });

  it('adds and removes products, counting them and listing the collection on each product', async () => {
    const collection = await createCollection(t, site, { name: 'Tees' });
    const a = await createProduct(t, site, tShirt({ name: 'Tee A' }));
    const b = await createProduct(t, site, tShirt({ name: 'Tee B' }));
    const add = await t.call({
      method: 'POST',
      url: `${W}/collections/${collection.id}/productIds`,
      auth: site.adminKey,
      payload: { id: collection.id, productIds: [a.id, b.id] },
    });
    expect([add.statusCode, add.data], add.body).toEqual([200, {}]);
    const inCollection = await t.call({
      method: 'GET',
      url: `${R}/products/query-platformized?.r=${dotR({ query: { filter: { collectionIds: { $hasSome: [collection.id] } } } })}`,
      auth: await site.token('visitor'),
    });
    expect(inCollection.data.products.map((p: any) => p.name).sort()).toEqual(['Tee A', 'Tee B']);
    expect(inCollection.data.products[0].collectionIds).toEqual([collection.id]);
    const counted = await t.call({ method: 'GET', url: `${R}/collections/slug/tees`, auth: site.adminKey });
    expect(counted.data.collection.numberOfProducts).toBe(2);

    const remove = await t.call({
      method: 'POST',
      url: `${W}/collections/${collection.id}/productIds/delete`,
      auth: site.adminKey,
      payload: { id: collection.id, productIds: [a.id] },
    });
    expect(remove.statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `${R}/collections/slug/tees`, auth: site.adminKey })).data
        .collection.numberOfProducts,
    ).toBe(1);

    await t.call({ method: 'DELETE', url: `${W}/products/${b.id}`, auth: site.adminKey });
    expect(
      (await t.call({ method: 'GET', url: `${R}/collections/slug/tees`, auth: site.adminKey })).data
        .collection.numberOfProducts,
    ).toBe(0);

    const unknown = await t.call({
      method: 'POST',
      url: `${W}/collections/${collection.id}/productIds`,
      auth: site.adminKey,
      payload: { id: collection.id, productIds: [a.id, 'missing'] },
    });
    expect(unknown.statusCode).toBe(404);
    const still = await t.call({ method: 'GET', url: `${R}/products/${a.id}`, auth: site.adminKey });
    expect(still.data.product.collectionIds).toEqual([]);

    await t.call({
      method: 'POST',
      url: `${W}/collections/${collection.id}/productIds`,
      auth: site.adminKey,
      payload: { productIds: [a.id] },
    });
    await t.call({ method: 'DELETE', url: `${W}/collections/${collection.id}`, auth: site.adminKey });
    expect(
      (await t.call({ method: 'GET', url: `${R}/products/${a.id}`, auth: site.adminKey })).data.product
        .collectionIds,
    ).toEqual([]);
  });
});
