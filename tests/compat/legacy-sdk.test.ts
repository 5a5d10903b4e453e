import { members } from '@wix/members';
import { createClient, OAuthStrategy } from '@wix/sdk-1-15';
import { products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { DEMO_ORIGIN, DEMO_REDIRECT_URI } from './harness.ts';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/sdk` 1.15.10, the version the public demo app locks (map 6.9, 18): no CDN (module calls
 * go to www.wixapis.com) and a refresh grant without `clientId`. Everything else is shared with the
 * current client, so only those differences are exercised here. This version has no
 * `createClient({ fetch })` option: every call goes through the global fetch the harness replaces.
 */

usePlazaPerFile();

const tokenBodies = () =>
  plaza.requests.filter((r) => r.pathAndQuery === '/oauth2/token').map((r) => JSON.parse(r.body ?? 'null'));

describe('@wix/sdk 1.15.10', () => {
  it('module calls go to www.wixapis.com (no CDN)', async () => {
    const client = createClient({
      modules: { products },
      auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
    });
    const { items, totalCount } = await client.products.queryProducts().limit(3).find();
    expect(items).toHaveLength(3);
    expect(totalCount).toBe(12);
    expect(plaza.requests.map((r) => [r.host, r.pathAndQuery.split('?')[0], r.status])).toEqual([
      ['www.wixapis.com', '/oauth2/token', 200],
      ['www.wixapis.com', '/stores-reader/v1/products/query-platformized', 200],
    ]);
  });

  it('renewToken sends the refresh grant without clientId, and Plaza accepts it', async () => {
    const auth = OAuthStrategy({ clientId: plaza.demo.clientId });
    const visitor = await auth.generateVisitorTokens();
    plaza.requests.length = 0;
    const renewed = await auth.renewToken(visitor.refreshToken);
    expect(tokenBodies()).toEqual([{ refreshToken: visitor.refreshToken.value, grantType: 'refresh_token' }]);
    expect(renewed.accessToken.value).toMatch(/^OauthNG\.JWS\./);
    expect(renewed.refreshToken).toEqual(visitor.refreshToken);
  });

  it('member flow: register → authorize → getMemberTokens → renew without clientId → getCurrentMember', async () => {
    const auth = OAuthStrategy({ clientId: plaza.demo.clientId });
    auth.setTokens(await auth.generateVisitorTokens());
    const email = `compat-legacy-${Date.now()}@example.com`;
    const registered = await auth.register({ email, password: 'correct-Horse-7' });
    expect(registered.loginState).toBe('SUCCESS');
    const sessionToken = (registered as { data: { sessionToken: string } }).data.sessionToken;

    const oauthData = auth.generateOAuthData(DEMO_REDIRECT_URI, `${DEMO_ORIGIN}/`);
    // `sessionToken` is sent by the runtime but missing from this version's option type.
    const options = { prompt: 'none' as const, sessionToken };
    const { authUrl } = await auth.getAuthUrl(oauthData, options);
    const sessionId = new URL(authUrl).searchParams.get('session');
    const authorized = await plaza.call('POST', `/plaza/v1/redirect-sessions/${sessionId}/authorize`, {
      body: { sessionToken },
    });
    const { code, state } = auth.parseFromUrl(authorized.data.redirectUrl);
    const tokens = await auth.getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');

    const renewed = await auth.renewToken(tokens.refreshToken);
    auth.setTokens(renewed);
    expect(auth.loggedIn()).toBe(true);
    const client = createClient({ modules: { members }, auth });
    const { member } = await client.members.getCurrentMember();
    expect(member?.loginEmail).toBe(email);
    expect(plaza.requests.at(-1)?.host).toBe('www.wixapis.com');
  });
});
