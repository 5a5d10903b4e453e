import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../../src/db/connect.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import {
  authSession,
  createClient,
  fragmentOf,
  pkce,
  REDIRECT_URI,
  tokenCall,
  visitorTokens,
} from './identity-helpers.ts';

/**
 * Set-up of the SSO tests (identity-sso-*.test.ts), end to end against a real OpenID Connect
 * provider (oidc-provider) on 127.0.0.1: Plaza listens on a real port too, and the browser is played
 * by `fetch` with a cookie jar, submitting the provider's own (development) login and consent forms.
 */

export const PLAZA_CLIENT = { id: 'plaza-rp', secret: 'plaza-rp-secret-0123456789' };

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
export function browser() {
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

export interface Idp {
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

/** What `useSsoSite` sets up before the tests of a file (so: read it inside tests and hooks only). */
interface SsoState {
  t: TestApp;
  site: TestSite;
  idp: Idp;
  plazaUrl: string;
  clientId: string;
  connectionId: string;
  otherAudienceId: string;
}

/**
 * Plaza and the provider on free ports, a site with a storefront OAuth app, an enabled connection
 * to the provider and a second connection to it with another client id (audience); torn down after
 * the tests of the enclosing `describe`. Answers that state together with the steps the tests share.
 */
export function useSsoSite(engine: Engine) {
  const sso = {} as SsoState;

  /** The owner's create call for a connection, answered whatever its status. */
  const createConnection = (idpConnection: Record<string, unknown>) =>
    sso.t.call({
      method: 'POST',
      url: '/plaza/v1/idp-connections',
      auth: sso.site.adminKey,
      payload: { idpConnection },
    });
  const loginUrl = (query: Record<string, string>, connection = sso.connectionId, tenant = sso.site.id) =>
    `${sso.plazaUrl}/_api/iam/authentication/v1/sso/login/${tenant}/${connection}?${new URLSearchParams(query)}`;
  const isPlazaCallback = (url: string) => url.startsWith(`${sso.plazaUrl}/plaza/v1/sso/callback/`);
  const isClientRedirect = (url: string) => url.startsWith(REDIRECT_URI);

  beforeAll(async () => {
    const [plazaPort, idpPort] = [await freePort(), await freePort()];
    sso.plazaUrl = `http://127.0.0.1:${plazaPort}`;
    // The test identity provider listens on loopback, refused without the setting.
    sso.t = await buildTestApp(engine, { env: { PUBLIC_URL: sso.plazaUrl, SSO_ALLOW_PRIVATE: 'true' } });
    await sso.t.app.listen({ port: plazaPort, host: '127.0.0.1' });
    sso.site = await sso.t.createSite({ name: 'SSO shop' });
    sso.clientId = await createClient(sso.t, sso.site);

    // The owner adds the connection disabled, registers its redirect URI at the provider, enables it.
    const created = await createConnection({
      name: 'Test IdP',
      issuer: `http://127.0.0.1:${idpPort}`,
      clientId: PLAZA_CLIENT.id,
      clientSecret: PLAZA_CLIENT.secret,
      enabled: false,
    });
    expect(created.statusCode).toBe(200);
    sso.connectionId = created.data.idpConnection.id;
    sso.idp = await startIdp(idpPort, [created.data.idpConnection.redirectUri]);
    const enabled = await sso.t.call({
      method: 'PATCH',
      url: `/plaza/v1/idp-connections/${sso.connectionId}`,
      auth: sso.site.adminKey,
      payload: { idpConnection: { enabled: true } },
    });
    expect(enabled.statusCode).toBe(200);

    const other = await createConnection({
      name: 'Same IdP, other app',
      issuer: sso.idp.issuer,
      clientId: 'another-app',
    });
    expect(other.statusCode).toBe(200);
    sso.otherAudienceId = other.data.idpConnection.id;
  }, 30_000);
  afterAll(async () => {
    await sso.t?.close();
    await sso.idp?.close();
  });

  /** An `auth` redirect session of the storefront with its PKCE verifier. */
  async function redirectSession(state = 'state-123') {
    const visitor = (await visitorTokens(sso.t, sso.clientId)).access_token;
    const { verifier, challenge } = pkce();
    const session = await authSession(sso.t, visitor, sso.clientId, challenge, { state });
    expect(session.statusCode).toBe(200);
    return { id: session.data.redirectSession.id as string, verifier, visitor };
  }

  async function exchange(code: string, verifier: string) {
    const response = await tokenCall(sso.t, {
      clientId: sso.clientId,
      grantType: 'authorization_code',
      redirectUri: REDIRECT_URI,
      code,
      codeVerifier: verifier,
    });
    expect(response.statusCode).toBe(200);
    return response.data as { access_token: string; refresh_token: string };
  }

  const currentMember = async (accessToken: string) =>
    (await sso.t.call({ method: 'GET', url: '/members/v1/members/my', auth: accessToken })).data.member;

  /** The whole browser flow: storefront session → Plaza → provider → Plaza → storefront. */
  async function signIn(login: string, state = 'state-123') {
    const session = await redirectSession(state);
    const end = await browser().navigate(loginUrl({ sessionId: session.id }), {
      stop: isClientRedirect,
      login,
    });
    expect(end.url.startsWith(REDIRECT_URI), `ended at ${end.url}`).toBe(true);
    const params = fragmentOf(end.url);
    expect(params.get('state')).toBe(state);
    const tokens = await exchange(params.get('code')!, session.verifier);
    return { tokens, member: await currentMember(tokens.access_token) };
  }

  return Object.assign(sso, {
    createConnection,
    loginUrl,
    isPlazaCallback,
    isClientRedirect,
    redirectSession,
    exchange,
    currentMember,
    signIn,
  });
}
