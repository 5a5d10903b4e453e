/**
 * Money of the cart and orders: integer minor units everywhere, decimal strings on the wire.
 * Rounding is half-up (half away from zero), done once per product of a rate (per line for
 * discounts and tax), with BigInt so nothing passes through a float.
 */
import { invalidField } from '../../lib/errors.ts';
import { divideRounded, formatMoney, toDecimalString } from '../../lib/money.ts';

// The cart, checkout and orders import every money helper from here, the shared ones too.
export { currencyDigits, formatMoney, toDecimalString } from '../../lib/money.ts';

/** "19.99" or 19.99 → 1999; refuses more decimals than the currency has. */
export function parseMoney(value: string | number, digits: number, field: string): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw invalidField(field, 'must be a non-negative decimal amount such as "5.00"', 'FORMAT');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits)
    throw invalidField(
      field,
      `must have at most ${digits} decimals in the site currency`,
      'DECIMAL_MAX_SCALE',
    );
  return Number(BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0'));
}

/** A percentage (JSON number such as 8.25) as millionths of the whole: 8.25 % → 82_500. */
export function percentToMicros(percent: number): number {
  const [whole, fraction = ''] = String(percent).split('.') as [string, string | undefined];
  if (/e/i.test(String(percent)) || fraction.length > 4) return Math.round(percent * 10_000);
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** Refuses a percentage finer than the ten-thousandth of a percent rates are applied to. */
export function checkPercentScale(percent: number, field: string) {
  if (percentToMicros(percent) / 10_000 !== percent)
    throw invalidField(field, 'must have at most 4 decimal places (0.0001 at least)', 'DECIMAL_MAX_SCALE');
}

/** round(minor × micros / 1 000 000): a percentage of an amount. */
export const ofMicros = (minor: number, micros: number): number =>
  Number(divideRounded(BigInt(minor) * BigInt(micros), 1_000_000n));

/** The tax inside a tax-inclusive amount: round(minor × r / (1 + r)). */
export const includedTax = (minor: number, micros: number): number =>
  Number(divideRounded(BigInt(minor) * BigInt(micros), 1_000_000n + BigInt(micros)));

/** "0.0825" for 8.25 %: the wire form of a tax rate. */
export function microsToRate(micros: number): string {
  const text = String(micros).padStart(7, '0');
  const rate = `${text.slice(0, -6)}.${text.slice(-6)}`.replace(/0+$/, '').replace(/\.$/, '');
  return rate === '' ? '0' : rate;
}

export interface MoneyFormat {
  currency: string;
  digits: number;
}

/** MultiCurrencyPrice of map 9 (no conversion: converted = the same). */
export function multiPrice(minor: number, format: MoneyFormat) {
  const amount = toDecimalString(minor, format.digits);
  const formatted = formatMoney(minor, format.currency, format.digits);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

/**
 * `JSON.stringify(multiPrice(minor, format))`, written directly: a cart answer holds one per line and
 * its subtotal, and Node 20's `JSON.stringify` spends more on the object than on its four strings.
 */
export function multiPriceJson(minor: number, format: MoneyFormat): string {
  // A decimal string (digits, '-', '.') needs no escaping; the formatted one may hold any symbol.
  const amount = `"${toDecimalString(minor, format.digits)}"`;
  const formatted = JSON.stringify(formatMoney(minor, format.currency, format.digits));
  return `{"amount":${amount},"convertedAmount":${amount},"formattedAmount":${formatted},"formattedConvertedAmount":${formatted}}`;
}

/** Price `{amount, formattedAmount}` of orders. */
export function price(minor: number, format: MoneyFormat) {
  return {
    amount: toDecimalString(minor, format.digits),
    formattedAmount: formatMoney(minor, format.currency, format.digits),
  };
}

/**
 * Splits `total` over `weights` in proportion, exactly: floors first, then the remaining minor units
 * to the largest remainders (earlier lines first on ties).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => {
    const exact = BigInt(total) * BigInt(w);
    return { floor: Number(exact / BigInt(sum)), remainder: Number(exact % BigInt(sum)) };
  });
  let left = total - shares.reduce((a, s) => a + s.floor, 0);
  const order = shares.map((s, i) => ({ i, r: s.remainder })).sort((a, b) => b.r - a.r || a.i - b.i);
  const result = shares.map((s) => s.floor);
  for (const { i } of order) {
    if (left <= 0) break;
    result[i]! += 1;
    left -= 1;
  }
  return result;
}
