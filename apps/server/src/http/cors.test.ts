import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../test/build-test-app.ts';
import { engines } from '../../test/engines.ts';

describe.each(engines)('CORS (%s)', (engine) => {
  let t: TestApp;
  let siteA: TestSite;
  let siteB: TestSite;
  let clientB: string;

  const createClient = async (site: TestSite, origin: string): Promise<string> => {
    const created = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      payload: { oAuthApp: { name: 'Shop', allowedOrigins: [origin] } },
    });
    expect(created.statusCode).toBe(200);
    return created.data.oAuthApp.id;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ALLOWED_ORIGINS: 'http://localhost:3000' } });
    siteA = await t.createSite();
    siteB = await t.createSite();
    await createClient(siteA, 'https://shop.example');
    clientB = await createClient(siteB, 'https://b-shop.example');
  });
  afterAll(() => t.close());

  const preflight = (origin: string) =>
    t.call({
      method: 'OPTIONS',
      url: '/plaza/v1/site',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type,x-wix-bi-gateway',
      },
    });

  const getSite = (origin: string, auth: string) =>
    t.call({ method: 'GET', url: '/plaza/v1/site', auth, headers: { origin } });

  it('allows the configured origin with the headers the client sends and exposes the request id', async () => {
    const response = await preflight('http://localhost:3000');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(response.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
    const get = await t.call({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(String(get.headers['access-control-expose-headers'])).toContain('X-Wix-Request-Id');
    expect(get.headers.vary).toContain('Origin');
    // Configured origins are the operator's: every site answers them.
    const onB = await getSite('http://localhost:3000', await siteB.token('visitor'));
    expect(onB.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it("answers an OAuth client's origin on its own site's calls", async () => {
    const response = await preflight('https://shop.example');
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example');
    const call = await getSite('https://shop.example', await siteA.token('visitor'));
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(String(call.headers['access-control-expose-headers'])).toContain('X-Wix-Request-Id');
    const owner = await getSite('https://shop.example', siteA.adminKey);
    expect(owner.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it("gives site A's origin no CORS answer on site B's calls", async () => {
    const visitor = await getSite('https://shop.example', await siteB.token('visitor'));
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['access-control-allow-origin']).toBeUndefined();
    expect(visitor.headers['access-control-expose-headers']).toBeUndefined();
    const owner = await getSite('https://shop.example', siteB.adminKey);
    expect(owner.headers['access-control-allow-origin']).toBeUndefined();
    // A refusal on site B is not readable by site A's origin either.
    const refused = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/site',
      auth: await siteB.token('visitor'),
      headers: { origin: 'https://shop.example' },
      payload: { site: { name: 'Taken' } },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    // Site B's own origin reads the same answers.
    const own = await getSite('https://b-shop.example', await siteB.token('visitor'));
    expect(own.headers['access-control-allow-origin']).toBe('https://b-shop.example');
  });

  it("decides the token endpoint by the client id's site", async () => {
    const token = (origin: string) =>
      t.call({
        method: 'POST',
        url: '/oauth2/token',
        headers: { origin },
        payload: { clientId: clientB, grantType: 'anonymous' },
      });
    const own = await token('https://b-shop.example');
    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe('https://b-shop.example');
    const other = await token('https://shop.example');
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets answers of no site be read by any known origin, and no one else', async () => {
    const health = await t.call({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://shop.example' },
    });
    expect(health.headers['access-control-allow-origin']).toBe('https://shop.example');
    const stranger = await t.call({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives other origins no CORS headers', async () => {
    const response = await preflight('https://evil.example');
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const call = await getSite('https://evil.example', await siteA.token('visitor'));
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});
