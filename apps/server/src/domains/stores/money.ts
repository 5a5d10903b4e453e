/**
 * Money without float arithmetic. Amounts live as integers of minor units (cents for USD, yen for
 * JPY); wire floats are read through their shortest decimal text, so 19.99 is exactly 1999 cents,
 * and every product of a rate is rounded once, half away from zero, with BigInt.
 */
import { ValidationError } from '../../lib/errors.ts';
import { divideRounded } from '../../lib/money.ts';

// The catalog's modules import every money helper from here, the shared ones too.
export { currencyDigits, divideRounded, formatMoney, toDecimalString } from '../../lib/money.ts';

export interface Decimal {
  /** The digits as an integer: 19.99 → 1999n. */
  readonly units: bigint;
  /** How many of the digits are decimals: 19.99 → 2. */
  readonly scale: number;
}

/** The exact decimal a JSON number stands for (its shortest round-trip text, exponents included). */
export function toDecimal(value: number): Decimal {
  if (!Number.isFinite(value))
    throw new ValidationError([
      { field: 'amount', description: 'must be finite', violatedRule: 'VALIDATION' },
    ]);
  const [mantissa, exponentText] = String(value).toLowerCase().split('e') as [string, string | undefined];
  const exponent = exponentText ? Number(exponentText) : 0;
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace('-', '').split('.') as [string, string | undefined];
  let units = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: negative ? -units : units, scale };
}

/** A wire float as an integer count of 10^-digits units (half away from zero beyond that). */
export function toMinor(value: number, digits: number): number {
  const { units, scale } = toDecimal(value);
  const shifted =
    scale <= digits
      ? units * 10n ** BigInt(digits - scale)
      : divideRounded(units, 10n ** BigInt(scale - digits));
  return Number(shifted);
}

/** Minor units back to the wire float (IEEE division is correctly rounded: 2199 / 100 === 21.99). */
export const fromMinor = (minor: number, digits: number): number => minor / 10 ** digits;

/**
 * `minor` changed by `rate` percent (10, -12.5): round(minor × (100 + rate) / 100). The result is
 * rounded once, so a cut and a rise of the same exact half round alike (0.225 → 0.23 either way).
 */
export function changedByPercent(minor: number, rate: number): number {
  const r = toDecimal(rate);
  const hundred = 100n * 10n ** BigInt(r.scale);
  return Number(divideRounded(BigInt(minor) * (hundred + r.units), hundred));
}

/** round(minor × the product of `multipliers` / the product of `divisors`), all decimals (per-unit prices). */
export function scaleBy(minor: number, multipliers: readonly number[], divisors: readonly number[]): number {
  let numerator = BigInt(minor);
  let denominator = 1n;
  for (const value of multipliers) {
    const { units, scale } = toDecimal(value);
    numerator *= units;
    denominator *= 10n ** BigInt(scale);
  }
  for (const value of divisors) {
    const { units, scale } = toDecimal(value);
    denominator *= units;
    numerator *= 10n ** BigInt(scale);
  }
  return Number(divideRounded(numerator, denominator));
}

/** Rounds minor units to whole currency units (for `roundToInt`). */
export function roundToWhole(minor: number, digits: number): number {
  const factor = 10n ** BigInt(digits);
  return Number(divideRounded(BigInt(minor), factor) * factor);
}

/** Weights are kept in thousandths (grams for kilograms, 1/1000 lb): exact sums and percentages. */
export const WEIGHT_DIGITS = 3;

/** A wire weight in thousandths; a finer one is refused rather than rounded. */
export function weightOf(value: number, field: string): number {
  if (toDecimal(value).scale > WEIGHT_DIGITS)
    throw new ValidationError([
      {
        field,
        description: `at most ${WEIGHT_DIGITS} decimals (a gram of a kilogram, a thousandth of a pound)`,
        violatedRule: 'DECIMAL_MAX_SCALE',
      },
    ]);
  return toMinor(value, WEIGHT_DIGITS);
}
