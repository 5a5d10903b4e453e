/**
 * A plan's benefits as stored (the plan document's `benefits`, written only by `setPlanBenefits`) and
 * the rules that read them. Pure: no I/O.
 *
 * Credits: a LIMITED benefit gives `creditAmount` credits per cycle of each plan order. The credits of
 * one order's cycle are a capacity counter (db/capacity.ts) keyed by order, benefit and cycle, so a new
 * cycle starts on a fresh counter (the refill) and spending under concurrency is one conditional UPDATE.
 */
import { BENEFIT_APPS } from '@plaza/contracts';
import type { FieldViolation } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { scheduleOf } from '../cycles.ts';
import { violation } from '../errors.ts';
import { cycleInputOf, type StoredPlanOrder } from '../orders.ts';

export { BENEFIT_APPS };

export interface StoredBenefit {
  id: string;
  appDefId: string;
  benefitType: 'LIMITED' | 'UNLIMITED';
  /** LIMITED: credits per cycle. */
  creditAmount?: number;
  /** Events: the events covered; empty: every event. */
  resourceIds: string[];
  /** Events: the discount on a covered ticket, a decimal string of percent. */
  percentDiscount?: string;
}

export interface BenefitInput {
  id?: string | undefined;
  appDefId: string;
  benefitType: 'LIMITED' | 'UNLIMITED';
  creditAmount?: number | undefined;
  resourceIds?: string[] | undefined;
  percentDiscount?: string | undefined;
}

/** The benefits to store from what the owner sent, or the violations (`benefits[i].…`). */
export function normaliseBenefits(
  input: readonly BenefitInput[],
  current: readonly StoredBenefit[],
): { benefits: StoredBenefit[] } | { problems: FieldViolation[] } {
  const problems: FieldViolation[] = [];
  const seenApps = new Set<string>();
  const known = new Set(current.map((benefit) => benefit.id));
  const benefits = input.map((given, index): StoredBenefit => {
    const at = (field: string) => `benefits[${index}].${field}`;
    if (seenApps.has(given.appDefId))
      problems.push(violation(at('appDefId'), 'one benefit per app', 'VALIDATION', 'DUPLICATE'));
    seenApps.add(given.appDefId);
    if (given.id !== undefined && !known.has(given.id))
      problems.push(violation(at('id'), 'is not a benefit of this plan', 'VALIDATION', 'NOT_FOUND'));
    if (given.benefitType === 'LIMITED' && given.creditAmount === undefined)
      problems.push(violation(at('creditAmount'), 'a LIMITED benefit needs its credits', 'REQUIRED_FIELD'));
    if (given.benefitType === 'UNLIMITED' && given.creditAmount !== undefined)
      problems.push(violation(at('creditAmount'), 'an UNLIMITED benefit has no credits', 'VALIDATION'));
    const events = given.appDefId === BENEFIT_APPS.events;
    if (!events && (given.resourceIds?.length || given.percentDiscount !== undefined))
      problems.push(
        violation(
          at(given.percentDiscount !== undefined ? 'percentDiscount' : 'resourceIds'),
          'bookings benefits cover the services naming the plan in `payment.pricingPlanIds`',
          'VALIDATION',
        ),
      );
    const percent = events ? Number(given.percentDiscount ?? '100') : undefined;
    if (percent !== undefined && !(percent > 0 && percent <= 100))
      problems.push(violation(at('percentDiscount'), 'must be above 0 and at most 100', 'VALIDATION'));
    return {
      id: given.id ?? newId(),
      appDefId: given.appDefId,
      benefitType: given.benefitType,
      ...(given.creditAmount !== undefined ? { creditAmount: given.creditAmount } : {}),
      resourceIds: events ? [...new Set(given.resourceIds ?? [])] : [],
      ...(percent !== undefined ? { percentDiscount: String(percent) } : {}),
    };
  });
  return problems.length > 0 ? { problems } : { benefits };
}

/** The counter of one order's credits of one benefit in one cycle. */
export const creditKey = (orderId: string, benefitId: string, cycle: number) =>
  `plan-credits:${orderId}:${benefitId}:${cycle}`;

export interface CurrentCycle {
  index: number;
  /** When this cycle's credits lapse. */
  endsAt?: string;
}

/**
 * The cycle whose credits the order spends at `now`, or undefined when the order gives nothing now:
 * not ACTIVE (pending, paused, ended, cancelled), not started yet, or past its end.
 */
export function validCycle(order: StoredPlanOrder, now: Date): CurrentCycle | undefined {
  if (order.status !== 'ACTIVE') return undefined;
  if (Date.parse(order.startDate) > now.getTime()) return undefined;
  const schedule = scheduleOf(cycleInputOf(order), now);
  const cycle = schedule.currentCycle;
  if (!cycle) return undefined;
  const endsAt = cycle.endedDate ?? schedule.endDate;
  return { index: cycle.index, ...(endsAt ? { endsAt } : {}) };
}
