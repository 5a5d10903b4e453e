import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createCollection, createProduct, R, tShirt, W } from './stores-fixtures.ts';

/** A collection's `numberOfProducts` counts what the caller may see: visitors, the visible products only. */
describe.each(engines)('stores collection count (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  const countFor = async (auth: string) => {
    const response = await t.call({ method: 'GET', url: `${R}/collections/slug/lamps`, auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.collection.numberOfProducts as number;
  };
  const setVisible = async (id: string, visible: boolean) => {
    const response = await t.call({
      method: 'PATCH',
      url: `${W}/products/${id}`,
      auth: site.adminKey,
      payload: { product: { visible } },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('leaves hidden products out of the count visitors see', async () => {
    const collection = await createCollection(t, site, { name: 'Lamps' });
    const shown = await createProduct(t, site, tShirt({ name: 'Desk lamp' }));
    const hidden = await createProduct(t, site, tShirt({ name: 'Floor lamp', visible: false }));
    const later = await createProduct(t, site, tShirt({ name: 'Wall lamp' }));
    const add = await t.call({
      method: 'POST',
      url: `${W}/collections/${collection.id}/productIds`,
      auth: site.adminKey,
      payload: { id: collection.id, productIds: [shown.id, hidden.id, later.id] },
    });
    expect(add.statusCode, add.body).toBe(200);
    const visitor = await site.token('visitor');
    expect(await countFor(visitor)).toBe(2);
    expect(await countFor(site.adminKey)).toBe(3);

    await setVisible(later.id, false);
    expect(await countFor(visitor)).toBe(1);
    expect(await countFor(await site.token('member'))).toBe(1);
    expect(await countFor(site.adminKey)).toBe(3);
    await setVisible(hidden.id, true);
    expect(await countFor(visitor)).toBe(2);
  });
});
