import type { JWTPayload } from 'jose';
import { SecretUnreadable } from '../../../lib/secret-box.ts';
import { identityErrors } from '../errors.ts';
import { allowsPageUrl, findClient } from '../service/clients.ts';
import { isoIn, isPast, MINUTE, nowIso } from '../service/context.ts';
import { randomSecret, s256, sha256 } from '../store/secrets.ts';
import { callbackUrl, continuationUrl, type SsoDeps } from './context.ts';
import { ssoErrors } from './errors.ts';
import { signInWithClaims } from './members.ts';
import type { ConnectionRow, StateRow } from './store.ts';

/** The SSO sign-in flows (map 15.1, legacy): start, IdP callback, continuation, token params. */

export const SSO_STATE_TTL_MS = 10 * MINUTE;

/** A connection that may sign members in (of `siteId` when given). */
async function usableConnection(deps: SsoDeps, id: string, siteId?: string): Promise<ConnectionRow> {
  const row = await deps.store.connections.find(id);
  if (!row || (siteId !== undefined && row.site_id !== siteId)) throw ssoErrors.connectionNotFound(id);
  if (!row.enabled) throw ssoErrors.connectionDisabled(id);
  return row;
}

function relyingParty(deps: SsoDeps, row: ConnectionRow) {
  let clientSecret: string | null = null;
  try {
    clientSecret = row.client_secret === null ? null : deps.secrets.open(row.client_secret);
  } catch (error) {
    if (error instanceof SecretUnreadable) throw ssoErrors.secretUnreadable(row.id);
    throw error;
  }
  return { issuer: row.issuer, clientId: row.client_id, clientSecret };
}

/** Only string values of the flattened `customPayload.<key>=<value>` map. */
const stringsOf = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value && typeof value === 'object' ? value : {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );

export interface StartInput {
  tenantId: string;
  idpConnectionId: string;
  customPayload?: Record<string, string>;
  sessionId?: string;
  visitorId?: string;
}

/**
 * `GET /v1/sso/login/{tenantId}/{idpConnectionId}`: checks the continuation, stores state, nonce and
 * PKCE verifier (10 minutes, single use) and answers the provider's authorization URL.
 */
export async function startSsoLogin(deps: SsoDeps, input: StartInput): Promise<string> {
  const connection = await usableConnection(deps, input.idpConnectionId, input.tenantId);
  const siteId = connection.site_id;
  const payload = stringsOf(input.customPayload);
  let redirectUrl: string | null = null;
  if (input.sessionId) {
    await deps.redirects.check(siteId, input.sessionId);
  } else if (payload.redirectUrl) {
    const client = await findClient(deps.identity, payload.clientId, siteId);
    if (!client || !allowsPageUrl(client, payload.redirectUrl)) throw ssoErrors.redirectUrlNotAllowed();
    redirectUrl = payload.redirectUrl;
  } else {
    throw ssoErrors.continuationRequired();
  }
  const discovery = await deps.oidc.discover(connection.issuer);
  const state = randomSecret();
  const nonce = randomSecret();
  const verifier = randomSecret();
  await deps.store.states.purgeExpired(nowIso(deps.identity));
  await deps.store.states.insert({
    state_hash: sha256(state),
    site_id: siteId,
    idp_connection_id: connection.id,
    nonce,
    code_verifier: verifier,
    redirect_session_id: input.sessionId ?? null,
    redirect_url: redirectUrl,
    app_state: payload.state ?? null,
    visitor_id: input.visitorId ?? null,
    custom_payload: JSON.stringify(payload),
    identity_id: null,
    session_token_hash: null,
    created_date: nowIso(deps.identity),
    expires_date: isoIn(deps.identity, SSO_STATE_TTL_MS),
    idp_date: null,
    continued_date: null,
  });
  const url = new URL(discovery.authorization_endpoint);
  const params = {
    response_type: 'code',
    client_id: connection.client_id,
    redirect_uri: callbackUrl(deps, connection.id),
    scope: (JSON.parse(connection.scopes) as string[]).join(' '),
    state,
    nonce,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** Takes the IdP leg of a state: unknown, other connection, used or expired → error; spent either way. */
async function takeState(deps: SsoDeps, state: string | undefined, connectionId: string): Promise<StateRow> {
  if (!state) throw ssoErrors.invalidState();
  const hash = sha256(state);
  const row = await deps.store.states.get(hash);
  if (!row || row.idp_connection_id !== connectionId) throw ssoErrors.invalidState();
  if (!(await deps.store.states.takeForIdp(hash, nowIso(deps.identity)))) throw ssoErrors.stateUsed();
  if (isPast(deps.identity, row.expires_date)) throw ssoErrors.stateExpired();
  return row;
}

/** Claims of the ID token, completed from userinfo when the token carries no e-mail. */
async function claimsWith(
  deps: SsoDeps,
  discovery: Awaited<ReturnType<SsoDeps['oidc']['discover']>>,
  payload: JWTPayload,
  accessToken: string | undefined,
): Promise<JWTPayload & Record<string, unknown>> {
  if (payload.email !== undefined || !accessToken) return payload;
  const extra = await deps.oidc.userinfo(discovery, accessToken, String(payload.sub));
  return { ...extra, ...payload, email: extra.email, email_verified: extra.email_verified };
}

export interface CallbackInput {
  idpConnectionId: string;
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/**
 * `GET /plaza/v1/sso/callback/{idpConnectionId}`: the provider's answer. The state is spent first;
 * then the code is exchanged (PKCE), the ID token verified (nonce of the state), the member found or
 * created, and the browser sent on to `/v1/callback?state&sessionToken`.
 */
export async function ssoCallback(deps: SsoDeps, input: CallbackInput): Promise<string> {
  const row = await takeState(deps, input.state, input.idpConnectionId);
  if (input.error) throw ssoErrors.idpError(input.error, input.error_description);
  if (!input.code) throw ssoErrors.idpError('invalid_request', 'The identity provider sent no code');
  const connection = await usableConnection(deps, row.idp_connection_id, row.site_id);
  const rp = relyingParty(deps, connection);
  const discovery = await deps.oidc.discover(connection.issuer);
  // RFC 9207: when the provider names itself, it must be the expected one (mix-up defence).
  if (input.iss !== undefined && input.iss !== discovery.issuer)
    throw ssoErrors.idpError('invalid_issuer', 'The answer names another issuer');
  const tokens = await deps.oidc.exchangeCode(rp, discovery, {
    code: input.code,
    redirectUri: callbackUrl(deps, connection.id),
    codeVerifier: row.code_verifier,
  });
  const payload = await deps.oidc.verifyIdToken(rp, discovery, tokens.id_token, { nonce: row.nonce });
  const claims = await claimsWith(deps, discovery, payload, tokens.access_token);
  const { identity, sessionToken } = await signInWithClaims(deps, connection, claims);
  await deps.store.states.signedIn(row.state_hash, identity.id, sha256(sessionToken));
  return continuationUrl(deps, input.state!, sessionToken);
}

/**
 * `GET /v1/callback?state&sessionToken`: continues a signed-in SSO state, once, with the session
 * token issued for it: into the redirect session (code + state to the OAuth app), or to the stored
 * page with `#sessionToken=…&state=…`.
 */
export async function continueSsoLogin(deps: SsoDeps, input: { state: string; sessionToken: string }) {
  const hash = sha256(input.state);
  const row = await deps.store.states.get(hash);
  if (!row) throw ssoErrors.invalidState();
  if (!row.idp_date || !row.session_token_hash) throw ssoErrors.stateNotSignedIn();
  if (row.session_token_hash !== sha256(input.sessionToken)) throw identityErrors.invalidSessionToken();
  if (!(await deps.store.states.takeForContinuation(hash, nowIso(deps.identity))))
    throw ssoErrors.stateUsed();
  if (isPast(deps.identity, row.expires_date)) throw ssoErrors.stateExpired();
  if (row.redirect_session_id) {
    const result = await deps.redirects.authorize(row.redirect_session_id, input.sessionToken);
    if (!result.redirectUrl)
      throw ssoErrors.badRedirectSession('The redirect session does not answer by redirect (web_message).');
    return result.redirectUrl;
  }
  const fragment = new URLSearchParams({
    sessionToken: input.sessionToken,
    ...(row.app_state ? { state: row.app_state } : {}),
  });
  return `${row.redirect_url!.split('#')[0]}#${fragment}`;
}

/**
 * `POST /v1/sso/login-with-token-params`: an ID token the app got from the provider itself. Checked
 * like the callback's (issuer, audience = client id, JWKS signature, expiry; the nonce of
 * `tokenParams.state` or `tokenParams.nonce`), used once. Answers a session token and the identity.
 */
export async function loginWithTokenParams(
  deps: SsoDeps,
  input: { idpConnectionId: string; tokenParams: Record<string, string> },
) {
  const connection = await usableConnection(deps, input.idpConnectionId);
  const params = input.tokenParams;
  const idToken = params.id_token ?? params.idToken;
  if (!idToken) throw ssoErrors.missingIdToken();
  const row = params.state ? await takeState(deps, params.state, connection.id) : undefined;
  const rp = relyingParty(deps, connection);
  const discovery = await deps.oidc.discover(connection.issuer);
  const payload = await deps.oidc.verifyIdToken(rp, discovery, idToken, {
    nonce: row?.nonce ?? params.nonce,
  });
  const expires = new Date(((payload.exp ?? 0) + 120) * 1000).toISOString();
  if (!(await deps.store.usedTokens.use(sha256(idToken), connection.site_id, expires)))
    throw ssoErrors.tokenReplayed();
  const claims = await claimsWith(deps, discovery, payload, params.access_token ?? params.accessToken);
  const { identity, sessionToken } = await signInWithClaims(deps, connection, claims);
  if (row) await deps.store.states.signedIn(row.state_hash, identity.id, sha256(sessionToken));
  return { sessionToken, identity };
}
