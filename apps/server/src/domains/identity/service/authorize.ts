import { identityErrors } from '../errors.ts';
import { randomSecret, sha256 } from '../store/secrets.ts';
import { allowsPageUrl, findClient } from './clients.ts';
import { type IdentityContext, isoIn, MINUTE, nowIso } from './context.ts';
import { consumeSessionToken } from './flow.ts';
import { revokeSession, verifyQuietly } from './tokens.ts';

/** Authorization codes (for the redirect-session `auth` intent) and logout. */

export const AUTHORIZATION_CODE_TTL_MS = 5 * MINUTE;

export interface CodeRequest {
  siteId: string;
  clientId: string;
  /** Already checked against the client's allow-list by the caller. */
  redirectUri: string;
  codeChallenge: string;
  /** A session token from login / register SUCCESS; or, without it, the member id proven otherwise. */
  sessionToken?: string | undefined;
  memberId?: string | undefined;
}

/** Issues a single-use authorization code (5 minutes) for an active member. */
export async function issueAuthorizationCode(
  ctx: IdentityContext,
  request: CodeRequest,
): Promise<{ code: string; memberId: string }> {
  const identityId = request.sessionToken
    ? await consumeSessionToken(ctx, request.siteId, request.sessionToken)
    : request.memberId;
  if (!identityId) throw identityErrors.invalidSessionToken();
  const member = await ctx.store.identities.get(request.siteId, identityId);
  if (!member) throw identityErrors.invalidSessionToken();
  if (member.identity.status.name === 'BLOCKED') throw identityErrors.memberBlocked();
  if (member.identity.status.name !== 'ACTIVE') throw identityErrors.memberNotApproved();
  const code = randomSecret('pac_');
  await ctx.store.codes.insert({
    code_hash: sha256(code),
    site_id: request.siteId,
    client_id: request.clientId,
    identity_id: identityId,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    created_date: nowIso(ctx),
    expires_date: isoIn(ctx, AUTHORIZATION_CODE_TTL_MS),
    used_date: null,
  });
  return { code, memberId: identityId };
}

/**
 * `GET /v1/logout`: ends the session of the token in `Authorization` (if any) and answers where to
 * go: `postLogoutRedirectUri` only when it is on the client's allow-list.
 */
export async function logout(
  ctx: IdentityContext,
  input: { postLogoutRedirectUri?: string; clientId?: string },
  authorization: string | undefined,
): Promise<{ redirectTo?: string }> {
  const token = authorization?.split(',')[0]?.trim();
  const verified = token ? await verifyQuietly(ctx, token) : undefined;
  if (verified?.sessionId) await revokeSession(ctx, verified.siteId, verified.sessionId);
  const client = await findClient(ctx, input.clientId ?? verified?.clientId, verified?.siteId);
  const target = input.postLogoutRedirectUri;
  return target && client && allowsPageUrl(client, target) ? { redirectTo: target } : {};
}
