/**
 * Writing a plan order, whoever sells it: ecom's checkout (catalog-provider.ts `commit`), the owner's
 * offline order and a member's free online order (checkout.ts). One purchase of the plan is taken from
 * the member's counter (`maxPurchasesPerBuyer`, db/capacity.ts) with a hold confirmed at once, the order
 * is written with its end, and the renewals of a paid subscription are enqueued, all in `trx`.
 */
import type { Kysely } from 'kysely';
import { availability, confirm, hold, setCapacity } from '../../db/capacity.ts';
import type { SystemFields } from '../../db/documents.ts';
import type { Schema } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { PlanOrder } from './catalog-provider.ts';
import { scheduleOf } from './cycles.ts';
import { isFree, type StoredPlan, type StoredPricing } from './plan-input.ts';
import { scheduleRenewal } from './renewals.ts';
import type { PlansDeps } from './service.ts';

/** How long the hold of a purchase lives before it is confirmed, in the same transaction. */
const HOLD_MS = 60_000;

/** The counter of one member's purchases of one plan. */
export const purchasesKey = (planId: string, memberId: string) => `plan-buyer:${planId}:${memberId}`;

/** A subscription that starts with free days (a single payment has no trial). */
export const hasTrial = (pricing: StoredPricing) => Boolean(pricing.subscription && pricing.freeTrialDays);

export interface NewPlanOrder {
  plan: StoredPlan & SystemFields;
  memberId: string;
  /** Whose hold the purchase is (a cart's owner key, or the owner's). */
  ownerKey: string;
  /** Absent: now. */
  startDate?: string | undefined;
  /** Paid (or nothing to pay): ACTIVE; else PENDING until marked paid. */
  paid: boolean;
  type: PlanOrder['type'];
  ecomOrder?: { id: string; number: string };
  payment?: PlanOrder['payment'];
}

/** The order `input` would write at `now`, not written. */
export function planOrderOf(input: NewPlanOrder, now: Date): PlanOrder {
  const { plan, paid } = input;
  const trial = hasTrial(plan.pricing);
  const order: PlanOrder = {
    planId: plan.id,
    planName: plan.name,
    ...(plan.description ? { planDescription: plan.description } : {}),
    planPrice: plan.pricing.price.value,
    buyer: { memberId: input.memberId },
    type: input.type,
    status: paid ? 'ACTIVE' : 'PENDING',
    // Nothing is charged for a free trial: the first payment falls at its end.
    lastPaymentStatus: isFree(plan) || trial ? 'NOT_APPLICABLE' : paid ? 'PAID' : 'UNPAID',
    startDate: input.startDate ?? now.toISOString(),
    ...(plan.pricing.freeTrialDays ? { freeTrialDays: plan.pricing.freeTrialDays } : {}),
    pricing: plan.pricing,
    orderId: input.ecomOrder?.id ?? '',
    orderNumber: input.ecomOrder?.number ?? '',
    ...(input.payment ? { payment: input.payment } : {}),
    ...(plan.pricing.subscription ? { billedCycle: trial ? 0 : 1 } : {}),
  };
  const { endDate } = scheduleOf(order, now);
  if (endDate) order.endDate = endDate;
  return order;
}

/** Purchases `memberId` may still make of `plan`; undefined when unlimited. */
export async function purchasesLeft(
  executor: Kysely<Schema>,
  siteId: string,
  plan: Pick<StoredPlan, 'maxPurchasesPerBuyer'> & { id: string },
  memberId: string,
  now: Date,
) {
  if (plan.maxPurchasesPerBuyer === 0) return undefined;
  const counter = await availability(executor, siteId, purchasesKey(plan.id, memberId), now);
  return Math.max(0, plan.maxPurchasesPerBuyer - (counter ? counter.held + counter.confirmed : 0));
}

/** Writes the order; false (nothing written) when the member has no purchase of the plan left. */
export async function recordPlanOrder(
  deps: PlansDeps,
  trx: Kysely<Schema>,
  siteId: string,
  input: NewPlanOrder,
  now: Date,
): Promise<(PlanOrder & SystemFields) | false> {
  const { plan, memberId } = input;
  const id = newId();
  if (plan.maxPurchasesPerBuyer > 0) {
    const resourceKey = purchasesKey(plan.id, memberId);
    await setCapacity(trx, siteId, resourceKey, plan.maxPurchasesPerBuyer);
    const held = await hold(trx, siteId, {
      resourceKey,
      quantity: 1,
      ownerKey: input.ownerKey,
      now,
      expiresAt: new Date(now.getTime() + HOLD_MS),
      holdId: id,
    });
    if (held.status !== 'held') return false;
    await confirm(trx, siteId, id, now);
  }
  const order = planOrderOf(input, now);
  const created = await deps.store.orders
    .forSite(siteId, trx)
    .create<PlanOrder>(order, { id, now: now.toISOString() });
  if (input.paid) await scheduleRenewal(deps, trx, siteId, id, order, now);
  return created;
}
