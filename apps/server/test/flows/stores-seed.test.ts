import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStores } from '../../src/seed/stores.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { dotR, R } from './stores-fixtures.ts';

describe.each(engines)('stores demo catalog (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const dataDir = mkdtempSync(join(tmpdir(), 'plaza-stores-seed-'));

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DATA_DIR: dataDir } });
    site = await t.createSite();
    await seedStores(t.platform, site.id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ships 12 products in two collections with images, options, a sold-out and discounted products', async () => {
    const visitor = await site.token('visitor');
    const response = await t.call({
      method: 'GET',
      url: `${R}/products/query-platformized?.r=${dotR({ query: { paging: { limit: 100 } } })}`,
      auth: visitor,
    });
    const products = response.data.products as any[];
    expect(products).toHaveLength(12);
    expect(products.every((p) => p.media.mainMedia.image.width === 800 && p.collectionIds.length === 1)).toBe(
      true,
    );
    expect(products.filter((p) => p.stock.inventoryStatus === 'OUT_OF_STOCK').map((p) => p.name)).toEqual([
      'Rain Jacket',
    ]);
    expect(products.filter((p) => p.discount.type !== 'NONE').length).toBeGreaterThanOrEqual(1);
    const shirt = products.find((p) => p.name === 'Classic T-shirt');
    expect(shirt.variants).toHaveLength(12);
    expect(shirt.productOptions[1]).toMatchObject({ optionType: 'color', name: 'Color' });
    expect(shirt.productOptions[1].choices[0].media.items).toHaveLength(1);
    expect(shirt.priceRange).toEqual({ minValue: 24, maxValue: 26 });

    const image = await t.call({ method: 'GET', url: new URL(shirt.media.mainMedia.image.url).pathname });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    for (const slug of ['apparel', 'home-kitchen']) {
      const collection = await t.call({ method: 'GET', url: `${R}/collections/slug/${slug}`, auth: visitor });
      expect(collection.data.collection.numberOfProducts).toBe(6);
    }
  });
});
