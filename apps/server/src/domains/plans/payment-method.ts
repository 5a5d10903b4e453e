/**
 * A member replaces the card of a failing subscription: when a renewal was declined (the order ACTIVE,
 * `lastPaymentStatus` FAILED, a retry waiting), the new card is saved with the `test` provider and
 * charged at once for the cycle that failed. Paid, it becomes the order's method and the retries stop
 * (the renewal job, when it wakes at the retry date, finds the cycle billed and waits for the next);
 * declined, nothing is changed and the member is told why.
 *
 * The charge runs under its own idempotency key (order, cycle, new card), apart from the renewal job's
 * attempts; the order is written at the revision read, so a renewal that charged the same cycle
 * meanwhile makes this call a 409 (its charge refunded) rather than a second cycle paid.
 */
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../lib/errors.ts';
import { currencyDigits } from '../../lib/money.ts';
import { recordEntityEvent } from '../../outbox/outbox.ts';
import type { CardInput } from '../ecom/payments/index.ts';
import type { PlanOrder } from './catalog-provider.ts';
import { refuse } from './errors.ts';
import { planOrderErrors, type StoredPlanOrder, viewOf } from './orders.ts';
import { priceToMinor } from './plan-input.ts';
import { scheduleRenewal } from './renewals.ts';
import type { PlansDeps } from './service.ts';

export const cardErrors = {
  notFailing: (id: string) =>
    new AppError(
      409,
      'PLAN_ORDER_PAYMENT_NOT_FAILED',
      'The plan order has no declined renewal to pay',
      'A card is replaced here while a renewal of an ACTIVE subscription is declined and waiting for its retry.',
      { id },
    ),
  declined: (declineCode: string) =>
    new AppError(
      402,
      'PAYMENT_DECLINED',
      'The card was declined',
      `The new card was declined (${declineCode}); the plan keeps its card and its retries.`,
      { declineCode },
    ),
  unavailable: () =>
    new AppError(503, 'PAYMENTS_UNAVAILABLE', 'Card payments are not available', 'Try again later.'),
};

/** The order's declined renewal, when one waits for its retry. */
export function pendingFailure(order: PlanOrder) {
  const failure = order.renewalFailure;
  if (order.status !== 'ACTIVE' || order.lastPaymentStatus !== 'FAILED' || !failure) return undefined;
  return failure;
}

/** Saves `card` on the member's order `id` and pays its declined cycle with it; answers the order. */
export async function replaceOrderCard(deps: PlansDeps, caller: Caller, id: string, card: CardInput) {
  if (caller.kind !== 'member') throw planOrderErrors.memberRequired();
  const { siteId } = caller;
  const order = await deps.store.orders.forSite(siteId).get<PlanOrder>(id);
  // Another member's order is as absent as one that never was.
  if (!order || order.buyer.memberId !== caller.subjectId) throw planOrderErrors.notFound(id);
  const failure = pendingFailure(order);
  if (!failure) throw cardErrors.notFailing(id);
  const provider = deps.payments?.test;
  if (!provider) throw cardErrors.unavailable();
  const now = deps.clock.now();
  refuse(provider.check(card, now));

  const saved = await provider.saveMethod({ siteId, card, now });
  if (!saved.savedMethodId) throw cardErrors.declined(saved.declineCode ?? 'card_declined');
  const { value, currency } = order.pricing.price;
  const amount = priceToMinor(value, { currency, digits: currencyDigits(currency) }, 'price');
  if (typeof amount !== 'number') throw new Error(`Plan order ${id} has an unreadable price ${value}`);
  const charge = await provider.chargeSaved({
    siteId,
    savedMethodId: saved.savedMethodId,
    amount,
    currency,
    idempotencyKey: `plan-card:${id}:${failure.cycle}:${saved.savedMethodId}`,
    now,
  });
  if (charge.status !== 'CAPTURED') throw cardErrors.declined(charge.declineCode ?? 'card_declined');

  const patch: Partial<PlanOrder> = {
    payment: {
      provider: 'test',
      savedMethodId: saved.savedMethodId,
      ...(saved.card ? { card: saved.card } : {}),
    },
    billedCycle: failure.cycle,
    lastPaymentStatus: 'PAID',
    renewalFailure: undefined,
  };
  let updated: StoredPlanOrder;
  try {
    updated = await deps.store.transaction(async (trx) => {
      const written = await deps.store.orders
        .forSite(siteId, trx)
        .update<StoredPlanOrder>(id, patch as Record<string, unknown>, { expectedRevision: order.revision });
      await recordEntityEvent(trx, siteId, 'planOrder', 'renewed', written);
      // The waiting retry keeps its key and finds the cycle billed; a missing job is enqueued again.
      await scheduleRenewal(deps, trx, siteId, id, written, now);
      return written;
    });
  } catch (error) {
    // The order changed meanwhile (a retry charged the cycle, the owner cancelled): the money goes back.
    if (charge.transactionId) await provider.refund(charge.transactionId);
    throw error;
  }
  return { order: viewOf(updated, now) };
}
