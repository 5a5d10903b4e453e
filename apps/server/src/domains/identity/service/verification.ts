import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { identityErrors } from '../errors.ts';
import type { IdentityContext } from './context.ts';
import {
  checkCode,
  type FlowResponse,
  nextState,
  openStateTicket,
  resendCode,
  startCodeChallenge,
  stateOfTicket,
} from './flow.ts';
import { emailVerified } from './profile.ts';

/** E-mail verification and the legacy MFA verify (map 15.3): 6-digit codes, 10 minutes, 5 tries. */

async function identityOf(ctx: IdentityContext, siteId: string, id: string) {
  const record = await ctx.store.identities.get(siteId, id);
  if (!record) throw identityErrors.invalidStateToken();
  return record.identity;
}

/** Mails a code to a member's e-mail; the answered id is the state token for `auth/verify`. */
export async function startVerification(
  ctx: IdentityContext,
  caller: Caller,
  input: { identityId?: string },
) {
  let identityId = input.identityId;
  if (caller.kind === 'member') {
    if (identityId && identityId !== caller.subjectId)
      throw identityErrors.unauthorizedClient('A member can only verify their own e-mail');
    identityId = caller.subjectId;
  }
  if (!identityId) throw invalidField('identityId', 'is required', 'REQUIRED_FIELD');
  const record = await ctx.store.identities.get(caller.siteId, identityId);
  if (!record) throw identityErrors.memberNotFound(identityId);
  return { verificationId: await startCodeChallenge(ctx, caller.siteId, record.identity, 'email') };
}

/** Completes a verification or MFA challenge, then continues the sign-in state machine. */
export async function verifyCode(
  ctx: IdentityContext,
  caller: Caller,
  input: { code: string; stateToken: string },
): Promise<FlowResponse> {
  const ticket = await openStateTicket(ctx, caller.siteId, input.stateToken);
  await checkCode(ctx, ticket, input.code);
  let identity = await identityOf(ctx, caller.siteId, ticket.identity_id);
  if (ticket.purpose === 'email') {
    const patch = emailVerified(identity);
    if (!identity.email.isVerified || patch.status?.name !== identity.status.name)
      identity = await ctx.store.identities.update(caller.siteId, identity.id, patch);
  }
  return nextState(ctx, caller.siteId, identity);
}

export async function resendVerification(
  ctx: IdentityContext,
  caller: Caller,
  stateToken: string,
): Promise<FlowResponse> {
  const ticket = await openStateTicket(ctx, caller.siteId, stateToken, { forResend: true });
  const identity = await identityOf(ctx, caller.siteId, ticket.identity_id);
  await resendCode(ctx, ticket, identity.email.address);
  return { state: stateOfTicket(ticket), stateToken, identity, additionalData: {} };
}

interface FactorInput {
  factorType: string;
  stateToken: string;
  emailData?: { code: string };
  smsData?: { code: string };
  callData?: { code: string };
  totpData?: { code: string };
}

/** Legacy `/v2/{factorType}/verify`: only EMAIL codes exist in Plaza. */
export async function verifyFactor(ctx: IdentityContext, caller: Caller, input: FactorInput) {
  if (input.factorType !== 'EMAIL') throw identityErrors.factorNotSupported(input.factorType);
  const code = input.emailData?.code;
  if (!code) throw invalidField('emailData.code', 'is required', 'REQUIRED_FIELD');
  return verifyCode(ctx, caller, { code, stateToken: input.stateToken });
}
