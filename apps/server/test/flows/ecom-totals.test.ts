import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, cart, line, settings, shopSettings } from './ecom-fixtures.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

/**
 * estimate-totals against hand-computed figures. Products: A $20.00, B $9.99, C $0.07. Base
 * settings: US-CA 7.25 % added; "standard" $5.00 (Canada $9.00), free from $100; "pickup" in US-NY.
 * Rounding is half-up per line.
 */
interface Case {
  name: string;
  settings?: Record<string, unknown>;
  lines: Array<['A' | 'B' | 'C', number]>;
  coupon?: Record<string, unknown>;
  merchant?: { amount: string; line?: 'A' | 'B' };
  body?: Record<string, unknown>;
  expected: { subtotal: string; discount: string; shipping: string; tax: string; total: string };
  discounts?: string[];
  selected?: string;
  rate?: { rateType: string; manualRateReason?: string };
}

const CA = { country: 'US', subdivision: 'US-CA' };
const cases: Case[] = [
  {
    name: 'tax added per line (2.90 + 0.72)',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    body: { shippingAddress: CA },
    expected: { subtotal: '49.99', discount: '0.00', shipping: '5.00', tax: '3.62', total: '58.61' },
    selected: 'standard',
    rate: { rateType: 'MANUAL_RATE', manualRateReason: 'REGION_SETTING_TO_MANUAL' },
  },
  {
    name: 'tax included in prices (2.70 + 0.68)',
    settings: { taxIncludedInPrices: true },
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    body: { shippingAddress: { country: 'us', subdivision: 'CA' } },
    expected: { subtotal: '49.99', discount: '0.00', shipping: '5.00', tax: '3.38', total: '54.99' },
  },
  {
    name: 'global rate, included, half-up on an exact half (6.67 + 1.67)',
    settings: { taxIncludedInPrices: true, taxRates: [{ country: '*', rate: 20 }] },
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    body: { shippingAddress: { country: 'DE' } },
    expected: { subtotal: '49.99', discount: '0.00', shipping: '5.00', tax: '8.34', total: '54.99' },
    rate: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
  },
  {
    name: 'percentage coupon, global (4.00 + 1.00 off)',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    coupon: { type: 'PERCENTAGE', percentage: 10 },
    body: { shippingAddress: CA },
    expected: { subtotal: '49.99', discount: '5.00', shipping: '5.00', tax: '3.26', total: '53.25' },
    discounts: ['GLOBAL'],
  },
  {
    name: 'fixed-amount coupon split in proportion (8.00 + 2.00)',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    coupon: { type: 'FIXED_AMOUNT', amount: '10.00' },
    body: { shippingAddress: CA },
    expected: { subtotal: '49.99', discount: '10.00', shipping: '5.00', tax: '2.90', total: '47.89' },
    discounts: ['GLOBAL'],
  },
  {
    name: 'coupon on specific items (50 % of B, 4.995 → 5.00)',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    coupon: { type: 'PERCENTAGE', percentage: 50, scope: { catalogItemIds: ['B'] } },
    body: { shippingAddress: CA },
    expected: { subtotal: '49.99', discount: '5.00', shipping: '5.00', tax: '3.26', total: '53.25' },
    discounts: ['SPECIFIC_ITEMS'],
  },
  {
    name: 'free-shipping coupon',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    coupon: { type: 'FREE_SHIPPING' },
    body: { shippingAddress: CA },
    expected: { subtotal: '49.99', discount: '5.00', shipping: '5.00', tax: '3.62', total: '53.61' },
    discounts: ['SHIPPING'],
  },
  {
    name: 'merchant discount on one line (owner)',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    merchant: { amount: '3.00', line: 'B' },
    body: { shippingAddress: CA },
    expected: { subtotal: '49.99', discount: '3.00', shipping: '5.00', tax: '3.41', total: '55.40' },
    discounts: ['SPECIFIC_ITEMS'],
  },
  {
    name: 'free shipping from $100',
    lines: [['A', 5]],
    body: { shippingAddress: CA },
    expected: { subtotal: '100.00', discount: '0.00', shipping: '0.00', tax: '7.25', total: '107.25' },
  },
  {
    name: 'threshold counts after discounts; 6.525 → 6.53',
    lines: [['A', 5]],
    coupon: { type: 'PERCENTAGE', percentage: 10 },
    body: { shippingAddress: CA },
    expected: { subtotal: '100.00', discount: '10.00', shipping: '5.00', tax: '6.53', total: '101.53' },
  },
  {
    name: 'regional flat rate, no tax collected there',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    body: { shippingAddress: { country: 'CA', subdivision: 'CA-QC' } },
    expected: { subtotal: '49.99', discount: '0.00', shipping: '9.00', tax: '0.00', total: '58.99' },
    rate: { rateType: 'NO_TAX_COLLECTED' },
  },
  {
    name: 'store pickup: free, taxed at the pickup address (US-NY 8.875 %)',
    settings: { taxRates: [...shopSettings.taxRates, { country: 'US', subdivision: 'NY', rate: 8.875 }] },
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    body: { shippingAddress: CA, selectedShippingOption: { code: 'pickup' } },
    expected: { subtotal: '49.99', discount: '0.00', shipping: '0.00', tax: '4.44', total: '54.43' },
    selected: 'pickup',
  },
  {
    name: 'shipping taxed too; a cent of tax on $0.07',
    settings: { taxShipping: true },
    lines: [['C', 1]],
    body: { shippingAddress: CA },
    expected: { subtotal: '0.07', discount: '0.00', shipping: '5.00', tax: '0.37', total: '5.44' },
  },
  {
    name: 'calculateTax false',
    lines: [
      ['A', 2],
      ['B', 1],
    ],
    body: { shippingAddress: CA, calculateTax: false },
    expected: { subtotal: '49.99', discount: '0.00', shipping: '5.00', tax: '0.00', total: '54.99' },
  },
];

describe.each(engines)('ecom estimate-totals (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it.each(cases)('$name', async (c) => {
    const site = await t.createSite();
    await settings(t, site, { ...shopSettings, ...c.settings });
    const ids: Record<string, string> = {};
    for (const [key, price] of [
      ['A', 20],
      ['B', 9.99],
      ['C', 0.07],
    ] as const) {
      const product = await createProduct(
        t,
        site,
        tShirt({ name: key, productOptions: [], priceData: { price }, stock: { trackInventory: false } }),
      );
      ids[key] = product.id;
    }
    const auth = c.merchant ? site.adminKey : await site.token('visitor');
    const added = await addLines(
      t,
      auth,
      c.lines.map(([key, quantity]) => line(ids[key]!, quantity)),
    );
    if (c.coupon) {
      const scope = c.coupon.scope as { catalogItemIds: string[] } | undefined;
      const coupon = {
        code: 'SAVE',
        ...c.coupon,
        ...(scope ? { scope: { catalogItemIds: scope.catalogItemIds.map((k) => ids[k]!) } } : {}),
      };
      const created = await t.call({
        method: 'POST',
        url: '/plaza/v1/coupons',
        auth: site.adminKey,
        payload: { coupon },
      });
      expect(created.statusCode, created.body).toBe(200);
      const applied = await cart(t, auth, 'PATCH', '', { couponCode: 'save' });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    if (c.merchant) {
      const lineId = added.lineItems.find(
        (l: any) => l.catalogReference.catalogItemId === ids[c.merchant!.line!],
      ).id;
      const applied = await cart(t, auth, 'PATCH', '', {
        merchantDiscounts: [{ amount: c.merchant.amount, lineItemIds: [lineId] }],
      });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const response = await cart(t, auth, 'POST', '/estimate-totals', c.body ?? {});
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.data.priceSummary;
    expect({
      subtotal: summary.subtotal.amount,
      discount: summary.discount.amount,
      shipping: summary.shipping.amount,
      tax: summary.tax.amount,
      total: summary.total.amount,
    }).toEqual(c.expected);
    expect(summary.total.formattedAmount).toBe(`$${c.expected.total}`);
    if (c.discounts)
      expect(response.data.appliedDiscounts.map((d: any) => d.discountType)).toEqual(c.discounts);
    if (c.selected) expect(response.data.shippingInfo.selectedCarrierServiceOption.code).toBe(c.selected);
    if (c.rate) expect(response.data.taxSummary.calculationDetails).toEqual(c.rate);
    const lineTax = response.data.calculatedLineItems.reduce(
      (sum: number, l: any) => sum + Math.round(Number(l.pricesBreakdown.taxDetails.totalTax.amount) * 100),
      0,
    );
    expect(lineTax).toBeLessThanOrEqual(Math.round(Number(c.expected.tax) * 100));
  });

  it('answers shipping options, violations and the request shape of map 9', async () => {
    const site = await t.createSite();
    await settings(t, site, shopSettings);
    const visitor = await site.token('visitor');
    const product = await createProduct(
      t,
      site,
      tShirt({
        name: 'Last one',
        productOptions: [],
        priceData: { price: 10 },
        stock: { trackInventory: true, quantity: 1 },
      }),
    );
    await addLines(t, visitor, [line(product.id, 2), line('gone')]);
    const response = await cart(t, visitor, 'POST', '/estimate-totals', { shippingAddress: CA });
    expect(response.data.shippingInfo.carrierServiceOptions).toEqual([
      {
        carrierId: 'plaza',
        shippingOptions: [
          expect.objectContaining({
            code: 'standard',
            title: 'Standard',
            cost: expect.objectContaining({ price: expect.objectContaining({ amount: '5.00' }) }),
          }),
          expect.objectContaining({
            code: 'pickup',
            logistics: { pickupDetails: expect.objectContaining({ pickupMethod: 'STORE_PICKUP' }) },
          }),
        ],
      },
    ]);
    expect(response.data.violations).toEqual([
      expect.objectContaining({
        severity: 'WARNING',
        target: { lineItem: expect.objectContaining({ name: 'LINE_ITEM_DEFAULT' }) },
      }),
      expect.objectContaining({ severity: 'ERROR', suggestedFix: 'REMOVE_LINE_ITEM' }),
    ]);
    expect(response.data).toMatchObject({
      currency: 'USD',
      weightUnit: 'KG',
      cart: { subtotal: { amount: '20.00' } },
      payNow: { total: { amount: '26.45' } },
      payLater: { total: { amount: '0.00' } },
      membershipOptions: { eligibleMemberships: [] },
    });
  });
});
