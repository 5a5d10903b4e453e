import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engines } from '../engines.ts';
import { authorize, expectAppError, fragmentOf } from './identity-helpers.ts';
import { browser, PLAZA_CLIENT, useSsoSite } from './identity-sso-setup.ts';

/** SSO with an ID token the app got from the provider itself (login with token params). */

describe.each(engines)('identity: SSO with a real OpenID provider (%s)', (engine) => {
  const sso = useSsoSite(engine);

  describe('login with token params (ID token from a client-side flow)', () => {
    /** What an app doing the provider flow itself holds at the end: a real ID token (and access token). */
    async function providerTokens(nonce: string) {
      const verifier = randomBytes(32).toString('base64url');
      const redirectUri = `${sso.plazaUrl}/plaza/v1/sso/callback/${sso.connectionId}`;
      const authUrl = new URL(`${sso.idp.issuer}/auth`);
      for (const [name, value] of Object.entries({
        response_type: 'code',
        client_id: PLAZA_CLIENT.id,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: 'client-side',
        nonce,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }))
        authUrl.searchParams.set(name, value);
      const end = await browser().navigate(authUrl.toString(), { stop: sso.isPlazaCallback, login: 'alice' });
      const code = new URL(end.url).searchParams.get('code')!;
      const response = await fetch(`${sso.idp.issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${PLAZA_CLIENT.id}:${PLAZA_CLIENT.secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { id_token: string; access_token: string };
    }

    const tokenParams = (idpConnectionId: string, params: Record<string, string>) =>
      sso.t.call({
        method: 'POST',
        url: '/_api/iam/authentication/v1/sso/login-with-token-params',
        payload: { idpConnectionId, tokenParams: params },
      });

    it('signs the member in with a real ID token; the session token gives member tokens; no replay', async () => {
      const { id_token, access_token } = await providerTokens('nonce-1');
      const answer = await tokenParams(sso.connectionId, { id_token, access_token, nonce: 'nonce-1' });
      expect(answer.statusCode).toBe(200);
      expect(answer.data.identity).toMatchObject({
        email: { address: 'alice@example.com', isVerified: true },
      });
      const session = await sso.redirectSession();
      const authorized = await authorize(sso.t, session.id, answer.data.sessionToken);
      const tokens = await sso.exchange(
        fragmentOf(authorized.data.redirectUrl).get('code')!,
        session.verifier,
      );
      expect((await sso.currentMember(tokens.access_token)).id).toBe(answer.data.identity.id);

      expectAppError(
        await tokenParams(sso.connectionId, { id_token, access_token }),
        400,
        'ID_TOKEN_ALREADY_USED',
      );
    });

    it('refuses a tampered ID token, another audience, a wrong nonce and a missing token', async () => {
      const { id_token, access_token } = await providerTokens('nonce-2');
      const [header, payload, signature] = id_token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'bob' })).toString('base64url');
      expectAppError(
        await tokenParams(sso.connectionId, { id_token: `${header}.${forged}.${signature}`, access_token }),
        401,
        'INVALID_ID_TOKEN',
      );
      const wrongAudience = await tokenParams(sso.otherAudienceId, { id_token, access_token });
      expectAppError(wrongAudience, 401, 'INVALID_ID_TOKEN');
      expect(wrongAudience.data.details.applicationError.description).toContain('aud');
      expectAppError(
        await tokenParams(sso.connectionId, { id_token, access_token, nonce: 'other' }),
        401,
        'INVALID_ID_TOKEN',
      );
      expectAppError(await tokenParams(sso.connectionId, { access_token }), 400, 'MISSING_ID_TOKEN');
      expectAppError(await tokenParams('unknown', { id_token }), 404, 'IDP_CONNECTION_NOT_FOUND');
    });
  });
});
