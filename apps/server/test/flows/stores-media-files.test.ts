import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, W } from './stores-fixtures.ts';

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** An uploaded image is written only once the product it is added to is known to take it. */
describe.each(engines)('stores media files (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const dataDir = mkdtempSync(join(tmpdir(), 'plaza-stores-media-'));
  const files = () => {
    const folder = join(dataDir, 'media', site.id);
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DATA_DIR: dataDir } });
    site = await t.createSite();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const addMedia = (productId: string, media: object[]) =>
    t.call({
      method: 'POST',
      url: `${W}/products/${productId}/media`,
      auth: site.adminKey,
      payload: { id: productId, media },
    });

  it('leaves no file behind for a product that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await addMedia(missing, [{ url: `data:image/png;base64,${PNG_1X1}` }]);
    expect(response.statusCode, response.body).toBe(404);
    expect(files()).toEqual([]);
  });

  it('leaves no file behind when a choice is refused, and writes it once accepted', async () => {
    const product = await createProduct(t, site);
    const refused = await addMedia(product.id, [
      { url: `data:image/png;base64,${PNG_1X1}`, choice: { option: 'Color', choice: 'Purple' } },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(files()).toEqual([]);

    const added = await addMedia(product.id, [
      { url: `data:image/png;base64,${PNG_1X1}`, choice: { option: 'Color', choice: 'Black' } },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(files()).toHaveLength(1);
    const served = await t.call({ method: 'GET', url: `/media/${site.id}/${files()[0]}` });
    expect(served.statusCode).toBe(200);
  });
});
