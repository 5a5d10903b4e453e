/**
 * Money arrives as decimal strings ("12.50"); sums and averages are worked out exactly on scaled
 * integers, never in floating point.
 */

interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function parse(text: string): Scaled {
  const match = DECIMAL.exec(text.trim());
  if (!match) return { units: 0n, scale: 0 };
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

const rescale = (value: Scaled, scale: number) => value.units * 10n ** BigInt(scale - value.scale);

function render(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The exact sum, with as many decimals as the most precise term (at least `minScale`). */
export function sumDecimals(amounts: readonly string[], minScale = 2): string {
  const parsed = amounts.map(parse);
  const scale = Math.max(minScale, ...parsed.map((value) => value.scale));
  return render(
    parsed.reduce((sum, value) => sum + rescale(value, scale), 0n),
    scale,
  );
}

/** `amount / count` rounded half away from zero to `scale` decimals; "0.00" for no count. */
export function divideDecimal(amount: string, count: number, scale = 2): string {
  if (count <= 0) return render(0n, scale);
  const value = parse(amount);
  // At least one digit more than wanted, which decides the rounding.
  const working = Math.max(scale + 1, value.scale);
  const quotient = rescale(value, working) / BigInt(count);
  const factor = 10n ** BigInt(working - scale);
  const negative = quotient < 0n;
  const rounded = ((negative ? -quotient : quotient) + factor / 2n) / factor;
  return render(negative ? -rounded : rounded, scale);
}

/** A decimal as a number, for drawing only (bar heights), never for sums. */
export const toNumber = (amount: string): number => Number(amount) || 0;

/** The amount in the site's currency, e.g. "$1,234.50"; the bare amount when the currency is unknown. */
export function formatMoney(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
      amount as Intl.StringNumericLiteral,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}
