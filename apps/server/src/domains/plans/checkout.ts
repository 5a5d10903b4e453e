/**
 * The orders API's checkout calls: orders made without ecom and their previews. The owner orders a plan
 * for a member, paid outside Plaza (OFFLINE: ACTIVE when paid, else PENDING until marked paid; its
 * renewals are left awaiting payment). A member orders a free public plan online (ACTIVE at once); a
 * paid one is bought through ecom. Both take a purchase of the plan like a checkout does
 * (order-writes.ts). Previews answer the order as it would be written, and write nothing.
 */
import type { Caller } from '../../http/access.ts';
import { newId } from '../../lib/ids.ts';
import type { PlanOrder } from './catalog-provider.ts';
import { plansErrors, refuse, violation } from './errors.ts';
import { type NewPlanOrder, planOrderOf, purchasesLeft, recordPlanOrder } from './order-writes.ts';
import { type StoredPlanOrder, viewOf } from './orders.ts';
import { isFree, type StoredPlan } from './plan-input.ts';
import type { Plan, PlansDeps } from './service.ts';

const isAdmin = (caller: Pick<Caller, 'kind'>) => caller.kind === 'admin' || caller.kind === 'app';

export interface OrderRequest {
  planId: string;
  memberId?: string | undefined;
  startDate?: string | null | undefined;
  couponCode?: string | null | undefined;
  paid?: boolean | null | undefined;
}

/** The start asked for, checked against the plan and the clock; undefined for now. */
function startOf(plan: StoredPlan, startDate: string | null | undefined, now: Date): string | undefined {
  if (!startDate) return undefined;
  const time = Date.parse(startDate);
  const today = Date.parse(now.toISOString().slice(0, 10));
  refuse(
    time < today
      ? [violation('startDate', 'Must be today or later.', 'VALIDATION')]
      : time > now.getTime() && !plan.allowFutureStartDate
        ? [violation('startDate', 'The plan does not allow a future start date.', 'VALIDATION')]
        : [],
  );
  return time > now.getTime() ? new Date(time).toISOString() : undefined;
}

/**
 * The plan to order, as `caller` may see it (a member: public and not archived; the owner: any plan
 * not archived), the checked start, and no coupon: coupons apply through the ecom checkout.
 */
async function orderable(deps: PlansDeps, caller: Caller, input: OrderRequest) {
  refuse(
    input.couponCode
      ? [violation('couponCode', 'Coupons apply through the checkout: order without one.', 'VALIDATION')]
      : [],
  );
  const plan = await deps.store.plans.forSite(caller.siteId).get<StoredPlan>(input.planId);
  if (!plan || (!isAdmin(caller) && (!plan.public || plan.archived)))
    throw plansErrors.planNotFound(input.planId);
  if (plan.archived) throw plansErrors.notForSale(plan.id);
  const now = deps.clock.now();
  return { plan: plan as Plan, now, startDate: startOf(plan, input.startDate, now) };
}

function newOrder(
  caller: Caller,
  plan: Plan,
  memberId: string,
  startDate: string | undefined,
  paid: boolean,
) {
  const offline = isAdmin(caller);
  return {
    plan,
    memberId,
    ownerKey: offline ? `admin:${caller.subjectId}` : `member:${caller.subjectId}`,
    startDate,
    paid,
    type: offline ? 'OFFLINE' : 'ONLINE',
    // An offline order's renewals wait for the owner to mark them paid.
    ...(offline ? { payment: { provider: 'offline' as const } } : {}),
  } satisfies NewPlanOrder;
}

/** The member an order is for: the calling member, or the one the owner names. */
const buyerOf = (caller: Caller, input: OrderRequest) =>
  isAdmin(caller) ? (input.memberId as string) : caller.subjectId;

export async function createOrder(deps: PlansDeps, caller: Caller, input: OrderRequest) {
  const { plan, now, startDate } = await orderable(deps, caller, input);
  if (!isAdmin(caller) && !isFree(plan)) throw plansErrors.notFree(plan.id);
  const paid = isAdmin(caller) ? input.paid === true || isFree(plan) : true;
  const order = newOrder(caller, plan, buyerOf(caller, input), startDate, paid);
  const written = await deps.store.transaction((trx) =>
    recordPlanOrder(deps, trx, caller.siteId, order, now),
  );
  if (!written) throw plansErrors.purchaseLimitReached(plan.id);
  return { order: viewOf(written as StoredPlanOrder, now) };
}

export async function previewOrder(deps: PlansDeps, caller: Caller, input: OrderRequest) {
  const { plan, now, startDate } = await orderable(deps, caller, input);
  const memberId = buyerOf(caller, input);
  const left = await purchasesLeft(deps.store.db, caller.siteId, plan, memberId, now);
  if (left === 0) return { purchaseLimitExceeded: true };
  const paid = isAdmin(caller) ? input.paid === true || isFree(plan) : true;
  const order: PlanOrder = planOrderOf(newOrder(caller, plan, memberId, startDate, paid), now);
  const stamp = now.toISOString();
  const preview = { ...order, id: newId(), revision: '0', createdDate: stamp, updatedDate: stamp };
  return { order: viewOf(preview as StoredPlanOrder, now), purchaseLimitExceeded: false };
}

export async function pricePreview(deps: PlansDeps, caller: Caller, input: OrderRequest) {
  const { plan, now } = await orderable(deps, caller, input);
  const order = planOrderOf(newOrder(caller, plan, caller.subjectId, undefined, true), now);
  const stamp = now.toISOString();
  const view = viewOf({ ...order, id: plan.id, revision: '0', createdDate: stamp, updatedDate: stamp }, now);
  return { prices: view.pricing.prices };
}
