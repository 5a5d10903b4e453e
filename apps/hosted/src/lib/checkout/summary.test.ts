import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  lineView,
  needsShipping,
  paymentStatusText,
  selectedChoice,
  shippingChoices,
  totalsRows,
} from './summary.ts';
import type { Checkout, LineItem, Money } from './types.ts';

const usd = (amount: string): Money => ({ amount, formattedAmount: `$${amount}` });

const hoodie: LineItem = {
  id: 'l1',
  quantity: 2,
  productName: { original: 'Zip Hoodie', translated: 'Zip Hoodie' },
  price: usd('47.20'),
  fullPrice: usd('59.00'),
  lineItemPrice: usd('94.40'),
  descriptionLines: [
    { name: { original: 'Size' }, plainText: { original: 'S' }, lineType: 'PLAIN_TEXT' },
    {
      name: { original: 'Color' },
      colorInfo: { original: 'Heather grey', code: '#9aa1a9' },
      lineType: 'COLOR',
    },
  ],
  image: { url: 'https://shop.example/m/h.svg', altText: 'Zip Hoodie, Heather grey' },
  availability: { status: 'AVAILABLE' },
  physicalProperties: { shippable: true },
};

const standard = {
  code: 'standard',
  title: 'Standard delivery',
  logistics: { deliveryTime: '3-5 business days' },
  cost: { price: usd('5.00') },
};
const pickup = {
  code: 'pickup',
  title: 'Store pickup',
  logistics: {
    instructions: 'Collect at the counter.',
    pickupDetails: {
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '1 Plaza Way' },
    },
  },
  cost: { price: usd('0.00') },
};

function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: 'c1',
    completed: false,
    currency: 'USD',
    lineItems: [hoodie],
    priceSummary: {
      subtotal: usd('94.40'),
      discount: usd('9.44'),
      shipping: usd('5.00'),
      tax: usd('6.80'),
      total: usd('96.76'),
    },
    appliedDiscounts: [{ discountType: 'GLOBAL', coupon: { code: 'WELCOME10' } }],
    calculatedLineItems: [{ lineItemId: 'l1', pricesBreakdown: { taxDetails: { taxRate: '0.08' } } }],
    taxSummary: { calculationDetails: { rateType: 'MANUAL_RATE' } },
    taxIncludedInPrices: false,
    shippingInfo: {
      selectedCarrierServiceOption: { code: 'standard', carrierId: 'plaza' },
      carrierServiceOptions: [{ carrierId: 'plaza', shippingOptions: [standard, pickup] }],
    },
    ...overrides,
  };
}

describe('lineView', () => {
  it('shows name, options with colour swatches, quantity, sale price and line total', () => {
    expect(lineView(hoodie)).toEqual({
      id: 'l1',
      name: 'Zip Hoodie',
      image: { url: 'https://shop.example/m/h.svg', alt: 'Zip Hoodie, Heather grey' },
      details: [
        { label: 'Size', value: 'S' },
        { label: 'Color', value: 'Heather grey', color: '#9aa1a9' },
      ],
      quantity: 2,
      unitPrice: '$47.20',
      fullPrice: '$59.00',
      total: '$94.40',
    });
  });

  it('leaves out what is not there, unsafe colours, and adds a line problem', () => {
    const plain = lineView(
      {
        ...hoodie,
        fullPrice: usd('47.20'),
        image: undefined,
        descriptionLines: [
          { name: { original: 'Color' }, colorInfo: { original: 'Red', code: 'url(x)' } },
          {},
        ],
      },
      {
        violations: [
          {
            severity: 'ERROR',
            description: 'Zip Hoodie is no longer available.',
            target: { lineItem: { id: 'l1' } },
          },
        ],
      },
    );
    expect(plain.fullPrice).toBeUndefined();
    expect(plain.image).toBeUndefined();
    expect(plain.details).toEqual([{ label: 'Color', value: 'Red' }]);
    expect(plain.problem).toBe('Zip Hoodie is no longer available.');
  });
});

describe('shipping choices', () => {
  it('flattens carriers, marks pickup, says where, and calls zero "Free"', () => {
    expect(shippingChoices(checkout())).toEqual([
      {
        code: 'standard',
        carrierId: 'plaza',
        title: 'Standard delivery',
        pickup: false,
        price: '$5.00',
        details: ['3-5 business days'],
      },
      {
        code: 'pickup',
        carrierId: 'plaza',
        title: 'Store pickup',
        pickup: true,
        price: 'Free',
        details: ['Pick up at 1 Plaza Way, New York, NY', 'Collect at the counter.'],
      },
    ]);
    expect(selectedChoice(checkout())?.code).toBe('standard');
    expect(selectedChoice(checkout({ shippingInfo: {} }))).toBeUndefined();
  });

  it('knows when nothing ships', () => {
    expect(needsShipping(checkout())).toBe(true);
    expect(
      needsShipping(checkout({ lineItems: [{ ...hoodie, physicalProperties: { shippable: false } }] })),
    ).toBe(false);
  });

  it('formats addresses on one line', () => {
    expect(
      formatAddress({
        addressLine: '1 Market St',
        addressLine2: 'Unit 4',
        city: 'SF',
        subdivision: 'US-CA',
        postalCode: '94103',
      }),
    ).toBe('1 Market St, Unit 4, SF, CA 94103');
    expect(formatAddress(undefined)).toBe('');
  });
});

describe('totalsRows', () => {
  const rows = (c: Checkout, taxAddressKnown = true) =>
    totalsRows(c, { taxAddressKnown }).map((row) => [row.label, row.value]);

  it('maps the price summary: subtotal, coupon discount, shipping, tax with its rate, total', () => {
    expect(rows(checkout())).toEqual([
      ['Subtotal', '$94.40'],
      ['Discount (WELCOME10)', '−$9.44'],
      ['Shipping', '$5.00'],
      ['Tax (8%)', '$6.80'],
      ['Total', '$96.76'],
    ]);
  });

  it('says Free and Pickup, and leaves out a zero discount', () => {
    const c = checkout({
      priceSummary: { ...checkout().priceSummary, discount: usd('0.00'), shipping: usd('0.00') },
      shippingInfo: { ...checkout().shippingInfo, selectedCarrierServiceOption: { code: 'pickup' } },
    });
    expect(rows(c)).toEqual([
      ['Subtotal', '$94.40'],
      ['Pickup', 'Free'],
      ['Tax (8%)', '$6.80'],
      ['Total', '$96.76'],
    ]);
  });

  it('does not claim zero tax before the address is known, and names included tax', () => {
    const untaxed = checkout({
      taxSummary: { calculationDetails: { rateType: 'NO_TAX_COLLECTED' } },
      calculatedLineItems: [{ lineItemId: 'l1', pricesBreakdown: { taxDetails: { taxRate: '0' } } }],
      priceSummary: { ...checkout().priceSummary, tax: usd('0.00') },
    });
    const tax = (c: Checkout, known: boolean) =>
      totalsRows(c, { taxAddressKnown: known }).find((r) => r.id === 'tax');
    expect(tax(untaxed, false)).toEqual({
      id: 'tax',
      label: 'Tax',
      value: 'Depends on address',
      pending: true,
    });
    expect(tax(untaxed, true)).toEqual({ id: 'tax', label: 'Tax', value: '$0.00' });
    expect(tax(checkout({ taxIncludedInPrices: true }), true)?.label).toBe('Tax included (8%)');
    const odd = checkout({
      calculatedLineItems: [{ lineItemId: 'l1', pricesBreakdown: { taxDetails: { taxRate: '0.0725' } } }],
    });
    expect(tax(odd, true)?.label).toBe('Tax (7.25%)');
    const mixed = checkout({
      calculatedLineItems: [
        { lineItemId: 'l1', pricesBreakdown: { taxDetails: { taxRate: '0.0725' } } },
        { lineItemId: 'l2', pricesBreakdown: { taxDetails: { taxRate: '0' } } },
      ],
    });
    expect(tax(mixed, true)?.label).toBe('Tax');
  });

  it('has no shipping row for digital orders, and flags a destination nobody delivers to', () => {
    const digital = checkout({ lineItems: [{ ...hoodie, physicalProperties: { shippable: false } }] });
    expect(rows(digital).map(([label]) => label)).not.toContain('Shipping');
    const nowhere = checkout({ shippingInfo: { carrierServiceOptions: [] } });
    expect(totalsRows(nowhere, { taxAddressKnown: true }).find((r) => r.id === 'shipping')).toEqual({
      id: 'shipping',
      label: 'Shipping',
      value: 'Not available',
      pending: true,
    });
  });
});

describe('paymentStatusText', () => {
  it('explains each payment status', () => {
    expect(paymentStatusText('PAID')).toBe('Paid');
    expect(paymentStatusText('NOT_PAID')).toMatch(/store will tell you how to pay/);
    expect(paymentStatusText('AUTHORIZED')).toMatch(/reserved/);
    expect(paymentStatusText('PARTIALLY_PAID')).toBe('Partially paid');
  });
});
