import { describe, expect, it } from 'vitest';
import { type LoginResult, OAuthStrategy, type Tokens } from '../src/index.ts';
import { type RecordedRequest, type Reply, recordingFetch } from './support/recording-fetch.ts';

const visitor: Tokens = {
  accessToken: { value: 'visitor-access', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: 'visitor-refresh', role: 'visitor' },
};

function setup(route: (request: RecordedRequest) => Reply) {
  const { fetch, requests } = recordingFetch(route);
  const auth = OAuthStrategy({ clientId: 'client-1', baseUrl: 'http://api.test', fetch, tokens: visitor });
  return { auth, requests };
}

const applicationError = (code: string, message = 'Nope'): Reply => ({
  status: 400,
  body: { message, details: { applicationError: { code, description: message, data: {} } } },
});

describe('register and login: wire calls', () => {
  it('register posts loginId, password, profile and captcha tokens with capitalised keys', async () => {
    const { auth, requests } = setup(() => ({ body: { state: 'SUCCESS', sessionToken: 'sess-1' } }));
    await auth.register({
      email: 'ana@example.com',
      password: 'secret',
      profile: { nickname: 'Ana' },
      captchaTokens: { recaptchaToken: 'v', invisibleRecaptchaToken: 'i' },
    });
    expect(requests[0]).toMatchObject({
      url: 'http://api.test/_api/iam/authentication/v2/register',
      method: 'POST',
    });
    expect(requests[0]?.headers.Authorization).toBe('visitor-access');
    expect(requests[0]?.json).toEqual({
      loginId: { email: 'ana@example.com' },
      password: 'secret',
      profile: { nickname: 'Ana' },
      captchaTokens: [{ Recaptcha: 'v', InvisibleRecaptcha: 'i' }],
    });
  });

  it('login posts loginId and password, and no captchaTokens when none are given', async () => {
    const { auth, requests } = setup(() => ({ body: { state: 'SUCCESS', sessionToken: 'sess-1' } }));
    await auth.login({ email: 'ana@example.com', password: 'secret' });
    expect(requests[0]?.url).toBe('http://api.test/_api/iam/authentication/v2/login');
    expect(requests[0]?.json).toEqual({ loginId: { email: 'ana@example.com' }, password: 'secret' });
  });
});

describe('server state → login state (seed section 4)', () => {
  it.each<[string, Record<string, unknown>, LoginResult]>([
    [
      'SUCCESS',
      { state: 'SUCCESS', sessionToken: 'sess-1' },
      { loginState: 'SUCCESS', data: { sessionToken: 'sess-1' } },
    ],
    [
      'REQUIRE_OWNER_APPROVAL',
      { state: 'REQUIRE_OWNER_APPROVAL' },
      { loginState: 'OWNER_APPROVAL_REQUIRED' },
    ],
    [
      'REQUIRE_EMAIL_VERIFICATION',
      { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st-1' } },
    ],
    ['STATUS_CHECK', { state: 'STATUS_CHECK' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    ['REQUIRE_MFA', { state: 'REQUIRE_MFA' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    ['UNKNOWN_STATE', { state: 'UNKNOWN_STATE' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('%s', async (_state, answer, expected) => {
    const { auth } = setup(() => ({ body: answer }));
    expect(await auth.login({ email: 'a@b.c', password: 'p' })).toEqual(expected);
    expect(await auth.register({ email: 'a@b.c', password: 'p' })).toEqual(expected);
  });
});

describe('register failures (seed section 8)', () => {
  it('an EMAIL field violation gives invalidEmail with its description', async () => {
    const { auth } = setup(() => ({
      status: 400,
      body: {
        message: 'Invalid',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'password', description: 'too short', violatedRule: 'MIN_LENGTH', data: {} },
              {
                field: 'loginId.email',
                description: 'is not an email',
                violatedRule: 'OTHER',
                data: { type: 'EMAIL' },
              },
            ],
          },
        },
      },
    }));
    expect(await auth.register({ email: 'nope', password: 'p' })).toEqual({
      loginState: 'FAILURE',
      error: 'is not an email',
      errorCode: 'invalidEmail',
    });
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19995', 'emailAlreadyExists'],
    ['-19970', 'invalidCaptchaToken'],
  ])('code %s gives %s', async (code, errorCode) => {
    const { auth } = setup(() => applicationError(code, 'Refused'));
    expect(await auth.register({ email: 'a@b.c', password: 'p' })).toEqual({
      loginState: 'FAILURE',
      error: 'Refused',
      errorCode,
    });
  });

  it('any other error gives the message only', async () => {
    const { auth } = setup(() => applicationError('-19976', 'Something else'));
    expect(await auth.register({ email: 'a@b.c', password: 'p' })).toEqual({
      loginState: 'FAILURE',
      error: 'Something else',
    });
  });
});

describe('login failures (seed section 8)', () => {
  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
    ['-19995', 'invalidEmail'],
    ['MEMBER_NOT_FOUND', 'invalidEmail'],
  ])('code %s gives %s', async (code, errorCode) => {
    const { auth } = setup(() => applicationError(code, 'Refused'));
    expect(await auth.login({ email: 'a@b.c', password: 'p' })).toEqual({
      loginState: 'FAILURE',
      error: 'Refused',
      errorCode,
    });
  });

  it('a validation-only error gives invalidEmail instead of crashing', async () => {
    const { auth } = setup(() => ({
      status: 400,
      body: {
        message: 'Invalid',
        details: {
          validationError: { fieldViolations: [{ field: 'loginId.email', description: 'bad', data: {} }] },
        },
      },
    }));
    expect(await auth.login({ email: 'x', password: 'p' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
  });
});

describe('processVerification', () => {
  it("fails with 'Unknown _state' and makes no call unless verification is required", async () => {
    const { auth, requests } = setup(() => ({ body: { state: 'SUCCESS' } }));
    expect(await auth.processVerification({ verificationCode: '123' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(
      await auth.processVerification({ code: '1' }, { loginState: 'OWNER_APPROVAL_REQUIRED' }),
    ).toMatchObject({
      error: 'Unknown _state',
    });
    expect(requests).toHaveLength(0);
  });

  it('sends the code with the remembered state token and maps the answer', async () => {
    const { auth, requests } = setup((request) =>
      request.url.endsWith('/register')
        ? { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' } }
        : { body: { state: 'SUCCESS', sessionToken: 'sess-2' } },
    );
    await auth.register({ email: 'a@b.c', password: 'p' });
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'sess-2' },
    });
    expect(requests[1]?.url).toBe('http://api.test/_api/iam/verification/v1/auth/verify');
    expect(requests[1]?.json).toEqual({ code: '123456', stateToken: 'st-1' });
  });

  it('uses an explicit state and the `code` alias', async () => {
    const { auth, requests } = setup(() => ({ body: { state: 'REQUIRE_OWNER_APPROVAL' } }));
    const result = await auth.processVerification(
      { code: '42' },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'given' } },
    );
    expect(result).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED' });
    expect(requests[0]?.json).toEqual({ code: '42', stateToken: 'given' });
  });

  it('keeps the remembered state after a wrong code, so the member can retry', async () => {
    let verifyCalls = 0;
    const { auth } = setup((request) => {
      if (request.url.endsWith('/login'))
        return { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' } };
      verifyCalls += 1;
      return verifyCalls === 1
        ? applicationError('WRONG_CODE', 'Wrong code')
        : { body: { state: 'SUCCESS', sessionToken: 's' } };
    });
    await auth.login({ email: 'a@b.c', password: 'p' });
    expect(await auth.processVerification({ verificationCode: '000' })).toEqual({
      loginState: 'FAILURE',
      error: 'Wrong code',
    });
    expect((await auth.processVerification({ verificationCode: '111' })).loginState).toBe('SUCCESS');
  });
});

it('sendPasswordResetEmail posts the email and the redirect', async () => {
  const { auth, requests } = setup(() => ({ body: {} }));
  await auth.sendPasswordResetEmail('ana@example.com', 'http://app.test/back');
  expect(requests[0]?.url).toBe('http://api.test/_api/iam/recovery/v1/send-email');
  expect(requests[0]?.json).toEqual({
    email: 'ana@example.com',
    redirect: { url: 'http://app.test/back', clientId: 'client-1' },
  });
});
