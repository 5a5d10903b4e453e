import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';

const violations = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []) as Array<{
    field: string;
    description: string;
  }>;

describe.each(engines)('webhook endpoints (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    // The production settings: https only, public hosts only.
    t = await buildTestApp(engine);
    site = await t.createSite({ name: 'Webhooks' });
  });
  afterAll(() => t?.close());

  const create = (webhook: object, auth = site.adminKey) =>
    t.call({ method: 'POST', url: '/plaza/v1/webhooks', auth, payload: { webhook } });

  it('creates, reads, lists, changes, rotates and deletes an endpoint; the secret is shown only when made', async () => {
    const created = await create({
      url: 'https://hooks.example.com/plaza',
      events: ['order/paid', 'product/*', 'order/paid'],
      description: 'Back office',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { webhook, secret } = created.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({
      url: 'https://hooks.example.com/plaza',
      events: ['order/paid', 'product/*'],
      enabled: true,
      description: 'Back office',
      revision: '1',
    });

    const read = await t.call({
      method: 'GET',
      url: `/plaza/v1/webhooks/${webhook.id}`,
      auth: site.adminKey,
    });
    expect(read.data.webhook).toEqual(webhook);
    expect(read.body).not.toContain(secret);

    const listed = await t.call({
      method: 'POST',
      url: '/plaza/v1/webhooks/query',
      auth: site.adminKey,
      payload: { query: { filter: { enabled: true } } },
    });
    expect(listed.data.webhooks.map((w: { id: string }) => w.id)).toContain(webhook.id);
    expect(listed.body).not.toContain(secret);

    const changed = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/webhooks/${webhook.id}`,
      auth: site.adminKey,
      payload: { webhook: { id: webhook.id, revision: '1', enabled: false, events: ['*/deleted'] } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data.webhook).toMatchObject({ enabled: false, events: ['*/deleted'], revision: '2' });

    const stale = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/webhooks/${webhook.id}`,
      auth: site.adminKey,
      payload: { webhook: { id: webhook.id, revision: '1', enabled: true } },
    });
    expect(stale.statusCode).toBe(409);

    const rotated = await t.call({
      method: 'POST',
      url: `/plaza/v1/webhooks/${webhook.id}/rotate-secret`,
      auth: site.adminKey,
      payload: {},
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(secret);

    const log = await t.call({
      method: 'GET',
      url: `/plaza/v1/webhooks/${webhook.id}/deliveries?limit=5`,
      auth: site.adminKey,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.data).toEqual({
      deliveries: [],
      pagingMetadata: { count: 0, cursors: { next: null }, hasNext: false },
    });

    const removed = await t.call({
      method: 'DELETE',
      url: `/plaza/v1/webhooks/${webhook.id}`,
      auth: site.adminKey,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.call({
      method: 'GET',
      url: `/plaza/v1/webhooks/${webhook.id}`,
      auth: site.adminKey,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.data.details.applicationError.code).toBe('WEBHOOK_NOT_FOUND');
  });

  it.each([
    ['plain http', 'http://hooks.example.com/'],
    ['loopback', 'https://127.0.0.1:8443/hook'],
    ['loopback IPv6', 'https://[::1]/hook'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['localhost', 'https://localhost/hook'],
    ['a private network', 'https://10.1.2.3/hook'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['another scheme', 'ftp://hooks.example.com/'],
    ['no URL at all', 'hooks.example.com'],
    ['credentials in the URL', 'https://user:pass@hooks.example.com/'],
  ])('refuses %s as the URL, on create and on update', async (_name, url) => {
    const refused = await create({ url, events: ['order/paid'] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(violations(refused).map((v) => v.field)).toEqual(['webhook.url']);

    const ok = await create({ url: 'https://hooks.example.com/ok', events: ['order/paid'] });
    const id = ok.data.webhook.id;
    const update = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/webhooks/${id}`,
      auth: site.adminKey,
      payload: { webhook: { id, url } },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(violations(update).map((v) => v.field)).toEqual(['webhook.url']);
  });

  it('refuses events that name no entity and event, and an empty list', async () => {
    for (const events of [[], ['order'], ['order/Paid'], ['order/paid/now'], ['../x']]) {
      const refused = await create({ url: 'https://hooks.example.com/', events });
      expect(refused.statusCode, JSON.stringify(events)).toBe(400);
      expect(violations(refused)[0]?.field).toMatch(/^webhook\.events/);
    }
  });

  it('answers owners only', async () => {
    const made = await create({ url: 'https://hooks.example.com/', events: ['*/*'] });
    const id = made.data.webhook.id;
    for (const kind of ['visitor', 'member'] as const) {
      const auth = await site.token(kind);
      const attempts = [
        await create({ url: 'https://hooks.example.com/', events: ['*/*'] }, auth),
        await t.call({ method: 'GET', url: `/plaza/v1/webhooks/${id}`, auth }),
        await t.call({ method: 'POST', url: '/plaza/v1/webhooks/query', auth, payload: {} }),
        await t.call({ method: 'GET', url: `/plaza/v1/webhooks/${id}/deliveries`, auth }),
        await t.call({ method: 'POST', url: `/plaza/v1/webhooks/${id}/rotate-secret`, auth, payload: {} }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
  });

  it("keeps another site's endpoints, log and replays out of reach", async () => {
    const made = await create({ url: 'https://hooks.example.com/', events: ['*/*'] });
    const id = made.data.webhook.id;
    const other = await t.createSite({ name: 'Other' });
    const calls = [
      { method: 'GET' as const, url: `/plaza/v1/webhooks/${id}/deliveries` },
      { method: 'POST' as const, url: `/plaza/v1/webhooks/${id}/rotate-secret`, payload: {} },
      {
        method: 'POST' as const,
        url: `/plaza/v1/webhooks/${id}/replay`,
        payload: { since: '2020-01-01T00:00:00Z' },
      },
    ];
    for (const call of calls) {
      const response = await t.call({ ...call, auth: other.adminKey });
      expect(response.statusCode, call.url).toBe(404);
    }
  });
});
