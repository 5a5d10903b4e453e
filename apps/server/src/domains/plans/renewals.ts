/**
 * Renewals: each cycle of a subscription is charged to the method saved at purchase, on the platform's
 * jobs. One `plan-renewal` job per order (keyed by the order) runs when the next cycle starts, charges
 * it and reschedules itself for the one after; a change that stops an order (pause, cancel, end) needs
 * no clean-up, as the job finds it not ACTIVE and stops, and a change that restarts it (resume,
 * activation when an offline purchase is paid) enqueues it again.
 *
 * A declined renewal keeps the order ACTIVE (its last payment FAILED) and is tried again 1, 3 and 5
 * days after the first decline; the last decline cancels the order (cause PAYMENT_FAILURE) and gives
 * the purchase back. The `offline` provider keeps no method: its cycles are left awaiting payment
 * (UNPAID) until the owner marks them paid.
 *
 * Each attempt charges under its own idempotency key (order, cycle, attempt): a handler that runs twice
 * (a lease that ran out, a write that lost a race) gets the first outcome back instead of a second
 * charge. A charge taken becomes the order's `renewed` event, in the transaction that records it.
 */
import type { Kysely } from 'kysely';
import { release } from '../../db/capacity.ts';
import type { Schema } from '../../db/schema.ts';
import type { Job, Jobs } from '../../jobs/loop.ts';
import { currencyDigits } from '../../lib/money.ts';
import { recordEntityEvent } from '../../outbox/outbox.ts';
import type { PaymentProviders } from '../ecom/index.ts';
import type { PlanOrder, RenewalFailure } from './catalog-provider.ts';
import { scheduleOf } from './cycles.ts';
import { cycleInputOf } from './orders.ts';
import { isFree, priceToMinor } from './plan-input.ts';
import type { PlansDeps } from './service.ts';

export const RENEWAL_JOB = 'plan-renewal';
/** Days after the first decline of a cycle when it is tried again; the last decline ends the order. */
export const RETRY_DAYS = [1, 3, 5] as const;
const DAY_MS = 86_400_000;

type Executor = Kysely<Schema>;

/** When the job of `order` should look at it next: its start, or its next charge; none when no charge is left. */
function nextLookAt(order: PlanOrder, now: Date): Date | undefined {
  if (!order.pricing.subscription || isFree(order)) return undefined;
  if (Date.parse(order.startDate) > now.getTime()) return new Date(order.startDate);
  const next = scheduleOf(cycleInputOf(order), now).nextChargeDate;
  return next ? new Date(next) : undefined;
}

/** Enqueues the renewals of an order that became ACTIVE, in the transaction of that change. */
export async function scheduleRenewal(
  deps: PlansDeps,
  trx: Executor,
  siteId: string,
  orderId: string,
  order: PlanOrder,
  now: Date,
) {
  const runAt = nextLookAt(order, now);
  if (!runAt) return;
  // A job of the order still waiting (a pause shorter than a cycle) keeps its key: it finds the new dates.
  await deps.jobs.enqueue(trx, { kind: RENEWAL_JOB, siteId, key: orderId, runAt, payload: { orderId } });
}

type Outcome = { patch: Partial<PlanOrder>; event?: 'renewed' | 'canceled'; runAgainAt?: Date };

function afterDecline(order: PlanOrder, cycle: number, declineCode: string, now: Date): Outcome {
  const before = order.renewalFailure?.cycle === cycle ? order.renewalFailure : undefined;
  const attempts = (before?.attempts ?? 0) + 1;
  const firstFailedDate = before?.firstFailedDate ?? now.toISOString();
  const retryDays = RETRY_DAYS[attempts - 1];
  if (retryDays === undefined)
    return {
      patch: {
        status: 'CANCELED',
        lastPaymentStatus: 'FAILED',
        cancellation: {
          requestedDate: now.toISOString(),
          cause: 'PAYMENT_FAILURE',
          effectiveAt: 'IMMEDIATELY',
        },
        endDate: now.toISOString(),
        renewalFailure: { ...before!, attempts, declineCode },
      },
      event: 'canceled',
    };
  const failure: RenewalFailure = {
    cycle,
    attempts,
    firstFailedDate,
    nextAttemptDate: new Date(Date.parse(firstFailedDate) + retryDays * DAY_MS).toISOString(),
    declineCode,
  };
  return {
    patch: { lastPaymentStatus: 'FAILED', renewalFailure: failure },
    runAgainAt: new Date(failure.nextAttemptDate),
  };
}

/** Charges the cycle of `orderId` that is due, if one is; answers when to look again. */
export async function renewOrder(
  deps: PlansDeps,
  payments: PaymentProviders,
  siteId: string,
  orderId: string,
): Promise<{ runAgainAt: Date } | undefined> {
  const now = deps.clock.now();
  const order = await deps.store.orders.forSite(siteId).get<PlanOrder>(orderId);
  if (order?.status !== 'ACTIVE' || !order.pricing.subscription || isFree(order)) return undefined;
  const schedule = scheduleOf(cycleInputOf(order), now);
  const billed = order.billedCycle ?? 1;
  const current = schedule.currentCycle?.index;
  if (current === undefined || current <= billed) {
    const next = nextLookAt(order, now);
    return next ? { runAgainAt: next } : undefined;
  }
  const cycle = billed + 1;
  const failure = order.renewalFailure?.cycle === cycle ? order.renewalFailure : undefined;
  if (failure && Date.parse(failure.nextAttemptDate) > now.getTime())
    return { runAgainAt: new Date(failure.nextAttemptDate) };

  const { value, currency } = order.pricing.price;
  const amount = priceToMinor(value, { currency, digits: currencyDigits(currency) }, 'price');
  if (typeof amount !== 'number') throw new Error(`Plan order ${orderId} has an unreadable price ${value}`);
  const provider = payments[order.payment?.provider ?? 'offline'];
  const charge = await provider.chargeSaved({
    siteId,
    savedMethodId: order.payment?.savedMethodId,
    amount,
    currency,
    idempotencyKey: `plan-renewal:${orderId}:${cycle}:${(failure?.attempts ?? 0) + 1}`,
    now,
  });
  const outcome: Outcome =
    charge.status === 'DECLINED'
      ? afterDecline(order, cycle, charge.declineCode ?? 'declined', now)
      : {
          patch: {
            billedCycle: cycle,
            lastPaymentStatus: charge.status === 'PENDING' ? 'UNPAID' : 'PAID',
            renewalFailure: undefined,
          },
          event: 'renewed',
        };
  await deps.store.transaction(async (trx) => {
    const updated = await deps.store.orders
      .forSite(siteId, trx)
      .update<PlanOrder>(orderId, outcome.patch as Record<string, unknown>, {
        expectedRevision: order.revision,
      });
    if (outcome.event === 'canceled') await release(trx, siteId, orderId, now);
    if (outcome.event) await recordEntityEvent(trx, siteId, 'planOrder', outcome.event, updated);
  });
  if (outcome.runAgainAt) return { runAgainAt: outcome.runAgainAt };
  if (outcome.event === 'canceled') return undefined;
  // Cycles missed while no job ran (a long outage) are charged one after the other, at once.
  if (current > cycle) return { runAgainAt: now };
  const next = nextLookAt({ ...order, ...outcome.patch }, now);
  return next ? { runAgainAt: next } : undefined;
}

export function handleRenewals(jobs: Jobs, deps: PlansDeps, payments: PaymentProviders) {
  jobs.handle<{ orderId: string }>(
    RENEWAL_JOB,
    async (job: Job<{ orderId: string }>) => {
      if (!job.siteId) return undefined;
      return renewOrder(deps, payments, job.siteId, job.payload.orderId);
    },
    { maxAttempts: 10, backoffMs: 60_000 },
  );
}
