/**
 * Money as integer minor units (cents for USD, yen for JPY), never a float: what every selling
 * domain shares. Rounding is half away from zero, with BigInt so nothing passes through a float.
 */

const digitsCache = new Map<string, number>();

/** Decimals of a currency's minor unit (USD 2, JPY 0, BHD 3); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** numerator / denominator rounded to an integer, half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** 1999 → "19.99" (2 digits), 5 → "0.05", 1200 → "1200" (0 digits). */
export function toDecimalString(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formatted amounts already made: Intl formatting costs ~1 µs a call and a cart answer or a product
 * page formats the same few prices over and over.
 */
const formatted = new Map<string, string>();
const FORMATTED_LIMIT = 10_000;

/** "$19.99": `minor` formatted in `currency`. */
export function formatMoney(minor: number, currency: string, digits: number): string {
  const key = `${currency}:${digits}:${minor}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatWith(minor, currency, digits);
    if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

function formatWith(minor: number, currency: string, digits: number): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // A code Intl does not know still shows its amount, without a symbol.
      formatter = new Intl.NumberFormat('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    }
    formatters.set(currency, formatter);
  }
  // IEEE division is correctly rounded: 2199 / 100 === 21.99.
  return formatter.format(minor / 10 ** digits);
}
