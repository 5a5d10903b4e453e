import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createCollection, createProduct, R, tShirt, W } from './stores-fixtures.ts';

/** queryCollections: the list an owner's console pages through, and what a visitor may see of it. */
describe.each(engines)('stores query collections (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const ids: Record<string, string> = {};

  const query = async (auth: string | undefined, body: object, base = R) => {
    const response = await t.call({ method: 'POST', url: `${base}/collections/query`, auth, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.data as {
      collections: Array<{ id: string; name: string; numberOfProducts: number; visible: boolean }>;
      metadata: { count: number; total?: number };
    };
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
    for (const name of ['Lamps', 'Chairs', 'Archive', 'Tables']) {
      const collection = await createCollection(t, site, { name, visible: name !== 'Archive' });
      ids[name] = collection.id;
    }
    const shown = await createProduct(t, site, tShirt({ name: 'Desk lamp' }));
    const hidden = await createProduct(t, site, tShirt({ name: 'Floor lamp', visible: false }));
    const add = await t.call({
      method: 'POST',
      url: `${W}/collections/${ids.Lamps}/productIds`,
      auth: site.adminKey,
      payload: { id: ids.Lamps, productIds: [shown.id, hidden.id] },
    });
    expect(add.statusCode, add.body).toBe(200);
  });
  afterAll(() => t.close());

  it('gives the owner every collection, hidden ones included, sorted and paged by the server', async () => {
    const page = await query(site.adminKey, {
      query: { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { offset: 0, limit: 3 } },
    });
    expect(page.collections.map((c) => c.name)).toEqual(['Archive', 'Chairs', 'Lamps']);
    expect(page.metadata).toMatchObject({ count: 3, total: 4 });
    expect(page.collections.find((c) => c.name === 'Lamps')?.numberOfProducts).toBe(2);

    const found = await query(
      site.adminKey,
      { query: { filter: { name: { $startsWith: 'ta' } } } },
      '/_api/catalog-reader-server/v1',
    );
    expect(found.collections.map((c) => c.id)).toEqual([ids.Tables]);
  });

  it('shows a visitor the visible collections only, counting their visible products', async () => {
    for (const auth of [await site.token('visitor'), await site.token('member')]) {
      const page = await query(auth, { query: { sort: [{ fieldName: 'name', order: 'ASC' }] } });
      expect(page.collections.map((c) => c.name)).toEqual(['Chairs', 'Lamps', 'Tables']);
      expect(page.metadata.total).toBe(3);
      expect(page.collections.find((c) => c.name === 'Lamps')?.numberOfProducts).toBe(1);
    }
    const asked = await query(await site.token('visitor'), { query: { filter: { visible: false } } });
    expect(asked.collections).toEqual([]);
  });

  it('refuses a malformed query with field violations, not a 500', async () => {
    const bad = await t.call({
      method: 'POST',
      url: `${R}/collections/query`,
      auth: site.adminKey,
      payload: { query: { filter: { name: { $regex: 'x' } } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.details.validationError.fieldViolations[0].field).toMatch(/^query\.filter/);
    const wrongType = await t.call({
      method: 'POST',
      url: `${R}/collections/query`,
      auth: site.adminKey,
      payload: { query: { paging: { limit: 'ten' } } },
    });
    expect(wrongType.statusCode).toBe(400);
  });
});
