import { describe, expect, it } from 'vitest';
import { planPrice } from './plans.ts';

describe('planPrice', () => {
  it('says how often and how much a plan charges', () => {
    const price = { value: '19.99', currency: 'USD' };
    expect(
      planPrice({
        pricing: { price, subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 } },
      }),
    ).toBe('$19.99 / month');
    expect(
      planPrice({
        pricing: { price, subscription: { cycleDuration: { count: 2, unit: 'WEEK' }, cycleCount: 6 } },
      }),
    ).toBe('$19.99 / 2 weeks, 6 payments');
    expect(planPrice({ pricing: { price, singlePaymentForDuration: { count: 3, unit: 'MONTH' } } })).toBe(
      '$19.99 for 3 months',
    );
    expect(planPrice({ pricing: { price, singlePaymentForDuration: { count: 1, unit: 'YEAR' } } })).toBe(
      '$19.99 for 1 year',
    );
    expect(
      planPrice({ pricing: { price: { value: '0', currency: 'USD' }, singlePaymentUnlimited: true } }),
    ).toBe('Free, one payment');
  });
});
