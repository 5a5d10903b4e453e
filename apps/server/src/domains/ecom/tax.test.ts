import { describe, expect, it } from 'vitest';
import { storeRules } from './settings.ts';
import { rateFor } from './tax.ts';
import { computeTotals, type TotalsLine } from './totals.ts';

const TAX_RATES = [
  { country: 'US', subdivision: 'CA', rate: 7.25, name: 'CA sales tax' },
  { country: 'US', subdivision: 'CA', rate: 5, itemType: 'DIGITAL', name: 'CA digital' },
  { country: 'US', subdivision: 'NY', rate: 4, name: 'NY sales tax' },
  { country: 'US', subdivision: 'NY', rate: 8, itemType: 'DIGITAL', name: 'NY digital' },
  { country: 'US', subdivision: 'NY', rate: 2, itemType: 'SHIPPING', name: 'NY shipping' },
  { country: 'US', rate: 1, itemType: 'SHIPPING', name: 'US shipping' },
  { country: 'US', rate: 3, name: 'US tax' },
  { country: '*', rate: 20, itemType: 'SERVICE', name: 'Services' },
];

const rules = (ecom: Record<string, unknown> = {}) =>
  storeRules(
    {
      ecom: {
        taxRates: TAX_RATES,
        shippingOptions: [{ code: 'std', title: 'Standard', type: 'FLAT_RATE', price: '5.00' }],
        ...ecom,
      },
    },
    'USD',
  );

const line = (id: string, unitPrice: number, itemType: TotalsLine['itemType']): TotalsLine => ({
  id,
  catalogItemId: id,
  unitPrice,
  quantity: 1,
  purchasable: true,
  shippable: itemType === 'PHYSICAL',
  itemType,
});

describe('tax rates per place and item type', () => {
  const named = (region: { country: string; subdivision?: string } | undefined, itemType?: string) =>
    rateFor(rules(), region, itemType as never)?.name;

  it('takes the most local place with a rate, the item type’s own before the place’s rate for every line', () => {
    const CA = { country: 'US', subdivision: 'US-CA' };
    expect(named(CA, 'PHYSICAL')).toBe('CA sales tax');
    expect(named(CA, 'DIGITAL')).toBe('CA digital');
    expect(named(CA, undefined)).toBe('CA sales tax');
    // Texas has no rate of its own: the country's.
    expect(named({ country: 'US', subdivision: 'US-TX' }, 'DIGITAL')).toBe('US tax');
    expect(named({ country: 'PT' }, 'PHYSICAL')).toBeUndefined();
    expect(named({ country: 'PT' }, 'SERVICE')).toBe('Services');
    expect(named(undefined, 'SERVICE')).toBe('Services');
  });

  it('taxes shipping by a SHIPPING rate, or the place’s rate for every line only with taxShipping', () => {
    const CA = { country: 'US', subdivision: 'US-CA' };
    expect(named({ country: 'US', subdivision: 'US-NY' }, 'SHIPPING')).toBe('NY shipping');
    // California has no SHIPPING rate; its rate for every line does not tax shipping unless asked to.
    expect(named(CA, 'SHIPPING')).toBe('US shipping');
    expect(rateFor(rules({ taxShipping: true }), CA, 'SHIPPING')?.name).toBe('CA sales tax');
    expect(rateFor(rules({ taxRates: [{ country: 'US', rate: 3 }] }), CA, 'SHIPPING')).toBeUndefined();
  });

  it('taxes a physical and a digital good and shipping each by its rate, listing each rate applied', () => {
    const lines = [line('mug', 2000, 'PHYSICAL'), line('ebook', 1000, 'DIGITAL')];
    const ca = computeTotals({
      lines,
      rules: rules(),
      shippingAddress: { country: 'US', subdivision: 'CA' },
    });
    expect(ca.lines.map((l) => [l.tax, l.rate.name])).toEqual([
      [145, 'CA sales tax'],
      [50, 'CA digital'],
    ]);
    expect(ca).toMatchObject({ shipping: 500, shippingTax: 5, tax: 200, total: 3700, taxableAmount: 3500 });
    expect(ca.taxBreakdown.map((entry) => [entry.rule.name, entry.taxable, entry.tax])).toEqual([
      ['CA sales tax', 2000, 145],
      ['CA digital', 1000, 50],
      ['US shipping', 500, 5],
    ]);
    expect(ca.taxRate).toMatchObject({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'REGION_SETTING_TO_MANUAL',
    });

    const ny = computeTotals({
      lines,
      rules: rules(),
      shippingAddress: { country: 'US', subdivision: 'NY' },
    });
    expect(ny.lines.map((l) => l.tax)).toEqual([80, 80]);
    expect(ny).toMatchObject({ shippingTax: 10, tax: 170, total: 3670 });

    const untaxed = computeTotals({ lines, rules: rules(), shippingAddress: { country: 'PT' } });
    expect(untaxed).toMatchObject({ tax: 0, taxBreakdown: [], taxRate: { rateType: 'NO_TAX_COLLECTED' } });
    const notAsked = computeTotals({
      lines,
      rules: rules(),
      shippingAddress: { country: 'US', subdivision: 'CA' },
      calculateTax: false,
    });
    expect(notAsked).toMatchObject({ tax: 0, taxBreakdown: [] });
  });

  it('adds lines taxed by one rate into one entry, and takes included tax out of the price', () => {
    const lines = [line('a', 1000, 'DIGITAL'), line('b', 1000, 'DIGITAL')];
    const included = computeTotals({
      lines,
      rules: rules({ taxIncludedInPrices: true }),
      billingAddress: { country: 'US', subdivision: 'NY' },
    });
    // 8 % included in 10.00: 0.74 each.
    expect(included).toMatchObject({ tax: 148, total: 2000 });
    expect(included.taxBreakdown).toHaveLength(1);
    expect(included.taxBreakdown[0]).toMatchObject({ taxable: 2000, tax: 148 });
  });
});
