/**
 * Payment claims: whoever is about to ask the payment provider for money (pay a checkout, capture
 * an order's authorisation) or to give it back (cancel an order) holds the claim of that checkout
 * or order for the duration of the call. A racing call finds it taken and is refused before it
 * reaches the provider, instead of charging or capturing a second time and undoing it afterwards.
 * A claim is a lease (db/leases.ts) on `payment:checkout` or `payment:order`, shared by every process.
 */
import { randomUUID } from 'node:crypto';
import type { AppError } from '../../lib/errors.ts';
import type { EcomDeps } from './context.ts';
import type { ClaimSubject } from './store.ts';

/**
 * How long a claim holds before another call may take it over. A claim is normally given back when
 * its call ends, whatever the outcome; only a process that died mid-call leaves one behind, and the
 * buyer (or owner) must not be locked out of that checkout or order for good. It is far longer than
 * a provider call plus one transaction take, so a live holder is not overtaken (which would risk
 * the double charge the claim prevents), and short enough for a retry a few minutes later to work.
 */
export const CLAIM_STALE_MS = 2 * 60_000;

/** The time before which a claim (or a pay's idempotency key still in progress) is stale. */
export const staleBefore = (deps: EcomDeps) =>
  new Date(deps.clock.now().getTime() - CLAIM_STALE_MS).toISOString();

/** Runs `work` holding the claim of `subjectId`; throws `refused()` when another call holds it. */
export async function withPaymentClaim<T>(
  deps: EcomDeps,
  siteId: string,
  subject: ClaimSubject,
  subjectId: string,
  refused: () => AppError,
  work: () => Promise<T>,
): Promise<T> {
  const outcome = await whenUnclaimed(deps, siteId, subject, subjectId, work);
  if (!outcome) throw refused();
  return outcome.value;
}

/** Runs `work` holding the claim of `subjectId` and answers its value; undefined when another call holds it. */
export async function whenUnclaimed<T>(
  deps: EcomDeps,
  siteId: string,
  subject: ClaimSubject,
  subjectId: string,
  work: () => Promise<T>,
): Promise<{ value: T } | undefined> {
  const token = randomUUID();
  if (!(await deps.store.claimPayment(siteId, subject, subjectId, token, staleBefore(deps))))
    return undefined;
  try {
    return { value: await work() };
  } finally {
    // Given back on success too: the checkout is completed (or the order changed) by then, which
    // the next holder reads after claiming and refuses on. A claim that cannot be given back lapses
    // after CLAIM_STALE_MS: the call's own outcome (an order placed, money taken) is what it answers.
    await deps.store.releasePayment(siteId, subject, subjectId, token).catch(() => undefined);
  }
}
