import { AppError, invalidField } from '../../../lib/errors.ts';
import { verifyPassword } from '../../../lib/passwords.ts';
import { identityErrors } from '../errors.ts';
import { checkCode, openStateTicket, resendCode } from '../service/flow.ts';
import { checkThrottle, recordFailure, recordSuccess } from '../service/throttle.ts';
import {
  answerOf,
  type CodeSentAnswer,
  checkCsrf,
  codeSentAnswer,
  newToken,
  OWNER_CODE_PURPOSE,
  OWNER_SCOPE,
  OWNER_SESSION_TTL_MS,
  type OwnerSessionsDeps,
  type SessionAnswer,
  type SessionRequest,
  sessionOf,
  sha256,
} from './service.ts';

/**
 * The owners' e-mail factor: the second step of a sign-in (the mailed code), a new code, and turning
 * the factor on or off. Codes are the members' (identity/service/flow.ts): 6 digits, 10 minutes, 5
 * tries and 5 codes per sign-in, hashed with their ticket.
 */

/** Codes that say the code was guessed wrong: they count as failed sign-ins. */
const WRONG_CODE = new Set(['INVALID_VERIFICATION_CODE', 'TOO_MANY_ATTEMPTS']);

/** The open ticket of an owner's sign-in and its waiting session (unknown, used, ended → error). */
async function waitingSignIn(deps: OwnerSessionsDeps, stateToken: string, options: { forResend?: boolean }) {
  const ticket = await openStateTicket(deps.identity, OWNER_SCOPE, stateToken, options);
  const session =
    ticket.purpose === OWNER_CODE_PURPOSE
      ? await deps.store.findAwaiting(ticket.identity_id, deps.clock.now().toISOString())
      : undefined;
  if (!session) throw identityErrors.invalidStateToken();
  return { ticket, session };
}

/**
 * The code of a sign-in: right, the waiting session acts from now on (the cookie's token is made here,
 * never before); wrong, it counts against the e-mail and the address like a wrong password.
 */
export async function confirmCode(
  deps: OwnerSessionsDeps,
  input: { stateToken: string; code: string },
  address: string,
): Promise<{ token: string; answer: SessionAnswer }> {
  const { ticket, session } = await waitingSignIn(deps, input.stateToken, {});
  await checkThrottle(deps.identity, OWNER_SCOPE, session.email, address);
  try {
    await checkCode(deps.identity, ticket, input.code);
  } catch (error) {
    if (error instanceof AppError && WRONG_CODE.has(error.code))
      await recordFailure(deps.identity, OWNER_SCOPE, session.email, address);
    throw error;
  }
  await recordSuccess(deps.identity, OWNER_SCOPE, session.email, address);
  const token = newToken();
  const expires = new Date(deps.clock.now().getTime() + OWNER_SESSION_TTL_MS).toISOString();
  if (!(await deps.store.confirm(session.id, sha256(token), expires)))
    throw identityErrors.invalidStateToken();
  return { token, answer: await answerOf(deps, session, token) };
}

/** Mails a new code for the same sign-in; the previous one stops working. */
export async function sendNewCode(deps: OwnerSessionsDeps, stateToken: string): Promise<CodeSentAnswer> {
  const { ticket, session } = await waitingSignIn(deps, stateToken, { forResend: true });
  await resendCode(deps.identity, ticket, session.email, session.siteId);
  return codeSentAnswer(stateToken, session.email);
}

/**
 * Turns the e-mail factor on or off for the owner's rows on the session's sites. Off asks for the
 * password (a borrowed browser must not remove it), checked and throttled like a sign-in.
 */
export async function setEmailFactor(
  deps: OwnerSessionsDeps,
  request: SessionRequest,
  input: { enabled: boolean; password?: string },
  address: string,
): Promise<SessionAnswer> {
  const { token, session } = await sessionOf(deps, request.cookie);
  checkCsrf(token, request.csrf);
  if (!input.enabled) {
    if (!input.password) throw invalidField('password', 'is needed to turn the code off', 'REQUIRED_FIELD');
    await checkThrottle(deps.identity, OWNER_SCOPE, session.email, address);
    const owner = await deps.store.owner(session.email, session.siteId);
    if (!owner || !(await verifyPassword(input.password, owner.passwordHash))) {
      await recordFailure(deps.identity, OWNER_SCOPE, session.email, address);
      throw invalidField('password', 'does not match this account');
    }
  }
  const since = input.enabled ? deps.clock.now().toISOString() : null;
  await deps.store.setEmailFactor(session.email, session.siteIds, since);
  return answerOf(deps, session, token);
}
