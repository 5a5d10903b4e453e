import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, DEMO_ORIGIN, DEMO_REDIRECT_URI, lastMail, setIdentitySettings } from './harness.ts';
import {
  accessTokenData,
  bodyOf,
  errorOf,
  memberClient,
  newEmail,
  PASSWORD,
  sessionTokenOf,
  stateTokenOf,
  strategy,
  tokenRequests,
} from './identity-setup.ts';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/sdk` OAuthStrategy and `@wix/members`, unchanged, against Plaza (map 6, 13, 15, 16):
 * register, login and e-mail verification, the full member flow, password reset. Register, login
 * and verify calls are hard-wired to www.wixapis.com through the global fetch; module calls go to
 * edge.wixapis.com through the client's fetch.
 */

usePlazaPerFile();

describe('register, login, processVerification', () => {
  it('register: SUCCESS with a session token, then emailAlreadyExists and invalidEmail', async () => {
    const auth = strategy();
    const email = newEmail('register');
    const first = await auth.register({ email, password: PASSWORD, profile: { nickname: 'Reg' } });
    expect(sessionTokenOf(first)).toEqual(expect.any(String));
    const call = plaza.requests.find((r) => r.pathAndQuery === '/_api/iam/authentication/v2/register');
    expect(call).toMatchObject({ host: 'www.wixapis.com', method: 'POST' });
    expect(bodyOf(call)).toMatchObject({
      loginId: { email },
      password: PASSWORD,
      profile: { nickname: 'Reg' },
    });

    const again = await auth.register({ email, password: PASSWORD });
    expect(again).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });

    const bad = await auth.register({ email: 'not-an-email', password: PASSWORD });
    expect(bad).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail' });
    expect(errorOf(bad)).toEqual(expect.any(String));
  });

  it('login: SUCCESS, invalidPassword, and invalidEmail for an unknown e-mail', async () => {
    const auth = strategy();
    const email = newEmail('login');
    expect((await auth.register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');

    const ok = await auth.login({ email, password: PASSWORD });
    expect(sessionTokenOf(ok)).toEqual(expect.any(String));

    expect(await auth.login({ email, password: 'wrong-Password-1' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    expect(await auth.login({ email: newEmail('nobody'), password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
    // A malformed e-mail must still carry an applicationError, or login() throws a TypeError (map 4.3).
    expect(await auth.login({ email: 'not an email', password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
  });

  it('register and login accept (and ignore) captcha tokens while the site has captcha off', async () => {
    const auth = strategy();
    const email = newEmail('captcha');
    const captchaTokens = { recaptchaToken: 'r-token', invisibleRecaptchaToken: 'i-token' };
    expect((await auth.register({ email, password: PASSWORD, captchaTokens })).loginState).toBe('SUCCESS');
    const call = plaza.requests.find((r) => r.pathAndQuery === '/_api/iam/authentication/v2/register');
    expect(bodyOf(call).captchaTokens).toEqual([{ Recaptcha: 'r-token', InvisibleRecaptcha: 'i-token' }]);
    expect((await auth.login({ email, password: PASSWORD, captchaTokens })).loginState).toBe('SUCCESS');
  });

  describe('with owner approval required', () => {
    beforeAll(() => setIdentitySettings(plaza, { requireOwnerApproval: true }));
    afterAll(() => setIdentitySettings(plaza, { requireOwnerApproval: false }));

    it('register answers OWNER_APPROVAL_REQUIRED', async () => {
      expect(await strategy().register({ email: newEmail('approval'), password: PASSWORD })).toEqual({
        loginState: 'OWNER_APPROVAL_REQUIRED',
      });
    });
  });

  it('processVerification without a pending verification answers FAILURE without a call', async () => {
    const auth = strategy();
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(plaza.requests.filter((r) => r.pathAndQuery.includes('/verification/'))).toHaveLength(0);
  });

  describe('with e-mail verification required', () => {
    beforeAll(() => setIdentitySettings(plaza, { requireEmailVerification: true }));
    afterAll(() => setIdentitySettings(plaza, { requireEmailVerification: false }));

    it('register → EMAIL_VERIFICATION_REQUIRED → wrong code rejected → right code → SUCCESS', async () => {
      const auth = strategy();
      const email = newEmail('verify');
      const registered = await auth.register({ email, password: PASSWORD });
      const stateToken = stateTokenOf(registered);
      expect(stateToken).toEqual(expect.any(String));

      const code = codeIn(await lastMail(plaza, email));
      expect(code).toMatch(/^\d{6}$/);

      const wrong = code === '000000' ? '111111' : '000000';
      await expect(auth.processVerification({ verificationCode: wrong })).rejects.toMatchObject({
        details: { applicationError: { code: 'INVALID_VERIFICATION_CODE' } },
      });

      const verified = await auth.processVerification({ verificationCode: code });
      expect(sessionTokenOf(verified)).toEqual(expect.any(String));
      const calls = plaza.requests.filter((r) => r.pathAndQuery === '/_api/iam/verification/v1/auth/verify');
      expect(calls.map((r) => [bodyOf(r), r.status])).toEqual([
        [{ code: wrong, stateToken }, 400],
        [{ code, stateToken }, 200],
      ]);
    });
  });
});

describe('the full member flow', () => {
  afterAll(() => setIdentitySettings(plaza, { requireEmailVerification: false }));

  it('register → verify → authorize (hosted page) → getMemberTokens → loggedIn → getCurrentMember → renew → logout', async () => {
    await setIdentitySettings(plaza, { requireEmailVerification: true });
    const auth = strategy();
    auth.setTokens(await auth.generateVisitorTokens());
    const client = memberClient(auth);
    const email = newEmail('member');

    let state = await auth.register({ email, password: PASSWORD, profile: { nickname: 'Compat Member' } });
    if (state.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
      const code = codeIn(await lastMail(plaza, email));
      state = await auth.processVerification({ verificationCode: code });
    }
    const sessionToken = sessionTokenOf(state);

    // The hosted page's part: authorize the `auth` redirect session with the session token.
    const oauthData = auth.generateOAuthData(DEMO_REDIRECT_URI, `${DEMO_ORIGIN}/`);
    // `sessionToken` is sent by the runtime (map 6.4) but missing from the declared option type.
    const options = { prompt: 'none' as const, sessionToken };
    const { authUrl } = await auth.getAuthUrl(oauthData, options);
    const sessionId = new URL(authUrl).searchParams.get('session');
    expect(sessionId).toEqual(expect.any(String));
    const authorized = await plaza.call('POST', `/plaza/v1/redirect-sessions/${sessionId}/authorize`, {
      body: { sessionToken },
    });
    expect(authorized.status).toBe(200);
    const redirectUrl: string = authorized.data.redirectUrl;
    expect(redirectUrl.startsWith(`${DEMO_REDIRECT_URI}#`)).toBe(true);

    const { code, state: returnedState, ...rest } = auth.parseFromUrl(redirectUrl);
    expect(rest).toEqual({});
    plaza.requests.length = 0;
    const tokens = await auth.getMemberTokens(code, returnedState, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    expect(bodyOf(tokenRequests()[0])).toEqual({
      clientId: plaza.demo.clientId,
      grantType: 'authorization_code',
      redirectUri: DEMO_REDIRECT_URI,
      code,
      codeVerifier: oauthData.codeVerifier,
    });
    expect(accessTokenData(tokens.accessToken.value).instance.metaSiteId).toBe(plaza.demo.siteId);

    auth.setTokens(tokens);
    expect(auth.loggedIn()).toBe(true);

    const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(plaza.requests.at(-1)).toMatchObject({
      host: 'edge.wixapis.com',
      pathAndQuery: '/members/v1/members/my?fieldsets=FULL',
      status: 200,
    });
    expect(member?._id).toEqual(expect.any(String));
    expect(member?.loginEmail).toBe(email);
    expect(member?.profile?.nickname).toBe('Compat Member');
    expect(member?.profile?.slug).toEqual(expect.any(String));
    expect(member?._createdDate).toBeInstanceOf(Date);

    // Renewal keeps the member role; the member stays signed in.
    const renewed = await auth.renewToken(tokens.refreshToken);
    expect(renewed.refreshToken.role).toBe('member');
    auth.setTokens(renewed);
    expect((await client.members.getCurrentMember()).member?._id).toBe(member?._id);

    // Logout: the hosted logout page ends the session; the old member token stops working.
    const oldAccess = renewed.accessToken;
    const { logoutUrl } = await auth.logout(`${DEMO_ORIGIN}/`);
    expect(auth.loggedIn()).toBe(false);
    const logoutSession = new URL(logoutUrl).searchParams.get('session');
    const completed = await plaza.call('POST', `/plaza/v1/redirect-sessions/${logoutSession}/logout`, {
      body: {},
    });
    expect(completed).toMatchObject({ status: 200, data: { redirectUrl: `${DEMO_ORIGIN}/` } });
    const stale = memberClient(strategy({ accessToken: oldAccess, refreshToken: tokens.refreshToken }));
    await expect(stale.members.getCurrentMember()).rejects.toMatchObject({
      status: 401,
      details: { applicationError: { code: 'INVALID_TOKEN' } },
    });
  });
});

describe('password reset', () => {
  it('sendPasswordResetEmail(email, redirectUri) sends the recovery call and an e-mail', async () => {
    const auth = strategy();
    const email = newEmail('reset');
    expect((await auth.register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
    await auth.sendPasswordResetEmail(email, DEMO_REDIRECT_URI);
    const call = plaza.requests.find((r) => r.pathAndQuery === '/_api/iam/recovery/v1/send-email');
    expect(call).toMatchObject({ host: 'www.wixapis.com', status: 200 });
    expect(bodyOf(call)).toEqual({
      email,
      redirect: { url: DEMO_REDIRECT_URI, clientId: plaza.demo.clientId },
    });
    expect(await lastMail(plaza, email)).toBeDefined();
  });
});
