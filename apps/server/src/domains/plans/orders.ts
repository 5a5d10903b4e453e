/**
 * Plan orders (memberships) as the official orders API reads and manages them: a member lists, reads
 * and cancels their own; the owner lists, reads, cancels, pauses, resumes and postpones any of the site.
 * Ecom's checkout writes them (catalog-provider.ts); the dates each answer carries (current cycle, next
 * charge, end) are computed from the pricing they were bought with (cycles.ts) at the clock's now.
 *
 * `endDate` is stored too and rewritten by every change that moves it: the end-of-term sweep
 * (order-endings.ts) finds orders by it. Changes read the order and write it back at the revision read
 * (a concurrent change makes the later one a 409), in one transaction with the events they record.
 */
import type { Kysely } from 'kysely';
import { release } from '../../db/capacity.ts';
import type { SystemFields } from '../../db/documents.ts';
import type { Schema } from '../../db/schema.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlanOrder } from './catalog-provider.ts';
import { type Cycle, type CycleInput, scheduleOf } from './cycles.ts';
import { refuse, violation } from './errors.ts';
import type { StoredPlan } from './plan-input.ts';
import { scheduleRenewal } from './renewals.ts';
import type { PlansDeps } from './service.ts';

export type StoredPlanOrder = PlanOrder & SystemFields;
export type EffectiveAt = 'IMMEDIATELY' | 'NEXT_PAYMENT_DATE';

const error = (status: number, code: string, message: string, data: Record<string, unknown> = {}) =>
  new AppError(status, code, message, message, data);
export const planOrderErrors = {
  notFound: (id: string) => error(404, 'order_not_found', 'Plan order not found', { id }),
  memberRequired: () =>
    error(403, 'MEMBER_REQUIRED', "A member's own orders: call with the member's access token"),
  buyerCannotCancel: (id: string) =>
    error(403, 'BUYER_CANNOT_CANCEL', 'The plan of this order does not let buyers cancel it', { id }),
  wrongStatus: (id: string, status: string, action: string) =>
    error(409, 'INVALID_ORDER_STATUS', `A ${status} plan order cannot be ${action}`, { id, status }),
  alreadyCanceling: (id: string) =>
    error(409, 'ORDER_ALREADY_CANCELED', 'The order is already cancelled at the end of its period', { id }),
};

/** The calendar inputs of a stored order. */
export const cycleInputOf = (order: PlanOrder): CycleInput => ({
  pricing: order.pricing,
  startDate: order.startDate,
  pausePeriods: order.pausePeriods,
  endsAfterCycle: order.endsAfterCycle,
  postponedMs: order.postponedMs,
});

/** The order as the official client types it, with its dates at `now`. */
export function viewOf(order: StoredPlanOrder, now: Date) {
  const { pricing } = order;
  const live = order.status === 'ACTIVE' || order.status === 'PAUSED';
  const schedule = scheduleOf(cycleInputOf(order), now);
  const cycles = pricing.subscription ? pricing.subscription.cycleCount : 1;
  const { value, currency } = pricing.price;
  const currentCycle: Cycle | undefined = live ? schedule.currentCycle : undefined;
  const endDate = order.status === 'CANCELED' || order.status === 'ENDED' ? order.endDate : schedule.endDate;
  return {
    id: order.id,
    revision: order.revision,
    planId: order.planId,
    buyer: order.buyer,
    pricing: {
      ...(pricing.subscription ? { subscription: pricing.subscription } : {}),
      ...(pricing.singlePaymentForDuration
        ? { singlePaymentForDuration: pricing.singlePaymentForDuration }
        : {}),
      ...(pricing.singlePaymentUnlimited ? { singlePaymentUnlimited: true } : {}),
      prices: [
        {
          duration: { cycleFrom: 1, ...(cycles > 0 ? { numberOfCycles: cycles } : {}) },
          price: { subtotal: value, discount: '0', total: value, currency },
        },
      ],
    },
    type: order.type,
    status: order.status,
    ...(pricing.subscription ? { autoRenewCanceled: order.autoRenewCanceled === true } : {}),
    ...(order.cancellation ? { cancellation: order.cancellation } : {}),
    lastPaymentStatus: order.lastPaymentStatus,
    startDate: order.startDate,
    ...(endDate ? { endDate } : {}),
    pausePeriods: order.pausePeriods ?? [],
    ...(order.freeTrialDays ? { freeTrialDays: order.freeTrialDays } : {}),
    ...(currentCycle ? { currentCycle } : {}),
    ...(order.status === 'ACTIVE' && schedule.nextChargeDate
      ? { nextChargeDate: schedule.nextChargeDate }
      : {}),
    planName: order.planName,
    planDescription: order.planDescription ?? '',
    planPrice: order.planPrice,
    ...(order.orderId ? { orderId: order.orderId, orderNumber: order.orderNumber } : {}),
    createdDate: order.createdDate,
    updatedDate: order.updatedDate,
  };
}

export interface ListOrdersInput {
  buyerIds?: readonly string[] | undefined;
  planIds?: readonly string[] | undefined;
  autoRenewCanceled?: boolean | undefined;
  orderStatuses?: readonly string[] | undefined;
  paymentStatuses?: readonly string[] | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  sorting?: { fieldName?: string | undefined; order?: 'ASC' | 'DESC' | undefined } | undefined;
}

/** The member a member call acts for; the owner's key has none. */
function memberOf(caller: Caller): string {
  if (caller.kind !== 'member') throw planOrderErrors.memberRequired();
  return caller.subjectId;
}

const isIn = (field: string, values: readonly string[] | undefined) =>
  values && values.length > 0 ? [{ [field]: { $in: [...values] } }] : [];

async function list(deps: PlansDeps, siteId: string, input: ListOrdersInput, memberId?: string) {
  const filters: object[] = [
    ...(memberId ? [{ 'buyer.memberId': memberId }] : isIn('buyer.memberId', input.buyerIds)),
    ...isIn('planId', input.planIds),
    ...isIn('status', input.orderStatuses),
    ...isIn('lastPaymentStatus', input.paymentStatuses),
  ];
  if (input.autoRenewCanceled === true) filters.push({ autoRenewCanceled: true });
  if (input.autoRenewCanceled === false)
    filters.push({ $or: [{ autoRenewCanceled: false }, { autoRenewCanceled: { $exists: false } }] });
  const order = input.sorting?.order ?? 'DESC';
  const query = {
    ...(filters.length > 0 ? { filter: filters.length === 1 ? filters[0] : { $and: filters } } : {}),
    sort: [
      { fieldName: input.sorting?.fieldName ?? 'createdDate', order },
      { fieldName: 'id', order },
    ],
    paging: { limit: input.limit, offset: input.offset },
  };
  const found = await deps.store.orders.forSite(siteId).query(query, { defaultLimit: 50, maxLimit: 50 });
  const now = deps.clock.now();
  return {
    orders: found.items.map((text) => viewOf(JSON.parse(text) as StoredPlanOrder, now)),
    pagingMetadata: found.metadata,
  };
}

/** `getOrdersStats`: how many plan orders the site has, and how many are ACTIVE. */
export async function getOrdersStats(deps: PlansDeps, caller: Caller) {
  const { total, active } = await deps.store.countOrders(caller.siteId);
  return { totalOrderCount: total, activeOrderCount: active };
}

export const memberListOrders = (deps: PlansDeps, caller: Caller, input: ListOrdersInput) =>
  list(deps, caller.siteId, { ...input, buyerIds: undefined }, memberOf(caller));

export const managementListOrders = (deps: PlansDeps, caller: Caller, input: ListOrdersInput) =>
  list(deps, caller.siteId, input);

/** The order, when the caller may see it: a member only their own (another's is not found). */
async function find(
  deps: PlansDeps,
  caller: Caller,
  id: string,
  asMember: boolean,
  trx?: Kysely<Schema>,
): Promise<StoredPlanOrder> {
  const memberId = asMember ? memberOf(caller) : undefined;
  const order = await deps.store.orders.forSite(caller.siteId, trx).get<PlanOrder>(id);
  if (!order || (memberId && order.buyer.memberId !== memberId)) throw planOrderErrors.notFound(id);
  return order;
}

export async function getOrder(deps: PlansDeps, caller: Caller, id: string, asMember: boolean) {
  return { order: viewOf(await find(deps, caller, id, asMember), deps.clock.now()) };
}

/** Reads the order in a transaction, lets `change` decide, and writes what it answers at the revision read. */
async function change(
  deps: PlansDeps,
  caller: Caller,
  id: string,
  asMember: boolean,
  decide: (order: StoredPlanOrder, now: Date, trx: Kysely<Schema>) => Promise<Partial<PlanOrder>>,
): Promise<Record<string, never>> {
  await deps.store.transaction(async (trx) => {
    const order = await find(deps, caller, id, asMember, trx);
    const now = deps.clock.now();
    const patch = await decide(order, now, trx);
    const next = { ...order, ...patch };
    // Ended and cancelled orders keep the end they were given; others follow their calendar.
    if (next.status !== 'CANCELED' && next.status !== 'ENDED')
      patch.endDate = scheduleOf(cycleInputOf(next), now).endDate;
    await deps.store.orders
      .forSite(caller.siteId, trx)
      .update(id, patch as Record<string, unknown>, { expectedRevision: order.revision });
  });
  return {};
}

/** A pause still running ends now. */
const closePauses = (order: PlanOrder, now: Date) =>
  (order.pausePeriods ?? []).map((period) =>
    period.status === 'ACTIVE'
      ? { ...period, status: 'ENDED' as const, resumeDate: now.toISOString() }
      : period,
  );

export function cancelOrder(
  deps: PlansDeps,
  caller: Caller,
  id: string,
  effectiveAt: EffectiveAt,
  asMember: boolean,
) {
  return change(deps, caller, id, asMember, async (order, now, trx) => {
    if (asMember) {
      const plan = await deps.store.plans.forSite(caller.siteId, trx).get<StoredPlan>(order.planId);
      if (!plan?.buyerCanCancel) throw planOrderErrors.buyerCannotCancel(id);
    }
    const open = order.status === 'ACTIVE' || order.status === 'PAUSED' || order.status === 'PENDING';
    if (!open) throw planOrderErrors.wrongStatus(id, order.status, 'cancelled');
    const cancellation = {
      requestedDate: now.toISOString(),
      cause: asMember ? ('MEMBER_ACTION' as const) : ('OWNER_ACTION' as const),
      effectiveAt,
    };
    if (effectiveAt === 'IMMEDIATELY') {
      // The purchase counts no more against the plan's limit per buyer (as when ecom cancels it).
      await release(trx, caller.siteId, id, now);
      return {
        status: 'CANCELED',
        cancellation,
        pausePeriods: closePauses(order, now),
        endDate: now.toISOString(),
      };
    }
    refuse(
      order.pricing.subscription
        ? []
        : [violation('effectiveAt', 'A single payment is cancelled IMMEDIATELY only.', 'INVALID_ENUM_VALUE')],
    );
    if (order.status !== 'ACTIVE')
      throw planOrderErrors.wrongStatus(id, order.status, 'cancelled at its next payment');
    if (order.autoRenewCanceled) throw planOrderErrors.alreadyCanceling(id);
    const schedule = scheduleOf(cycleInputOf(order), now);
    const trial = (order.pricing.freeTrialDays ?? 0) > 0;
    return {
      autoRenewCanceled: true,
      cancellation,
      endsAfterCycle: schedule.currentCycle?.index ?? (trial ? 0 : 1),
    };
  });
}

export const pauseOrder = (deps: PlansDeps, caller: Caller, id: string) =>
  change(deps, caller, id, false, async (order, now) => {
    if (order.status !== 'ACTIVE') throw planOrderErrors.wrongStatus(id, order.status, 'paused');
    return {
      status: 'PAUSED',
      pausePeriods: [...(order.pausePeriods ?? []), { status: 'ACTIVE', pauseDate: now.toISOString() }],
    };
  });

export const resumeOrder = (deps: PlansDeps, caller: Caller, id: string) =>
  change(deps, caller, id, false, async (order, now, trx) => {
    if (order.status !== 'PAUSED') throw planOrderErrors.wrongStatus(id, order.status, 'resumed');
    const patch = { status: 'ACTIVE' as const, pausePeriods: closePauses(order, now) };
    // The renewals stopped with the pause: they start again from the dates the pause moved.
    await scheduleRenewal(deps, trx, caller.siteId, id, { ...order, ...patch }, now);
    return patch;
  });

export const postponeEndDate = (deps: PlansDeps, caller: Caller, id: string, endDate: string) =>
  change(deps, caller, id, false, async (order, now) => {
    if (order.status !== 'ACTIVE' && order.status !== 'PAUSED')
      throw planOrderErrors.wrongStatus(id, order.status, 'postponed');
    const current = scheduleOf(cycleInputOf(order), now).endDate;
    const wanted = Date.parse(endDate);
    refuse(
      !current
        ? [violation('endDate', 'The order runs until cancelled: it has no end to postpone.', 'VALIDATION')]
        : wanted <= Date.parse(current)
          ? [violation('endDate', `Must be later than the current end, ${current}.`, 'VALIDATION')]
          : [],
    );
    return { postponedMs: (order.postponedMs ?? 0) + (wanted - Date.parse(current!)) };
  });

/**
 * The owner marks an order paid outside Plaza: a PENDING order becomes ACTIVE (and its ecom order, when
 * it has one, PAID: the `plans-orders` consumer then finds it active already), or the cycle an offline
 * renewal left awaiting payment is paid.
 */
export async function markAsPaid(deps: PlansDeps, caller: Caller, id: string) {
  const before = await find(deps, caller, id, false);
  const viaEcom = before.status === 'PENDING' && before.orderId !== '' && deps.markEcomOrderPaid;
  if (viaEcom) await deps.markEcomOrderPaid!(caller, before.orderId);
  return change(deps, caller, id, false, async (order, now, trx) => {
    if (order.status === 'PENDING') {
      const patch = {
        status: 'ACTIVE' as const,
        lastPaymentStatus: order.lastPaymentStatus === 'NOT_APPLICABLE' ? order.lastPaymentStatus : 'PAID',
      } satisfies Partial<PlanOrder>;
      await scheduleRenewal(deps, trx, caller.siteId, id, { ...order, ...patch }, now);
      return patch;
    }
    const open = order.status === 'ACTIVE' || order.status === 'PAUSED';
    if (open && order.lastPaymentStatus === 'UNPAID') return { lastPaymentStatus: 'PAID' };
    // Its ecom order's payment activated it meanwhile.
    if (viaEcom && open) return {};
    throw planOrderErrors.wrongStatus(id, `${order.status} ${order.lastPaymentStatus}`, 'marked as paid');
  });
}
