import { describe, expect, it } from 'vitest';
import { divideDecimal, formatMoney, sumDecimals } from './decimal.ts';

describe('decimal money', () => {
  it('sums exactly where floating point would not', () => {
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(sumDecimals(Array.from({ length: 10 }, () => '0.1'))).toBe('1.00');
    expect(sumDecimals(['12', '0.005', '-2.5'])).toBe('9.505');
    expect(sumDecimals([])).toBe('0.00');
  });

  it('averages with half-away-from-zero rounding', () => {
    expect(divideDecimal('10.00', 3)).toBe('3.33');
    expect(divideDecimal('20.00', 3)).toBe('6.67');
    expect(divideDecimal('0.05', 2)).toBe('0.03');
    expect(divideDecimal('-0.05', 2)).toBe('-0.03');
    expect(divideDecimal('7', 2)).toBe('3.50');
    expect(divideDecimal('1.005', 1)).toBe('1.01');
    expect(divideDecimal('5.00', 0)).toBe('0.00');
  });

  it('formats in the currency', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('3', 'NOPE!')).toBe('3 NOPE!');
  });
});
