/**
 * `paidPlanBenefit {planOrderId, benefitId}` of the invoice and checkout calls: a member's valid plan
 * order whose plan gives a benefit over the event's tickets takes its percent off as many tickets as
 * the benefit has credits (every ticket when UNLIMITED). The plans domain checks the order and spends
 * the credits (wired in deps.ts as `deps.planBenefits`); a bad or foreign order is a field violation at
 * `paidPlanBenefit.*`. When the rest is paid online, ecom charges each ticket's discounted price
 * (catalog-provider.ts) and the credits are held until the payment confirms them.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.ts';
import type { Caller } from '../../../http/access.ts';
import { AppError, invalidField } from '../../../lib/errors.ts';
import { minorOf, type PlanDiscount, planOff, type ReservationLine } from './checkout-model.ts';
import { isAdmin, type Raw } from './context.ts';

export type ResolvedBenefit = { ok: true; discount: PlanDiscount };

/** The plans domain's side (plans/benefits/credits.ts `eventCredits`). */
export interface EventPlanBenefits {
  resolve(
    executor: Kysely<Schema> | undefined,
    request: {
      siteId: string;
      memberId?: string | undefined;
      planOrderId: string;
      benefitId: string;
      eventId: string;
      now: Date;
    },
  ): Promise<ResolvedBenefit | { ok: false; field: string; description: string }>;
  spend(
    trx: Kysely<Schema>,
    found: ResolvedBenefit,
    request: {
      siteId: string;
      tickets: number;
      holdId: string;
      ownerKey: string;
      now: Date;
      /** Held until then, for the payment to confirm; absent: confirmed at once. */
      until?: Date | undefined;
    },
  ): Promise<boolean>;
}

/**
 * The benefit `paidPlanBenefit` names, for the caller: a member's own plan order, any member's for the
 * owner (`memberId` when the checkout names one). Refused at its field when it gives nothing here.
 */
export async function benefitFor(
  benefits: EventPlanBenefits | undefined,
  caller: Caller,
  input: Raw,
  context: { eventId: string; memberId?: string | undefined; now: Date },
): Promise<ResolvedBenefit> {
  const field = (name: string) => `paidPlanBenefit.${name}`;
  if (!input.planOrderId) throw invalidField(field('planOrderId'), 'is required', 'REQUIRED_FIELD');
  if (!input.benefitId) throw invalidField(field('benefitId'), 'is required', 'REQUIRED_FIELD');
  const admin = isAdmin(caller);
  if (!benefits || (!admin && caller.kind !== 'member'))
    throw invalidField(field('planOrderId'), 'is not a plan order of the member', 'VALIDATION');
  const found = await benefits.resolve(undefined, {
    siteId: caller.siteId,
    memberId: admin ? context.memberId : caller.subjectId,
    planOrderId: String(input.planOrderId),
    benefitId: String(input.benefitId),
    eventId: context.eventId,
    now: context.now,
  });
  if (!found.ok) throw invalidField(field(found.field), found.description, 'VALIDATION');
  return found;
}

/** Tickets of `lines` the discount covers. */
export const ticketsCovered = (lines: readonly ReservationLine[], discount: PlanDiscount) =>
  Math.min(
    discount.quantity ?? Number.MAX_SAFE_INTEGER,
    lines.reduce((sum, line) => sum + line.quantity, 0),
  );

/** The discount as an order keeps it: with the hold of its credits when it spends some (LIMITED). */
export const withCreditHold = (discount: PlanDiscount, tickets: number, holdId: string): PlanDiscount =>
  discount.quantity !== undefined && tickets > 0 ? { ...discount, creditHoldId: holdId } : discount;

/**
 * Each line's price a ticket once the plan's discount is off, as ecom charges it (a unit price times
 * the quantity); undefined when a line's discounted tickets leave an amount its tickets cannot share
 * in whole minor units (some of its tickets discounted, not all).
 */
export function discountedUnitPrices(
  lines: readonly ReservationLine[],
  currency: string,
  discount: PlanDiscount,
): number[] | undefined {
  const { off } = planOff(lines, currency, discount);
  const units = lines.map(
    (line, i) => (minorOf(line.price, currency) * line.quantity - off[i]!) / line.quantity,
  );
  return units.every(Number.isInteger) ? units : undefined;
}

export const planBenefitErrors = {
  withCoupon: () =>
    invalidField('paidPlanBenefit', 'a plan benefit and a coupon do not apply together', 'VALIDATION'),
  notForOnlinePayment: () =>
    new AppError(
      409,
      'PAID_PLAN_BENEFIT_NOT_APPLICABLE',
      'The plan discount covers only some tickets of a ticket type',
      'Paid online, each ticket of a type costs the same: reserve the tickets the plan covers apart from the others, or pay in person (`options.payInPerson`).',
    ),
  creditsSpent: (planOrderId: string) =>
    new AppError(
      409,
      'PAID_PLAN_BENEFIT_CREDITS_SPENT',
      "The plan's credits ran out meanwhile",
      'Ask for the invoice again to see what the plan still covers.',
      { planOrderId },
    ),
};
