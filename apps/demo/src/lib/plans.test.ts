import { describe, expect, it } from 'vitest';
import {
  billingTerms,
  encodePendingPlan,
  formatPlanPrice,
  isFree,
  PENDING_PLAN_MAX_AGE_MS,
  type PricingLike,
  planRefusal,
  pricePeriod,
  readPendingPlan,
} from './plans.ts';

const usd = (value: string) => ({ value, currency: 'USD' });
const monthly: PricingLike = {
  subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
  price: usd('49.00'),
  freeTrialDays: 7,
};
const yearlyOnce: PricingLike = {
  singlePaymentForDuration: { count: 1, unit: 'YEAR' },
  price: usd('490.00'),
};
const freeForever: PricingLike = { singlePaymentUnlimited: true, price: usd('0') };

describe('plan prices', () => {
  it('formats the decimal string in its currency, whole amounts without cents', () => {
    expect(formatPlanPrice(monthly)).toBe('$49');
    expect(formatPlanPrice({ price: usd('12.50') })).toBe('$12.50');
    expect(formatPlanPrice({ price: { value: '1200', currency: 'EUR' } }, 'de-DE')).toMatch(/^1\.200\s€$/);
    // More digits than a float keeps: shown exactly.
    expect(formatPlanPrice({ price: usd('90071992547409.93') })).toBe('$90,071,992,547,409.93');
  });

  it('says Free for a zero or missing price, and shows an unknown currency as given', () => {
    for (const value of ['0', '0.00', '.0', '']) expect(isFree({ price: usd(value) })).toBe(true);
    expect(isFree({ price: usd('0.01') })).toBe(false);
    expect(formatPlanPrice(freeForever)).toBe('Free');
    expect(formatPlanPrice({ price: { value: '5', currency: 'not a code' } })).toBe('5 not a code');
  });

  it('names the period after the price', () => {
    expect(pricePeriod(monthly)).toBe('/ month');
    expect(
      pricePeriod({ ...monthly, subscription: { cycleDuration: { count: 2, unit: 'WEEK' }, cycleCount: 0 } }),
    ).toBe('every 2 weeks');
    expect(pricePeriod(yearlyOnce)).toBe('for 1 year');
    expect(pricePeriod({ singlePaymentForDuration: { count: 3, unit: 'MONTH' }, price: usd('30') })).toBe(
      'for 3 months',
    );
    expect(pricePeriod({ singlePaymentUnlimited: true, price: usd('99') })).toBe('one payment');
    expect(pricePeriod(freeForever)).toBe('');
  });
});

describe('billing terms', () => {
  it('says how a subscription is billed, for how long, and its free trial', () => {
    expect(billingTerms(monthly)).toEqual(['Billed monthly until cancelled', '7-day free trial']);
    expect(
      billingTerms({
        subscription: { cycleDuration: { count: 1, unit: 'YEAR' }, cycleCount: 3 },
        price: usd('9'),
      }),
    ).toEqual(['Billed yearly, 3 payments']);
    expect(
      billingTerms({
        subscription: { cycleDuration: { count: 2, unit: 'WEEK' }, cycleCount: 1 },
        price: usd('9'),
      }),
    ).toEqual(['Billed every 2 weeks, 1 payment']);
    expect(
      billingTerms({
        subscription: { cycleDuration: { count: 1, unit: 'DAY' }, cycleCount: 0 },
        price: usd('1'),
      }),
    ).toEqual(['Billed daily until cancelled']);
  });

  it('says how long a single payment lasts, free or paid', () => {
    expect(billingTerms(yearlyOnce)).toEqual(['One payment, valid for 1 year']);
    expect(billingTerms({ singlePaymentForDuration: { count: 6, unit: 'MONTH' }, price: usd('0') })).toEqual([
      'Valid for 6 months',
    ]);
    expect(billingTerms({ singlePaymentUnlimited: true, price: usd('99') })).toEqual([
      'One payment, never expires',
    ]);
    expect(billingTerms(freeForever)).toEqual(['Never expires']);
  });
});

describe('refusals', () => {
  it('explains a plan that is not for sale to this member, and leaves other refusals to the API', () => {
    expect(planRefusal('LINE_ITEMS_UNAVAILABLE', 'Studio Pass')).toBe(
      'You cannot buy Studio Pass: you already have it as many times as the plan allows, or it is no longer offered.',
    );
    for (const code of ['ONLINE_PAYMENTS_NOT_ENABLED', 'MEMBER_SIGN_IN_REQUIRED', undefined])
      expect(planRefusal(code, 'Studio Pass')).toBeUndefined();
  });
});

describe('the plan chosen before sign-in', () => {
  const now = 1_750_000_000_000;

  it('reads back a recent choice', () => {
    expect(readPendingPlan(encodePendingPlan('plan-1', now), now + 60_000)).toBe('plan-1');
    expect(readPendingPlan(encodePendingPlan('plan-1', now), now + PENDING_PLAN_MAX_AGE_MS)).toBe('plan-1');
  });

  it('forgets an old, future, missing or malformed one', () => {
    expect(
      readPendingPlan(encodePendingPlan('plan-1', now), now + PENDING_PLAN_MAX_AGE_MS + 1),
    ).toBeUndefined();
    expect(readPendingPlan(encodePendingPlan('plan-1', now + 5_000), now)).toBeUndefined();
    expect(readPendingPlan(null, now)).toBeUndefined();
    for (const raw of [
      '',
      'not json',
      'null',
      '[]',
      '{"planId":""}',
      '{"planId":3,"at":1}',
      '{"planId":"p"}',
    ])
      expect(readPendingPlan(raw, now), raw).toBeUndefined();
  });
});
