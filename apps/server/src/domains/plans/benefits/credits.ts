/**
 * Spending a plan's benefits, in the spender's transaction: a booking paid with `MEMBERSHIP`
 * (bookings), tickets of a `paidPlanBenefit` (events). A LIMITED benefit's credits are taken with a
 * capacity hold on the order's cycle counter (model.ts `creditKey`), made with the spender's own hold
 * (a slot, a reservation) and expiring with it; the spender confirms it when paid and releases it when
 * cancelled, which gives the credits back. An UNLIMITED benefit takes no hold.
 */
import type { Kysely } from 'kysely';
import { availability, confirm, hold, setCapacity } from '../../../db/capacity.ts';
import type { Schema } from '../../../db/schema.ts';
import type { StoredPlanOrder } from '../orders.ts';
import type { PlansDeps } from '../service.ts';
import { BENEFIT_APPS, type CurrentCycle, creditKey, type StoredBenefit, validCycle } from './model.ts';
import { activeOrders, type PlanWithBenefits, plansOf } from './service.ts';

export interface CreditHoldRequest {
  siteId: string;
  memberId: string;
  quantity: number;
  /** The hold's id: the spender's own, so it can confirm and release it. */
  holdId: string;
  ownerKey: string;
  now: Date;
  expiresAt: Date;
}

/** What a booking or ticket order keeps of the membership it was paid with. */
export interface SpentMembership {
  planOrderId: string;
  planId: string;
  planName: string;
  benefitId: string;
  benefitType: StoredBenefit['benefitType'];
  /** Credits taken (0 for UNLIMITED). */
  credits: number;
  /** The capacity hold of the credits; absent for UNLIMITED. */
  creditHoldId?: string;
}

export type CreditTake =
  | { status: 'taken'; membership: SpentMembership }
  /** A valid order covers it, but its cycle's credits are spent. */
  | { status: 'out-of-credits'; remaining: number }
  /** No valid plan order of the member covers it. */
  | { status: 'none' };

interface Candidate {
  order: StoredPlanOrder;
  plan: PlanWithBenefits;
  benefit: StoredBenefit;
  cycle: CurrentCycle;
}

/** Unlimited first (nothing spent), then the credits that lapse soonest. */
const spendOrder = (a: Candidate, b: Candidate) =>
  (a.benefit.benefitType === 'UNLIMITED' ? 0 : 1) - (b.benefit.benefitType === 'UNLIMITED' ? 0 : 1) ||
  (a.cycle.endsAt ?? '\uffff').localeCompare(b.cycle.endsAt ?? '\uffff');

/** Takes `quantity` credits of the first candidate that has them. */
async function takeFrom(
  trx: Kysely<Schema>,
  candidates: readonly Candidate[],
  request: CreditHoldRequest,
): Promise<CreditTake> {
  if (candidates.length === 0) return { status: 'none' };
  let remaining = 0;
  for (const { order, plan, benefit, cycle } of [...candidates].sort(spendOrder)) {
    const spent: Omit<SpentMembership, 'credits'> = {
      planOrderId: order.id,
      planId: plan.id,
      planName: order.planName,
      benefitId: benefit.id,
      benefitType: benefit.benefitType,
    };
    if (benefit.benefitType === 'UNLIMITED') return { status: 'taken', membership: { ...spent, credits: 0 } };
    const resourceKey = creditKey(order.id, benefit.id, cycle.index);
    await setCapacity(trx, request.siteId, resourceKey, benefit.creditAmount ?? 0);
    const held = await hold(trx, request.siteId, {
      resourceKey,
      quantity: request.quantity,
      ownerKey: request.ownerKey,
      now: request.now,
      expiresAt: request.expiresAt,
      holdId: request.holdId,
    });
    if (held.status === 'held')
      return {
        status: 'taken',
        membership: { ...spent, credits: request.quantity, creditHoldId: request.holdId },
      };
    if (held.status === 'short') remaining = Math.max(remaining, held.available);
  }
  return { status: 'out-of-credits', remaining };
}

/** What bookings asks of plans: credits of a plan that covers the service (`payment.pricingPlanIds`). */
export function bookingCredits(deps: PlansDeps) {
  return {
    async take(
      trx: Kysely<Schema>,
      request: CreditHoldRequest & { planIds: readonly string[] },
    ): Promise<CreditTake> {
      const covering = new Set(request.planIds);
      const orders = (await activeOrders(deps, request.siteId, { memberId: request.memberId }, trx)).filter(
        (order) => covering.has(order.planId),
      );
      const plans = await plansOf(deps, request.siteId, orders, trx);
      const candidates: Candidate[] = [];
      for (const order of orders) {
        const plan = plans.get(order.planId);
        const benefit = plan?.benefits?.find((b) => b.appDefId === BENEFIT_APPS.bookings);
        const cycle = validCycle(order, request.now);
        if (plan && benefit && cycle) candidates.push({ order, plan, benefit, cycle });
      }
      return takeFrom(trx, candidates, request);
    },
  };
}

export type BookingCredits = ReturnType<typeof bookingCredits>;

/** The credits left at `now` in the cycle of `order` (undefined: UNLIMITED). */
export async function creditsLeft(
  executor: Kysely<Schema>,
  siteId: string,
  order: StoredPlanOrder,
  benefit: StoredBenefit,
  cycle: CurrentCycle,
  now: Date,
): Promise<number | undefined> {
  if (benefit.benefitType === 'UNLIMITED') return undefined;
  const counter = await availability(executor, siteId, creditKey(order.id, benefit.id, cycle.index), now);
  return Math.max(0, (benefit.creditAmount ?? 0) - (counter ? counter.held + counter.confirmed : 0));
}

/** A plan's discount on tickets, as an events invoice applies it. */
export interface TicketDiscount {
  planOrderId: string;
  benefitId: string;
  planName: string;
  /** Percent off each discounted ticket, a decimal string ("100": free). */
  percent: string;
  /** How many tickets it discounts (LIMITED: the credits left); absent: every ticket. */
  quantity?: number;
}

export type TicketBenefit =
  | {
      ok: true;
      discount: TicketDiscount;
      benefit: StoredBenefit;
      order: StoredPlanOrder;
      cycle: CurrentCycle;
    }
  | { ok: false; field: 'planOrderId' | 'benefitId'; description: string };

/** What events asks of plans: a `paidPlanBenefit` checked, and its credits spent on tickets. */
export function eventCredits(deps: PlansDeps) {
  /** The benefit `planOrderId` / `benefitId` names, if it is the member's and covers the event now. */
  async function resolve(
    executor: Kysely<Schema> | undefined,
    request: {
      siteId: string;
      /** Absent: any member's order (the owner's call). */
      memberId?: string | undefined;
      planOrderId: string;
      benefitId: string;
      eventId: string;
      now: Date;
    },
  ): Promise<TicketBenefit> {
    const db = executor ?? deps.store.db;
    const order = await deps.store.orders
      .forSite(request.siteId, db)
      .get<StoredPlanOrder>(request.planOrderId);
    // Another member's order, or another site's, is as absent as one that never was.
    if (!order || (request.memberId !== undefined && order.buyer.memberId !== request.memberId))
      return { ok: false, field: 'planOrderId', description: 'is not a plan order of the member' };
    const cycle = validCycle(order, request.now);
    if (!cycle)
      return {
        ok: false,
        field: 'planOrderId',
        description: `is ${order.status.toLowerCase()}, not valid now`,
      };
    const plan = await deps.store.plans.forSite(request.siteId, db).get<PlanWithBenefits>(order.planId);
    const benefit = plan?.benefits?.find((b) => b.id === request.benefitId);
    if (!benefit || benefit.appDefId !== BENEFIT_APPS.events)
      return { ok: false, field: 'benefitId', description: "is not an events benefit of the order's plan" };
    if (benefit.resourceIds.length > 0 && !benefit.resourceIds.includes(request.eventId))
      return { ok: false, field: 'benefitId', description: 'does not cover this event' };
    const left = await creditsLeft(db, request.siteId, order, benefit, cycle, request.now);
    if (left === 0) return { ok: false, field: 'benefitId', description: 'has no credits left this cycle' };
    return {
      ok: true,
      benefit,
      order,
      cycle,
      discount: {
        planOrderId: order.id,
        benefitId: benefit.id,
        planName: order.planName,
        percent: benefit.percentDiscount ?? '100',
        ...(left === undefined ? {} : { quantity: left }),
      },
    };
  }

  return {
    resolve,
    /**
     * Spends the credits of `tickets` discounted tickets in `trx`, confirmed at once (the order is
     * placed), or held `until` the payment confirms them (the rest paid online): false when they ran
     * out meanwhile. Nothing for an UNLIMITED benefit.
     */
    async spend(
      trx: Kysely<Schema>,
      found: Extract<TicketBenefit, { ok: true }>,
      request: {
        siteId: string;
        tickets: number;
        holdId: string;
        ownerKey: string;
        now: Date;
        until?: Date | undefined;
      },
    ): Promise<boolean> {
      if (found.benefit.benefitType === 'UNLIMITED' || request.tickets === 0) return true;
      const resourceKey = creditKey(found.order.id, found.benefit.id, found.cycle.index);
      await setCapacity(trx, request.siteId, resourceKey, found.benefit.creditAmount ?? 0);
      const held = await hold(trx, request.siteId, {
        resourceKey,
        quantity: request.tickets,
        ownerKey: request.ownerKey,
        now: request.now,
        expiresAt: request.until ?? new Date(request.now.getTime() + 60_000),
        holdId: request.holdId,
      });
      if (held.status !== 'held') return false;
      if (request.until) return true;
      return (await confirm(trx, request.siteId, request.holdId, request.now)).status === 'confirmed';
    },
  };
}

export type EventCredits = ReturnType<typeof eventCredits>;
