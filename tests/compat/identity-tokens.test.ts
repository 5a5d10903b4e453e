import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_ORIGIN, DEMO_REDIRECT_URI } from './harness.ts';
import {
  accessTokenData,
  bodyOf,
  memberClient,
  newEmail,
  PASSWORD,
  sessionTokenOf,
  strategy,
  tokenRequests,
} from './identity-setup.ts';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/sdk` OAuthStrategy and `@wix/members`, unchanged, against Plaza (map 6, 13, 15, 16): visitor
 * tokens and their renewal, browser sign-in and logout, external login. Token and redirect-session
 * calls are hard-wired to www.wixapis.com through the global fetch; module calls go to
 * edge.wixapis.com through the client's fetch.
 */

usePlazaPerFile();

/** `getAuthUrl` answers more than its declared `{authUrl}` (map 6.4). */
type AuthUrlAnswer = { authUrl: string; authorizationEndpoint?: string; sessionToken?: string };

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('tokens', () => {
  it('generateVisitorTokens() makes an anonymous grant on www.wixapis.com and answers visitor tokens', async () => {
    const tokens = await strategy().generateVisitorTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.refreshToken.value).toMatch(/^JWS\./);
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(nowSeconds() + 60);
    expect(accessTokenData(tokens.accessToken.value).instance.metaSiteId).toBe(plaza.demo.siteId);

    const [grant] = tokenRequests();
    expect(grant).toMatchObject({ method: 'POST', host: 'www.wixapis.com', status: 200 });
    expect(bodyOf(grant)).toEqual({ clientId: plaza.demo.clientId, grantType: 'anonymous' });
  });

  it('generateVisitorTokens(tokens) hands back valid tokens without a call', async () => {
    const auth = strategy();
    const tokens = await auth.generateVisitorTokens();
    plaza.requests.length = 0;
    expect(await auth.generateVisitorTokens(tokens)).toBe(tokens);
    expect(plaza.requests).toHaveLength(0);
  });

  it('gets a token by itself before the first module call and sends it raw in Authorization', async () => {
    const auth = strategy();
    const client = createClient({
      modules: { members },
      auth,
      fetch: plaza.fetch,
    });
    // A visitor is not a member: the call fails (in the SDK's error shape), but it proves the
    // automatic grant and the header.
    await expect(client.members.getCurrentMember()).rejects.toMatchObject({
      status: 403,
      details: { applicationError: { code: 'PERMISSION_DENIED' }, requestId: expect.any(String) },
    });
    const [grant, call] = plaza.requests;
    expect(grant?.pathAndQuery).toBe('/oauth2/token');
    expect(call).toMatchObject({ host: 'edge.wixapis.com', method: 'GET' });
    expect(call?.pathAndQuery).toMatch(/^\/members\/v1\/members\/my/);
    expect(call?.headers.authorization).toBe(auth.getTokens().accessToken.value);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
  });

  it('renewToken(refreshToken) sends the refresh grant with clientId and keeps the refresh token', async () => {
    const auth = strategy();
    const visitor = await auth.generateVisitorTokens();
    plaza.requests.length = 0;
    const renewed = await auth.renewToken(visitor.refreshToken);
    expect(renewed.refreshToken).toEqual(visitor.refreshToken);
    expect(renewed.accessToken.value).toMatch(/^OauthNG\.JWS\./);
    expect(renewed.accessToken.expiresAt).toBeGreaterThan(nowSeconds());
    expect(bodyOf(tokenRequests()[0])).toEqual({
      clientId: plaza.demo.clientId,
      refreshToken: visitor.refreshToken.value,
      grantType: 'refresh_token',
    });
    // Refresh tokens are reusable (map 6.2): a second renewal with the same one works.
    await expect(auth.renewToken(visitor.refreshToken)).resolves.toBeDefined();
  });

  it('refreshes an expired access token before a module call', async () => {
    const visitor = await strategy().generateVisitorTokens();
    const auth = strategy({ ...visitor, accessToken: { value: visitor.accessToken.value, expiresAt: 1 } });
    plaza.requests.length = 0;
    await expect(memberClient(auth).members.getCurrentMember()).rejects.toBeDefined();
    expect(bodyOf(tokenRequests()[0]).grantType).toBe('refresh_token');
    expect(auth.getTokens().refreshToken).toEqual(visitor.refreshToken);
    expect(auth.getTokens().accessToken.expiresAt).toBeGreaterThan(nowSeconds());
  });

  it('falls back to a new anonymous grant when the refresh token is refused', async () => {
    const auth = strategy();
    const tokens = await auth.generateVisitorTokens({
      refreshToken: { value: 'JWS.not-a-token', role: 'visitor' as never },
    });
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokenRequests().map((r) => [bodyOf(r).grantType, r.status])).toEqual([
      ['refresh_token', 400],
      ['anonymous', 200],
    ]);
  });
});

describe('browser sign-in and logout', () => {
  it('getAuthUrl(generateOAuthData(...)) answers the hosted URL, its endpoint and a session token', async () => {
    const auth = strategy();
    const oauthData = auth.generateOAuthData(DEMO_REDIRECT_URI, `${DEMO_ORIGIN}/account`);
    expect(oauthData).toMatchObject({
      redirectUri: DEMO_REDIRECT_URI,
      originalUri: `${DEMO_ORIGIN}/account`,
    });
    const result: AuthUrlAnswer = await auth.getAuthUrl(oauthData);
    expect(result.authUrl.startsWith(plaza.baseUrl)).toBe(true);
    expect(result.authorizationEndpoint).toEqual(expect.any(String));
    expect(result.authUrl.startsWith(result.authorizationEndpoint!)).toBe(true);
    expect(result.sessionToken).toEqual(expect.any(String));

    const session = plaza.requests.find((r) => r.pathAndQuery.endsWith('/redirect-session'));
    expect(session).toMatchObject({
      method: 'POST',
      host: 'www.wixapis.com',
      pathAndQuery: '/_api/redirects-api/v1/redirect-session',
      status: 200,
    });
    expect(bodyOf(session).auth.authRequest).toMatchObject({
      clientId: plaza.demo.clientId,
      redirectUri: DEMO_REDIRECT_URI,
      codeChallenge: oauthData.codeChallenge,
      codeChallengeMethod: 'S256',
      responseMode: 'fragment',
      responseType: 'code',
      scope: 'offline_access',
      state: oauthData.state,
    });
  });

  it('getAuthUrl with an unlisted redirect URI is refused', async () => {
    const auth = strategy();
    await expect(auth.getAuthUrl(auth.generateOAuthData('https://evil.example/cb'))).rejects.toMatchObject({
      status: 400,
      details: {
        validationError: {
          fieldViolations: [expect.objectContaining({ field: 'options.auth.authRequest.redirectUri' })],
        },
      },
    });
  });

  it('getMemberTokens checks code and state locally before any call', async () => {
    const auth = strategy();
    const oauthData = auth.generateOAuthData(DEMO_REDIRECT_URI);
    await expect(auth.getMemberTokens('', oauthData.state, oauthData)).rejects.toThrow(
      'Missing code or _state',
    );
    await expect(auth.getMemberTokens('code', 'other', oauthData)).rejects.toThrow('Invalid _state');
  });

  it('logout(originalUrl) answers the hosted logout URL and clears the stored tokens', async () => {
    const auth = strategy();
    auth.setTokens(await auth.generateVisitorTokens());
    const { logoutUrl } = await auth.logout(`${DEMO_ORIGIN}/`);
    expect(logoutUrl.startsWith(plaza.baseUrl)).toBe(true);
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(auth.loggedIn()).toBe(false);
    const session = plaza.requests.find((r) => r.pathAndQuery.endsWith('/redirect-session'));
    expect(bodyOf(session)).toEqual({
      logout: { clientId: plaza.demo.clientId },
      callbacks: { postFlowUrl: `${DEMO_ORIGIN}/` },
    });
  });

  it('getMemberTokensForDirectLogin(sessionToken), with the hidden iframe played by a stub hosted page', async () => {
    // The strategy loads `authUrl` in a hidden iframe and waits for a window `message` whose data
    // carries `{code, state}` (map 6.6). Node has no DOM: a minimal `window`/`document` stands in,
    // and the "iframe" does what Plaza's hosted page does for `web_message` with `prompt: none`:
    // authorize the redirect session, then post the answer's `webMessage.data` to its parent.
    const auth = strategy();
    const email = newEmail('direct');
    const registered = await auth.register({ email, password: PASSWORD });
    expect(registered.loginState).toBe('SUCCESS');

    const messages = new EventTarget();
    const delivered: Array<{ targetOrigin: string; data: Record<string, string> }> = [];
    let pageFailed: (error: unknown) => void = () => {};
    const pageFailure = new Promise<never>((_, reject) => {
      pageFailed = reject;
    });
    const hostedPage = async (src: string) => {
      const sessionId = new URL(src).searchParams.get('session');
      const { status, data } = await plaza.call(
        'POST',
        `/plaza/v1/redirect-sessions/${sessionId}/authorize`,
        {
          body: {},
        },
      );
      expect(status).toBe(200);
      delivered.push(data.webMessage);
      messages.dispatchEvent(Object.assign(new Event('message'), { data: data.webMessage.data }));
    };
    const globals = globalThis as Record<string, unknown>;
    const saved = { window: globals.window, document: globals.document };
    globals.window = messages;
    globals.document = {
      createElement: () => ({ style: {}, src: '' }),
      body: {
        appendChild: (frame: { src: string }) => {
          hostedPage(frame.src).catch(pageFailed);
          return frame;
        },
        contains: () => false,
      },
    };
    try {
      // Raced with the stub page, so a failing page ends the test instead of the SDK's 120 s timeout.
      const tokens = await Promise.race([
        auth.getMemberTokensForDirectLogin(sessionTokenOf(registered)),
        pageFailure,
      ]);
      expect(tokens.refreshToken.role).toBe('member');
      expect(delivered).toEqual([
        { targetOrigin: DEMO_ORIGIN, data: { code: expect.any(String), state: expect.any(String) } },
      ]);
      const session = plaza.requests.find((r) => r.pathAndQuery.endsWith('/redirect-session'));
      expect(bodyOf(session).auth).toMatchObject({
        authRequest: { responseMode: 'web_message', sessionToken: sessionTokenOf(registered) },
        prompt: 'none',
      });
      auth.setTokens(tokens);
      expect((await memberClient(auth).members.getCurrentMember()).member?.loginEmail).toBe(email);
    } finally {
      globals.window = saved.window;
      globals.document = saved.document;
    }
  });
});

describe('external login (authorized_client grant with the admin API key)', () => {
  it('getMemberTokensForExternalLoginWithSession(email, apiKey) and getMemberTokensForExternalLogin(memberId, apiKey)', async () => {
    const email = newEmail('external');
    expect((await strategy().register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');

    const auth = strategy();
    auth.setTokens(await auth.generateVisitorTokens());
    plaza.requests.length = 0;
    const withSession = await auth.getMemberTokensForExternalLoginWithSession(email, plaza.demo.apiKey);
    expect(withSession.refreshToken.role).toBe('member');
    const signOn = plaza.requests.find((r) => r.pathAndQuery === '/_api/iam/authentication/v2/sign-on');
    expect(signOn).toMatchObject({ status: 200 });
    expect(signOn?.headers.authorization).toBe(`${auth.getTokens().accessToken.value},${plaza.demo.apiKey}`);
    expect(bodyOf(tokenRequests()[0])).toMatchObject({
      grant_type: 'authorized_client',
      member_id: expect.any(String),
      session_token: expect.any(String),
    });

    auth.setTokens(withSession);
    const { member } = await memberClient(auth).members.getCurrentMember();
    expect(member?.loginEmail).toBe(email);

    const visitorAuth = strategy();
    visitorAuth.setTokens(await visitorAuth.generateVisitorTokens());
    plaza.requests.length = 0;
    const direct = await visitorAuth.getMemberTokensForExternalLogin(member!._id!, plaza.demo.apiKey);
    expect(bodyOf(tokenRequests()[0])).toEqual({
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: member!._id,
    });
    expect(direct.refreshToken.role).toBe('member');
    visitorAuth.setTokens(direct);
    expect((await memberClient(visitorAuth).members.getCurrentMember()).member?._id).toBe(member!._id);
  });
});
