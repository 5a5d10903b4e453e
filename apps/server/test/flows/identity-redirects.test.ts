import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  authorize,
  authSession,
  createClient,
  expectAppError,
  fragmentOf,
  memberTokensFor,
  pkce,
  REDIRECT_URI,
  register,
  signedInMember,
  tokenCall,
  visitorTokens,
} from './identity-helpers.ts';

/** Redirect sessions (map 13): the `auth` intent with PKCE, the other intents, site isolation. */
describe.each(engines)('identity: redirect sessions (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let clientId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ name: 'Shop' });
    clientId = await createClient(t, site);
  });
  afterAll(() => t.close());

  describe('authorization code rejections', () => {
    let visitor: string;
    let sessionToken: () => Promise<string>;
    beforeAll(async () => {
      visitor = (await visitorTokens(t, clientId)).access_token;
      await register(t, visitor, 'pkce@example.com');
      sessionToken = async () =>
        (
          await t.call({
            method: 'POST',
            url: '/_api/iam/authentication/v2/login',
            auth: visitor,
            payload: { loginId: { email: 'pkce@example.com' }, password: 'correct-Horse-7' },
          })
        ).data.sessionToken;
    });

    async function codeFor(overrides: Record<string, unknown> = {}) {
      const { verifier, challenge } = pkce();
      const session = await authSession(t, visitor, clientId, challenge, overrides);
      expect(session.statusCode).toBe(200);
      const authorized = await authorize(t, session.data.redirectSession.id, await sessionToken());
      const url: string = authorized.data.redirectUrl;
      const params = url.includes('#') ? fragmentOf(url) : new URL(url).searchParams;
      return { code: params.get('code')!, verifier, url };
    }
    const exchange = (code: string, codeVerifier: string, extra: object = {}) =>
      tokenCall(t, {
        clientId,
        grantType: 'authorization_code',
        redirectUri: REDIRECT_URI,
        code,
        codeVerifier,
        ...extra,
      });

    it('refuses a wrong verifier, and the code is then spent', async () => {
      const { code, verifier } = await codeFor();
      const wrong = await exchange(code, pkce().verifier);
      expectAppError(wrong, 400, 'invalid_grant');
      expect(wrong.data.details.applicationError.description).toMatch(/PKCE/);
      expectAppError(await exchange(code, verifier), 400, 'invalid_grant');
    });

    it('refuses a reused code', async () => {
      const { code, verifier } = await codeFor();
      expect((await exchange(code, verifier)).statusCode).toBe(200);
      expectAppError(await exchange(code, verifier), 400, 'invalid_grant');
    });

    it('refuses an expired code (5 minutes)', async () => {
      const { code, verifier } = await codeFor();
      t.clock.advance(5 * 60 * 1000 + 1000);
      const late = await exchange(code, verifier);
      expectAppError(late, 400, 'invalid_grant');
      expect(late.data.details.applicationError.description).toMatch(/expired/);
    });

    it('refuses a redirect URI different from the authorize one, and a malformed verifier', async () => {
      const { code, verifier } = await codeFor();
      expectAppError(
        await exchange(code, verifier, { redirectUri: 'https://shop.example/other' }),
        400,
        'invalid_grant',
      );
      const second = await codeFor();
      expectAppError(await exchange(second.code, 'short'), 400, 'invalid_request');
    });

    it('delivers by query mode, and web_message as data for the hosted page', async () => {
      const query = await codeFor({ responseMode: 'query' });
      expect(query.url.startsWith(`${REDIRECT_URI}?code=`)).toBe(true);
      expect((await exchange(query.code, query.verifier)).statusCode).toBe(200);

      const { challenge } = pkce();
      const session = await authSession(
        t,
        visitor,
        clientId,
        challenge,
        { responseMode: 'web_message' },
        'none',
      );
      const answer = await authorize(t, session.data.redirectSession.id, await sessionToken());
      expect(answer.data.webMessage).toMatchObject({
        targetOrigin: 'https://shop.example',
        data: { state: 'state-123' },
      });
      expect(answer.data.webMessage.data.code).toBeTruthy();
      expectAppError(
        await authorize(t, session.data.redirectSession.id, await sessionToken()),
        409,
        'REDIRECT_SESSION_USED',
      );
    });

    it("posts a direct login without a redirect URI to the client's only allowed origin", async () => {
      const { challenge, verifier } = pkce();
      const session = await authSession(
        t,
        visitor,
        clientId,
        challenge,
        { responseMode: 'web_message', redirectUri: undefined, sessionToken: await sessionToken() },
        'none',
      );
      expect(session.statusCode).toBe(200);
      const answer = await authorize(t, session.data.redirectSession.id);
      expect(answer.data.webMessage.targetOrigin).toBe('https://shop.example');
      const tokens = await tokenCall(t, {
        clientId,
        grantType: 'authorization_code',
        code: answer.data.webMessage.data.code,
        codeVerifier: verifier,
      });
      expect(tokens.statusCode).toBe(200);
      expect(tokens.data.access_token).toMatch(/^OauthNG\.JWS\./);

      const fragment = await authSession(t, visitor, clientId, challenge, { redirectUri: undefined });
      expect(fragment.statusCode).toBe(400);
      expect(fragment.data.details.validationError.fieldViolations[0].field).toBe(
        'auth.authRequest.redirectUri',
      );
    });

    it('sends bad session tokens back to the client as error + error_description', async () => {
      const { challenge } = pkce();
      const session = await authSession(t, visitor, clientId, challenge);
      const answer = await authorize(t, session.data.redirectSession.id, 'pst_forged');
      const params = fragmentOf(answer.data.redirectUrl);
      expect(params.get('error')).toBe('login_required');
      expect(params.get('error_description')).toBeTruthy();
      expect(params.get('state')).toBe('state-123');
      const token = await sessionToken();
      expect((await authorize(t, session.data.redirectSession.id, token)).data.redirectUrl).toMatch(/#code=/);
      const reused = await authorize(
        t,
        (await authSession(t, visitor, clientId, challenge)).data.redirectSession.id,
        token,
      );
      expect(fragmentOf(reused.data.redirectUrl).get('error')).toBe('login_required');
    });

    it('refuses authorization requests that break the rules, never redirecting', async () => {
      const { challenge } = pkce();
      const cases: [Record<string, unknown>, string][] = [
        [{ redirectUri: 'https://evil.example/callback' }, 'auth.authRequest.redirectUri'],
        [{ redirectUri: `${REDIRECT_URI}/x` }, 'auth.authRequest.redirectUri'],
        [{ codeChallengeMethod: 'plain' }, 'auth.authRequest.codeChallengeMethod'],
        [{ codeChallenge: undefined }, 'auth.authRequest.codeChallenge'],
        [{ state: undefined }, 'auth.authRequest.state'],
        [{ responseType: 'token' }, 'auth.authRequest.responseType'],
        [{ responseMode: 'form_post' }, 'auth.authRequest.responseMode'],
        [{ clientId: 'unknown-client' }, 'auth.authRequest.clientId'],
      ];
      for (const [override, field] of cases) {
        const response = await authSession(t, visitor, clientId, challenge, override);
        expect(response.statusCode, field).toBe(400);
        const violations = response.data.details.validationError.fieldViolations;
        expect(violations.map((v: { field: string }) => v.field)).toContain(field);
        expect(violations.every((v: { data: unknown }) => typeof v.data === 'object')).toBe(true);
      }
    });
  });

  it('answers other intents with INTENT_NOT_SUPPORTED, and needs exactly one intent', async () => {
    const visitor = (await visitorTokens(t, clientId)).access_token;
    const checkout = await t.call({
      method: 'POST',
      url: '/headless/v1/redirect-session',
      auth: visitor,
      payload: { storesProduct: { productSlug: 'mug' } },
    });
    expectAppError(checkout, 400, 'INTENT_NOT_SUPPORTED');
    // The description names what is served, the selling domains' checkouts included.
    expect(checkout.data.details.applicationError.data.served).toEqual(
      expect.arrayContaining(['ecomCheckout', 'eventsCheckout', 'paidPlansCheckout']),
    );
    expect(checkout.data.details.applicationError.description).toContain('ecomCheckout');
    const none = await t.call({
      method: 'POST',
      url: '/_api/redirects-api/v1/redirect-session',
      auth: visitor,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    // No intent is a problem of the request as a whole, not of its `auth` field.
    expect(none.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: '',
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
    expect(none.data.details.validationError.fieldViolations[0].description).toMatch(/exactly one intent/);
    const login = await t.call({
      method: 'POST',
      url: '/_api/redirects-api/v1/redirect-session',
      auth: visitor,
      payload: { login: {}, callbacks: { postFlowUrl: 'https://shop.example/account' } },
    });
    expect(login.data.redirectSession.fullUrl).toMatch(/\/hosted\/login\?session=/);
    const evil = await t.call({
      method: 'POST',
      url: '/headless/v1/redirect-session',
      auth: visitor,
      payload: { logout: { clientId }, callbacks: { postFlowUrl: 'https://evil.example/' } },
    });
    expect(evil.data.details.validationError.fieldViolations[0].field).toBe('callbacks.postFlowUrl');
  });

  it("names the site an auth flow came from (its redirect URI's origin) for the way back", async () => {
    const visitor = (await visitorTokens(t, clientId)).access_token;
    const session = await authSession(t, visitor, clientId, pkce().challenge);
    expect(session.statusCode, session.body).toBe(200);
    const view = await t.call({
      method: 'GET',
      url: `/plaza/v1/redirect-sessions/${session.data.redirectSession.id}`,
    });
    expect(view.data.redirectSession).toMatchObject({
      intent: 'auth',
      siteUrl: `${new URL(REDIRECT_URI).origin}/`,
    });
  });

  it('ends the session through a logout redirect session', async () => {
    const { tokens } = await signedInMember(t, clientId, 'redirect-logout@example.com');
    const session = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth: tokens.access_token,
      payload: { logout: { clientId }, callbacks: { postFlowUrl: 'https://shop.example/' } },
    });
    expect(session.data.redirectSession.fullUrl).toMatch(/\/hosted\/logout\?session=/);
    const view = await t.call({
      method: 'GET',
      url: `/plaza/v1/redirect-sessions/${session.data.redirectSession.id}`,
    });
    expect(view.data.redirectSession).toMatchObject({
      intent: 'logout',
      clientId,
      completed: false,
      siteUrl: 'https://shop.example/',
    });
    const done = await t.call({
      method: 'POST',
      url: `/plaza/v1/redirect-sessions/${session.data.redirectSession.id}/logout`,
      payload: {},
    });
    expect(done.data).toEqual({ redirectUrl: 'https://shop.example/' });
    expectAppError(
      await tokenCall(t, { refreshToken: tokens.refresh_token, grantType: 'refresh_token' }),
      400,
      'invalid_grant',
    );
  });

  it('keeps sites apart: tokens, codes and clients of site A do not work on site B', async () => {
    const siteB = await t.createSite({ name: 'Other' });
    const clientB = await createClient(t, siteB);
    const { visitor, tokens } = await signedInMember(t, clientId, 'only-a@example.com');

    const refreshOnB = await tokenCall(t, {
      clientId: clientB,
      refreshToken: tokens.refresh_token,
      grantType: 'refresh_token',
    });
    expectAppError(refreshOnB, 400, 'invalid_grant');

    const { challenge } = pkce();
    const sessionOnB = await authSession(t, visitor.access_token, clientB, challenge);
    expect(sessionOnB.statusCode).toBe(400);

    const visitorB = await visitorTokens(t, clientB);
    const loginOnB = await t.call({
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      auth: visitorB.access_token,
      payload: { loginId: { email: 'only-a@example.com' }, password: 'correct-Horse-7' },
    });
    expectAppError(loginOnB, 404, '-19999');

    // A session token of site A cannot authorize a session of site B.
    const loginA = await t.call({
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      auth: visitor.access_token,
      payload: { loginId: { email: 'only-a@example.com' }, password: 'correct-Horse-7' },
    });
    const pair = pkce();
    const onB = await authSession(t, visitorB.access_token, clientB, pair.challenge);
    const answer = await authorize(t, onB.data.redirectSession.id, loginA.data.sessionToken);
    expect(fragmentOf(answer.data.redirectUrl).get('error')).toBe('login_required');

    const memberOfA = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: tokens.access_token });
    expect(memberOfA.data.site.id).toBe(site.id);
  });

  it('uses the session token once', async () => {
    const visitor = await visitorTokens(t, clientId);
    const registered = await register(t, visitor.access_token, 'once@example.com');
    await memberTokensFor(t, visitor.access_token, clientId, registered.data.sessionToken);
    const { challenge } = pkce();
    const again = await authSession(t, visitor.access_token, clientId, challenge);
    const answer = await authorize(t, again.data.redirectSession.id, registered.data.sessionToken);
    expect(fragmentOf(answer.data.redirectUrl).get('error')).toBe('login_required');
  });
});
