import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createCollection, createProduct, dotR, R, tShirt, W } from './stores-fixtures.ts';

/** Same checks as tenant-isolation.test.ts, for catalog products and collections. */
interface Resource {
  name: string;
  create(t: TestApp, site: TestSite): Promise<{ id: string; slug: string }>;
  get(entity: { id: string; slug: string }): { method: 'GET'; url: string };
  query: { method: 'POST'; url: string; payload: object; items: string } | undefined;
  update(id: string): { method: 'PATCH'; url: string; payload: object };
  delete(id: string): { method: 'DELETE'; url: string };
}

const resources: Resource[] = [
  {
    name: 'product',
    create: (t, site) => createProduct(t, site),
    get: ({ id }) => ({ method: 'GET', url: `${R}/products/${id}` }),
    query: {
      method: 'POST',
      url: `${R}/products/query-platformized`,
      payload: { query: {} },
      items: 'products',
    },
    update: (id) => ({
      method: 'PATCH',
      url: `${W}/products/${id}`,
      payload: { product: { id, name: 'taken over' } },
    }),
    delete: (id) => ({ method: 'DELETE', url: `${W}/products/${id}` }),
  },
  {
    name: 'collection',
    create: (t, site) => createCollection(t, site, { name: 'Isolated' }),
    get: ({ slug }) => ({ method: 'GET', url: `${R}/collections/slug/${slug}` }),
    query: { method: 'POST', url: `${R}/collections/query`, payload: { query: {} }, items: 'collections' },
    update: (id) => ({
      method: 'PATCH',
      url: `${W}/collections/${id}`,
      payload: { collection: { id, name: 'taken over' } },
    }),
    delete: (id) => ({ method: 'DELETE', url: `${W}/collections/${id}` }),
  },
];

describe.each(engines)('stores tenant isolation (%s)', (engine) => {
  let t: TestApp;
  let siteA: TestSite;
  let siteB: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    siteA = await t.createSite({ name: 'A' });
    siteB = await t.createSite({ name: 'B' });
  });
  afterAll(() => t.close());

  describe.each(resources)('$name', (resource) => {
    it("is invisible to every call made with another site's credentials", async () => {
      const entity = await resource.create(t, siteA);
      for (const auth of [siteB.adminKey, await siteB.token('admin'), await siteB.token('visitor')]) {
        expect((await t.call({ ...resource.get(entity), auth })).statusCode).toBe(404);
        if (resource.query) {
          const query = await t.call({ ...resource.query, auth });
          expect(query.statusCode).toBe(200);
          expect(query.data[resource.query.items].map((item: { id: string }) => item.id)).not.toContain(
            entity.id,
          );
          const filtered = await t.call({
            ...resource.query,
            payload: { query: { filter: { id: entity.id } } },
            auth,
          });
          expect(filtered.data[resource.query.items]).toEqual([]);
        }
      }
      for (const auth of [siteB.adminKey, await siteB.token('admin')]) {
        expect((await t.call({ ...resource.update(entity.id), auth })).statusCode).toBe(404);
        expect((await t.call({ ...resource.delete(entity.id), auth })).statusCode).toBe(404);
      }
      const stillThere = await t.call({ ...resource.get(entity), auth: siteA.adminKey });
      expect(stillThere.statusCode).toBe(200);
      expect(stillThere.data[resource.name].revision).toBe('1');
    });
  });

  it('answers the same GET query for each site and caller with their own products, also when remembered', async () => {
    const [c, d] = [await t.createSite({ name: 'C' }), await t.createSite({ name: 'D' })];
    await createProduct(t, c, tShirt({ name: 'C shown', sku: 'C-1' }));
    await createProduct(t, c, tShirt({ name: 'C hidden', sku: 'C-2', visible: false }));
    await createProduct(t, d, tShirt({ name: 'D shown', sku: 'D-1' }));
    const url = `${R}/products/query-platformized?.r=${dotR({ query: { sort: [{ fieldName: 'name', order: 'ASC' }] } })}`;
    const names = async (auth: string) => {
      const response = await t.call({ method: 'GET', url, auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.data.products.map((product: { name: string }) => product.name);
    };
    // The second round is answered from the query as the first one decoded, scoped and planned it.
    for (let round = 0; round < 2; round++) {
      expect(await names(await c.token('visitor'))).toEqual(['C shown']);
      expect(await names(c.adminKey)).toEqual(['C hidden', 'C shown']);
      expect(await names(await d.token('visitor'))).toEqual(['D shown']);
      expect(await names(d.adminKey)).toEqual(['D shown']);
    }
    await createProduct(t, d, tShirt({ name: 'D added', sku: 'D-2' }));
    expect(await names(await d.token('visitor'))).toEqual(['D added', 'D shown']);
  });

  it('keeps variants, options availability and collection membership per site', async () => {
    const product = await createProduct(t, siteA);
    const collection = await createCollection(t, siteB, { name: 'Foreign' });
    const auth = siteB.adminKey;
    const variants = await t.call({
      method: 'POST',
      url: `${R}/variants/query`,
      auth,
      payload: { query: { filter: { productId: product.id } } },
    });
    expect(variants.data.variants).toEqual([]);
    const variantId = `${product.id}-${product.variants[0].id}`;
    expect((await t.call({ method: 'GET', url: `${R}/variants/${variantId}`, auth })).statusCode).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${R}/products/${product.id}/productOptionsAvailability`,
          auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: `${R}/products/${product.id}/variants/query`, auth, payload: {} }))
        .statusCode,
    ).toBe(404);
    const add = await t.call({
      method: 'POST',
      url: `${W}/collections/${collection.id}/productIds`,
      auth,
      payload: { productIds: [product.id] },
    });
    expect(add.statusCode).toBe(404);
    const bulk = await t.call({
      method: 'POST',
      url: `${W}/bulk/products/update`,
      auth,
      payload: { ids: [product.id], set: { price: 1 } },
    });
    expect(bulk.data.bulkActionMetadata.totalFailures).toBe(1);
    const reserve = t.platform.storesCatalog.reserve(siteB.id, [{ catalogItemId: product.id, quantity: 1 }]);
    await expect(reserve).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
  });
});
