import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  authorize,
  authSession,
  codeIn,
  createClient,
  expectAppError,
  fragmentOf,
  lastMail,
  pkce,
  REDIRECT_URI,
  register,
  setIdentitySettings,
  signedInMember,
  tokenCall,
  visitorTokens,
} from './identity-helpers.ts';

/** The browser-less OAuth journey of the official client (map 6) and every way it must refuse. */
describe.each(engines)('identity: OAuth flow (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let clientId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ name: 'Shop' });
    clientId = await createClient(t, site);
  });
  afterAll(() => t.close());

  it('visitor → register → verify → PKCE → code → member tokens → refresh twice → logout', async () => {
    await setIdentitySettings(t, site, { requireEmailVerification: true });
    try {
      const visitor = await visitorTokens(t, clientId);
      expect(visitor).toMatchObject({ expires_in: 14400, token_type: 'Bearer' });
      expect(visitor.access_token).toMatch(/^OauthNG\.JWS\./);
      expect(visitor.refresh_token).toMatch(/^JWS\./);

      const registered = await register(t, visitor.access_token, 'Ada@Example.com', 'correct-Horse-7', {
        profile: { firstName: 'Ada', nickname: 'ada' },
      });
      expect(registered.statusCode).toBe(200);
      expect(registered.data).toMatchObject({
        state: 'REQUIRE_EMAIL_VERIFICATION',
        identity: {
          email: { address: 'ada@example.com', isVerified: false },
          status: { name: 'PENDING', reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'] },
          identityProfile: { firstName: 'Ada', nickname: 'ada' },
          revision: '1',
        },
      });
      expect(JSON.stringify(registered.data)).not.toMatch(/scrypt|correct-Horse/);

      const code = codeIn(await lastMail(t, site, 'ada@example.com'));
      expect(code).toMatch(/^\d{6}$/);
      const verified = await t.call({
        method: 'POST',
        url: '/_api/iam/verification/v1/auth/verify',
        auth: visitor.access_token,
        payload: { code, stateToken: registered.data.stateToken },
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.data.state).toBe('SUCCESS');
      expect(verified.data.identity.email.isVerified).toBe(true);
      expect(verified.data.identity.status).toEqual({ name: 'ACTIVE', reasons: [] });

      const { verifier, challenge } = pkce();
      const session = await authSession(t, visitor.access_token, clientId, challenge);
      expect(session.statusCode).toBe(200);
      const { redirectSession } = session.data;
      expect(redirectSession.fullUrl).toBe(`http://localhost:4000/hosted/auth?session=${redirectSession.id}`);
      expect(redirectSession.urlDetails).toEqual({
        endpoint: 'http://localhost:4000/hosted/auth',
        searchParams: { session: redirectSession.id },
      });
      expect(redirectSession.shortUrl).toBeTruthy();

      const authorized = await authorize(t, redirectSession.id, verified.data.sessionToken);
      expect(authorized.statusCode).toBe(200);
      expect(authorized.data.redirectUrl.startsWith(`${REDIRECT_URI}#`)).toBe(true);
      const params = fragmentOf(authorized.data.redirectUrl);
      expect(params.get('state')).toBe('state-123');

      const member = await tokenCall(t, {
        clientId,
        grantType: 'authorization_code',
        redirectUri: REDIRECT_URI,
        code: params.get('code'),
        codeVerifier: verifier,
      });
      expect(member.statusCode).toBe(200);
      const memberId = verified.data.identity.id;

      const me = await t.call({
        method: 'GET',
        url: '/members/v1/members/my',
        auth: member.data.access_token,
      });
      expect(me.statusCode).toBe(200);
      expect(me.data.member).toMatchObject({
        id: memberId,
        loginEmail: 'ada@example.com',
        status: 'APPROVED',
        profile: { nickname: 'ada', firstName: 'Ada' },
      });

      // The SDK keeps the first refresh token forever (map 6.2): it must work again and again.
      for (const _ of [1, 2]) {
        t.clock.advance(5 * 60 * 60 * 1000);
        const renewed = await tokenCall(t, {
          refreshToken: member.data.refresh_token,
          grantType: 'refresh_token',
        });
        expect(renewed.statusCode).toBe(200);
        expect(renewed.data.refresh_token).toBe(member.data.refresh_token);
        const again = await t.call({
          method: 'GET',
          url: '/members/v1/members/my',
          auth: renewed.data.access_token,
        });
        expect(again.data.member.id).toBe(memberId);
      }

      const latest = await tokenCall(t, {
        clientId,
        refreshToken: member.data.refresh_token,
        grantType: 'refresh_token',
      });
      const out = await t.call({
        method: 'GET',
        url: `/_api/iam/authentication/v1/logout?clientId=${clientId}&postLogoutRedirectUri=${encodeURIComponent('https://shop.example/bye')}`,
        auth: latest.data.access_token,
      });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('https://shop.example/bye');

      const refused = await tokenCall(t, {
        refreshToken: member.data.refresh_token,
        grantType: 'refresh_token',
      });
      expectAppError(refused, 400, 'invalid_grant');
      const info = await t.call({
        method: 'POST',
        url: '/oauth2/token-info',
        payload: { token: latest.data.access_token },
      });
      expect(info.data).toEqual({ active: false });
      const signedOut = await t.call({
        method: 'GET',
        url: '/members/v1/members/my',
        auth: latest.data.access_token,
      });
      expectAppError(signedOut, 401, 'INVALID_TOKEN');
    } finally {
      await setIdentitySettings(t, site, { requireEmailVerification: false });
    }
  });

  it('logout answers {} when the target is not on the allow-list', async () => {
    const { tokens } = await signedInMember(t, clientId, 'logout-elsewhere@example.com');
    const out = await t.call({
      method: 'GET',
      url: `/iam/authentication/v1/logout?clientId=${clientId}&postLogoutRedirectUri=${encodeURIComponent('https://evil.example/')}`,
      auth: tokens.access_token,
    });
    expect(out.statusCode).toBe(200);
    expect(out.data).toEqual({});
    expectAppError(
      await tokenCall(t, { refreshToken: tokens.refresh_token, grantType: 'refresh_token' }),
      400,
      'invalid_grant',
    );
  });

  it('answers token-info for visitors, members and refresh tokens', async () => {
    const visitor = await visitorTokens(t, clientId);
    const info = await t.call({
      method: 'POST',
      url: '/_api/oauth2/token-info',
      payload: { token: visitor.access_token },
    });
    expect(info.statusCode).toBe(200);
    expect(info.data).toMatchObject({
      active: true,
      subjectType: 'VISITOR',
      clientId,
      siteId: site.id,
      instanceId: site.id,
    });
    expect(Number(info.data.exp) - Number(info.data.iat)).toBe(14400);
    expect(typeof info.data.exp).toBe('string');
    const refresh = await t.call({
      method: 'POST',
      url: '/oauth2/token-info',
      payload: { token: visitor.refresh_token },
    });
    expect(refresh.data).toMatchObject({ active: true, subjectType: 'VISITOR' });
    const junk = await t.call({ method: 'POST', url: '/oauth2/token-info', payload: { token: 'nope' } });
    expect(junk.data).toEqual({ active: false });
  });

  it('accepts snake_case grant bodies and refuses unknown clients and grants', async () => {
    const snake = await tokenCall(t, { client_id: clientId, grant_type: 'anonymous' });
    expect(snake.statusCode).toBe(200);
    expectAppError(
      await tokenCall(t, { clientId: 'no-such-client', grantType: 'anonymous' }),
      401,
      'invalid_client',
    );
    expectAppError(await tokenCall(t, { clientId, grantType: 'password' }), 400, 'unsupported_grant_type');
    expectAppError(await tokenCall(t, { clientId }), 400, 'invalid_request');
    expectAppError(
      await tokenCall(t, { grantType: 'refresh_token', refreshToken: 'JWS.forged' }),
      400,
      'invalid_grant',
    );
  });

  it('refuses expired access tokens and enforces access levels', async () => {
    const { tokens } = await signedInMember(t, clientId, 'levels@example.com');
    const visitor = await visitorTokens(t, clientId);
    const asVisitor = await t.call({
      method: 'GET',
      url: '/members/v1/members/my',
      auth: visitor.access_token,
    });
    expectAppError(asVisitor, 403, 'PERMISSION_DENIED');
    const memberAsAdmin = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: tokens.access_token,
      payload: {},
    });
    expectAppError(memberAsAdmin, 403, 'PERMISSION_DENIED');
    const approve = await t.call({
      method: 'POST',
      url: `/members/v1/members/${visitor.access_token.length}/approve`,
      auth: tokens.access_token,
      payload: {},
    });
    expectAppError(approve, 403, 'PERMISSION_DENIED');
    t.clock.advance(4 * 60 * 60 * 1000 + 1000);
    const expired = await t.call({ method: 'GET', url: '/members/v1/members/my', auth: tokens.access_token });
    expectAppError(expired, 401, 'INVALID_TOKEN');
    const renewed = await tokenCall(t, { refreshToken: tokens.refresh_token, grantType: 'refresh_token' });
    expect(renewed.statusCode).toBe(200);
  });

  it('reads a remembered token with or without Bearer, and lets an API key beside it decide', async () => {
    const visitor = await visitorTokens(t, clientId);
    const mailbox = (auth: string) =>
      t.call({ method: 'POST', url: '/plaza/v1/mailbox/query', auth, payload: {} });
    // A call any caller may make: the visitor has no cart yet, the site's API key has one.
    const cart = (auth: string) => t.call({ method: 'GET', url: '/ecom/v1/carts/current', auth });
    const ownerCart = await t.call({
      method: 'POST',
      url: '/ecom/v1/carts/current/add-to-cart',
      auth: site.adminKey,
      payload: {
        lineItems: [{ catalogReference: { appId: 'unknown-app', catalogItemId: 'x' }, quantity: 1 }],
      },
    });
    // The first call verifies and remembers the token; the ones after it take the remembered caller.
    for (let i = 0; i < 2; i++) {
      expectAppError(await mailbox(visitor.access_token), 403, 'PERMISSION_DENIED');
      expectAppError(await mailbox(`Bearer ${visitor.access_token}`), 403, 'PERMISSION_DENIED');
      expect((await cart(visitor.access_token)).statusCode).toBe(404);
      expect((await mailbox(`${visitor.access_token},${site.adminKey}`)).statusCode).toBe(200);
      expect((await mailbox(`${visitor.access_token}, ${site.adminKey}, ignored`)).statusCode).toBe(200);
      expectAppError(await mailbox(`${visitor.access_token},plz_unknown`), 401, 'INVALID_TOKEN');
    }
    expect(ownerCart.statusCode, ownerCart.body).toBe(200);
    const both = await cart(`${visitor.access_token},${site.adminKey}`);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.data.cart.id).toBe(ownerCart.data.cart.id);
  });

  it('authorized_client: admin API key → member tokens; refused for anyone else', async () => {
    const visitor = await visitorTokens(t, clientId);
    const signOn = await t.call({
      method: 'POST',
      url: '/_api/iam/authentication/v2/sign-on',
      auth: `${visitor.access_token},${site.adminKey}`,
      payload: { loginId: { email: 'external@example.com' }, profile: { nickname: 'ext' } },
    });
    expect(signOn.statusCode).toBe(200);
    const memberId = signOn.data.identity.id;
    const withSession = await tokenCall(
      t,
      { grant_type: 'authorized_client', member_id: memberId, session_token: signOn.data.sessionToken },
      `${visitor.access_token},${site.adminKey}`,
    );
    expect(withSession.statusCode).toBe(200);
    const info = await t.call({
      method: 'POST',
      url: '/oauth2/token-info',
      payload: { token: withSession.data.access_token },
    });
    expect(info.data).toMatchObject({ subjectType: 'MEMBER', subjectId: memberId, clientId });
    const keyOnly = await tokenCall(
      t,
      { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
      site.adminKey,
    );
    expect(keyOnly.statusCode).toBe(200);
    const byVisitor = await tokenCall(
      t,
      { grant_type: 'authorized_client', member_id: memberId },
      visitor.access_token,
    );
    expectAppError(byVisitor, 403, 'unauthorized_client');
    expectAppError(
      await tokenCall(t, { grant_type: 'authorized_client', member_id: memberId }),
      401,
      'UNAUTHENTICATED',
    );
    const otherSite = await t.createSite({ name: 'Elsewhere' });
    const foreign = await tokenCall(
      t,
      { grant_type: 'authorized_client', member_id: memberId },
      otherSite.adminKey,
    );
    expectAppError(foreign, 400, 'invalid_grant');
    // A member created by sign-on has no password yet: login says reset required (-19973).
    const loginAttempt = await t.call({
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      auth: visitor.access_token,
      payload: { loginId: { email: 'external@example.com' }, password: 'whatever-1' },
    });
    expectAppError(loginAttempt, 403, '-19973');
  });
});
