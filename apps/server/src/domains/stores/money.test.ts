import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  divideRounded,
  formatMoney,
  fromMinor,
  percentOf,
  roundToWhole,
  scaleBy,
  toDecimal,
  toMinor,
} from './money.ts';

describe('money', () => {
  it('reads wire floats through their decimal text', () => {
    expect(toDecimal(19.99)).toEqual({ units: 1999n, scale: 2 });
    expect(toDecimal(1e21)).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(toDecimal(1.5e-7)).toEqual({ units: 15n, scale: 8 });
    expect(toDecimal(-0.1)).toEqual({ units: -1n, scale: 1 });
  });

  it('converts to minor units exactly, rounding half away from zero', () => {
    expect(toMinor(19.99, 2)).toBe(1999);
    expect(toMinor(0.1 + 0.2, 2)).toBe(30);
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(-1.005, 2)).toBe(-101);
    expect(toMinor(1234, 0)).toBe(1234);
    expect(fromMinor(2199, 2)).toBe(21.99);
  });

  it('computes percentages without float drift', () => {
    expect(percentOf(1999, 10)).toBe(200); // 199.9 → 200
    expect(1999 + percentOf(1999, 10)).toBe(2199);
    expect(percentOf(1999, -15)).toBe(-300); // -299.85 → -300
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(333, 33.3333)).toBe(111);
    expect(roundToWhole(2199, 2)).toBe(2200);
    expect(roundToWhole(2149, 2)).toBe(2100);
  });

  it('scales by decimal ratios', () => {
    expect(scaleBy(1000, 100, 250)).toBe(400);
    expect(scaleBy(999, 1, 3)).toBe(333);
    expect(scaleBy(1000, 0.1, 0.3)).toBe(333);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
  });

  it('formats in the currency', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(formatMoney(1999, 'USD', 2)).toBe('$19.99');
    expect(formatMoney(1999, 'EUR', 2)).toBe('€19.99');
    expect(formatMoney(500, 'JPY', 0)).toBe('¥500');
  });
});
