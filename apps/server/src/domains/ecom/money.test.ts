import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  includedTax,
  microsToRate,
  multiPrice,
  ofMicros,
  parseMoney,
  percentToMicros,
} from './money.ts';

describe('ecom money', () => {
  it('reads and writes decimal strings exactly', () => {
    expect(parseMoney('19.99', 2, 'f')).toBe(1999);
    expect(parseMoney(19.99, 2, 'f')).toBe(1999);
    expect(parseMoney('5', 2, 'f')).toBe(500);
    expect(() => parseMoney('7.50', 0, 'f')).toThrow(/at most 0 decimals/);
    expect(parseMoney('7.00', 0, 'f')).toBe(7);
    expect(() => parseMoney('1.005', 2, 'f')).toThrow(/at most 2 decimals/);
    expect(() => parseMoney('-1', 2, 'f')).toThrow(/decimal amount/);
    expect(parseMoney('120', 0, 'f')).toBe(120);
    expect(multiPrice(1999, { currency: 'USD', digits: 2 })).toEqual({
      amount: '19.99',
      convertedAmount: '19.99',
      formattedAmount: '$19.99',
      formattedConvertedAmount: '$19.99',
    });
  });

  it('rounds half-up (away from zero) once per product', () => {
    expect(percentToMicros(8.25)).toBe(82_500);
    expect(percentToMicros(100)).toBe(1_000_000);
    expect(percentToMicros(8.875)).toBe(88_750);
    expect(ofMicros(999, 72_500)).toBe(72); // 72.4275
    expect(ofMicros(9000, 72_500)).toBe(653); // 652.5 → 653
    expect(includedTax(999, 200_000)).toBe(167); // 166.5 → 167
    expect(microsToRate(72_500)).toBe('0.0725');
    expect(microsToRate(0)).toBe('0');
    expect(microsToRate(1_000_000)).toBe('1');
  });

  it('allocates every minor unit, in proportion, never more than a weight', () => {
    expect(allocate(1000, [4000, 999])).toEqual([800, 200]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(10, [0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (weights, wanted) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.min(wanted, sum);
          const shares = allocate(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });
});
