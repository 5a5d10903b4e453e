import { identityErrors } from '../errors.ts';
import type { TicketRow } from '../store/grants.ts';
import type { IdentityDoc, StatusName, StatusReason } from '../store/identities.ts';
import { randomSecret, sameHash, sha256, sixDigitCode } from '../store/secrets.ts';
import { type IdentityContext, isoIn, isPast, MINUTE, nowIso } from './context.ts';

/** The sign-in state machine shared by register, login, verification and recovery (map 15.1). */

export const SESSION_TOKEN_TTL_MS = 10 * MINUTE;
export const CODE_TTL_MS = 10 * MINUTE;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODE_SENDS = 5;
export const STATE_TOKEN_TTL_MS = 60 * MINUTE;

export type State =
  | 'SUCCESS'
  | 'REQUIRE_OWNER_APPROVAL'
  | 'REQUIRE_EMAIL_VERIFICATION'
  | 'REQUIRE_MFA'
  | 'MFA_CHALLENGE';

export interface FlowResponse {
  state: State;
  sessionToken?: string;
  stateToken?: string;
  identity: IdentityDoc;
  additionalData: Record<string, unknown>;
  mfaChallengeData?: {
    factorType: 'EMAIL';
    verificationChallengeData: Record<string, unknown>;
    availableFactors: { factorType: 'EMAIL' }[];
  };
}

/** Status of a member from its pending reasons (a block wins). */
export function statusFor(
  reasons: StatusReason[],
  blocked = false,
): { name: StatusName; reasons: StatusReason[] } {
  return { name: blocked ? 'BLOCKED' : reasons.length > 0 ? 'PENDING' : 'ACTIVE', reasons };
}

const purposeOfState: Record<string, 'email' | 'mfa'> = {
  REQUIRE_EMAIL_VERIFICATION: 'email',
  MFA_CHALLENGE: 'mfa',
};

export const hasEmailFactor = (identity: IdentityDoc) =>
  identity.factors.some((factor) => factor.type === 'EMAIL' && factor.status === 'ACTIVE');

/**
 * Where a member whose credentials were just proven goes next: blocked → error; e-mail not
 * verified → code mailed; awaiting approval; second factor (after a password only); else SUCCESS
 * with a single-use session token.
 */
export async function nextState(
  ctx: IdentityContext,
  siteId: string,
  identity: IdentityDoc,
  options: { askSecondFactor: boolean } = { askSecondFactor: false },
): Promise<FlowResponse> {
  if (identity.status.name === 'BLOCKED') throw identityErrors.memberBlocked();
  const base = { identity, additionalData: {} };
  if (identity.status.reasons.includes('PENDING_EMAIL_VERIFICATION_REQUIRED')) {
    const stateToken = await startCodeChallenge(ctx, siteId, identity, 'email');
    return { ...base, state: 'REQUIRE_EMAIL_VERIFICATION', stateToken };
  }
  if (identity.status.reasons.includes('PENDING_ADMIN_APPROVAL_REQUIRED')) {
    return { ...base, state: 'REQUIRE_OWNER_APPROVAL' };
  }
  if (options.askSecondFactor && hasEmailFactor(identity)) {
    const stateToken = await startCodeChallenge(ctx, siteId, identity, 'mfa');
    return {
      ...base,
      state: 'MFA_CHALLENGE',
      stateToken,
      mfaChallengeData: {
        factorType: 'EMAIL',
        verificationChallengeData: { email: maskEmail(identity.email.address) },
        availableFactors: [{ factorType: 'EMAIL' }],
      },
    };
  }
  return { ...base, state: 'SUCCESS', sessionToken: await issueSessionToken(ctx, siteId, identity.id) };
}

export async function issueSessionToken(ctx: IdentityContext, siteId: string, identityId: string) {
  const token = randomSecret('pst_');
  await ctx.store.tickets.insert({
    kind: 'session',
    purpose: 'login',
    siteId,
    identityId,
    tokenHash: sha256(token),
    created: nowIso(ctx),
    expires: isoIn(ctx, SESSION_TOKEN_TTL_MS),
  });
  return token;
}

/** Uses a session token of `siteId` (single use, 10 minutes) and returns its member id. */
export async function consumeSessionToken(
  ctx: IdentityContext,
  siteId: string,
  token: string,
): Promise<string> {
  const ticket = await ctx.store.tickets.find(siteId, 'session', sha256(token));
  if (!ticket || ticket.used_date || isPast(ctx, ticket.expires_date))
    throw identityErrors.invalidSessionToken();
  if (!(await ctx.store.tickets.use(ticket.id, nowIso(ctx)))) throw identityErrors.invalidSessionToken();
  return ticket.identity_id;
}

/** Codes are hashed with their ticket's token hash, so equal codes of two tickets differ. */
const codeHash = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`);

/** A state token with a 6-digit code mailed to the member; `purpose` says what the code proves. */
export function startCodeChallenge(
  ctx: IdentityContext,
  siteId: string,
  identity: IdentityDoc,
  purpose: 'email' | 'mfa',
): Promise<string> {
  return startCodeTicket(
    ctx,
    { scope: siteId, subjectId: identity.id, purpose },
    { siteId, to: identity.email.address },
  );
}

/**
 * A state token with a 6-digit code mailed to `mail.to` (kept in `mail.siteId`'s mailbox). The ticket
 * lives under `scope` (a site, or a scope of its own for callers that are not a site's members) and
 * names `subjectId`, what the code proves its holder may finish.
 */
export async function startCodeTicket(
  ctx: IdentityContext,
  ticket: { scope: string; subjectId: string; purpose: string },
  mail: { siteId: string; to: string },
): Promise<string> {
  const stateToken = randomSecret('pss_');
  const code = sixDigitCode();
  const tokenHash = sha256(stateToken);
  await ctx.store.tickets.insert({
    kind: 'state',
    purpose: ticket.purpose,
    siteId: ticket.scope,
    identityId: ticket.subjectId,
    tokenHash,
    codeHash: codeHash(tokenHash, code),
    created: nowIso(ctx),
    expires: isoIn(ctx, CODE_TTL_MS),
  });
  await mailCode(ctx, mail.siteId, mail.to, code, ticket.purpose);
  return stateToken;
}

const codeSubjects: Record<string, string> = { mfa: 'sign-in', 'owner-mfa': 'dashboard sign-in' };

async function mailCode(ctx: IdentityContext, siteId: string, to: string, code: string, purpose: string) {
  const what = codeSubjects[purpose] ?? 'verification';
  await ctx.mailer.send({
    siteId,
    to,
    subject: `Your ${what} code: ${code}`,
    text: `Your ${what} code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.`,
  });
}

/** The open state ticket behind `stateToken` (unknown, used or expired → error). */
export async function openStateTicket(
  ctx: IdentityContext,
  siteId: string,
  stateToken: string,
  options: { forResend?: boolean } = {},
): Promise<TicketRow> {
  const ticket = await ctx.store.tickets.find(siteId, 'state', sha256(stateToken));
  if (!ticket || ticket.used_date) throw identityErrors.invalidStateToken();
  if (options.forResend) {
    // A new code may be asked for after the last one expired, within an hour of the sign-in.
    if (isPast(ctx, new Date(Date.parse(ticket.created_date) + STATE_TOKEN_TTL_MS).toISOString()))
      throw identityErrors.invalidStateToken();
    return ticket;
  }
  if (ticket.attempts >= MAX_CODE_ATTEMPTS) throw identityErrors.tooManyAttempts();
  if (isPast(ctx, ticket.expires_date)) throw identityErrors.codeExpired();
  return ticket;
}

/** Checks `code` against the ticket: 5 tries, then the ticket is dead; success uses it up. */
export async function checkCode(ctx: IdentityContext, ticket: TicketRow, code: string): Promise<void> {
  if (!ticket.code_hash || !sameHash(codeHash(ticket.token_hash, code.trim()), ticket.code_hash)) {
    await ctx.store.tickets.countAttempt(ticket.id);
    const left = MAX_CODE_ATTEMPTS - ticket.attempts - 1;
    if (left <= 0) throw identityErrors.tooManyAttempts();
    throw identityErrors.invalidCode(left);
  }
  if (!(await ctx.store.tickets.use(ticket.id, nowIso(ctx)))) throw identityErrors.invalidStateToken();
}

/**
 * Mails a fresh code for the same state token (at most 5 codes per token); the earlier code stops
 * working. `mailSiteId`: whose mailbox keeps it, when the ticket's scope is not a site.
 */
export async function resendCode(
  ctx: IdentityContext,
  ticket: TicketRow,
  email: string,
  mailSiteId = ticket.site_id,
): Promise<void> {
  if (ticket.sends >= MAX_CODE_SENDS) throw identityErrors.tooManyAttempts();
  const code = sixDigitCode();
  await ctx.store.tickets.replaceCode(ticket.id, codeHash(ticket.token_hash, code), isoIn(ctx, CODE_TTL_MS));
  await mailCode(ctx, mailSiteId, email, code, ticket.purpose);
}

export const stateOfTicket = (ticket: TicketRow): State =>
  (Object.entries(purposeOfState).find(([, purpose]) => purpose === ticket.purpose)?.[0] as State) ??
  'REQUIRE_EMAIL_VERIFICATION';

/** `a***@example.com`: enough for a person to recognise their address, little for anyone else. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
