import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storeRules } from './settings.ts';
import { type CouponRule, computeTotals, type TotalsLine } from './totals.ts';

const rules = (ecom: Record<string, unknown> = {}) =>
  storeRules(
    {
      payments: { test: true },
      ecom: {
        taxRates: [{ country: 'US', rate: 10 }],
        shippingOptions: [
          { code: 'std', title: 'Standard', type: 'FLAT_RATE', price: '4.00', freeOver: '50' },
        ],
        ...ecom,
      },
    },
    'USD',
  );
const item = (id: string, unitPrice: number, quantity = 1, extra: Partial<TotalsLine> = {}): TotalsLine => ({
  id,
  catalogItemId: id,
  unitPrice,
  quantity,
  purchasable: true,
  shippable: true,
  ...extra,
});
const US = { country: 'US' };

describe('ecom totals', () => {
  it('refuses amounts past the safe integer range instead of drifting', () => {
    const totalOf = (...lines: TotalsLine[]) =>
      computeTotals({ lines, rules: rules(), billingAddress: US }).total;
    const largest = 99_999_999_999_999; // $999,999,999,999.99 in cents
    expect(totalOf(item('a', largest, 80, { shippable: false }))).toBe(8_799_999_999_999_912);
    const tooLarge = { code: 'CART_TOTAL_TOO_LARGE', data: { largest: '90071992547409.91' } };
    expect(() => totalOf(item('a', largest, 1000))).toThrow(expect.objectContaining(tooLarge));
    expect(() => totalOf(item('a', largest, 90), item('b', 1, 1))).not.toThrow();
    // Each line is exact, the sum is not; nor is the tax added on top of an exact subtotal.
    expect(() => totalOf(item('a', largest, 60), item('b', largest, 60))).toThrow(
      expect.objectContaining(tooLarge),
    );
    expect(() => totalOf(item('a', largest, 89, { shippable: false }))).toThrow(
      expect.objectContaining(tooLarge),
    );
  });

  it('skips lines that cannot be bought and ships only physical items', () => {
    const totals = computeTotals({
      lines: [
        item('a', 1000, 2),
        item('b', 500, 1, { purchasable: false }),
        item('c', 300, 1, { shippable: false }),
      ],
      rules: rules(),
      shippingAddress: US,
    });
    expect(totals).toMatchObject({ subtotal: 2300, shipping: 400, tax: 230, total: 2930 });
    const digital = computeTotals({
      lines: [item('c', 300, 1, { shippable: false })],
      rules: rules(),
      shippingAddress: US,
    });
    expect(digital).toMatchObject({ shippable: false, shipping: 0, shippingOptions: [] });
  });

  it('taxes goods that do not ship where they are billed', () => {
    const ebook = [item('e', 1000, 1, { shippable: false })];
    const billed = computeTotals({ lines: ebook, rules: rules(), billingAddress: US });
    expect(billed).toMatchObject({ subtotal: 1000, shipping: 0, tax: 100, total: 1100 });
    const elsewhere = computeTotals({ lines: ebook, rules: rules(), billingAddress: { country: 'PT' } });
    expect(elsewhere).toMatchObject({ tax: 0, total: 1000 });
    // With goods that ship, the shipping address decides (the default taxable address type).
    const mixed = computeTotals({
      lines: [...ebook, item('m', 1000)],
      rules: rules(),
      billingAddress: US,
      shippingAddress: { country: 'PT' },
    });
    expect(mixed.tax).toBe(0);
  });

  it('ignores a coupon below its minimum, with a warning', () => {
    const coupon: CouponRule = {
      id: 'c',
      code: 'MIN',
      type: 'FIXED_AMOUNT',
      amount: 500,
      minimumSubtotal: 5000,
    };
    const totals = computeTotals({ lines: [item('a', 1000)], rules: rules(), coupon, shippingAddress: US });
    expect(totals.itemDiscount).toBe(0);
    expect(totals.warnings[0]?.description).toMatch(/MIN/);
  });

  it('warns when a coupon applies to none of the items', () => {
    const coupon: CouponRule = {
      id: 'c',
      code: 'MUGS',
      type: 'PERCENTAGE',
      percentMicros: 100_000,
      catalogItemIds: ['mug'],
    };
    const totals = computeTotals({ lines: [item('a', 1000)], rules: rules(), coupon, shippingAddress: US });
    expect(totals.itemDiscount).toBe(0);
    expect(totals.warnings.map((w) => w.description)).toEqual([
      'Coupon MUGS applies to none of the items in the cart.',
    ]);
    const applies = computeTotals({
      lines: [item('mug', 1000)],
      rules: rules(),
      coupon,
      shippingAddress: US,
    });
    expect([applies.itemDiscount, applies.warnings]).toEqual([100, []]);
  });

  it('never discounts below zero and keeps total = subtotal − discounts + shipping + added tax', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 0, max: 100_000 }), qty: fc.integer({ min: 1, max: 1000 }) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.oneof(
          fc.constant(undefined),
          fc
            .integer({ min: 1, max: 100 })
            .map((p): CouponRule => ({ id: 'p', code: 'P', type: 'PERCENTAGE', percentMicros: p * 10_000 })),
          fc
            .integer({ min: 1, max: 10_000_000 })
            .map((a): CouponRule => ({ id: 'f', code: 'F', type: 'FIXED_AMOUNT', amount: a })),
          fc.constant<CouponRule>({ id: 's', code: 'S', type: 'FREE_SHIPPING' }),
        ),
        fc.boolean(),
        (lines, coupon, included) => {
          const totals = computeTotals({
            lines: lines.map((l, i) => item(String(i), l.price, l.qty)),
            rules: rules({ taxIncludedInPrices: included, taxShipping: true }),
            coupon,
            merchantDiscounts: [{ amount: 700 }],
            shippingAddress: US,
          });
          for (const line of totals.lines) {
            expect(line.taxable).toBeGreaterThanOrEqual(0);
            expect(line.discount).toBeLessThanOrEqual(line.amount);
          }
          const discounts = totals.discounts.reduce((a, d) => a + d.amount, 0);
          expect(discounts).toBe(totals.itemDiscount + totals.shippingDiscount);
          expect(totals.total).toBe(
            totals.subtotal -
              totals.itemDiscount +
              totals.shipping -
              totals.shippingDiscount +
              (included ? 0 : totals.tax),
          );
          expect(totals.total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
