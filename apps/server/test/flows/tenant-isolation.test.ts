import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';

/**
 * A document made in site A is invisible to every read, query, update and delete made with site
 * B's credentials. Each resource kind adds one entry to `resources`; the checks are the same.
 */
interface Resource {
  name: string;
  create(t: TestApp, site: TestSite): Promise<string>;
  get(id: string): { method: 'GET'; url: string };
  query: { method: 'POST'; url: string; payload: object; items: string };
  update(id: string): { method: 'PATCH'; url: string; payload: object };
  delete(id: string): { method: 'DELETE'; url: string };
}

const resources: Resource[] = [
  {
    name: 'OAuth app',
    async create(t, site) {
      const response = await t.call({
        method: 'POST',
        url: '/oauth-app/v1/oauth-apps',
        auth: site.adminKey,
        payload: { oAuthApp: { name: 'Site A storefront', allowedOrigins: ['https://a.example'] } },
      });
      expect(response.statusCode).toBe(200);
      return response.data.oAuthApp.id;
    },
    get: (id) => ({ method: 'GET', url: `/oauth-app/v1/oauth-apps/${id}` }),
    query: {
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps/query',
      payload: { query: {} },
      items: 'oAuthApps',
    },
    update: (id) => ({
      method: 'PATCH',
      url: `/oauth-app/v1/oauth-apps/${id}`,
      payload: { oAuthApp: { id, name: 'taken over' } },
    }),
    delete: (id) => ({ method: 'DELETE', url: `/oauth-app/v1/oauth-apps/${id}` }),
  },
];

describe.each(engines)('tenant isolation (%s)', (engine) => {
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
      const id = await resource.create(t, siteA);
      const credentialsOfB = [siteB.adminKey, await siteB.token('admin')];

      for (const auth of credentialsOfB) {
        const get = await t.call({ ...resource.get(id), auth });
        expect(get.statusCode).toBe(404);

        const query = await t.call({ ...resource.query, auth });
        expect(query.statusCode).toBe(200);
        expect(query.data[resource.query.items].map((item: { id: string }) => item.id)).not.toContain(id);

        const filtered = await t.call({ ...resource.query, payload: { query: { filter: { id } } }, auth });
        expect(filtered.data[resource.query.items]).toEqual([]);

        const update = await t.call({ ...resource.update(id), auth });
        expect(update.statusCode).toBe(404);

        const remove = await t.call({ ...resource.delete(id), auth });
        expect(remove.statusCode).toBe(404);
      }

      const stillThere = await t.call({ ...resource.get(id), auth: siteA.adminKey });
      expect(stillThere.statusCode).toBe(200);
      expect(stillThere.data[Object.keys(stillThere.data)[0]!].revision).toBe('1');
    });
  });

  it("keeps API keys of one site out of the other's list and delete", async () => {
    const listA = await t.call({ method: 'GET', url: '/plaza/v1/api-keys', auth: siteA.adminKey });
    const keyOfA = listA.data.apiKeys[0].id;
    const listB = await t.call({ method: 'GET', url: '/plaza/v1/api-keys', auth: siteB.adminKey });
    expect(listB.data.apiKeys.map((key: { id: string }) => key.id)).not.toContain(keyOfA);
    const remove = await t.call({
      method: 'DELETE',
      url: `/plaza/v1/api-keys/${keyOfA}`,
      auth: siteB.adminKey,
    });
    expect(remove.statusCode).toBe(404);
  });

  it('shows site settings to owners only', async () => {
    await t.call({
      method: 'PATCH',
      url: '/plaza/v1/site',
      auth: siteA.adminKey,
      payload: { site: { settings: { identity: { captchaTestTokens: ['secret'] } } } },
    });
    const owner = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: siteA.adminKey });
    expect(owner.data.site.settings.identity.captchaTestTokens).toEqual(['secret']);
    for (const kind of ['visitor', 'member'] as const) {
      const response = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: await siteA.token(kind) });
      expect(response.data.site.settings).toEqual({});
      expect(response.body).not.toContain('secret');
    }
  });

  it('answers each site with its own settings', async () => {
    const a = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: await siteA.token('visitor') });
    const b = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: await siteB.token('visitor') });
    expect([a.data.site.name, b.data.site.name]).toEqual(['A', 'B']);
  });
});
