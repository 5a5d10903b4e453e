import { describe, expect, it } from 'vitest';
import { changedByPercent, fromMinor, roundToWhole, scaleBy, toDecimal, toMinor } from './money.ts';

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
    expect(changedByPercent(1999, 10)).toBe(2199); // 21.989 → 21.99
    expect(changedByPercent(1999, -15)).toBe(1699); // 16.9915 → 16.99
    expect(changedByPercent(1000, 12.5)).toBe(1125);
    expect(changedByPercent(333, 33.3333)).toBe(444); // 443.99989 → 444
    expect(changedByPercent(1999, -100)).toBe(0);
    expect(roundToWhole(2199, 2)).toBe(2200);
    expect(roundToWhole(2149, 2)).toBe(2100);
  });

  it('rounds the changed amount, not the change: a cut and a rise of an exact half round alike', () => {
    expect(changedByPercent(25, -10)).toBe(23); // 0.225 → 0.23
    expect(changedByPercent(1005, -10)).toBe(905); // 9.045 → 9.05
    expect(changedByPercent(1005, 10)).toBe(1106); // 11.055 → 11.06
  });

  it('scales by decimal ratios', () => {
    expect(scaleBy(1000, [100], [250])).toBe(400);
    expect(scaleBy(999, [1], [3])).toBe(333);
    expect(scaleBy(1000, [0.1], [0.3])).toBe(333);
    expect(scaleBy(750, [1, 1_000_000], [500, 1000])).toBe(1500); // $7.50 for 500 g → $15.00 per kg
    expect(scaleBy(100, [1], [0.09290304])).toBe(1076); // per square metre from per square foot
  });
});
