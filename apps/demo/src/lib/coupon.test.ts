import { PlazaError } from '@plaza/sdk';
import { describe, expect, it } from 'vitest';
import { couponDiscounts, couponError, totalAfterCoupons } from './coupon.ts';

const refused = (code: string, description: string) =>
  new PlazaError(`Refused: ${description}`, {
    status: 400,
    details: { applicationError: { code, description, data: {} } },
  });

describe('coupons in the cart', () => {
  it('lists the coupon discounts and skips other or malformed entries', () => {
    const cart = {
      appliedDiscounts: [
        { discountType: 'GLOBAL', coupon: { code: 'WELCOME10', amount: { formattedAmount: '$6.20' } } },
        { discountType: 'GLOBAL', merchantDiscount: { amount: { formattedAmount: '$1.00' } } },
        { coupon: { code: 'BROKEN' } },
      ],
    };
    expect(couponDiscounts(cart)).toEqual([{ code: 'WELCOME10', amount: '$6.20' }]);
    expect(couponDiscounts(null)).toEqual([]);
  });

  it('gives the total after the coupons, exactly, never below zero', () => {
    const cart = (amount: string, currency = 'USD') => ({ currency, subtotal: { amount } });
    const coupon = (value?: string) => ({
      code: 'C',
      amount: 'x',
      ...(value === undefined ? {} : { value }),
    });
    expect(totalAfterCoupons(cart('24.00'), [coupon('2.40')])).toBe('$21.60');
    expect(totalAfterCoupons(cart('0.3'), [coupon('0.1')])).toBe('$0.20');
    expect(totalAfterCoupons(cart('10.00'), [coupon('4.00'), coupon('7.5')])).toBe('$0.00');
    expect(totalAfterCoupons(cart('2000', 'JPY'), [coupon('200')])).toBe('¥1,800');
    expect(totalAfterCoupons(cart('24.00'), [])).toBeUndefined();
    expect(totalAfterCoupons(cart('24.00'), [coupon()])).toBeUndefined();
    expect(totalAfterCoupons(cart('1e3'), [coupon('1')])).toBeUndefined();
  });

  it("says why a code was refused with the server's description", () => {
    expect(couponError(refused('ERROR_COUPON_DOES_NOT_EXIST', 'No coupon has the code "NOPE".'))).toBe(
      'No coupon has the code "NOPE".',
    );
    expect(
      couponError(
        refused('ERROR_COUPON_MINIMUM_SUBTOTAL', 'The coupon "BIG" needs a subtotal of at least $100.00.'),
      ),
    ).toBe('The coupon "BIG" needs a subtotal of at least $100.00.');
    const expired = new PlazaError('Coupon has expired', {
      status: 400,
      details: {
        applicationError: {
          code: 'ERROR_COUPON_IS_EXPIRED',
          description: 'The coupon "OLD" expired on 2024-01-01T12:00:00.000Z.',
          data: { code: 'OLD', expirationDate: '2024-01-01T12:00:00.000Z' },
        },
      },
    });
    expect(couponError(expired)).toBe('The coupon "OLD" expired on January 1, 2024.');
  });

  it('falls back to the general error sentence', () => {
    const invalid = new PlazaError('INVALID_ARGUMENT: "couponCode" too long', {
      status: 400,
      details: { validationError: { fieldViolations: [{ field: 'couponCode', description: 'too long' }] } },
    });
    expect(couponError(invalid)).toBe('A coupon code has 1 to 40 characters.');
    expect(couponError(new PlazaError('System error occurred'))).toContain('could not be reached');
  });
});
