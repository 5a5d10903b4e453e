import { SignJWT } from 'jose';
import { commonErrors } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { ACCESS_TOKEN_PREFIX, type VerifiedToken } from '../access-tokens.ts';
import { identityErrors } from '../errors.ts';
import { SIGNING_ALG } from '../signing-keys.ts';
import { randomSecret, s256, sha256 } from '../store/secrets.ts';
import { findClient } from './clients.ts';
import { type IdentityContext, isPast, nowIso } from './context.ts';
import { consumeSessionToken } from './flow.ts';

/** The token endpoint (map 6.1), token info (6.7) and sessions (one refresh token = one session). */

export const REFRESH_TOKEN_PREFIX = 'JWS.';
export const REFRESH_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

interface Subject {
  siteId: string;
  subjectType: 'visitor' | 'member';
  subjectId: string;
  clientId: string | undefined;
}

/** A new session: refresh token `JWS.<jwt>` (payload `data` = JSON of its id, map 6.3) + access token. */
export async function issueTokens(ctx: IdentityContext, subject: Subject): Promise<TokenAnswer> {
  const id = newId();
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  const exp = iat + REFRESH_TOKEN_TTL_SECONDS;
  const key = await ctx.signingKeys.active();
  const jws = await new SignJWT({ data: JSON.stringify(id), jti: randomSecret() })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  const refreshToken = `${REFRESH_TOKEN_PREFIX}${jws}`;
  await ctx.store.refreshTokens.insert({
    id,
    token_hash: sha256(refreshToken),
    site_id: subject.siteId,
    client_id: subject.clientId ?? null,
    subject_type: subject.subjectType,
    subject_id: subject.subjectId,
    role: subject.subjectType,
    created_date: new Date(iat * 1000).toISOString(),
    expires_date: new Date(exp * 1000).toISOString(),
    revoked_date: null,
  });
  const access = await ctx.tokens.issue({ ...subject, sessionId: id });
  return {
    access_token: access.token,
    refresh_token: refreshToken,
    expires_in: access.expiresIn,
    token_type: 'Bearer',
  };
}

export interface TokenInput {
  grantType?: string;
  grant_type?: string;
  clientId?: string;
  client_id?: string;
  refreshToken?: string;
  refresh_token?: string;
  code?: string;
  codeVerifier?: string;
  code_verifier?: string;
  redirectUri?: string;
  redirect_uri?: string;
  scope?: string;
  member_id?: string;
  memberId?: string;
  session_token?: string;
  sessionToken?: string;
}

const required = (value: string | undefined, name: string): string => {
  if (!value) throw identityErrors.invalidRequest(`"${name}" is required for this grant`, { field: name });
  return value;
};

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** One grant of the token endpoint; `authorization` is the raw header (authorized_client only). */
export async function grantTokens(
  ctx: IdentityContext,
  input: TokenInput,
  authorization: string | undefined,
): Promise<TokenAnswer> {
  const grantType = input.grantType ?? input.grant_type;
  const clientId = input.clientId ?? input.client_id;
  switch (grantType) {
    case 'anonymous': {
      const client = await findClient(ctx, required(clientId, 'clientId'));
      if (!client) throw identityErrors.invalidClient(clientId);
      return issueTokens(ctx, {
        siteId: client.siteId,
        subjectType: 'visitor',
        subjectId: newId(),
        clientId: client.id,
      });
    }
    case 'refresh_token':
      return refresh(ctx, required(input.refreshToken ?? input.refresh_token, 'refreshToken'), clientId);
    case 'authorization_code':
      return exchangeCode(ctx, input, required(clientId, 'clientId'));
    case 'authorized_client':
      return authorizedClient(ctx, input, authorization);
    case undefined:
    case '':
      throw identityErrors.invalidRequest('"grantType" is required', { field: 'grantType' });
    default:
      throw identityErrors.unsupportedGrantType(grantType);
  }
}

/** A new access token for the same session; the refresh token stays valid (never rotated, map 6.2). */
async function refresh(
  ctx: IdentityContext,
  refreshToken: string,
  clientId: string | undefined,
): Promise<TokenAnswer> {
  const row = await ctx.store.refreshTokens.findByHash(sha256(refreshToken));
  if (!row || row.revoked_date || isPast(ctx, row.expires_date))
    throw identityErrors.invalidGrant('The refresh token is unknown, revoked or expired');
  if (clientId && clientId !== row.client_id)
    throw identityErrors.invalidGrant('The refresh token was issued to another client');
  if (row.client_id && !(await findClient(ctx, row.client_id, row.site_id)))
    throw identityErrors.invalidGrant('The OAuth app of this refresh token was removed');
  if (row.subject_type === 'member') {
    const member = await ctx.store.identities.get(row.site_id, row.subject_id);
    if (member?.identity.status.name !== 'ACTIVE')
      throw identityErrors.invalidGrant('The member of this refresh token is no longer active');
  }
  const access = await ctx.tokens.issue({
    siteId: row.site_id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    clientId: row.client_id ?? undefined,
    sessionId: row.id,
  });
  return {
    access_token: access.token,
    refresh_token: refreshToken,
    expires_in: access.expiresIn,
    token_type: 'Bearer',
  };
}

async function exchangeCode(ctx: IdentityContext, input: TokenInput, clientId: string): Promise<TokenAnswer> {
  const code = required(input.code, 'code');
  const verifier = required(input.codeVerifier ?? input.code_verifier, 'codeVerifier');
  const redirectUri = input.redirectUri ?? input.redirect_uri;
  const client = await findClient(ctx, clientId);
  if (!client) throw identityErrors.invalidClient(clientId);
  if (!VERIFIER.test(verifier))
    throw identityErrors.invalidRequest(
      '"codeVerifier" must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~',
      {
        field: 'codeVerifier',
      },
    );
  // Taken before any other check: a code is spent by its first exchange, good or bad.
  const row = await ctx.store.codes.take(sha256(code), nowIso(ctx));
  if (!row) throw identityErrors.invalidGrant('The authorization code is unknown or was already used');
  if (isPast(ctx, row.expires_date)) throw identityErrors.invalidGrant('The authorization code has expired');
  if (row.client_id !== client.id)
    throw identityErrors.invalidGrant('The authorization code was issued to another client');
  // A direct login (web_message) has no redirect URI on either side.
  if ((row.redirect_uri ?? '') !== (redirectUri ?? ''))
    throw identityErrors.invalidGrant('"redirectUri" differs from the one of the authorization request');
  if (s256(verifier) !== row.code_challenge)
    throw identityErrors.invalidGrant(
      'PKCE check failed: the code verifier does not match the S256 code challenge',
    );
  const member = await ctx.store.identities.get(row.site_id, row.identity_id);
  if (member?.identity.status.name !== 'ACTIVE')
    throw identityErrors.invalidGrant('The member is no longer active');
  return issueTokens(ctx, {
    siteId: row.site_id,
    subjectType: 'member',
    subjectId: row.identity_id,
    clientId: client.id,
  });
}

/** External login: a trusted server with the site's admin API key gets tokens for one of its members. */
async function authorizedClient(ctx: IdentityContext, input: TokenInput, authorization: string | undefined) {
  if (!authorization?.trim()) throw commonErrors.missingAuthentication();
  const caller = await ctx.authenticate(authorization.trim());
  if (caller.kind !== 'admin')
    throw identityErrors.unauthorizedClient(
      'authorized_client needs an admin API key of the site in Authorization',
    );
  const memberId = required(input.member_id ?? input.memberId, 'member_id');
  if (input.scope !== undefined && input.scope !== 'offline_access')
    throw identityErrors.invalidRequest('"scope" must be offline_access', { field: 'scope' });
  const member = await ctx.store.identities.get(caller.siteId, memberId);
  if (!member) throw identityErrors.invalidGrant(`No member ${memberId} on this site`);
  if (member.identity.status.name !== 'ACTIVE') throw identityErrors.invalidGrant('The member is not active');
  const sessionToken = input.session_token ?? input.sessionToken;
  if (sessionToken && (await consumeSessionToken(ctx, caller.siteId, sessionToken)) !== memberId)
    throw identityErrors.invalidGrant('The session token belongs to another member');
  let clientId: string | undefined;
  if (caller.accessToken) {
    const visitor = await verifyQuietly(ctx, caller.accessToken);
    if (visitor?.siteId === caller.siteId) clientId = visitor.clientId;
  }
  return issueTokens(ctx, { siteId: caller.siteId, subjectType: 'member', subjectId: memberId, clientId });
}

export async function verifyQuietly(ctx: IdentityContext, token: string): Promise<VerifiedToken | undefined> {
  try {
    return await ctx.tokens.verify(token);
  } catch {
    return undefined;
  }
}

/** Ends one session (its refresh token); access tokens of the session stop at token-info at once. */
export async function revokeSession(ctx: IdentityContext, siteId: string, sessionId: string) {
  await ctx.store.refreshTokens.revoke(siteId, sessionId, nowIso(ctx));
}

const subjectTypes = { visitor: 'VISITOR', member: 'MEMBER', admin: 'USER', app: 'APP' } as const;

export async function tokenInfo(ctx: IdentityContext, token: string) {
  const inactive = { active: false };
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    const verified = await verifyQuietly(ctx, token);
    if (!verified) return inactive;
    if (verified.sessionId) {
      const session = await ctx.store.refreshTokens.findById(verified.sessionId);
      if (!session || session.revoked_date) return inactive;
    }
    return {
      active: true,
      subjectType: subjectTypes[verified.subjectType],
      subjectId: verified.subjectId,
      exp: String(verified.expiresAt),
      iat: String(verified.issuedAt),
      ...(verified.clientId ? { clientId: verified.clientId } : {}),
      siteId: verified.siteId,
      instanceId: verified.siteId,
    };
  }
  if (token.startsWith(REFRESH_TOKEN_PREFIX)) {
    const row = await ctx.store.refreshTokens.findByHash(sha256(token));
    if (!row || row.revoked_date || isPast(ctx, row.expires_date)) return inactive;
    return {
      active: true,
      subjectType: subjectTypes[row.subject_type],
      subjectId: row.subject_id,
      exp: String(Math.floor(Date.parse(row.expires_date) / 1000)),
      iat: String(Math.floor(Date.parse(row.created_date) / 1000)),
      ...(row.client_id ? { clientId: row.client_id } : {}),
      siteId: row.site_id,
      instanceId: row.site_id,
    };
  }
  return inactive;
}
