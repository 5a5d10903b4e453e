import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { engines } from '../../test/engines.ts';

describe.each(engines)('CORS (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ALLOWED_ORIGINS: 'http://localhost:3000' } });
    const site = await t.createSite();
    await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      payload: { oAuthApp: { name: 'Shop', allowedOrigins: ['https://shop.example'] } },
    });
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
  });

  it('allows an origin an OAuth client lists', async () => {
    const response = await preflight('https://shop.example');
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('gives other origins no CORS headers', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
