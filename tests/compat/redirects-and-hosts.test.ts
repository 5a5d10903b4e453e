import { currentCart } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { CUSTOM_HOST, DEMO_ORIGIN, DEMO_REDIRECT_URI } from './harness.ts';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/redirects` `createRedirectSession` (map 13) for the intents Plaza serves today, and the
 * three host/path configurations of map 1 (edge by default with OAuth, www with `useCDN: false`,
 * the `_` path table with a custom `apiBaseUrl`).
 */

usePlazaPerFile();

const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = () => JSON.parse(lastCall().body ?? 'null');

const visitorClient = (options: { useCDN?: boolean; apiBaseUrl?: string } = {}) =>
  createClient({
    modules: { redirects, products, currentCart },
    auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
    fetch: plaza.fetch,
    ...(options.useCDN === undefined ? {} : { useCDN: options.useCDN }),
    ...(options.apiBaseUrl ? { host: { apiBaseUrl: options.apiBaseUrl } } : {}),
  });

/** Every field the package's types mark as always present (map 13). */
function expectRedirectSession(session: redirects.RedirectSession | undefined) {
  expect(session?._id).toEqual(expect.any(String));
  expect(session).not.toHaveProperty('id');
  const fullUrl = session?.fullUrl ?? '';
  expect(fullUrl.startsWith(`${plaza.baseUrl}/`)).toBe(true);
  expect(session?.urlDetails?.endpoint).toEqual(expect.any(String));
  expect(fullUrl.startsWith(session?.urlDetails?.endpoint ?? '-')).toBe(true);
  expect(session?.shortUrl).toEqual(expect.any(String));
  expect(new URL(fullUrl).searchParams.get('session')).toBe(session?._id);
}

describe('createRedirectSession', () => {
  const client = () => visitorClient();

  it('auth: a PKCE authorization request', async () => {
    const { redirectSession } = await client().redirects.createRedirectSession({
      auth: {
        authRequest: {
          clientId: plaza.demo.clientId,
          redirectUri: DEMO_REDIRECT_URI,
          responseType: 'code',
          responseMode: 'query',
          scope: 'offline_access',
          state: 'compat-state',
          codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          codeChallengeMethod: 'S256',
        },
        prompt: redirects.Prompt.login,
      },
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      host: 'edge.wixapis.com',
      pathAndQuery: '/_api/redirects-api/v1/redirect-session',
      status: 200,
    });
    expectRedirectSession(redirectSession);
    expect(redirectSession?.sessionToken).toEqual(expect.any(String));
  });

  it('login: with a post-flow URL on an allowed origin', async () => {
    const { redirectSession } = await client().redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: `${DEMO_ORIGIN}/account` },
    });
    expect(bodyOf()).toEqual({ login: {}, callbacks: { postFlowUrl: `${DEMO_ORIGIN}/account` } });
    expectRedirectSession(redirectSession);
  });

  it('logout: for the demo client', async () => {
    const { redirectSession } = await client().redirects.createRedirectSession({
      logout: { clientId: plaza.demo.clientId },
      callbacks: { postFlowUrl: `${DEMO_ORIGIN}/` },
    });
    expectRedirectSession(redirectSession);
  });

  it('refuses a post-flow URL outside the client and an empty request, in the error envelope', async () => {
    await expect(
      client().redirects.createRedirectSession({
        login: {},
        callbacks: { postFlowUrl: 'https://evil.example/' },
      }),
    ).rejects.toMatchObject({ status: 400, details: expect.anything() });
    await expect(client().redirects.createRedirectSession({})).rejects.toMatchObject({
      status: 400,
      details: expect.anything(),
    });
  });
});

describe('hosts and path tables (map 1)', () => {
  it('OAuth strategy: module calls go to edge.wixapis.com, the token call to www.wixapis.com', async () => {
    await visitorClient().products.getCollectionBySlug('apparel');
    expect(plaza.requests.map((r) => [r.method, r.host, r.pathAndQuery.split('?')[0]])).toEqual([
      ['POST', 'www.wixapis.com', '/oauth2/token'],
      ['GET', 'edge.wixapis.com', '/stores-reader/v1/collections/slug/apparel'],
    ]);
  });

  it('useCDN: false sends module calls to www.wixapis.com with the same paths', async () => {
    const client = visitorClient({ useCDN: false });
    await client.products.queryProducts().limit(1).find();
    await client.redirects.createRedirectSession({ login: {} });
    expect(plaza.requests.slice(1).map((r) => [r.host, r.pathAndQuery.split('?')[0], r.status])).toEqual([
      ['www.wixapis.com', '/stores-reader/v1/products/query-platformized', 200],
      ['www.wixapis.com', '/_api/redirects-api/v1/redirect-session', 200],
    ]);
  });

  it('a custom apiBaseUrl with useCDN: false uses the `_` path table, which Plaza also mounts', async () => {
    const client = visitorClient({ useCDN: false, apiBaseUrl: CUSTOM_HOST });
    const { items } = await client.products.queryProducts().limit(1).find();
    const { product } = await client.products.getProduct(items[0]!._id!);
    expect(product?._id).toBe(items[0]!._id);
    await client.products.getCollectionBySlug('apparel');
    await client.redirects.createRedirectSession({ login: {} });
    const paths = plaza.requests
      .filter((r) => r.host === CUSTOM_HOST)
      .map((r) => [r.method, r.pathAndQuery.split('?')[0], r.status]);
    expect(paths).toEqual([
      ['GET', '/_api/catalog-reader-server/v1/products/query-platformized', 200],
      ['GET', `/_api/catalog-reader-server/v1/products/${product?._id}`, 200],
      ['GET', '/_api/catalog-reader-server/v1/collections/slug/apparel', 200],
      ['POST', '/headless/v1/redirect-session', 200],
    ]);
  });

  it('apiBaseUrl without useCDN: false still goes to edge.wixapis.com (map 1.1)', async () => {
    const client = visitorClient({ apiBaseUrl: CUSTOM_HOST });
    await client.products.getCollectionBySlug('apparel');
    expect(lastCall().host).toBe('edge.wixapis.com');
  });

  it('every response carries X-Wix-Request-Id, which the SDK reports on errors', async () => {
    const error = await visitorClient()
      .products.getCollectionBySlug('no-such-collection')
      .then(
        () => ({}) as { requestId?: string; details?: { requestId?: string } },
        (e: { requestId?: string; details?: { requestId?: string } }) => e,
      );
    expect(error.details?.requestId).toEqual(expect.any(String));
    expect(error.requestId).toBe(error.details?.requestId);
  });
});
