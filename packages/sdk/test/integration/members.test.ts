/**
 * Member sign-up and sign-in through the OAuth flow, driven over HTTP against a real Plaza server:
 * the app asks for an auth URL (PKCE), the "hosted page" (a second client with its own visitor
 * token, as apps/hosted has) registers or logs in and authorizes the redirect session with the
 * session token, the app parses the returned redirect URL and exchanges the code for member tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyStrategy,
  createClient,
  OAuthStrategy,
  type OAuthStrategyInstance,
  PlazaError,
} from '../../src/index.ts';
import { identity } from '../../src/modules/identity.ts';
import { mailbox } from '../../src/modules/mailbox.ts';
import { redirects } from '../../src/modules/redirects.ts';
import { sites } from '../../src/modules/sites.ts';
import {
  DEMO_ORIGIN,
  DEMO_REDIRECT_URI,
  engines,
  type PlazaServer,
  recordedFetch,
  startPlazaServer,
} from './support/plaza-server.ts';

const PASSWORD = 'correct-Horse-7';
const ORIGINAL_URI = `${DEMO_ORIGIN}/account`;

describe.each(engines)('SDK ↔ Plaza server: members (%s)', (engine) => {
  let plaza: PlazaServer;

  const app = () => {
    const recorded = recordedFetch();
    const client = createClient({
      modules: { identity, redirects },
      apiBaseUrl: plaza.baseUrl,
      auth: OAuthStrategy({ clientId: plaza.demo.clientId, baseUrl: plaza.baseUrl, fetch: recorded.fetch }),
      fetch: recorded.fetch,
    });
    return Object.assign(client, { requests: recorded.requests });
  };
  const admin = () =>
    createClient({
      modules: { sites, mailbox, identity },
      apiBaseUrl: plaza.baseUrl,
      auth: ApiKeyStrategy({ apiKey: plaza.demo.apiKey }),
    });

  /** What the hosted sign-in page does once it has a session token: authorize the redirect session. */
  async function authorizeAsHostedPage(authUrl: string, sessionToken: string) {
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${plaza.baseUrl}/hosted/auth`);
    const redirectSessionId = url.searchParams.get('session')!;
    const hostedPage = app(); // its own visitor, like the page in the browser
    const { redirectUrl } = await hostedPage.redirects.authorizeRedirectSession({
      redirectSessionId,
      sessionToken,
    });
    expect(redirectUrl?.startsWith(`${DEMO_REDIRECT_URI}#`)).toBe(true);
    return redirectUrl!;
  }

  /** The app's side: PKCE data and auth URL, then (after the hosted page) code → member tokens. */
  async function signInThroughHostedPage(client: ReturnType<typeof app>, sessionToken: string) {
    const oauthData = await client.auth.generateOAuthData(DEMO_REDIRECT_URI, ORIGINAL_URI);
    expect(oauthData.codeChallenge).not.toBe(oauthData.codeVerifier);
    const { authUrl } = await client.auth.getAuthUrl(oauthData);
    const redirectUrl = await authorizeAsHostedPage(authUrl, sessionToken);
    const { code, state, error } = client.auth.parseFromUrl(redirectUrl);
    expect(error).toBeUndefined();
    expect(state).toBe(oauthData.state);
    const tokens = await client.auth.getMemberTokens(code!, state!, oauthData);
    client.auth.setTokens(tokens);
    return { oauthData, tokens };
  }

  const expireAccessToken = (auth: OAuthStrategyInstance) => {
    const tokens = auth.getTokens();
    auth.setTokens({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 0 } });
  };

  beforeAll(async () => {
    plaza = await startPlazaServer(engine);
  });
  afterAll(() => plaza?.close());

  it('signs up with e-mail verification, signs in, reads the member, renews and logs out', async () => {
    await admin().sites.updateSite({ site: { settings: { identity: { requireEmailVerification: true } } } });
    const email = `ana.${engine}@example.com`;
    const client = app();

    // The hosted sign-up page: register, then the code from the mailbox (dev mailbox, admin call).
    const hostedPage = app();
    const registered = await hostedPage.auth.register({
      email,
      password: PASSWORD,
      profile: { nickname: 'ana' },
    });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const { messages } = await admin().mailbox.queryMailbox({ to: email, limit: 1 });
    const code = messages[0]?.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await hostedPage.auth.processVerification({
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.loginState).toBe('FAILURE');
    const verified = await hostedPage.auth.processVerification({ verificationCode: code! });
    expect(verified.loginState).toBe('SUCCESS');
    if (verified.loginState !== 'SUCCESS') return;

    const { tokens } = await signInThroughHostedPage(client, verified.data.sessionToken);
    expect(tokens.refreshToken.role).toBe('member');
    expect(client.auth.loggedIn()).toBe(true);
    const grants = client.requests
      .filter((request) => request.url.pathname === '/oauth2/token')
      .map((request) => JSON.parse(request.body!));
    expect(grants.at(-1)).toMatchObject({
      clientId: plaza.demo.clientId,
      grantType: 'authorization_code',
      redirectUri: DEMO_REDIRECT_URI,
    });

    const { member } = await client.identity.getCurrentMember({ fieldsets: ['FULL'] });
    expect(member).toMatchObject({ loginEmail: email, profile: { nickname: 'ana' } });
    expect(member.createdDate).toBeInstanceOf(Date);

    // An expired member token is renewed with the member's refresh token: still the same member.
    expireAccessToken(client.auth);
    const again = await client.identity.getCurrentMember();
    expect(again.member.id).toBe(member.id);
    expect(client.auth.getTokens().refreshToken).toEqual(tokens.refreshToken);
    expect(client.auth.loggedIn()).toBe(true);

    // Logout: the tokens go at once; the hosted logout page then ends the server session.
    const { logoutUrl } = await client.auth.logout(`${DEMO_ORIGIN}/`);
    expect(client.auth.loggedIn()).toBe(false);
    expect(client.auth.getTokens().accessToken.value).toBe('');
    const logoutPage = new URL(logoutUrl);
    const { redirectUrl } = await app().redirects.completeRedirectLogout({
      redirectSessionId: logoutPage.searchParams.get('session')!,
    });
    expect(redirectUrl).toBe(`${DEMO_ORIGIN}/`);
    await expect(client.auth.renewToken(tokens.refreshToken)).rejects.toThrow('something went wrong');

    // Back to a visitor: member calls are refused.
    const refused = await client.identity.getCurrentMember().catch((error) => error);
    expect(refused).toBeInstanceOf(PlazaError);
    expect(refused.status).toBeGreaterThanOrEqual(401);
    expect(client.auth.getTokens().refreshToken.role).toBe('visitor');
  });

  it('signs an existing member in (wrong password first); a session token works once', async () => {
    await admin().sites.updateSite({ site: { settings: { identity: { requireEmailVerification: false } } } });
    const email = `bruno.${engine}@example.com`;
    const signUp = await app().auth.register({ email, password: PASSWORD });
    expect(signUp.loginState).toBe('SUCCESS');

    const hostedPage = app();
    const failed = await hostedPage.auth.login({ email, password: 'not-the-password' });
    expect(failed).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    const loggedIn = await hostedPage.auth.login({ email, password: PASSWORD });
    expect(loggedIn.loginState).toBe('SUCCESS');
    if (loggedIn.loginState !== 'SUCCESS') return;

    const client = app();
    await signInThroughHostedPage(client, loggedIn.data.sessionToken);
    expect(client.auth.loggedIn()).toBe(true);
    const { member } = await client.identity.getCurrentMember();
    expect(member.loginEmail).toBe(email);

    // A session token is single-use: authorizing another session with it sends an OAuth error back.
    const { authUrl } = await client.auth.getAuthUrl(await client.auth.generateOAuthData(DEMO_REDIRECT_URI));
    const { redirectUrl } = await app().redirects.authorizeRedirectSession({
      redirectSessionId: new URL(authUrl).searchParams.get('session')!,
      sessionToken: loggedIn.data.sessionToken,
    });
    expect(client.auth.parseFromUrl(redirectUrl!)).toMatchObject({
      error: 'login_required',
      code: undefined,
    });
  });
});
