import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../test/build-test-app.ts';
import { engines } from '../../test/engines.ts';
import { callModule, registerCalls } from './calls.ts';

/** Every kind of failure answers in the envelope of the API map, section 4, with a request id. */
describe.each(engines)('error envelope (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { BODY_LIMIT: '2048' },
      beforeReady: (app, platform) => {
        const boom = {
          name: 'explode',
          method: 'POST',
          paths: ['/test/v1/explode'],
          access: 'anyone',
          summary: 'Throws an unexpected error.',
          request: Type.Object({}),
          response: Type.Object({}),
        } as const;
        const storesOnly = {
          ...boom,
          name: 'storesOnly',
          paths: ['/test/v1/stores-only'],
          app: 'stores',
          summary: 'Needs stores.',
        } as const;
        // The codes the drivers give a deadlock and a lock wait that ran out (db/errors.test.ts).
        const deadlock = { ...boom, name: 'deadlock', paths: ['/test/v1/deadlock'] } as const;
        const lockTimeout = { ...boom, name: 'lockTimeout', paths: ['/test/v1/lock-timeout'] } as const;
        const failing = (message: string, code: string) => () => {
          throw Object.assign(new Error(message), { code });
        };
        registerCalls(
          app,
          callModule('test', [boom, storesOnly, deadlock, lockTimeout], {
            explode: () => {
              throw new Error('secret internal detail at /srv/plaza/file.ts:12');
            },
            storesOnly: () => ({}),
            deadlock: failing('deadlock detected', engine === 'postgres' ? '40P01' : '40001'),
            lockTimeout: failing('database is locked', engine === 'postgres' ? '55P03' : 'SQLITE_BUSY'),
          }),
          platform.authenticator,
        );
      },
    });
    site = await t.createSite({ installedApps: ['bookings'] });
  });
  afterAll(() => t.close());

  const expectEnvelope = (response: { headers: Record<string, unknown>; data: any }, code?: string) => {
    expect(response.headers['x-wix-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof response.data.message).toBe('string');
    if (code) expect(response.data.details.applicationError.code).toBe(code);
  };

  it('answers bad input with sorted field violations and an INVALID_ARGUMENT message', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      payload: { oAuthApp: { name: '', allowedOrigins: ['not an origin'], allowedRedirectUris: 'x' } },
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response);
    const violations = response.data.details.validationError.fieldViolations;
    expect(violations.map((v: { field: string }) => v.field)).toEqual([
      'oAuthApp.allowedOrigins[0]',
      'oAuthApp.allowedRedirectUris',
      'oAuthApp.name',
    ]);
    expect(violations.every((v: { data: unknown }) => typeof v.data === 'object')).toBe(true);
    expect(violations[2]).toMatchObject({ violatedRule: 'MIN_LENGTH', description: 'must not be empty' });
    expect(response.data.message).toBe(
      `INVALID_ARGUMENT: "oAuthApp.allowedOrigins[0]" ${violations[0].description}, "oAuthApp.allowedRedirectUris" must be an array, "oAuthApp.name" must not be empty`,
    );
  });

  it('names a missing required field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.details.validationError.fieldViolations).toEqual([
      { field: 'oAuthApp', description: 'is required', violatedRule: 'REQUIRED_FIELD', data: {} },
    ]);
  });

  it('refuses malformed JSON', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"oAuthApp": {',
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response, 'INVALID_JSON');
  });

  it('refuses a body that would reach Object.prototype, saying why', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"oAuthApp": {"name": "x", "__proto__": {"polluted": true}}}',
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response, 'INVALID_JSON');
    expect(response.data.message).toContain('__proto__');
    expect('polluted' in Object.prototype).toBe(false);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      headers: { 'content-type': 'text/xml' },
      payload: '<oAuthApp/>',
    });
    expect(response.statusCode).toBe(415);
    expectEnvelope(response, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a text/plain body as not JSON, rather than reading it as a string', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      headers: { 'content-type': 'text/plain' },
      payload: '{"oAuthApp":{"name":"x"}}',
    });
    expect(response.statusCode).toBe(415);
    expectEnvelope(response, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('takes a URL of 64,000 characters, and answers a larger one in the envelope', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const long = await fetch(`${address}/healthz?pad=${'x'.repeat(64_000)}`);
    expect(long.status).toBe(200);
    const huge = await fetch(`${address}/healthz?pad=${'x'.repeat(120_000)}`);
    expect(huge.status).toBe(431);
    expect(huge.headers.get('x-wix-request-id')).toBeTruthy();
    expect(await huge.json()).toMatchObject({
      message: expect.stringContaining('too large'),
      details: { applicationError: { code: 'HEADERS_TOO_LARGE' } },
    });
  });

  it('refuses a body over the size limit', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      payload: { oAuthApp: { name: 'x'.repeat(4000) } },
    });
    expect(response.statusCode).toBe(413);
    expectEnvelope(response, 'PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown route with 404', async () => {
    const response = await t.call({ method: 'GET', url: '/nowhere/v1/things?x=1' });
    expect(response.statusCode).toBe(404);
    expectEnvelope(response, 'ROUTE_NOT_FOUND');
    expect(response.data.message).toBe('No call at GET /nowhere/v1/things');
  });

  it('answers an unknown entity with its not-found code', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/oauth-app/v1/oauth-apps/does-not-exist',
      auth: site.adminKey,
    });
    expect(response.statusCode).toBe(404);
    expectEnvelope(response, 'OAUTH_APP_NOT_FOUND');
    expect(response.data.details.applicationError.data).toEqual({ id: 'does-not-exist' });
  });

  it('asks for credentials when none are sent, before reading the body', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      payload: { nonsense: true },
    });
    expect(response.statusCode).toBe(401);
    expectEnvelope(response, 'UNAUTHENTICATED');
    expect(response.data.message).toBe('Request is missing authentication data');
  });

  it('refuses forged, foreign and expired tokens', async () => {
    const token = await site.token('visitor');
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const auth of [forged, 'OauthNG.JWS.not-a-jwt', 'plz_unknownkey', 'Bearer nonsense']) {
      const response = await t.call({ method: 'GET', url: '/plaza/v1/site', auth });
      expect(response.statusCode, auth).toBe(401);
      expectEnvelope(response, 'INVALID_TOKEN');
    }
    // A remembered token's signature on another payload: remembered tokens are found by signature.
    expect((await t.call({ method: 'GET', url: '/plaza/v1/site', auth: token })).statusCode).toBe(200);
    const [header, payload, signature] = token.slice('OauthNG.JWS.'.length).split('.');
    const middle = Math.floor(payload!.length / 2);
    const otherPayload = `${payload!.slice(0, middle)}${payload![middle] === 'A' ? 'B' : 'A'}${payload!.slice(middle + 1)}`;
    const resigned = `OauthNG.JWS.${header}.${otherPayload}.${signature}`;
    const response = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: resigned });
    expect(response.statusCode).toBe(401);
    expectEnvelope(response, 'INVALID_TOKEN');
    const shortLived = await site.token('visitor', undefined, 60);
    expect((await t.call({ method: 'GET', url: '/plaza/v1/site', auth: shortLived })).statusCode).toBe(200);
    t.clock.advance(61_000);
    const expired = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: shortLived });
    expect(expired.statusCode).toBe(401);
    expect(expired.data.details.applicationError.description).toBe('The access token has expired');
  });

  it('refuses callers below the call level with 403', async () => {
    for (const kind of ['visitor', 'member'] as const) {
      const response = await t.call({
        method: 'GET',
        url: '/plaza/v1/api-keys',
        auth: await site.token(kind),
      });
      expect(response.statusCode).toBe(403);
      expectEnvelope(response, 'PERMISSION_DENIED');
      expect(response.data.message).toBe('Insufficient permissions');
    }
    expect(
      (await t.call({ method: 'GET', url: '/plaza/v1/api-keys', auth: await site.token('admin') }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses calls of an app the site has not installed', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/test/v1/stores-only',
      auth: await site.token('visitor'),
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expectEnvelope(response, 'APP_NOT_INSTALLED');
  });

  it('answers a stale revision with 409', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/oauth-app/v1/oauth-apps',
      auth: site.adminKey,
      payload: { oAuthApp: { name: 'A' } },
    });
    const id = created.data.oAuthApp.id;
    const first = await t.call({
      method: 'PATCH',
      url: `/oauth-app/v1/oauth-apps/${id}`,
      auth: site.adminKey,
      payload: { oAuthApp: { id, revision: '1', name: 'B' } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.data.oAuthApp).toMatchObject({ name: 'B', revision: '2' });
    const stale = await t.call({
      method: 'PATCH',
      url: `/oauth-app/v1/oauth-apps/${id}`,
      auth: site.adminKey,
      payload: { oAuthApp: { id, revision: '1', name: 'C' } },
    });
    expect(stale.statusCode).toBe(409);
    expectEnvelope(stale, 'REVISION_MISMATCH');
  });

  it('hides unexpected failures behind a 500 envelope with the request id', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/test/v1/explode',
      auth: await site.token('visitor'),
      payload: {},
    });
    expect(response.statusCode).toBe(500);
    expectEnvelope(response, 'INTERNAL');
    expect(response.data.message).toBe('System error occurred');
    expect(response.data.details.applicationError.data.requestId).toBe(response.headers['x-wix-request-id']);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('file.ts');
  });

  it('answers a transaction broken off for another one with 409, and a lock wait that ran out with 503', async () => {
    const call = async (url: string) =>
      t.call({ method: 'POST', url, auth: await site.token('visitor'), payload: {} });
    const deadlock = await call('/test/v1/deadlock');
    expect(deadlock.statusCode).toBe(409);
    expectEnvelope(deadlock, 'CONCURRENT_CHANGE');
    expect(deadlock.data.details.applicationError.description).toContain('send it again');
    const busy = await call('/test/v1/lock-timeout');
    expect(busy.statusCode).toBe(503);
    expectEnvelope(busy, 'DATABASE_BUSY');
    expect(busy.headers['retry-after']).toBe('1');
  });

  it('sends a request id on successful answers too', async () => {
    const response = await t.call({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ status: 'ok', database: engine });
    expect(response.headers['x-wix-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
