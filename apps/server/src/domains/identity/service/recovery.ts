import type { Caller } from '../../../http/access.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { identityErrors } from '../errors.ts';
import type { IdentityDoc } from '../store/identities.ts';
import { randomSecret, sha256 } from '../store/secrets.ts';
import { allowsPageUrl, findClient } from './clients.ts';
import { type IdentityContext, isoIn, isPast, MINUTE, nowIso } from './context.ts';
import { type FlowResponse, nextState } from './flow.ts';
import { check, isEmail, normaliseEmail, passwordViolation } from './policy.ts';
import { emailVerified, withPasswordFactor } from './profile.ts';
import { clearFailures } from './throttle.ts';

/** Password recovery and activation links (map 15.2). Links are single use and last 1 hour. */

export const RECOVERY_TTL_MS = 60 * MINUTE;
/** Recovery e-mails per address and hour; more are silently not sent. */
const MAX_RECOVERY_MAILS = 5;

interface RedirectInput {
  url?: string;
  clientId?: string;
}

async function recoveryLink(
  ctx: IdentityContext,
  caller: Caller,
  identity: IdentityDoc,
  purpose: 'reset' | 'activation',
  redirect: RedirectInput | undefined,
): Promise<string> {
  const token = randomSecret('prt_');
  await ctx.store.tickets.insert({
    kind: 'recovery',
    purpose,
    siteId: caller.siteId,
    identityId: identity.id,
    tokenHash: sha256(token),
    created: nowIso(ctx),
    expires: isoIn(ctx, RECOVERY_TTL_MS),
  });
  const link = new URL(`${ctx.publicUrl.replace(/\/$/, '')}/hosted/reset-password`);
  link.searchParams.set('token', token);
  if (purpose === 'activation') link.searchParams.set('activation', 'true');
  // The page returns to redirect.url only when that page is on the client's allow-list.
  const client = await findClient(ctx, redirect?.clientId ?? caller.clientId, caller.siteId);
  if (client) link.searchParams.set('clientId', client.id);
  if (client && redirect?.url && allowsPageUrl(client, redirect.url))
    link.searchParams.set('redirectUrl', redirect.url);
  return link.toString();
}

/** Always `{}`: whether the address belongs to a member is not revealed. */
export async function sendRecoveryEmail(
  ctx: IdentityContext,
  caller: Caller,
  input: { email: string; redirect?: RedirectInput },
) {
  if (!isEmail(input.email)) return {};
  const email = normaliseEmail(input.email);
  const record = await ctx.store.identities.findByEmail(caller.siteId, email);
  if (!record || record.identity.status.name === 'BLOCKED') return {};
  const key = `recovery:${caller.siteId}:${email}`;
  const hourAgo = new Date(ctx.clock.now().getTime() - 60 * MINUTE).toISOString();
  if ((await ctx.store.failures.count(key, hourAgo)) >= MAX_RECOVERY_MAILS) return {};
  await ctx.store.failures.add(key, nowIso(ctx), hourAgo);
  const link = await recoveryLink(ctx, caller, record.identity, 'reset', input.redirect);
  await ctx.mailer.send({
    siteId: caller.siteId,
    to: email,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of ${email}. To choose a new one, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this e-mail.`,
  });
  return {};
}

/** Admin: mails a member a link to set a password (e.g. after sign-on or an import). */
export async function sendActivationEmail(
  ctx: IdentityContext,
  caller: Caller,
  input: { identityId: string; emailOptions?: { redirect?: RedirectInput } },
) {
  const record = await ctx.store.identities.get(caller.siteId, input.identityId);
  if (!record) throw identityErrors.memberNotFound(input.identityId);
  const link = await recoveryLink(ctx, caller, record.identity, 'activation', input.emailOptions?.redirect);
  await ctx.mailer.send({
    siteId: caller.siteId,
    to: record.identity.email.address,
    subject: 'Activate your account',
    text: `Your account is ready. To set your password, open this link within an hour:\n\n${link}`,
  });
  return {};
}

/**
 * Sets the password, proves the e-mail, ends every session and answers the next sign-in state.
 * Public: the recovery token names its site (the hosted page may have no site token yet).
 */
export async function recover(
  ctx: IdentityContext,
  input: { recoveryToken: string; password: string },
): Promise<FlowResponse> {
  const ticket = await ctx.store.tickets.find(undefined, 'recovery', sha256(input.recoveryToken));
  if (!ticket || ticket.used_date || isPast(ctx, ticket.expires_date))
    throw identityErrors.invalidRecoveryToken();
  check(passwordViolation('password', input.password));
  if (!(await ctx.store.tickets.use(ticket.id, nowIso(ctx)))) throw identityErrors.invalidRecoveryToken();
  const siteId = ticket.site_id;
  const record = await ctx.store.identities.get(siteId, ticket.identity_id);
  if (!record) throw identityErrors.invalidRecoveryToken();
  await ctx.store.identities.setPassword(siteId, record.identity.id, await hashPassword(input.password));
  const identity = await ctx.store.identities.update(siteId, record.identity.id, {
    ...emailVerified(record.identity),
    factors: withPasswordFactor(record.identity),
  });
  const now = nowIso(ctx);
  await ctx.store.refreshTokens.revokeSubject(siteId, identity.id, now);
  await ctx.store.tickets.useAll(siteId, identity.id, 'recovery', now);
  await clearFailures(ctx, siteId, identity.email.address);
  ctx.tokens.forget((token) => token.siteId === siteId && token.subjectId === identity.id);
  return nextState(ctx, siteId, identity);
}
