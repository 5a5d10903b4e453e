/**
 * What a plan card says, from a public plan's pricing (API map 12): the price, its period and the
 * billing terms in words. Pure, so the wording is unit tested.
 */

export type PeriodUnit = 'UNDEFINED' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface Duration {
  count: number;
  unit: PeriodUnit;
}

/** The pricing of a public plan, as much of it as a card needs. */
export interface PricingLike {
  subscription?: { cycleDuration: Duration; cycleCount: number };
  singlePaymentForDuration?: Duration;
  singlePaymentUnlimited?: boolean;
  price: { value: string; currency: string };
  freeTrialDays?: number;
}

const UNIT_WORDS: Record<PeriodUnit, { one: string; adverb: string }> = {
  UNDEFINED: { one: 'period', adverb: 'per period' },
  DAY: { one: 'day', adverb: 'daily' },
  WEEK: { one: 'week', adverb: 'weekly' },
  MONTH: { one: 'month', adverb: 'monthly' },
  YEAR: { one: 'year', adverb: 'yearly' },
};

/** "1 month", "3 months". */
export function spanOf({ count, unit }: Duration): string {
  return `${count} ${UNIT_WORDS[unit].one}${count === 1 ? '' : 's'}`;
}

/** A price of zero (or none at all) is a free plan. */
export function isFree(pricing: Pick<PricingLike, 'price'>): boolean {
  const value = pricing.price?.value ?? '';
  return value === '' || /^0*(\.0*)?$/.test(value);
}

/**
 * The price as people read it: "$49", "$12.50", "Free". The decimal string is formatted as is
 * (Intl takes it without a float in between); whole amounts drop their ".00".
 */
export function formatPlanPrice(pricing: Pick<PricingLike, 'price'>, locale = 'en-US'): string {
  if (isFree(pricing)) return 'Free';
  const { value, currency } = pricing.price;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      trailingZeroDisplay: 'stripIfInteger',
    }).format(value as `${number}`);
  } catch {
    // An unknown currency code: the amount and the code as they came.
    return `${value} ${currency}`.trim();
  }
}

/** What follows the price: "/ month", "every 2 weeks", "for 1 year", "one payment"; nothing for a free plan that never ends. */
export function pricePeriod(pricing: PricingLike): string {
  const cycle = pricing.subscription?.cycleDuration;
  if (cycle) return cycle.count === 1 ? `/ ${UNIT_WORDS[cycle.unit].one}` : `every ${spanOf(cycle)}`;
  if (pricing.singlePaymentForDuration) return `for ${spanOf(pricing.singlePaymentForDuration)}`;
  // "Free" says it all; its terms line says it never expires.
  return isFree(pricing) ? '' : 'one payment';
}

/**
 * The billing terms in short sentences: "Billed monthly until cancelled", "7-day free trial",
 * "One payment, valid for 1 year", "Never expires".
 */
export function billingTerms(pricing: PricingLike): string[] {
  const terms: string[] = [];
  const free = isFree(pricing);
  const subscription = pricing.subscription;
  if (subscription) {
    const cycle = subscription.cycleDuration;
    const every = cycle.count === 1 ? UNIT_WORDS[cycle.unit].adverb : `every ${spanOf(cycle)}`;
    const cycles = subscription.cycleCount;
    terms.push(
      cycles > 0
        ? `Billed ${every}, ${cycles} ${cycles === 1 ? 'payment' : 'payments'}`
        : `Billed ${every} until cancelled`,
    );
  } else if (pricing.singlePaymentForDuration) {
    const span = spanOf(pricing.singlePaymentForDuration);
    terms.push(free ? `Valid for ${span}` : `One payment, valid for ${span}`);
  } else {
    terms.push(free ? 'Never expires' : 'One payment, never expires');
  }
  if (pricing.freeTrialDays && pricing.freeTrialDays > 0)
    terms.push(`${pricing.freeTrialDays}-day free trial`);
  return terms;
}

/**
 * What a refused choice means to the buyer, for the refusals a plan page can explain better than
 * the API's generic words (which speak of a cart's line items); undefined for the others.
 */
export function planRefusal(code: string | undefined, planName: string): string | undefined {
  // The plan's one line is not for sale to this member: the purchase limit is reached, or the plan
  // was hidden or archived since the list was read.
  if (code === 'LINE_ITEMS_UNAVAILABLE')
    return `You cannot buy ${planName}: you already have it as many times as the plan allows, or it is no longer offered.`;
  return undefined;
}

/**
 * The plan a visitor chose before signing in, kept for the page that sign-in returns to. Only a
 * recent choice counts: a sign-in abandoned earlier must not buy a plan on a later visit.
 */
export interface PendingPlan {
  planId: string;
  /** When it was chosen (ms since the epoch). */
  at: number;
}

export const PENDING_PLAN_MAX_AGE_MS = 30 * 60_000;

export const encodePendingPlan = (planId: string, now: number): string => JSON.stringify({ planId, at: now });

/** The pending plan id, or undefined when there is none, it is malformed, too old or from the future. */
export function readPendingPlan(raw: string | null, now: number, maxAgeMs = PENDING_PLAN_MAX_AGE_MS) {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PendingPlan> | null;
    if (!value || typeof value.planId !== 'string' || value.planId === '' || typeof value.at !== 'number')
      return undefined;
    const age = now - value.at;
    return age >= 0 && age <= maxAgeMs ? value.planId : undefined;
  } catch {
    return undefined;
  }
}
