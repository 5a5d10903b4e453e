import type { JWTPayload } from 'jose';
import { identityErrors } from '../errors.ts';
import { nowIso, settingsOf } from '../service/context.ts';
import { nextState } from '../service/flow.ts';
import { isEmail, normaliseEmail } from '../service/policy.ts';
import { emailVerified, newIdentity } from '../service/profile.ts';
import type { IdentityDoc } from '../store/identities.ts';
import type { SsoDeps } from './context.ts';
import { ssoErrors } from './errors.ts';
import type { ConnectionRow } from './store.ts';

interface IdpLink {
  idpConnection?: { idpConnectionId?: string; idpUserId?: string };
}

const linkOf = (identity: IdentityDoc, connectionId: string) =>
  (identity.connections as IdpLink[]).find((c) => c.idpConnection?.idpConnectionId === connectionId)
    ?.idpConnection;

/** Profile fields from standard OIDC claims (only for a new member; existing profiles are left alone). */
function profileFromClaims(claims: Record<string, unknown>) {
  const text = (name: string) =>
    typeof claims[name] === 'string' && claims[name] ? (claims[name] as string) : undefined;
  const profile: Record<string, unknown> = {};
  if (text('given_name')) profile.firstName = text('given_name');
  if (text('family_name')) profile.lastName = text('family_name');
  const nickname = text('nickname') ?? text('name');
  if (nickname) profile.nickname = nickname;
  if (text('picture')) profile.picture = text('picture');
  return profile;
}

/**
 * The member the identity provider vouches for: the one linked to (connection, `sub`), else the one
 * with the verified e-mail (then linked), else a new member (no password, e-mail verified). The
 * site's owner-approval rule still applies; a blocked member is refused. Answers a single-use
 * session token, the same kind login SUCCESS gives.
 */
export async function signInWithClaims(
  deps: SsoDeps,
  connection: ConnectionRow,
  claims: JWTPayload & Record<string, unknown>,
): Promise<{ identity: IdentityDoc; sessionToken: string }> {
  const ctx = deps.identity;
  const siteId = connection.site_id;
  const sub = String(claims.sub);
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const rawEmail = typeof claims.email === 'string' ? claims.email : '';
  if (!rawEmail || !verified || !isEmail(normaliseEmail(rawEmail))) throw ssoErrors.emailNotVerified();
  const email = normaliseEmail(rawEmail);

  let identity: IdentityDoc | undefined;
  const link = await deps.store.links.find(connection.id, sub);
  if (link) {
    identity = (await ctx.store.identities.get(siteId, link.identity_id))?.identity;
    if (!identity) await deps.store.links.delete(connection.id, sub);
  }
  if (!identity) identity = (await ctx.store.identities.findByEmail(siteId, email))?.identity;
  if (!identity) {
    const settings = await settingsOf(ctx, siteId);
    const fields = newIdentity(email, profileFromClaims(claims), {
      reasons: settings.requireOwnerApproval ? ['PENDING_ADMIN_APPROVAL_REQUIRED'] : [],
      withPassword: false,
      verified: true,
    });
    try {
      identity = await ctx.store.identities.create(siteId, fields, null);
    } catch (error) {
      // Two first sign-ins at once: the other one created the member.
      identity = (await ctx.store.identities.findByEmail(siteId, email))?.identity;
      if (!identity) throw error;
    }
  }

  const existing = linkOf(identity, connection.id);
  if (existing && existing.idpUserId !== sub) throw ssoErrors.accountConflict();
  const patch: Parameters<typeof ctx.store.identities.update>[2] = {};
  if (!existing)
    patch.connections = [
      ...identity.connections,
      { idpConnection: { idpConnectionId: connection.id, idpUserId: sub } },
    ];
  // The provider proved the e-mail (when it is the member's login e-mail).
  if (
    identity.email.address === email &&
    (!identity.email.isVerified || identity.status.reasons.includes('PENDING_EMAIL_VERIFICATION_REQUIRED'))
  )
    Object.assign(patch, emailVerified(identity));
  if (Object.keys(patch).length > 0) identity = await ctx.store.identities.update(siteId, identity.id, patch);
  if (!link)
    await deps.store.links.insert({
      idp_connection_id: connection.id,
      idp_user_id: sub,
      site_id: siteId,
      identity_id: identity.id,
      created_date: nowIso(ctx),
    });

  const next = await nextState(ctx, siteId, identity);
  if (next.state !== 'SUCCESS' || !next.sessionToken) throw identityErrors.memberNotApproved();
  return { identity: next.identity, sessionToken: next.sessionToken };
}
