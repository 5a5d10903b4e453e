import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp, TestSite } from '../build-test-app.ts';

/** Shared steps of the identity flow tests, all over HTTP. */

export const REDIRECT_URI = 'https://shop.example/callback';
export const PASSWORD = 'correct-Horse-7';

export async function createClient(
  t: TestApp,
  site: TestSite,
  fields: { allowedRedirectUris?: string[]; allowedOrigins?: string[] } = {},
): Promise<string> {
  const response = await t.call({
    method: 'POST',
    url: '/oauth-app/v1/oauth-apps',
    auth: site.adminKey,
    payload: {
      oAuthApp: {
        name: 'Storefront',
        allowedRedirectUris: fields.allowedRedirectUris ?? [REDIRECT_URI],
        allowedOrigins: fields.allowedOrigins ?? ['https://shop.example'],
      },
    },
  });
  expect(response.statusCode).toBe(200);
  return response.data.oAuthApp.id;
}

export async function setIdentitySettings(t: TestApp, site: TestSite, identity: Record<string, unknown>) {
  const response = await t.call({
    method: 'PATCH',
    url: '/plaza/v1/site',
    auth: site.adminKey,
    payload: { site: { settings: { identity } } },
  });
  expect(response.statusCode).toBe(200);
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export async function tokenCall(t: TestApp, payload: object, auth?: string) {
  return t.call({ method: 'POST', url: '/oauth2/token', payload, ...(auth ? { auth } : {}) });
}

export async function visitorTokens(t: TestApp, clientId: string): Promise<Tokens> {
  const response = await tokenCall(t, { clientId, grantType: 'anonymous' });
  expect(response.statusCode).toBe(200);
  return response.data;
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url').slice(0, 43);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const authPath = (call: string) => `/_api/iam/authentication/v2/${call}`;

export async function register(
  t: TestApp,
  auth: string,
  email: string,
  password = PASSWORD,
  extra: object = {},
) {
  return t.call({
    method: 'POST',
    url: authPath('register'),
    auth,
    payload: { loginId: { email }, password, ...extra },
  });
}

export async function login(
  t: TestApp,
  auth: string,
  email: string,
  password = PASSWORD,
  extra: object = {},
) {
  return t.call({
    method: 'POST',
    url: authPath('login'),
    auth,
    payload: { loginId: { email }, password, ...extra },
  });
}

/** The newest message to `to`, read through the admin mailbox call. */
export async function lastMail(t: TestApp, site: TestSite, to: string) {
  const response = await t.call({
    method: 'POST',
    url: '/plaza/v1/mailbox/query',
    auth: site.adminKey,
    payload: { to, limit: 1 },
  });
  expect(response.statusCode).toBe(200);
  return response.data.messages[0] as { subject: string; text: string; to: string } | undefined;
}

export const codeIn = (mail: { text: string } | undefined) => /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';

/** Redirect session for the `auth` intent, with overrides of the authorization request. */
export async function authSession(
  t: TestApp,
  auth: string,
  clientId: string,
  challenge: string,
  overrides: Record<string, unknown> = {},
  prompt = 'login',
) {
  return t.call({
    method: 'POST',
    url: '/redirect-session/v1/redirect-session',
    auth,
    payload: {
      auth: {
        authRequest: {
          redirectUri: REDIRECT_URI,
          clientId,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: 'state-123',
          ...overrides,
        },
        prompt,
      },
    },
  });
}

export async function authorize(t: TestApp, sessionId: string, sessionToken?: string) {
  return t.call({
    method: 'POST',
    url: `/plaza/v1/redirect-sessions/${sessionId}/authorize`,
    payload: sessionToken ? { sessionToken } : {},
  });
}

export const fragmentOf = (url: string) => new URLSearchParams(url.split('#')[1] ?? '');

/** Register (no verification required) → session token → PKCE code → member tokens. */
export async function signedInMember(t: TestApp, clientId: string, email: string) {
  const visitor = await visitorTokens(t, clientId);
  const registered = await register(t, visitor.access_token, email);
  expect(registered.data.state).toBe('SUCCESS');
  const tokens = await memberTokensFor(t, visitor.access_token, clientId, registered.data.sessionToken);
  return { visitor, tokens, identityId: registered.data.identity.id as string };
}

export async function memberTokensFor(
  t: TestApp,
  visitorToken: string,
  clientId: string,
  sessionToken: string,
) {
  const { verifier, challenge } = pkce();
  const session = await authSession(t, visitorToken, clientId, challenge);
  expect(session.statusCode).toBe(200);
  const authorized = await authorize(t, session.data.redirectSession.id, sessionToken);
  const code = fragmentOf(authorized.data.redirectUrl).get('code')!;
  const response = await tokenCall(t, {
    clientId,
    grantType: 'authorization_code',
    redirectUri: REDIRECT_URI,
    code,
    codeVerifier: verifier,
  });
  expect(response.statusCode).toBe(200);
  return response.data as Tokens;
}

export const expectAppError = (response: { statusCode: number; data: any }, status: number, code: string) => {
  expect({ status: response.statusCode, code: response.data?.details?.applicationError?.code }).toEqual({
    status,
    code,
  });
};
