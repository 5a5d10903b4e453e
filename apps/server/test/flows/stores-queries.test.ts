import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, dotR, fields, R, tShirt } from './stores-fixtures.ts';

describe.each(engines)('stores product queries (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
    for (const [name, price] of [
      ['Cheap', 5],
      ['Middle', 19.99],
      ['Dear', 120],
    ] as const) {
      t.clock.advance(1000);
      ids.push((await createProduct(t, site, tShirt({ name, priceData: { price } }))).id);
    }
  });
  afterAll(() => t.close());

  it('answers the GET form with .r, newest first, with total', async () => {
    const visitor = await site.token('visitor');
    const r = dotR({ query: { filter: {}, paging: { offset: 0, limit: 2 } } });
    for (const base of [R, '/_api/catalog-reader-server/v1']) {
      const response = await t.call({
        method: 'GET',
        url: `${base}/products/query-platformized?.r=${r}`,
        auth: visitor,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.data.products.map((p: any) => p.name)).toEqual(['Dear', 'Middle']);
      expect(response.data.metadata).toMatchObject({ count: 2, offset: 0, total: 3 });
    }
    const bare = await t.call({ method: 'GET', url: `${R}/products/query-platformized`, auth: visitor });
    expect(bare.data.metadata.total).toBe(3);
  });

  it('takes the POST fallback with the same body, filters on price and sorts', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: await site.token('visitor'),
      payload: {
        query: {
          filter: { $and: [{ 'priceData.price': { $gte: 5 } }, { 'priceData.price': { $lt: 50 } }] },
          sort: [{ fieldName: 'priceData.price', order: 'DESC' }],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.products.map((p: any) => p.priceData.price)).toEqual([19.99, 5]);
    const exact = await t.call({
      method: 'GET',
      url: `${R}/products/query-platformized?.r=${dotR({ query: { filter: { 'priceData.price': 19.99 } } })}`,
      auth: site.adminKey,
    });
    expect(exact.data.products.map((p: any) => p.name)).toEqual(['Middle']);
  });

  it('compares dates as instants, in whatever ISO 8601 form the filter names them', async () => {
    const names = async (filter: object) => {
      const response = await t.call({
        method: 'POST',
        url: `${R}/products/query-platformized`,
        auth: site.adminKey,
        payload: { query: { filter, sort: [{ fieldName: 'createdDate', order: 'ASC' }] } },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.data.products.map((p: any) => p.name);
    };
    const read = await t.call({ method: 'GET', url: `${R}/products/${ids[1]}`, auth: site.adminKey });
    const created = Date.parse(read.data.product.createdDate);
    const withoutMillis = new Date(Math.floor(created / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    const atPlusTwo = new Date(created + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect(await names({ createdDate: { $gte: withoutMillis } })).toEqual(['Middle', 'Dear']);
    expect(await names({ createdDate: atPlusTwo })).toEqual(['Middle']);
    expect(await names({ lastUpdated: { $lt: atPlusTwo } })).toEqual(['Cheap']);
    expect(await names({ createdDate: { $lt: '2000-01-02' } })).toEqual([]);
    expect(await names({ createdDate: { $gt: '2000' } })).toEqual(['Cheap', 'Middle', 'Dear']);
  });

  it('refuses a malformed .r and a bad filter with field violations', async () => {
    for (const r of [
      '%%%',
      Buffer.from('not json').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const response = await t.call({
        method: 'GET',
        url: `${R}/products/query-platformized?.r=${r}`,
        auth: site.adminKey,
      });
      expect(response.statusCode).toBe(400);
      expect(fields(response)).toEqual(['.r']);
    }
    const bad = await t.call({
      method: 'GET',
      url: `${R}/products/query-platformized?.r=${dotR({ query: { filter: { name: { $regex: 'x' } } } })}`,
      auth: site.adminKey,
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)[0]).toMatch(/^query\.filter/);

    // The GET form takes what the POST form takes, checked alike.
    for (const [request, field] of [
      [{ query: { paging: { limit: '5' } } }, 'query.paging.limit'],
      [{ query: { paging: { limit: 2, offset: '3' } } }, 'query.paging.offset'],
      [{ query: null }, 'query'],
      [{ query: {}, includeMerchantSpecificData: 'yes' }, 'includeMerchantSpecificData'],
    ] as const) {
      const [get, post] = await Promise.all([
        t.call({
          method: 'GET',
          url: `${R}/products/query-platformized?.r=${dotR(request)}`,
          auth: site.adminKey,
        }),
        t.call({
          method: 'POST',
          url: `${R}/products/query-platformized`,
          auth: site.adminKey,
          payload: request,
        }),
      ]);
      expect([get.statusCode, fields(get)], JSON.stringify(request)).toEqual([400, [field]]);
      expect(get.data.details).toEqual(post.data.details);
    }
  });

  it('routes query-platformized before the {id} route (static segments win)', async () => {
    const get = await t.call({ method: 'GET', url: `${R}/products/query-platformized`, auth: site.adminKey });
    expect(get.data.products).toHaveLength(3);
    const byId = await t.call({ method: 'GET', url: `${R}/products/${ids[0]}`, auth: site.adminKey });
    expect(byId.data.product.name).toBe('Cheap');
  });

  it('includes cost data in query results for admins who ask', async () => {
    const admin = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: site.adminKey,
      payload: { query: {}, includeMerchantSpecificData: true },
    });
    expect(admin.data.products[0].costAndProfitData.itemCost).toBe(7.5);
    const visitor = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: await site.token('visitor'),
      payload: { query: {}, includeMerchantSpecificData: true },
    });
    expect(visitor.data.products[0].costAndProfitData).toBeUndefined();
  });
});
