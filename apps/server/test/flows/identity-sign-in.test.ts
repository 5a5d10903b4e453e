import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  authPath,
  createClient,
  expectAppError,
  login,
  PASSWORD,
  register,
  setIdentitySettings,
  signedInMember,
  tokenCall,
  visitorTokens,
} from './identity-helpers.ts';

/** Register, login, verification, recovery and member administration (map 15, 4.3). */
describe.each(engines)('identity: sign-in (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let clientId: string;
  let visitor: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ name: 'Club' });
    clientId = await createClient(t, site);
    visitor = (await visitorTokens(t, clientId)).access_token;
  });
  afterAll(() => t.close());

  const violations = (response: { data: any }) => response.data.details.validationError.fieldViolations;

  describe('register', () => {
    it('reports a bad e-mail as a violation on loginId.email with data.type EMAIL', async () => {
      const response = await register(t, visitor, 'not-an-email');
      expect(response.statusCode).toBe(400);
      expect(violations(response)).toEqual([
        expect.objectContaining({ field: 'loginId.email', ruleName: 'EMAIL', data: { type: 'EMAIL' } }),
      ]);
      expect(response.data.message).toMatch(/^INVALID_ARGUMENT: "loginId.email"/);
    });

    it('applies the password policy with clear violations', async () => {
      const short = await register(t, visitor, 'short@example.com', 'aB3');
      expect(violations(short)[0]).toMatchObject({ field: 'password', violatedRule: 'MIN_LENGTH' });
      const oneKind = await register(t, visitor, 'onekind@example.com', 'abcdefghijk');
      expect(violations(oneKind)[0]).toMatchObject({ field: 'password', violatedRule: 'FORMAT' });
      expect(violations(oneKind)[0].description).toMatch(/two kinds/);
      const both = await register(t, visitor, 'bad', 'x');
      expect(violations(both).map((v: { field: string }) => v.field)).toEqual(['loginId.email', 'password']);
    });

    it('puts data on every schema violation too', async () => {
      const response = await t.call({
        method: 'POST',
        url: authPath('register'),
        auth: visitor,
        payload: { loginId: {}, password: 5, profile: { privacyStatus: 'SECRET' } },
      });
      expect(response.statusCode).toBe(400);
      expect(violations(response).length).toBeGreaterThanOrEqual(3);
      expect(violations(response).every((v: { data: unknown }) => typeof v.data === 'object')).toBe(true);
    });

    it('answers -19995 for an existing e-mail, whatever its case', async () => {
      expect((await register(t, visitor, 'taken@example.com')).data.state).toBe('SUCCESS');
      expectAppError(await register(t, visitor, 'TAKEN@example.com'), 409, '-19995');
    });

    it('needs a visitor token at least', async () => {
      const response = await t.call({
        method: 'POST',
        url: '/iam/authentication/v2/register',
        payload: { loginId: { email: 'anon@example.com' }, password: PASSWORD },
      });
      expectAppError(response, 401, 'UNAUTHENTICATED');
    });
  });

  describe('login', () => {
    beforeAll(async () => {
      await register(t, visitor, 'member@example.com');
    });

    it('answers SUCCESS with a session token', async () => {
      const response = await login(t, visitor, 'Member@Example.com');
      expect(response.statusCode).toBe(200);
      expect(response.data).toMatchObject({
        state: 'SUCCESS',
        identity: { email: { address: 'member@example.com' } },
      });
      expect(response.data.sessionToken).toMatch(/^pst_/);
    });

    it('carries an application error code on every failure', async () => {
      expectAppError(await login(t, visitor, 'member@example.com', 'wrong-Password-1'), 401, '-19976');
      expectAppError(await login(t, visitor, 'nobody@example.com'), 404, '-19999');
      expectAppError(await login(t, visitor, 'not an email'), 400, 'INVALID_EMAIL');
    });
  });

  describe('captcha (site setting)', () => {
    beforeAll(() =>
      setIdentitySettings(t, site, { requireCaptcha: true, captchaTestTokens: ['good-token'] }),
    );
    afterAll(() => setIdentitySettings(t, site, { requireCaptcha: false }));

    it('answers -19971 without a token and -19970 for a bad one', async () => {
      expectAppError(await register(t, visitor, 'captcha@example.com'), 400, '-19971');
      expectAppError(await login(t, visitor, 'member@example.com'), 400, '-19971');
      const bad = { captchaTokens: [{ Recaptcha: 'bad-token' }] };
      expectAppError(await register(t, visitor, 'captcha@example.com', PASSWORD, bad), 400, '-19970');
      expectAppError(await login(t, visitor, 'member@example.com', PASSWORD, bad), 400, '-19970');
      const good = { captchaTokens: [{ InvisibleRecaptcha: 'good-token' }] };
      expect((await register(t, visitor, 'captcha@example.com', PASSWORD, good)).data.state).toBe('SUCCESS');
    });
  });

  describe('owner approval', () => {
    it('holds new members until the owner approves; blocking revokes their sessions', async () => {
      await setIdentitySettings(t, site, { requireOwnerApproval: true });
      const registered = await register(t, visitor, 'pending@example.com');
      await setIdentitySettings(t, site, { requireOwnerApproval: false });
      expect(registered.data).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
      });
      expect(registered.data.sessionToken).toBeUndefined();
      expect((await login(t, visitor, 'pending@example.com')).data.state).toBe('REQUIRE_OWNER_APPROVAL');
      const id = registered.data.identity.id;
      const approved = await t.call({
        method: 'POST',
        url: `/members/v1/members/${id}/approve`,
        auth: site.adminKey,
        payload: {},
      });
      expect(approved.data.member.status).toBe('APPROVED');
      expect((await login(t, visitor, 'pending@example.com')).data.state).toBe('SUCCESS');

      const { tokens, identityId } = await signedInMember(t, clientId, 'to-block@example.com');
      const blocked = await t.call({
        method: 'POST',
        url: `/_api/members/v1/members/${identityId}/block`,
        auth: site.adminKey,
        payload: {},
      });
      expect(blocked.data.member.status).toBe('BLOCKED');
      expectAppError(await login(t, visitor, 'to-block@example.com'), 403, 'MEMBER_BLOCKED');
      const me = await t.call({ method: 'GET', url: '/members/v1/members/my', auth: tokens.access_token });
      expectAppError(me, 401, 'INVALID_TOKEN');
      expectAppError(
        await tokenCall(t, { refreshToken: tokens.refresh_token, grantType: 'refresh_token' }),
        400,
        'invalid_grant',
      );
      const missing = await t.call({
        method: 'POST',
        url: '/members/v1/members/no-such-member/approve',
        auth: site.adminKey,
        payload: {},
      });
      expectAppError(missing, 404, 'MEMBER_NOT_FOUND');
    });
  });
});
