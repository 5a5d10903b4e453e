import { describe, expect, it } from 'vitest';
import { currencyDigits, divideRounded, formatMoney, toDecimalString } from './money.ts';

describe('money', () => {
  it('knows the decimals of a currency', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('BHD')).toBe(3);
    expect(currencyDigits('not a currency')).toBe(2);
  });

  it('rounds a quotient half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(5n, -2n)).toBe(-3n);
    expect(divideRounded(-5n, -2n)).toBe(3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(-4n, 3n)).toBe(-1n);
    expect(() => divideRounded(1n, 0n)).toThrow(/division by zero/);
  });

  it('writes minor units as a decimal string', () => {
    expect(toDecimalString(1999, 2)).toBe('19.99');
    expect(toDecimalString(5, 2)).toBe('0.05');
    expect(toDecimalString(-5, 2)).toBe('-0.05');
    expect(toDecimalString(0, 2)).toBe('0.00');
    expect(toDecimalString(1200, 0)).toBe('1200');
    expect(toDecimalString(1234, 3)).toBe('1.234');
  });

  it('formats in the currency, the same text when asked again', () => {
    expect(formatMoney(1999, 'USD', 2)).toBe('$19.99');
    expect(formatMoney(1999, 'EUR', 2)).toBe('€19.99');
    expect(formatMoney(500, 'JPY', 0)).toBe('¥500');
    expect(formatMoney(1200, 'JPY', 0)).toBe('¥1,200');
    expect(formatMoney(-250, 'USD', 2)).toBe('-$2.50');
    expect(formatMoney(1999, 'USD', 2)).toBe('$19.99');
  });
});
