import { PlazaError } from '@plaza/sdk';
import { describeError } from './errors.ts';

export interface CouponDiscount {
  code: string;
  /** The amount taken off, as the server formats it (`$6.20`). */
  amount: string;
  /** The same amount as the server's decimal string (`6.20`), when it sent one. */
  value?: string;
}

/**
 * The coupon discounts of a cart's `appliedDiscounts`. The contract leaves the entries open, so
 * each is read defensively: an entry without a code and an amount is not shown.
 */
export function couponDiscounts(cart: { appliedDiscounts: readonly object[] } | null | undefined) {
  return (cart?.appliedDiscounts ?? []).flatMap((entry): CouponDiscount[] => {
    const coupon = (
      entry as { coupon?: { code?: unknown; amount?: { formattedAmount?: unknown; amount?: unknown } } }
    ).coupon;
    const code = coupon?.code;
    const amount = coupon?.amount?.formattedAmount;
    const value = coupon?.amount?.amount;
    if (typeof code !== 'string' || typeof amount !== 'string') return [];
    return [{ code, amount, ...(typeof value === 'string' ? { value } : {}) }];
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

const DECIMAL = /^\d+(?:\.(\d+))?$/;

/** A decimal string as an integer count of 10^-digits (exact, no float arithmetic on money). */
const scaled = (decimal: string, digits: number) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(digits, '0'));
};

/**
 * What the cart costs after its coupons (before shipping and tax), formatted like the server's
 * amounts; undefined without a coupon or when an amount is not a plain decimal string.
 */
export function totalAfterCoupons(
  cart: { currency: string; subtotal: { amount: string } },
  discounts: readonly CouponDiscount[],
): string | undefined {
  const values = discounts.map((discount) => discount.value);
  if (values.length === 0) return undefined;
  const amounts = [cart.subtotal.amount, ...values];
  if (!amounts.every((amount): amount is string => typeof amount === 'string' && DECIMAL.test(amount)))
    return undefined;
  const digits = Math.max(...amounts.map((amount) => amount.split('.')[1]?.length ?? 0));
  let total = scaled(cart.subtotal.amount, digits);
  for (const value of values) total -= scaled(value as string, digits);
  if (total < 0n) total = 0n;
  const text = total.toString().padStart(digits + 1, '0');
  const decimal = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: cart.currency }).format(
      Number(decimal),
    );
  } catch {
    return `${decimal} ${cart.currency}`;
  }
}
