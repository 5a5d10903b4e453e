import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  authPath,
  codeIn,
  createClient,
  expectAppError,
  lastMail,
  login,
  PASSWORD,
  register,
  setIdentitySettings,
  signedInMember,
  tokenCall,
  visitorTokens,
} from './identity-helpers.ts';

/** E-mail verification, the e-mail second factor, recovery and member calls (map 15.2, 15.3). */
describe.each(engines)('identity: verification and recovery (%s)', (engine) => {
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

  describe('e-mail verification', () => {
    let stateToken: string;
    beforeAll(async () => {
      await setIdentitySettings(t, site, { requireEmailVerification: true });
      stateToken = (await register(t, visitor, 'verify@example.com')).data.stateToken;
      await setIdentitySettings(t, site, { requireEmailVerification: false });
    });
    const verify = (code: string, token = stateToken) =>
      t.call({
        method: 'POST',
        url: '/_api/iam/verification/v1/auth/verify',
        auth: visitor,
        payload: { code, stateToken: token },
      });

    it('allows 5 tries, then the state token is dead until a resend', async () => {
      const code = codeIn(await lastMail(t, site, 'verify@example.com'));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 4; i >= 1; i--) {
        const response = await verify(wrong);
        expectAppError(response, 400, 'INVALID_VERIFICATION_CODE');
        expect(response.data.details.applicationError.data.attemptsLeft).toBe(i);
      }
      expectAppError(await verify(wrong), 429, 'TOO_MANY_ATTEMPTS');
      expectAppError(await verify(code), 429, 'TOO_MANY_ATTEMPTS');
      const resent = await t.call({
        method: 'POST',
        url: '/_api/iam/verification/v1/auth/resend',
        auth: visitor,
        payload: { stateToken },
      });
      expect(resent.data).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken });
      const fresh = codeIn(await lastMail(t, site, 'verify@example.com'));
      t.clock.advance(10 * 60 * 1000 + 1000);
      expectAppError(await verify(fresh), 400, 'VERIFICATION_CODE_EXPIRED');
      await t.call({
        method: 'POST',
        url: '/_api/iam/verification/v1/auth/resend',
        auth: visitor,
        payload: { stateToken },
      });
      const done = await verify(codeIn(await lastMail(t, site, 'verify@example.com')));
      expect(done.data.state).toBe('SUCCESS');
      expectAppError(await verify('123456'), 400, 'INVALID_STATE_TOKEN');
    });

    it('asks for verification again at login while the e-mail is unverified', async () => {
      await setIdentitySettings(t, site, { requireEmailVerification: true });
      await register(t, visitor, 'later@example.com');
      await setIdentitySettings(t, site, { requireEmailVerification: false });
      const again = await login(t, visitor, 'later@example.com');
      expect(again.data.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      const done = await verify(codeIn(await lastMail(t, site, 'later@example.com')), again.data.stateToken);
      expect(done.data.state).toBe('SUCCESS');
    });

    it('with both policies on: verification first, then owner approval', async () => {
      await setIdentitySettings(t, site, { requireEmailVerification: true, requireOwnerApproval: true });
      const registered = await register(t, visitor, 'both@example.com');
      await setIdentitySettings(t, site, { requireEmailVerification: false, requireOwnerApproval: false });
      expect(registered.data.identity.status.reasons).toEqual([
        'PENDING_EMAIL_VERIFICATION_REQUIRED',
        'PENDING_ADMIN_APPROVAL_REQUIRED',
      ]);
      const verified = await verify(
        codeIn(await lastMail(t, site, 'both@example.com')),
        registered.data.stateToken,
      );
      expect(verified.data).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
      });
      await t.call({
        method: 'POST',
        url: `/members/v1/members/${registered.data.identity.id}/approve`,
        auth: site.adminKey,
        payload: {},
      });
      expect((await login(t, visitor, 'both@example.com')).data.state).toBe('SUCCESS');
    });

    it('starts a verification for the signed-in member (both paths)', async () => {
      const { tokens } = await signedInMember(t, clientId, 'start@example.com');
      for (const path of ['/_api/iam/verification/v1/start', '/_api/iam/verification/v1/Start']) {
        const started = await t.call({
          method: 'POST',
          url: path,
          auth: tokens.access_token,
          payload: { target: 'EMAIL' },
        });
        expect(started.statusCode).toBe(200);
        const done = await verify(
          codeIn(await lastMail(t, site, 'start@example.com')),
          started.data.verificationId,
        );
        expect(done.data.identity.email.isVerified).toBe(true);
      }
    });
  });

  describe('second factor (e-mail code)', () => {
    it('answers MFA_CHALLENGE and completes through the legacy factor verify', async () => {
      const { tokens } = await signedInMember(t, clientId, 'mfa@example.com');
      const enabled = await t.call({
        method: 'POST',
        url: '/plaza/v1/members/my/factors/email',
        auth: tokens.access_token,
        payload: { enabled: true },
      });
      expect(enabled.data.identity.factors.map((f: { type: string }) => f.type)).toEqual([
        'PASSWORD',
        'EMAIL',
      ]);
      const challenged = await login(t, visitor, 'mfa@example.com');
      expect(challenged.data).toMatchObject({
        state: 'MFA_CHALLENGE',
        mfaChallengeData: { factorType: 'EMAIL' },
      });
      expect(challenged.data.sessionToken).toBeUndefined();
      const code = codeIn(await lastMail(t, site, 'mfa@example.com'));
      const done = await t.call({
        method: 'POST',
        url: '/_api/iam/authentication/v2/EMAIL/verify',
        auth: visitor,
        payload: { factorType: 'EMAIL', stateToken: challenged.data.stateToken, emailData: { code } },
      });
      expect(done.data.state).toBe('SUCCESS');
      expect(done.data.sessionToken).toMatch(/^pst_/);
      const sms = await t.call({
        method: 'POST',
        url: '/iam/authentication/v2/SMS/verify',
        auth: visitor,
        payload: { factorType: 'SMS', stateToken: 'x', smsData: { code: '1' } },
      });
      expectAppError(sms, 400, 'FACTOR_NOT_SUPPORTED');
    });
  });

  describe('recovery', () => {
    it('always answers {}, mails a 1-hour single-use link, honours only listed redirects', async () => {
      const { tokens } = await signedInMember(t, clientId, 'forgot@example.com');
      const unknown = await t.call({
        method: 'POST',
        url: '/_iam/recovery/v1/send-email',
        auth: visitor,
        payload: { email: 'nobody-here@example.com' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.data).toEqual({});
      expect(await lastMail(t, site, 'nobody-here@example.com')).toBeUndefined();

      const send = (url: string) =>
        t.call({
          method: 'POST',
          url: '/_api/iam/recovery/v1/send-email',
          auth: visitor,
          payload: { email: 'forgot@example.com', redirect: { url, clientId } },
        });
      await send('https://evil.example/after');
      const evilLink = new URL(
        /https?:\/\/\S+/.exec((await lastMail(t, site, 'forgot@example.com'))!.text)![0],
      );
      expect(evilLink.searchParams.get('redirectUrl')).toBeNull();
      expect((await send('https://shop.example/after')).data).toEqual({});
      const link = new URL(/https?:\/\/\S+/.exec((await lastMail(t, site, 'forgot@example.com'))!.text)![0]);
      expect(`${link.origin}${link.pathname}`).toBe('http://localhost:4000/hosted/reset-password');
      expect(link.searchParams.get('redirectUrl')).toBe('https://shop.example/after');

      const recover = (password: string, recoveryToken = link.searchParams.get('token')) =>
        t.call({
          method: 'POST',
          url: '/_api/iam/recovery/v1/recover',
          auth: visitor,
          payload: { recoveryToken, password },
        });
      expect(violations(await recover('weak'))[0].field).toBe('password');
      const done = await recover('New-Password-2');
      expect(done.data.state).toBe('SUCCESS');
      expectAppError(await recover('New-Password-3'), 400, 'INVALID_RECOVERY_TOKEN');
      expectAppError(
        await recover('New-Password-3', evilLink.searchParams.get('token')),
        400,
        'INVALID_RECOVERY_TOKEN',
      );
      expectAppError(
        await tokenCall(t, { refreshToken: tokens.refresh_token, grantType: 'refresh_token' }),
        400,
        'invalid_grant',
      );
      expectAppError(await login(t, visitor, 'forgot@example.com'), 401, '-19976');
      expect((await login(t, visitor, 'forgot@example.com', 'New-Password-2')).data.state).toBe('SUCCESS');

      await send('https://shop.example/after');
      const late = new URL(/https?:\/\/\S+/.exec((await lastMail(t, site, 'forgot@example.com'))!.text)![0]);
      t.clock.advance(60 * 60 * 1000 + 1000);
      expectAppError(
        await recover('New-Password-4', late.searchParams.get('token')),
        400,
        'INVALID_RECOVERY_TOKEN',
      );
    });

    it('activation e-mail (admin) lets a sign-on member set a password', async () => {
      const signOn = await t.call({
        method: 'POST',
        url: '/_api/iam/authentication/v2/sign-on',
        auth: site.adminKey,
        payload: { loginId: { email: 'activate@example.com' } },
      });
      const id = signOn.data.identity.id;
      const asVisitor = await t.call({
        method: 'POST',
        url: '/_api/iam/recovery/v1/activation-email',
        auth: visitor,
        payload: { identityId: id },
      });
      expectAppError(asVisitor, 403, 'PERMISSION_DENIED');
      const sent = await t.call({
        method: 'POST',
        url: '/_iam/recovery/v1/activation-email',
        auth: site.adminKey,
        payload: { identityId: id },
      });
      expect(sent.data).toEqual({});
      const link = new URL(
        /https?:\/\/\S+/.exec((await lastMail(t, site, 'activate@example.com'))!.text)![0],
      );
      // The hosted page may have no token of the site: the recovery token is enough.
      const set = await t.call({
        method: 'POST',
        url: '/_iam/recovery/v1/recover',
        payload: { recoveryToken: link.searchParams.get('token'), password: PASSWORD },
      });
      expect(set.data.identity.email.isVerified).toBe(true);
      expect((await login(t, visitor, 'activate@example.com')).data.state).toBe('SUCCESS');
    });
  });

  describe('member calls', () => {
    it('changes the password, keeping this session and ending the others', async () => {
      const { tokens, visitor: v } = await signedInMember(t, clientId, 'changer@example.com');
      const other = await login(t, v.access_token, 'changer@example.com');
      expect(other.data.state).toBe('SUCCESS');
      const weak = await t.call({
        method: 'POST',
        url: authPath('change-password'),
        auth: tokens.access_token,
        payload: { newPassword: 'abc' },
      });
      expect(violations(weak)[0].field).toBe('newPassword');
      const changed = await t.call({
        method: 'POST',
        url: '/iam/authentication/v2/change-password',
        auth: tokens.access_token,
        payload: { newPassword: 'Changed-Password-9' },
      });
      expect(changed.data).toEqual({});
      expect(
        (await tokenCall(t, { refreshToken: tokens.refresh_token, grantType: 'refresh_token' })).statusCode,
      ).toBe(200);
      const me = await t.call({ method: 'GET', url: '/members/v1/members/my', auth: tokens.access_token });
      expect(me.statusCode).toBe(200);
      expectAppError(await login(t, visitor, 'changer@example.com'), 401, '-19976');
      expect((await login(t, visitor, 'changer@example.com', 'Changed-Password-9')).data.state).toBe(
        'SUCCESS',
      );
      const byVisitor = await t.call({
        method: 'POST',
        url: authPath('change-password'),
        auth: visitor,
        payload: { newPassword: 'Changed-Password-9' },
      });
      expectAppError(byVisitor, 403, 'PERMISSION_DENIED');
    });

    it('validates e-mails and refuses sign-on to non-admins', async () => {
      const ok = await t.call({
        method: 'POST',
        url: authPath('validate-email'),
        auth: visitor,
        payload: { email: 'a@b.co' },
      });
      expect(ok.data).toEqual({ valid: true, formatInvalid: false });
      const bad = await t.call({
        method: 'POST',
        url: authPath('validate-email'),
        auth: visitor,
        payload: { email: 'a@b' },
      });
      expect(bad.data).toMatchObject({ valid: false, formatInvalid: true });
      const signOn = await t.call({
        method: 'POST',
        url: authPath('sign-on'),
        auth: visitor,
        payload: { loginId: { email: 'x@example.com' } },
      });
      expectAppError(signOn, 403, 'PERMISSION_DENIED');
      const asAdmin = await t.call({
        method: 'GET',
        url: '/_api/members/v1/members/my',
        auth: site.adminKey,
      });
      expectAppError(asAdmin, 404, 'MEMBER_NOT_FOUND');
    });
  });
});
