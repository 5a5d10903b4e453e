/**
 * Plan benefits: the owner sets them on a plan; members and the owner read the balances of valid plan
 * orders. What spends credits is in `credits.ts` (bookings and events reach it through ports wired in
 * deps.ts).
 */
import type { Kysely } from 'kysely';
import { availabilityOf } from '../../../db/capacity.ts';
import type { SystemFields } from '../../../db/documents.ts';
import type { Schema } from '../../../db/schema.ts';
import type { Caller } from '../../../http/access.ts';
import { ValidationError } from '../../../lib/errors.ts';
import { plansErrors } from '../errors.ts';
import { planOrderErrors, type StoredPlanOrder } from '../orders.ts';
import type { StoredPlan } from '../plan-input.ts';
import type { PlansDeps } from '../service.ts';
import {
  BENEFIT_APPS,
  type BenefitInput,
  creditKey,
  normaliseBenefits,
  type StoredBenefit,
  validCycle,
} from './model.ts';

export type PlanWithBenefits = StoredPlan & SystemFields & { benefits?: StoredBenefit[] };

const isAdmin = (caller: Pick<Caller, 'kind'>) => caller.kind === 'admin' || caller.kind === 'app';
/** Valid orders looked at per call: a member holds a handful. */
const ORDERS_LIMIT = 50;

export async function getPlanBenefits(deps: PlansDeps, caller: Caller, planId: string) {
  const plan = await deps.store.plans.forSite(caller.siteId).get<PlanWithBenefits>(planId);
  // Visitors and members never learn of a hidden or archived plan, nor of what it gives.
  if (!plan || (!isAdmin(caller) && (!plan.public || plan.archived))) throw plansErrors.planNotFound(planId);
  return { benefits: plan.benefits ?? [] };
}

export async function setPlanBenefits(
  deps: PlansDeps,
  caller: Caller,
  planId: string,
  input: readonly BenefitInput[],
) {
  const plans = deps.store.plans.forSite(caller.siteId);
  const plan = await plans.get<PlanWithBenefits>(planId);
  if (!plan) throw plansErrors.planNotFound(planId);
  const checked = normaliseBenefits(input, plan.benefits ?? []);
  if ('problems' in checked) throw new ValidationError(checked.problems);
  const updated = await plans.update<PlanWithBenefits>(
    planId,
    { benefits: checked.benefits },
    { expectedRevision: plan.revision },
  );
  return { benefits: updated.benefits ?? [] };
}

/** A member's ACTIVE plan orders (at most ORDERS_LIMIT), newest first. */
export async function activeOrders(
  deps: PlansDeps,
  siteId: string,
  filter: { memberId?: string | undefined; orderId?: string | undefined },
  executor?: Kysely<Schema>,
): Promise<StoredPlanOrder[]> {
  const found = await deps.store.orders.forSite(siteId, executor).query(
    {
      filter: {
        status: 'ACTIVE',
        ...(filter.memberId ? { 'buyer.memberId': filter.memberId } : {}),
        ...(filter.orderId ? { id: filter.orderId } : {}),
      },
      sort: [
        { fieldName: 'createdDate', order: 'DESC' },
        { fieldName: 'id', order: 'DESC' },
      ],
      paging: { limit: ORDERS_LIMIT },
    },
    { defaultLimit: ORDERS_LIMIT, maxLimit: ORDERS_LIMIT },
  );
  return found.items.map((text) => JSON.parse(text) as StoredPlanOrder);
}

/** The plans of `orders`, read once each, by id. */
export async function plansOf(
  deps: PlansDeps,
  siteId: string,
  orders: readonly StoredPlanOrder[],
  executor?: Kysely<Schema>,
): Promise<Map<string, PlanWithBenefits>> {
  const plans = new Map<string, PlanWithBenefits>();
  const docs = deps.store.plans.forSite(siteId, executor);
  for (const planId of new Set(orders.map((order) => order.planId))) {
    const plan = await docs.get<PlanWithBenefits>(planId);
    if (plan) plans.set(planId, plan);
  }
  return plans;
}

export async function listBenefitBalances(
  deps: PlansDeps,
  caller: Caller,
  input: { orderId?: string | undefined; memberId?: string | undefined },
) {
  const { siteId } = caller;
  const admin = isAdmin(caller);
  if (!admin && caller.kind !== 'member') throw planOrderErrors.memberRequired();
  if (input.orderId) {
    const order = await deps.store.orders.forSite(siteId).get<StoredPlanOrder>(input.orderId);
    // Another member's order is as absent as one of another site.
    if (!order || (!admin && order.buyer.memberId !== caller.subjectId))
      throw planOrderErrors.notFound(input.orderId);
  }
  const memberId = admin ? input.memberId : caller.subjectId;
  const now = deps.clock.now();
  const orders = await activeOrders(deps, siteId, { memberId, orderId: input.orderId });
  const plans = await plansOf(deps, siteId, orders);
  const rows: Array<{ order: StoredPlanOrder; benefit: StoredBenefit; cycle: number; endsAt?: string }> = [];
  for (const order of orders) {
    const cycle = validCycle(order, now);
    if (!cycle) continue;
    for (const benefit of plans.get(order.planId)?.benefits ?? [])
      rows.push({ order, benefit, cycle: cycle.index, ...(cycle.endsAt ? { endsAt: cycle.endsAt } : {}) });
  }
  const counters = await availabilityOf(
    deps.store.db,
    siteId,
    rows.map((row) => creditKey(row.order.id, row.benefit.id, row.cycle)),
    now,
  );
  const balances = rows.map(({ order, benefit, cycle, endsAt }) => {
    const total = benefit.creditAmount ?? 0;
    const counter = counters.get(creditKey(order.id, benefit.id, cycle));
    const spent = counter ? counter.held + counter.confirmed : 0;
    return {
      planOrderId: order.id,
      planId: order.planId,
      planName: order.planName,
      memberId: order.buyer.memberId,
      benefit,
      cycle,
      ...(benefit.benefitType === 'LIMITED'
        ? { credits: { total, remaining: Math.max(0, total - spent) } }
        : {}),
      ...(endsAt ? { expirationDate: endsAt } : {}),
    };
  });
  return { balances };
}

const BENEFIT_WORDS: Record<string, string> = {
  [BENEFIT_APPS.bookings]: 'Classes',
  [BENEFIT_APPS.events]: 'Event tickets',
};

/** Each valid plan order's benefits in words ("Classes: 7 of 8 left this cycle"), by order id. */
export async function benefitWords(deps: PlansDeps, caller: Caller): Promise<Map<string, string[]>> {
  const { balances } = await listBenefitBalances(deps, caller, {});
  const words = new Map<string, string[]>();
  for (const { planOrderId, benefit, credits } of balances) {
    const what = BENEFIT_WORDS[benefit.appDefId] ?? 'Benefit';
    const off =
      benefit.percentDiscount && benefit.percentDiscount !== '100'
        ? `${benefit.percentDiscount}% off`
        : 'free';
    const line =
      benefit.appDefId === BENEFIT_APPS.events
        ? `${what}: ${off}${credits ? `, ${credits.remaining} of ${credits.total} left this cycle` : ''}`
        : credits
          ? `${what}: ${credits.remaining} of ${credits.total} left this cycle`
          : `${what}: unlimited`;
    words.set(planOrderId, [...(words.get(planOrderId) ?? []), line]);
  }
  return words;
}
