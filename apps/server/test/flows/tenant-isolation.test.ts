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
  /** What removes it: a DELETE, or the POST of a kind that is archived instead (plans). */
  delete(id: string): { method: 'DELETE' | 'POST'; url: string; payload?: object };
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
  {
    name: 'webhook endpoint',
    async create(t, site) {
      const response = await t.call({
        method: 'POST',
        url: '/plaza/v1/webhooks',
        auth: site.adminKey,
        payload: { webhook: { url: 'https://a.example/hooks', events: ['*/*'] } },
      });
      expect(response.statusCode).toBe(200);
      return response.data.webhook.id;
    },
    get: (id) => ({ method: 'GET', url: `/plaza/v1/webhooks/${id}` }),
    query: { method: 'POST', url: '/plaza/v1/webhooks/query', payload: { query: {} }, items: 'webhooks' },
    update: (id) => ({
      method: 'PATCH',
      url: `/plaza/v1/webhooks/${id}`,
      payload: { webhook: { id, url: 'https://b.example/taken-over' } },
    }),
    delete: (id) => ({ method: 'DELETE', url: `/plaza/v1/webhooks/${id}` }),
  },
  {
    name: 'Pricing plan',
    async create(t, site) {
      const response = await t.call({
        method: 'POST',
        url: '/pricing-plans/v2/plans',
        auth: site.adminKey,
        payload: { plan: { name: 'Site A plan', pricing: { singlePaymentUnlimited: true } } },
      });
      expect(response.statusCode).toBe(200);
      return response.data.plan.id;
    },
    get: (id) => ({ method: 'GET', url: `/pricing-plans/v2/plans/${id}` }),
    query: {
      method: 'POST',
      url: '/pricing-plans/v2/plans/public/query',
      payload: { query: {} },
      items: 'plans',
    },
    update: (id) => ({
      method: 'PATCH',
      url: `/pricing-plans/v2/plans/${id}`,
      payload: { plan: { id, name: 'taken over' } },
    }),
    delete: (id) => ({ method: 'POST', url: `/pricing-plans/v2/plans/${id}/archive`, payload: {} }),
  },
  {
    name: 'Event',
    create: (t, site) => createEventOf(t, site),
    get: (id) => ({ method: 'GET', url: `/events/v3/events/${id}` }),
    query: {
      method: 'POST',
      url: '/events/v3/events/query',
      payload: { query: {}, includeDrafts: true },
      items: 'events',
    },
    update: (id) => ({
      method: 'PATCH',
      url: `/events/v3/events/${id}`,
      payload: { event: { id, title: 'taken over' } },
    }),
    delete: (id) => ({ method: 'DELETE', url: `/events/v3/events/${id}` }),
  },
  {
    name: 'Ticket definition',
    async create(t, site) {
      const eventId = await createEventOf(t, site);
      const response = await t.call({
        method: 'POST',
        url: '/events/v3/ticket-definitions',
        auth: site.adminKey,
        payload: { ticketDefinition: { eventId, name: 'A', pricingMethod: { fixedPrice: { value: '5' } } } },
      });
      expect(response.statusCode).toBe(200);
      return response.data.ticketDefinition.id;
    },
    get: (id) => ({ method: 'GET', url: `/events/v3/ticket-definitions/${id}` }),
    query: {
      method: 'POST',
      url: '/events/v3/ticket-definitions/query',
      payload: { query: {} },
      items: 'ticketDefinitions',
    },
    update: (id) => ({
      method: 'PATCH',
      url: `/events/v3/ticket-definitions/${id}`,
      payload: { ticketDefinition: { id, name: 'taken over' } },
    }),
    delete: (id) => ({ method: 'DELETE', url: `/events/v3/ticket-definitions/${id}` }),
  },
  ...bookingsResource('Bookings service', '/bookings/v2/services', 'service', 'services', {
    name: 'Site A haircut',
    type: 'APPOINTMENT',
  }),
  ...bookingsResource('Staff member', '/bookings/v1/staff-members', 'staffMember', 'staffMembers', {
    name: 'Ana',
  }),
  ...bookingsResource('Booking policy', '/bookings/v1/booking-policies', 'bookingPolicy', 'bookingPolicies', {
    name: 'Strict',
  }),
  ...bookingsResource('Bookings category', '/bookings/v2/categories', 'category', 'categories', {
    name: 'Hair',
  }),
];

/** A bookings entity (services v2 and the owner entities it names): the same calls under one base path. */
function bookingsResource(
  name: string,
  base: string,
  entity: string,
  items: string,
  fields: Record<string, unknown>,
): Resource[] {
  return [
    {
      name,
      async create(t, site) {
        const response = await t.call({
          method: 'POST',
          url: base,
          auth: site.adminKey,
          payload: { [entity]: fields },
        });
        expect(response.statusCode).toBe(200);
        return response.data[entity].id;
      },
      get: (id) => ({ method: 'GET', url: `${base}/${id}` }),
      query: { method: 'POST', url: `${base}/query`, payload: { query: {} }, items },
      update: (id) => ({
        method: 'PATCH',
        url: `${base}/${id}`,
        payload: { [entity]: { id, revision: '1', name: 'taken over' } },
      }),
      delete: (id) => ({ method: 'DELETE', url: `${base}/${id}` }),
    },
  ];
}

/** A ticketed event of `site`, for the events entries. */
async function createEventOf(t: TestApp, site: TestSite): Promise<string> {
  const response = await t.call({
    method: 'POST',
    url: '/events/v3/events',
    auth: site.adminKey,
    payload: {
      event: {
        title: 'Site A concert',
        location: { type: 'VENUE' },
        dateAndTimeSettings: { startDate: '2099-01-01T19:00:00Z', endDate: '2099-01-01T22:00:00Z' },
        registration: { initialType: 'TICKETING' },
      },
    },
  });
  expect(response.statusCode).toBe(200);
  return response.data.event.id;
}

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
