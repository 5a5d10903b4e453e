import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBox } from '../../src/lib/secret-box.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  authorize,
  authSession,
  createClient,
  expectAppError,
  fragmentOf,
  PASSWORD,
  pkce,
  REDIRECT_URI,
  register,
  tokenCall,
  visitorTokens,
} from './identity-helpers.ts';

/**
 * SSO end to end against a real OpenID Connect provider (oidc-provider) on 127.0.0.1: Plaza listens
 * on a real port too, and the browser is played by `fetch` with a cookie jar, submitting the
 * provider's own (development) login and consent forms.
 */

const PLAZA_CLIENT = { id: 'plaza-rp', secret: 'plaza-rp-secret-0123456789' };

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  alice: { email: 'alice@example.com', email_verified: true, name: 'Alice Liddell', given_name: 'Alice' },
  bob: { email: 'Bob@Example.com', email_verified: true, name: 'Bob' },
  mallory: { email: 'mallory@example.com', email_verified: false, name: 'Mallory' },
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Cookies per host (paths ignored: enough for one provider and one Plaza). */
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();
  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }
  store(url: string, response: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const [name, value] = [pair.slice(0, index).trim(), pair.slice(index + 1).trim()];
      const expired = attributes.some(
        (a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }
}

/** One browser: follows redirects by hand, submits the provider's forms, stops where told. */
function browser() {
  const jar = new CookieJar();
  async function request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        cookie: jar.header(url),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    jar.store(url, response);
    return response;
  }

  /**
   * Navigates from `url`: redirects are followed, the provider's pages are answered (`login` names
   * the account to sign in as; `abort` cancels instead), and the first URL for which `stop` holds
   * is answered without being loaded.
   */
  async function navigate(
    url: string,
    options: { stop: (url: string) => boolean; login?: string; abort?: boolean },
  ): Promise<{ url: string; response?: Response }> {
    let current = url;
    let form: Record<string, string> | undefined;
    for (let step = 0; step < 20; step++) {
      if (options.stop(current)) return { url: current };
      const response = await request(current, form ? { method: 'POST', form } : {});
      form = undefined;
      if (response.status >= 300 && response.status < 400) {
        current = new URL(response.headers.get('location')!, current).toString();
        continue;
      }
      const html = response.status === 200 ? await response.text() : '';
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt) return { url: current, response };
      if (options.abort) {
        current = new URL(`${action}/abort`, current).toString();
        continue;
      }
      form = prompt === 'login' ? { prompt, login: options.login ?? 'alice', password: 'any' } : { prompt };
      current = new URL(action, current).toString();
    }
    throw new Error('too many steps');
  }
  return { navigate, request };
}

interface Idp {
  issuer: string;
  close(): Promise<void>;
}

async function startIdp(port: number, redirectUris: string[]): Promise<Idp> {
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PLAZA_CLIENT.id,
        client_secret: PLAZA_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    findAccount: async (_ctx, id) =>
      ACCOUNTS[id] ? { accountId: id, claims: async () => ({ sub: id, ...ACCOUNTS[id] }) } : undefined,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    cookies: { keys: ['sso-test-cookie-key'] },
    pkce: { methods: ['S256'], required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)('identity: SSO with a real OpenID provider (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let idp: Idp;
  let plazaUrl: string;
  let clientId: string;
  let connectionId: string;
  let otherAudienceId: string;

  const ssoLoginUrl = (query: Record<string, string>, connection = connectionId, tenant = site.id) =>
    `${plazaUrl}/_api/iam/authentication/v1/sso/login/${tenant}/${connection}?${new URLSearchParams(query)}`;
  const isPlazaCallback = (url: string) => url.startsWith(`${plazaUrl}/plaza/v1/sso/callback/`);
  const isClientRedirect = (url: string) => url.startsWith(REDIRECT_URI);

  beforeAll(async () => {
    const [plazaPort, idpPort] = [await freePort(), await freePort()];
    plazaUrl = `http://127.0.0.1:${plazaPort}`;
    t = await buildTestApp(engine, { env: { PUBLIC_URL: plazaUrl } });
    await t.app.listen({ port: plazaPort, host: '127.0.0.1' });
    site = await t.createSite({ name: 'SSO shop' });
    clientId = await createClient(t, site);

    // The owner adds the connection disabled, registers its redirect URI at the provider, enables it.
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/idp-connections',
      auth: site.adminKey,
      payload: {
        idpConnection: {
          name: 'Test IdP',
          issuer: `http://127.0.0.1:${idpPort}`,
          clientId: PLAZA_CLIENT.id,
          clientSecret: PLAZA_CLIENT.secret,
          enabled: false,
        },
      },
    });
    expect(created.statusCode).toBe(200);
    connectionId = created.data.idpConnection.id;
    idp = await startIdp(idpPort, [created.data.idpConnection.redirectUri]);
    const enabled = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/idp-connections/${connectionId}`,
      auth: site.adminKey,
      payload: { idpConnection: { enabled: true } },
    });
    expect(enabled.statusCode).toBe(200);

    const other = await t.call({
      method: 'POST',
      url: '/plaza/v1/idp-connections',
      auth: site.adminKey,
      payload: {
        idpConnection: { name: 'Same IdP, other app', issuer: idp.issuer, clientId: 'another-app' },
      },
    });
    expect(other.statusCode).toBe(200);
    otherAudienceId = other.data.idpConnection.id;
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** An `auth` redirect session of the storefront with its PKCE verifier. */
  async function redirectSession(state = 'state-123') {
    const visitor = (await visitorTokens(t, clientId)).access_token;
    const { verifier, challenge } = pkce();
    const session = await authSession(t, visitor, clientId, challenge, { state });
    expect(session.statusCode).toBe(200);
    return { id: session.data.redirectSession.id as string, verifier, visitor };
  }

  async function exchange(code: string, verifier: string) {
    const response = await tokenCall(t, {
      clientId,
      grantType: 'authorization_code',
      redirectUri: REDIRECT_URI,
      code,
      codeVerifier: verifier,
    });
    expect(response.statusCode).toBe(200);
    return response.data as { access_token: string; refresh_token: string };
  }

  const currentMember = async (accessToken: string) =>
    (await t.call({ method: 'GET', url: '/members/v1/members/my', auth: accessToken })).data.member;

  /** The whole browser flow: storefront session → Plaza → provider → Plaza → storefront. */
  async function ssoSignIn(login: string, state = 'state-123') {
    const session = await redirectSession(state);
    const end = await browser().navigate(ssoLoginUrl({ sessionId: session.id }), {
      stop: isClientRedirect,
      login,
    });
    expect(end.url.startsWith(REDIRECT_URI), `ended at ${end.url}`).toBe(true);
    const params = fragmentOf(end.url);
    expect(params.get('state')).toBe(state);
    const tokens = await exchange(params.get('code')!, session.verifier);
    return { tokens, member: await currentMember(tokens.access_token) };
  }

  describe('connections (admin)', () => {
    it('never answers the client secret and tells the redirect URI to register', async () => {
      const listed = await t.call({ method: 'GET', url: '/plaza/v1/idp-connections', auth: site.adminKey });
      expect(listed.statusCode).toBe(200);
      const connection = listed.data.idpConnections.find((c: { id: string }) => c.id === connectionId);
      expect(connection).toMatchObject({
        name: 'Test IdP',
        issuer: idp.issuer,
        clientId: PLAZA_CLIENT.id,
        hasClientSecret: true,
        enabled: true,
        scopes: ['openid', 'email', 'profile'],
        redirectUri: `${plazaUrl}/plaza/v1/sso/callback/${connectionId}`,
      });
      expect(listed.body).not.toContain(PLAZA_CLIENT.secret);
      const one = await t.call({
        method: 'GET',
        url: `/plaza/v1/idp-connections/${connectionId}`,
        auth: site.adminKey,
      });
      expect(one.data.idpConnection).toEqual(connection);
      expect(one.body).not.toContain('clientSecret');
      // At rest it is sealed under the server's secrets key (sign-in below proves it still opens).
      const row = await t.platform.database.db
        .selectFrom('idp_connections')
        .select('client_secret')
        .where('id', '=', connectionId)
        .executeTakeFirstOrThrow();
      expect(row.client_secret).toMatch(/^enc:v1:/);
      expect(row.client_secret).not.toContain(PLAZA_CLIENT.secret);
    });

    it('asks the owner to set a client secret again that was sealed under another key', async () => {
      const created = await t.call({
        method: 'POST',
        url: '/plaza/v1/idp-connections',
        auth: site.adminKey,
        payload: {
          idpConnection: { name: 'Moved', issuer: idp.issuer, clientId: PLAZA_CLIENT.id, clientSecret: 'x' },
        },
      });
      const moved = created.data.idpConnection.id as string;
      await t.platform.database.db
        .updateTable('idp_connections')
        .set({ client_secret: secretBox(() => randomBytes(32)).seal(PLAZA_CLIENT.secret) })
        .where('id', '=', moved)
        .execute();
      // The secret is opened where the provider is asked (here: checking a provider's ID token).
      const answer = await t.call({
        method: 'POST',
        url: '/_api/iam/authentication/v1/sso/login-with-token-params',
        payload: { idpConnectionId: moved, tokenParams: { id_token: 'a.b.c' } },
      });
      expectAppError(answer, 409, 'IDP_CLIENT_SECRET_UNREADABLE');
      await t.call({ method: 'DELETE', url: `/plaza/v1/idp-connections/${moved}`, auth: site.adminKey });
    });

    it('checks the discovery document of an enabled connection; admins only; other sites see nothing', async () => {
      const bad = await t.call({
        method: 'POST',
        url: '/plaza/v1/idp-connections',
        auth: site.adminKey,
        payload: { idpConnection: { name: 'Nowhere', issuer: `${plazaUrl}/no-idp`, clientId: 'x' } },
      });
      expectAppError(bad, 502, 'IDP_DISCOVERY_FAILED');
      const visitor = (await visitorTokens(t, clientId)).access_token;
      const denied = await t.call({ method: 'GET', url: '/plaza/v1/idp-connections', auth: visitor });
      expect(denied.statusCode).toBe(403);
      const stranger = await t.createSite({ name: 'Other' });
      const hidden = await t.call({
        method: 'GET',
        url: `/plaza/v1/idp-connections/${connectionId}`,
        auth: stranger.adminKey,
      });
      expectAppError(hidden, 404, 'IDP_CONNECTION_NOT_FOUND');
    });

    it('creates, updates and deletes', async () => {
      const created = await t.call({
        method: 'POST',
        url: '/plaza/v1/idp-connections',
        auth: site.adminKey,
        payload: { idpConnection: { name: 'Temp', issuer: idp.issuer, clientId: 'temp', scopes: ['email'] } },
      });
      expect(created.data.idpConnection).toMatchObject({
        hasClientSecret: false,
        scopes: ['openid', 'email'],
      });
      const id = created.data.idpConnection.id;
      const updated = await t.call({
        method: 'PATCH',
        url: `/plaza/v1/idp-connections/${id}`,
        auth: site.adminKey,
        payload: { idpConnection: { name: 'Renamed', clientSecret: 's3cret' } },
      });
      expect(updated.data.idpConnection).toMatchObject({ name: 'Renamed', hasClientSecret: true });
      const url = `/plaza/v1/idp-connections/${id}`;
      expect((await t.call({ method: 'DELETE', url, auth: site.adminKey })).statusCode).toBe(200);
      expectAppError(
        await t.call({ method: 'GET', url, auth: site.adminKey }),
        404,
        'IDP_CONNECTION_NOT_FOUND',
      );
    });
  });

  describe('browser sign-in (authorization code + PKCE at the provider)', () => {
    let aliceId: string;

    it('creates the member, continues the redirect session and the code gives member tokens', async () => {
      const { member, tokens } = await ssoSignIn('alice');
      expect(member).toMatchObject({
        loginEmail: 'alice@example.com',
        loginEmailVerified: true,
        status: 'APPROVED',
      });
      aliceId = member.id;
      const info = await t.call({
        method: 'POST',
        url: '/oauth2/token-info',
        payload: { token: tokens.access_token },
      });
      expect(info.data).toMatchObject({ active: true, subjectType: 'MEMBER', subjectId: aliceId });
      const stored = await t.platform.identity.context.store.identities.get(site.id, aliceId);
      expect(stored?.identity.connections).toEqual([
        { idpConnection: { idpConnectionId: connectionId, idpUserId: 'alice' } },
      ]);
      expect(stored?.identity.identityProfile).toMatchObject({
        firstName: 'Alice',
        nickname: 'Alice Liddell',
      });
      expect(stored?.passwordHash).toBeNull();
    });

    it('a second sign-in finds the same member (linked by provider subject)', async () => {
      const { member } = await ssoSignIn('alice', 'second-state');
      expect(member.id).toBe(aliceId);
      const stored = await t.platform.identity.context.store.identities.get(site.id, aliceId);
      expect(stored?.identity.connections).toHaveLength(1);
    });

    it('links an existing password member with the same verified e-mail', async () => {
      const visitor = (await visitorTokens(t, clientId)).access_token;
      const registered = await register(t, visitor, 'bob@example.com', PASSWORD);
      expect(registered.data.state).toBe('SUCCESS');
      const { member } = await ssoSignIn('bob');
      expect(member.id).toBe(registered.data.identity.id);
    });

    it('answers the RawHttpResponse to API clients and a 302 to browsers', async () => {
      const session = await redirectSession();
      const raw = await t.call({
        method: 'GET',
        url: ssoLoginUrl({ sessionId: session.id }).slice(plazaUrl.length),
      });
      expect(raw.statusCode).toBe(200);
      expect(raw.data).toMatchObject({ statusCode: 302, body: '' });
      const location = raw.data.headers.find((h: { key: string }) => h.key === 'Location').value as string;
      const authorizeUrl = new URL(location);
      expect(authorizeUrl.origin).toBe(idp.issuer);
      expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: PLAZA_CLIENT.id,
        redirect_uri: `${plazaUrl}/plaza/v1/sso/callback/${connectionId}`,
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      const real = await browser().request(ssoLoginUrl({ sessionId: session.id }));
      expect(real.status).toBe(302);
      expect(real.headers.get('location')).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
    });

    it('continues to an allowed page of the OAuth app with a session token (no redirect session)', async () => {
      const url = ssoLoginUrl({
        'customPayload.clientId': clientId,
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
      const session = await redirectSession();
      const authorized = await authorize(t, session.id, params.get('sessionToken')!);
      const tokens = await exchange(fragmentOf(authorized.data.redirectUrl).get('code')!, session.verifier);
      expect((await currentMember(tokens.access_token)).id).toBe(aliceId);
    });

    it('refuses a replayed state, at the provider callback and at /v1/callback', async () => {
      const session = await redirectSession();
      const b = browser();
      const atCallback = await b.navigate(ssoLoginUrl({ sessionId: session.id }), {
        stop: isPlazaCallback,
        login: 'alice',
      });
      const first = await b.navigate(atCallback.url, { stop: (u) => u.includes('/v1/callback?') });
      expect(first.url).toContain('/_api/iam/authentication/v1/callback?');
      const replay = await b.request(atCallback.url);
      expect(replay.status).toBe(400);
      expect(((await replay.json()) as any).details.applicationError.code).toBe('SSO_STATE_USED');

      const done = await b.navigate(first.url, { stop: isClientRedirect });
      expect(fragmentOf(done.url).get('code')).toBeTruthy();
      const again = await b.request(first.url);
      expect(again.status).toBe(400);
      expect(((await again.json()) as any).details.applicationError.code).toBe('SSO_STATE_USED');

      const bogus = await t.call({
        method: 'GET',
        url: `/plaza/v1/sso/callback/${connectionId}?code=x&state=made-up`,
      });
      expectAppError(bogus, 400, 'INVALID_SSO_STATE');
      const wrongToken = new URL(first.url);
      wrongToken.searchParams.set('sessionToken', 'pst_forged');
      expectAppError(
        await t.call({ method: 'GET', url: wrongToken.pathname + wrongToken.search }),
        400,
        'INVALID_SESSION_TOKEN',
      );
    });

    it('refuses an e-mail the provider did not verify, and reports provider errors', async () => {
      const session = await redirectSession();
      const unverified = await browser().navigate(ssoLoginUrl({ sessionId: session.id }), {
        stop: isClientRedirect,
        login: 'mallory',
      });
      expect(unverified.response?.status).toBe(403);
      expect(((await unverified.response!.json()) as any).details.applicationError.code).toBe(
        'IDP_EMAIL_NOT_VERIFIED',
      );
      expect(
        await t.platform.identity.context.store.identities.findByEmail(site.id, 'mallory@example.com'),
      ).toBe(undefined);

      const aborted = await browser().navigate(ssoLoginUrl({ sessionId: session.id }), {
        stop: isClientRedirect,
        abort: true,
      });
      expect(aborted.response?.status).toBe(400);
      expect(((await aborted.response!.json()) as any).details.applicationError).toMatchObject({
        code: 'IDP_ERROR',
        data: { error: 'access_denied' },
      });
    });

    it('refuses unknown, disabled or foreign connections and a missing continuation', async () => {
      const session = await redirectSession();
      const path = (query: Record<string, string>, connection?: string, tenant?: string) =>
        ssoLoginUrl(query, connection, tenant).slice(plazaUrl.length);
      expectAppError(await t.call({ method: 'GET', url: path({}) }), 400, 'SSO_CONTINUATION_REQUIRED');
      expectAppError(
        await t.call({ method: 'GET', url: path({ sessionId: session.id }, 'nope') }),
        404,
        'IDP_CONNECTION_NOT_FOUND',
      );
      const stranger = await t.createSite({ name: 'Stranger' });
      expectAppError(
        await t.call({ method: 'GET', url: path({ sessionId: session.id }, connectionId, stranger.id) }),
        404,
        'IDP_CONNECTION_NOT_FOUND',
      );
      expectAppError(
        await t.call({
          method: 'GET',
          url: path({
            'customPayload.clientId': clientId,
            'customPayload.redirectUrl': 'https://evil.example/',
          }),
        }),
        400,
        'REDIRECT_URL_NOT_ALLOWED',
      );
      const toggle = (enabled: boolean) =>
        t.call({
          method: 'PATCH',
          url: `/plaza/v1/idp-connections/${connectionId}`,
          auth: site.adminKey,
          payload: { idpConnection: { enabled } },
        });
      await toggle(false);
      expectAppError(
        await t.call({ method: 'GET', url: path({ sessionId: session.id }) }),
        403,
        'IDP_CONNECTION_DISABLED',
      );
      await toggle(true);
    });
  });

  describe('login with token params (ID token from a client-side flow)', () => {
    /** What an app doing the provider flow itself holds at the end: a real ID token (and access token). */
    async function providerTokens(nonce: string) {
      const verifier = randomBytes(32).toString('base64url');
      const redirectUri = `${plazaUrl}/plaza/v1/sso/callback/${connectionId}`;
      const authUrl = new URL(`${idp.issuer}/auth`);
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
      const end = await browser().navigate(authUrl.toString(), { stop: isPlazaCallback, login: 'alice' });
      const code = new URL(end.url).searchParams.get('code')!;
      const response = await fetch(`${idp.issuer}/token`, {
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
      t.call({
        method: 'POST',
        url: '/_api/iam/authentication/v1/sso/login-with-token-params',
        payload: { idpConnectionId, tokenParams: params },
      });

    it('signs the member in with a real ID token; the session token gives member tokens; no replay', async () => {
      const { id_token, access_token } = await providerTokens('nonce-1');
      const answer = await tokenParams(connectionId, { id_token, access_token, nonce: 'nonce-1' });
      expect(answer.statusCode).toBe(200);
      expect(answer.data.identity).toMatchObject({
        email: { address: 'alice@example.com', isVerified: true },
      });
      const session = await redirectSession();
      const authorized = await authorize(t, session.id, answer.data.sessionToken);
      const tokens = await exchange(fragmentOf(authorized.data.redirectUrl).get('code')!, session.verifier);
      expect((await currentMember(tokens.access_token)).id).toBe(answer.data.identity.id);

      expectAppError(
        await tokenParams(connectionId, { id_token, access_token }),
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
        await tokenParams(connectionId, { id_token: `${header}.${forged}.${signature}`, access_token }),
        401,
        'INVALID_ID_TOKEN',
      );
      const wrongAudience = await tokenParams(otherAudienceId, { id_token, access_token });
      expectAppError(wrongAudience, 401, 'INVALID_ID_TOKEN');
      expect(wrongAudience.data.details.applicationError.description).toContain('aud');
      expectAppError(
        await tokenParams(connectionId, { id_token, access_token, nonce: 'other' }),
        401,
        'INVALID_ID_TOKEN',
      );
      expectAppError(await tokenParams(connectionId, { access_token }), 400, 'MISSING_ID_TOKEN');
      expectAppError(await tokenParams('unknown', { id_token }), 404, 'IDP_CONNECTION_NOT_FOUND');
    });
  });
});
