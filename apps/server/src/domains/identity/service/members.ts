import type { Caller } from '../../../http/access.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { identityErrors } from '../errors.ts';
import type { IdentityDoc } from '../store/identities.ts';
import { type IdentityContext, nowIso } from './context.ts';
import { issueSessionToken, statusFor } from './flow.ts';
import { check, emailViolation, normaliseEmail, passwordViolation } from './policy.ts';
import { memberView, newIdentity, withPasswordFactor } from './profile.ts';
import { verifyQuietly } from './tokens.ts';

/** The member behind the caller (a member token); owners and apps are not members. */
export async function currentIdentity(ctx: IdentityContext, caller: Caller): Promise<IdentityDoc> {
  if (caller.kind !== 'member') throw identityErrors.notAMember();
  const record = await ctx.store.identities.get(caller.siteId, caller.subjectId);
  if (!record) throw identityErrors.notAMember();
  return record.identity;
}

export async function getCurrentMember(ctx: IdentityContext, caller: Caller) {
  return { member: memberView(await currentIdentity(ctx, caller)) };
}

/** The member statuses an owner filters by, as the identity statuses they are stored as. */
const STORED_STATUS = { PENDING: 'PENDING', APPROVED: 'ACTIVE', BLOCKED: 'BLOCKED' } as const;

export interface MemberListInput {
  status?: keyof typeof STORED_STATUS;
  search?: string;
  limit?: number;
  offset?: number;
}

/** The site's members, newest first, paged; by status and by a part of the (lower-cased) login e-mail. */
export async function listMembers(ctx: IdentityContext, siteId: string, input: MemberListInput) {
  const filter: Record<string, unknown> = {
    ...(input.status ? { 'status.name': STORED_STATUS[input.status] } : {}),
    ...(input.search ? { 'email.address': { $contains: input.search.toLowerCase() } } : {}),
  };
  const page = await ctx.store.identities.docs.forSite(siteId).query({
    filter,
    sort: [{ fieldName: 'createdDate', order: 'DESC' }],
    paging: { limit: input.limit ?? 50, offset: input.offset ?? 0 },
  });
  return {
    members: page.items.map((item) => memberView(JSON.parse(item) as IdentityDoc)),
    metadata: page.metadata,
  };
}

async function requireIdentity(ctx: IdentityContext, siteId: string, id: string) {
  const record = await ctx.store.identities.get(siteId, id);
  if (!record) throw identityErrors.memberNotFound(id);
  return record.identity;
}

/** One member of the site, for the owner. */
export async function getMember(ctx: IdentityContext, siteId: string, id: string) {
  return { member: memberView(await requireIdentity(ctx, siteId, id)) };
}

/** Clears the owner-approval reason; also lifts a block. */
export async function approveMember(ctx: IdentityContext, siteId: string, id: string) {
  const identity = await requireIdentity(ctx, siteId, id);
  const reasons = identity.status.reasons.filter((r) => r !== 'PENDING_ADMIN_APPROVAL_REQUIRED');
  const updated = await ctx.store.identities.update(siteId, id, { status: statusFor(reasons) });
  return { member: memberView(updated) };
}

/** Blocks sign-in and ends every session of the member. */
export async function blockMember(ctx: IdentityContext, siteId: string, id: string) {
  const identity = await requireIdentity(ctx, siteId, id);
  const updated = await ctx.store.identities.update(siteId, id, {
    status: statusFor(identity.status.reasons, true),
  });
  await ctx.store.refreshTokens.revokeSubject(siteId, id, nowIso(ctx));
  ctx.tokens.forget((token) => token.siteId === siteId && token.subjectId === id);
  return { member: memberView(updated) };
}

/** New password for the signed-in member; every other session of the member ends. */
export async function changePassword(ctx: IdentityContext, caller: Caller, newPassword: string) {
  const identity = await currentIdentity(ctx, caller);
  check(passwordViolation('newPassword', newPassword));
  await ctx.store.identities.setPassword(caller.siteId, identity.id, await hashPassword(newPassword));
  await ctx.store.identities.update(caller.siteId, identity.id, { factors: withPasswordFactor(identity) });
  const own = caller.accessToken ? (await verifyQuietly(ctx, caller.accessToken))?.sessionId : undefined;
  await ctx.store.refreshTokens.revokeSubject(caller.siteId, identity.id, nowIso(ctx), own);
  return {};
}

export interface SignOnInput {
  loginId: { email: string };
  profile?: Record<string, unknown>;
  verifyEmail?: boolean;
}

/** External login (admin): finds or creates the member (without password) and answers a session token. */
export async function signOn(ctx: IdentityContext, caller: Caller, input: SignOnInput) {
  check(emailViolation('loginId.email', input.loginId.email));
  const email = normaliseEmail(input.loginId.email);
  let identity = (await ctx.store.identities.findByEmail(caller.siteId, email))?.identity;
  if (!identity) {
    identity = await ctx.store.identities.create(
      caller.siteId,
      newIdentity(email, input.profile, {
        reasons: [],
        withPassword: false,
        verified: input.verifyEmail === true,
      }),
      null,
    );
  } else if (input.verifyEmail === true && !identity.email.isVerified) {
    identity = await ctx.store.identities.update(caller.siteId, identity.id, {
      email: { ...identity.email, isVerified: true },
    });
  }
  if (identity.status.name === 'BLOCKED') throw identityErrors.memberBlocked();
  return { sessionToken: await issueSessionToken(ctx, caller.siteId, identity.id), identity };
}

/** Turns the e-mail code second factor on or off. */
export async function setEmailFactor(ctx: IdentityContext, caller: Caller, enabled: boolean) {
  const identity = await currentIdentity(ctx, caller);
  const others = identity.factors.filter((f) => f.type !== 'EMAIL');
  const factors = enabled
    ? [...others, { factorId: `email-${identity.id}`, type: 'EMAIL' as const, status: 'ACTIVE' as const }]
    : others;
  return { identity: await ctx.store.identities.update(caller.siteId, identity.id, { factors }) };
}
