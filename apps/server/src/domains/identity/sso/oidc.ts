import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../../../lib/clock.ts';
import { privateAddressProblem } from '../../../lib/private-address.ts';
import { ssoErrors } from './errors.ts';

/** The relying-party side of OpenID Connect, on `fetch` + `jose` (no client library). */

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  id_token_signing_alg_values_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
}

/** What the relying party needs of a connection. */
export interface RelyingParty {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

export interface IdpTokens {
  id_token: string;
  access_token?: string;
}

const DISCOVERY_TTL_MS = 10 * 60_000;
const TIMEOUT_MS = 10_000;
/** Leeway for `exp`/`nbf`/`iat` between Plaza's and the provider's clocks. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** Asymmetric algorithms verified through the provider's JWKS (never `none`, never HS*). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function discoveryUrl(issuer: string): string {
  return `${trimSlash(issuer)}/.well-known/openid-configuration`;
}

/** Calls a provider's URL unless it is on a private address and those are not allowed. */
async function fetchJson(what: string, url: string, init: RequestInit & { allowPrivate: boolean }) {
  const { allowPrivate, ...request } = init;
  const problem = allowPrivate ? undefined : await privateAddressProblem(url);
  if (problem) throw ssoErrors.idpUnavailable(what, `${problem} (set SSO_ALLOW_PRIVATE to allow it)`);
  let response: Response;
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw ssoErrors.idpUnavailable(what, reasonOf(error));
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return { status: response.status, body: body as Record<string, unknown> | undefined };
}

export function oidcClient(clock: Clock, policy: { allowPrivate: boolean } = { allowPrivate: false }) {
  const { allowPrivate } = policy;
  const discoveries = new Map<string, { doc: Discovery; until: number }>();
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  const keySet = (jwksUri: string) => {
    let set = keySets.get(jwksUri);
    if (!set) {
      set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_MS });
      keySets.set(jwksUri, set);
    }
    return set;
  };

  /** The issuer's discovery document (cached 10 minutes); its `issuer` must be the configured one. */
  async function discover(issuer: string, options: { fresh?: boolean } = {}): Promise<Discovery> {
    const cached = discoveries.get(issuer);
    if (cached && !options.fresh && cached.until > clock.nowMs()) return cached.doc;
    let answer: Awaited<ReturnType<typeof fetchJson>>;
    try {
      answer = await fetchJson('discovery request', discoveryUrl(issuer), { allowPrivate });
    } catch (error) {
      throw ssoErrors.discoveryFailed(
        issuer,
        (error as { description?: string }).description ?? reasonOf(error),
      );
    }
    const doc = answer.body as Partial<Discovery> | undefined;
    if (answer.status !== 200 || !doc) throw ssoErrors.discoveryFailed(issuer, `HTTP ${answer.status}`);
    if (trimSlash(String(doc.issuer ?? '')) !== trimSlash(issuer))
      throw ssoErrors.discoveryFailed(issuer, `it names the issuer "${String(doc.issuer)}"`);
    for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[field] !== 'string' || !/^https?:\/\//.test(doc[field] as string))
        throw ssoErrors.discoveryFailed(issuer, `"${field}" is missing`);
    }
    // The key set is fetched by jose, past fetchJson's check: its address is checked here.
    const jwksProblem = allowPrivate ? undefined : await privateAddressProblem(doc.jwks_uri as string);
    if (jwksProblem) throw ssoErrors.discoveryFailed(issuer, `"jwks_uri": ${jwksProblem}`);
    discoveries.set(issuer, { doc: doc as Discovery, until: clock.nowMs() + DISCOVERY_TTL_MS });
    return doc as Discovery;
  }

  /** Authorization code → tokens at the token endpoint (client_secret_basic, or _post when only that is offered). */
  async function exchangeCode(
    rp: RelyingParty,
    discovery: Discovery,
    grant: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<IdpTokens> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      code_verifier: grant.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (
      rp.clientSecret &&
      !methods.includes('client_secret_basic') &&
      methods.includes('client_secret_post')
    ) {
      form.set('client_id', rp.clientId);
      form.set('client_secret', rp.clientSecret);
    } else if (rp.clientSecret) {
      // RFC 6749 2.3.1: both parts form-encoded before Basic.
      const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
      headers.authorization = `Basic ${Buffer.from(`${encode(rp.clientId)}:${encode(rp.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', rp.clientId);
    }
    const answer = await fetchJson('token request', discovery.token_endpoint, {
      method: 'POST',
      headers,
      body: form,
      allowPrivate,
    });
    const body = answer.body ?? {};
    if (answer.status !== 200) {
      if (typeof body.error === 'string')
        throw ssoErrors.idpError(
          body.error,
          typeof body.error_description === 'string' ? body.error_description : undefined,
        );
      throw ssoErrors.idpUnavailable('token request', `HTTP ${answer.status}`);
    }
    if (typeof body.id_token !== 'string')
      throw ssoErrors.idpError(
        'invalid_response',
        'The token response carries no id_token (is "openid" a scope?)',
      );
    return {
      id_token: body.id_token,
      ...(typeof body.access_token === 'string' ? { access_token: body.access_token } : {}),
    };
  }

  /**
   * Verifies an ID token: signature through the provider's JWKS, `iss` = the issuer, `aud` holds
   * the client id (`azp` = client id when there are several audiences), `exp`/`nbf` with 60 s of
   * leeway, `sub` present, and `nonce` when one is expected.
   */
  async function verifyIdToken(
    rp: RelyingParty,
    discovery: Discovery,
    idToken: string,
    expected: { nonce?: string | undefined } = {},
  ): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keySet(discovery.jwks_uri), {
        issuer: discovery.issuer,
        audience: rp.clientId,
        algorithms: ALGORITHMS,
        currentDate: clock.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) {
        if (error instanceof joseErrors.JWKSTimeout || error.code === 'ERR_JOSE_GENERIC')
          throw ssoErrors.idpUnavailable('key set request', error.message);
        throw ssoErrors.invalidIdToken(error.message);
      }
      throw ssoErrors.idpUnavailable('key set request', reasonOf(error));
    }
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== rp.clientId)
      throw ssoErrors.invalidIdToken('"azp" is not the client id');
    if (expected.nonce !== undefined && payload.nonce !== expected.nonce)
      throw ssoErrors.invalidIdToken('"nonce" does not match the sign-in');
    return payload;
  }

  /** Claims of the userinfo endpoint; `sub` must be the ID token's. */
  async function userinfo(discovery: Discovery, accessToken: string, sub: string) {
    if (!discovery.userinfo_endpoint) return {};
    const answer = await fetchJson('userinfo request', discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      allowPrivate,
    });
    if (answer.status !== 200 || !answer.body) return {};
    if (answer.body.sub !== sub) throw ssoErrors.invalidIdToken('userinfo "sub" differs from the ID token');
    return answer.body;
  }

  return { discover, exchangeCode, verifyIdToken, userinfo };
}

export type OidcClient = ReturnType<typeof oidcClient>;
