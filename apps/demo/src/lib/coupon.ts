import { PlazaError } from '@plaza/sdk';
import { describeError } from './errors.ts';

export interface CouponDiscount {
  code: string;
  /** The amount taken off, as the server formats it (`$6.20`). */
  amount: string;
}

/**
 * The coupon discounts of a cart's `appliedDiscounts`. The contract leaves the entries open, so
 * each is read defensively: an entry without a code and an amount is not shown.
 */
export function couponDiscounts(cart: { appliedDiscounts: readonly object[] } | null | undefined) {
  return (cart?.appliedDiscounts ?? []).flatMap((entry): CouponDiscount[] => {
    const coupon = (entry as { coupon?: { code?: unknown; amount?: { formattedAmount?: unknown } } }).coupon;
    const code = coupon?.code;
    const amount = coupon?.amount?.formattedAmount;
    return typeof code === 'string' && typeof amount === 'string' ? [{ code, amount }] : [];
  });
}

const longDate = (value: unknown) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(value))
    : undefined;

/**
 * Why a code was refused, in one sentence: the server's description names the code and the reason
 * (unknown, expired, minimum subtotal…), which beats the generic "Coupon not found: …" message.
 */
export function couponError(error: unknown): string {
  if (error instanceof PlazaError) {
    const app = error.details.applicationError;
    if (app?.code.startsWith('ERROR_COUPON_') && app.description) {
      // The server's sentence carries raw timestamps; a buyer reads a date.
      const code = String(app.data.code ?? '');
      const expired = longDate(app.data.expirationDate);
      if (app.code === 'ERROR_COUPON_IS_EXPIRED' && expired)
        return `The coupon "${code}" expired on ${expired}.`;
      const starts = longDate(app.data.startDate);
      if (app.code === 'ERROR_COUPON_IS_NOT_ACTIVE_YET' && starts)
        return `The coupon "${code}" starts on ${starts}.`;
      return app.description;
    }
    if (error.details.validationError) return 'A coupon code has 1 to 40 characters.';
  }
  return describeError(error);
}
