import { describe, expect, it } from 'vitest';
import { engines } from '../engines.ts';
import {
  authorize,
  expectAppError,
  fragmentOf,
  PASSWORD,
  register,
  visitorTokens,
} from './identity-helpers.ts';
import { browser, PLAZA_CLIENT, useSsoSite } from './identity-sso-setup.ts';

/** SSO sign-in in the browser: Plaza → provider (authorization code + PKCE) → Plaza → storefront. */

describe.each(engines)('identity: SSO with a real OpenID provider (%s)', (engine) => {
  const sso = useSsoSite(engine);

  describe('browser sign-in (authorization code + PKCE at the provider)', () => {
    let aliceId: string;

    it('creates the member, continues the redirect session and the code gives member tokens', async () => {
      const { member, tokens } = await sso.signIn('alice');
      expect(member).toMatchObject({
        loginEmail: 'alice@example.com',
        loginEmailVerified: true,
        status: 'APPROVED',
      });
      aliceId = member.id;
      const info = await sso.t.call({
        method: 'POST',
        url: '/oauth2/token-info',
        payload: { token: tokens.access_token },
      });
      expect(info.data).toMatchObject({ active: true, subjectType: 'MEMBER', subjectId: aliceId });
      const stored = await sso.t.platform.identity.context.store.identities.get(sso.site.id, aliceId);
      expect(stored?.identity.connections).toEqual([
        { idpConnection: { idpConnectionId: sso.connectionId, idpUserId: 'alice' } },
      ]);
      expect(stored?.identity.identityProfile).toMatchObject({
        firstName: 'Alice',
        nickname: 'Alice Liddell',
      });
      expect(stored?.passwordHash).toBeNull();
    });

    it('a second sign-in finds the same member (linked by provider subject)', async () => {
      const { member } = await sso.signIn('alice', 'second-state');
      expect(member.id).toBe(aliceId);
      const stored = await sso.t.platform.identity.context.store.identities.get(sso.site.id, aliceId);
      expect(stored?.identity.connections).toHaveLength(1);
    });

    it('links an existing password member with the same verified e-mail', async () => {
      const visitor = (await visitorTokens(sso.t, sso.clientId)).access_token;
      const registered = await register(sso.t, visitor, 'bob@example.com', PASSWORD);
      expect(registered.data.state).toBe('SUCCESS');
      const { member } = await sso.signIn('bob');
      expect(member.id).toBe(registered.data.identity.id);
    });

    it('answers the RawHttpResponse to API clients and a 302 to browsers', async () => {
      const session = await sso.redirectSession();
      const raw = await sso.t.call({
        method: 'GET',
        url: sso.loginUrl({ sessionId: session.id }).slice(sso.plazaUrl.length),
      });
      expect(raw.statusCode).toBe(200);
      expect(raw.data).toMatchObject({ statusCode: 302, body: '' });
      const location = raw.data.headers.find((h: { key: string }) => h.key === 'Location').value as string;
      const authorizeUrl = new URL(location);
      expect(authorizeUrl.origin).toBe(sso.idp.issuer);
      expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: PLAZA_CLIENT.id,
        redirect_uri: `${sso.plazaUrl}/plaza/v1/sso/callback/${sso.connectionId}`,
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      const real = await browser().request(sso.loginUrl({ sessionId: session.id }));
      expect(real.status).toBe(302);
      expect(real.headers.get('location')).toMatch(new RegExp(`^${sso.idp.issuer}/auth\\?`));
    });

    it('continues to an allowed page of the OAuth app with a session token (no redirect session)', async () => {
      const url = sso.loginUrl({
        'customPayload.clientId': sso.clientId,
        'customPayload.redirectUrl': 'https://shop.example/after-sso',
        'customPayload.state': 'app-state',
      });
      const end = await browser().navigate(url, {
        stop: (u) => u.startsWith('https://shop.example/'),
        login: 'alice',
      });
      expect(end.url.startsWith('https://shop.example/after-sso#')).toBe(true);
      const params = fragmentOf(end.url);
      expect(params.get('state')).toBe('app-state');
      // The session token works like login SUCCESS's: through a redirect session to member tokens.
      const session = await sso.redirectSession();
      const authorized = await authorize(sso.t, session.id, params.get('sessionToken')!);
      const tokens = await sso.exchange(
        fragmentOf(authorized.data.redirectUrl).get('code')!,
        session.verifier,
      );
      expect((await sso.currentMember(tokens.access_token)).id).toBe(aliceId);
    });

    it('refuses a replayed state, at the provider callback and at /v1/callback', async () => {
      const session = await sso.redirectSession();
      const b = browser();
      const atCallback = await b.navigate(sso.loginUrl({ sessionId: session.id }), {
        stop: sso.isPlazaCallback,
        login: 'alice',
      });
      const first = await b.navigate(atCallback.url, { stop: (u) => u.includes('/v1/callback?') });
      expect(first.url).toContain('/_api/iam/authentication/v1/callback?');
      const replay = await b.request(atCallback.url);
      expect(replay.status).toBe(400);
      expect(((await replay.json()) as any).details.applicationError.code).toBe('SSO_STATE_USED');

      const done = await b.navigate(first.url, { stop: sso.isClientRedirect });
      expect(fragmentOf(done.url).get('code')).toBeTruthy();
      const again = await b.request(first.url);
      expect(again.status).toBe(400);
      expect(((await again.json()) as any).details.applicationError.code).toBe('SSO_STATE_USED');

      const bogus = await sso.t.call({
        method: 'GET',
        url: `/plaza/v1/sso/callback/${sso.connectionId}?code=x&state=made-up`,
      });
      expectAppError(bogus, 400, 'INVALID_SSO_STATE');
      const wrongToken = new URL(first.url);
      wrongToken.searchParams.set('sessionToken', 'pst_forged');
      expectAppError(
        await sso.t.call({ method: 'GET', url: wrongToken.pathname + wrongToken.search }),
        400,
        'INVALID_SESSION_TOKEN',
      );
    });

    it('refuses an e-mail the provider did not verify, and reports provider errors', async () => {
      const session = await sso.redirectSession();
      const unverified = await browser().navigate(sso.loginUrl({ sessionId: session.id }), {
        stop: sso.isClientRedirect,
        login: 'mallory',
      });
      expect(unverified.response?.status).toBe(403);
      expect(((await unverified.response!.json()) as any).details.applicationError.code).toBe(
        'IDP_EMAIL_NOT_VERIFIED',
      );
      expect(
        await sso.t.platform.identity.context.store.identities.findByEmail(
          sso.site.id,
          'mallory@example.com',
        ),
      ).toBe(undefined);

      const aborted = await browser().navigate(sso.loginUrl({ sessionId: session.id }), {
        stop: sso.isClientRedirect,
        abort: true,
      });
      expect(aborted.response?.status).toBe(400);
      expect(((await aborted.response!.json()) as any).details.applicationError).toMatchObject({
        code: 'IDP_ERROR',
        data: { error: 'access_denied' },
      });
    });

    it('refuses unknown, disabled or foreign connections and a missing continuation', async () => {
      const session = await sso.redirectSession();
      const path = (query: Record<string, string>, connection?: string, tenant?: string) =>
        sso.loginUrl(query, connection, tenant).slice(sso.plazaUrl.length);
      expectAppError(await sso.t.call({ method: 'GET', url: path({}) }), 400, 'SSO_CONTINUATION_REQUIRED');
      expectAppError(
        await sso.t.call({ method: 'GET', url: path({ sessionId: session.id }, 'nope') }),
        404,
        'IDP_CONNECTION_NOT_FOUND',
      );
      const stranger = await sso.t.createSite({ name: 'Stranger' });
      expectAppError(
        await sso.t.call({
          method: 'GET',
          url: path({ sessionId: session.id }, sso.connectionId, stranger.id),
        }),
        404,
        'IDP_CONNECTION_NOT_FOUND',
      );
      expectAppError(
        await sso.t.call({
          method: 'GET',
          url: path({
            'customPayload.clientId': sso.clientId,
            'customPayload.redirectUrl': 'https://evil.example/',
          }),
        }),
        400,
        'REDIRECT_URL_NOT_ALLOWED',
      );
      const toggle = (enabled: boolean) =>
        sso.t.call({
          method: 'PATCH',
          url: `/plaza/v1/idp-connections/${sso.connectionId}`,
          auth: sso.site.adminKey,
          payload: { idpConnection: { enabled } },
        });
      await toggle(false);
      expectAppError(
        await sso.t.call({ method: 'GET', url: path({ sessionId: session.id }) }),
        403,
        'IDP_CONNECTION_DISABLED',
      );
      await toggle(true);
    });
  });
});
