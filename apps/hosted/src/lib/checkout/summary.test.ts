import { describe, expect, it } from 'vitest';
import {
  billingText,
  formatAddress,
  lineView,
  needsShipping,
  paymentStatusText,
  scheduleText,
  selectedChoice,
  shippingChoices,
  taxAddressKnown,
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
  itemType: { preset: 'PHYSICAL', custom: '' },
  paymentOption: 'FULL_PAYMENT_ONLINE',
  priceDescription: { original: '', translated: '' },
  fixedQuantity: false,
};

/** ICU puts narrow and thin spaces around times and dashes; the tests read them as spaces. */
const plain = (value: string | undefined) => value?.replace(/\s/g, ' ');
const schedule = (...args: Parameters<typeof scheduleText>) => plain(scheduleText(...args));
const whenOf = (...args: Parameters<typeof lineView>) => plain(lineView(...args).when);

const UTC = { timeZone: 'UTC', locale: 'en-US' };
const NEW_YORK = { timeZone: 'America/New_York', locale: 'en-US' };
const KOLKATA = { timeZone: 'Asia/Kolkata', locale: 'en-US' };

/** A booked class: an hour on Dec 1, 2026 at 10:00 UTC, with its staff and place as descriptions. */
const yoga: LineItem = {
  id: 's1',
  quantity: 1,
  productName: { original: 'Morning Yoga' },
  price: usd('30.00'),
  fullPrice: usd('30.00'),
  lineItemPrice: usd('30.00'),
  descriptionLines: [
    { name: { original: 'Staff' }, plainText: { original: 'Dana Levi' }, lineType: 'PLAIN_TEXT' },
    { name: { original: 'Location' }, plainText: { original: 'Studio 2' }, lineType: 'PLAIN_TEXT' },
  ],
  availability: { status: 'AVAILABLE' },
  physicalProperties: { shippable: false },
  itemType: { preset: 'SERVICE', custom: '' },
  paymentOption: 'DEPOSIT_ONLINE',
  depositAmount: usd('10.00'),
  priceDescription: { original: 'Per person' },
  serviceProperties: {
    scheduledDate: '2026-12-01T10:00:00.000Z',
    endDate: '2026-12-01T11:00:00.000Z',
    numberOfParticipants: 3,
  },
  policies: [
    { title: 'Cancellation', content: 'Free cancellation up to 24 hours before.' },
    { title: '', content: 'Arrive 10 minutes early.' },
    { title: 'Empty', content: '  ' },
  ],
};

const plan = (
  settings: NonNullable<LineItem['subscriptionOptionInfo']>['subscriptionSettings'],
): LineItem => ({
  ...yoga,
  id: 'p1',
  productName: { original: 'Gold membership' },
  descriptionLines: [],
  itemType: { preset: 'DIGITAL', custom: '' },
  paymentOption: 'FULL_PAYMENT_ONLINE',
  priceDescription: { original: '' },
  serviceProperties: undefined,
  policies: undefined,
  subscriptionOptionInfo: {
    subscriptionSettings: settings,
    title: { original: 'Gold' },
    description: { original: '' },
  },
});

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

  it('shows a store line exactly as before, in any time zone', () => {
    for (const clock of [UTC, NEW_YORK, KOLKATA])
      expect(lineView(hoodie, undefined, clock)).toEqual(lineView(hoodie));
    expect(Object.keys(lineView(hoodie, undefined, KOLKATA)).sort()).toEqual(
      ['details', 'fullPrice', 'id', 'image', 'name', 'quantity', 'total', 'unitPrice'].sort(),
    );
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
    expect(plain.textOnly).toBeUndefined();
    expect(plain.details).toEqual([{ label: 'Color', value: 'Red' }]);
    expect(plain.problem).toBe('Zip Hoodie is no longer available.');
  });
});

describe('lines beyond the store', () => {
  it('shows a booking: local time with its zone, staff and place, participants, deposit, policies', () => {
    const view = lineView(yoga, undefined, UTC);
    expect({ ...view, when: plain(view.when) }).toEqual({
      id: 's1',
      name: 'Morning Yoga',
      details: [
        { label: 'Staff', value: 'Dana Levi' },
        { label: 'Location', value: 'Studio 2' },
      ],
      quantity: 1,
      unitPrice: '$30.00',
      total: '$30.00',
      when: 'Tue, Dec 1, 2026, 10:00 – 11:00 AM UTC',
      participants: '3 participants',
      priceDescription: 'Per person',
      deposit: 'Due now: $10.00 deposit',
      policies: [
        { title: 'Cancellation', content: 'Free cancellation up to 24 hours before.' },
        { title: 'Policy', content: 'Arrive 10 minutes early.' },
      ],
      textOnly: true,
    });
    // A picture is shown as for goods.
    expect(
      lineView({ ...yoga, image: { url: 'https://studio.example/yoga.jpg' } }, undefined, UTC),
    ).toMatchObject({ image: { url: 'https://studio.example/yoga.jpg', alt: 'Morning Yoga' } });
    expect(
      lineView({ ...yoga, image: { url: 'https://studio.example/yoga.jpg' } }, undefined, UTC),
    ).not.toHaveProperty('textOnly');
  });

  it("says the time in the buyer's zone", () => {
    expect(whenOf(yoga, undefined, NEW_YORK)).toBe('Tue, Dec 1, 2026, 5:00 – 6:00 AM EST');
    expect(whenOf(yoga, undefined, KOLKATA)).toBe('Tue, Dec 1, 2026, 3:30 – 4:30 PM GMT+5:30');
    expect(whenOf(yoga, undefined, { timeZone: 'Europe/London', locale: 'en-GB' })).toBe(
      'Tue, 1 Dec 2026, 10:00–11:00 GMT',
    );
    // Evening in UTC is the next morning in Kolkata.
    const late = {
      ...yoga.serviceProperties,
      scheduledDate: '2026-12-01T20:00:00Z',
      endDate: '2026-12-01T21:00:00Z',
    };
    expect(whenOf({ ...yoga, serviceProperties: late }, undefined, KOLKATA)).toBe(
      'Wed, Dec 2, 2026, 1:30 – 2:30 AM GMT+5:30',
    );
  });

  it('names each end its own zone when the clocks change in between (New York)', () => {
    // Nov 1, 2026: at 2:00 EDT the clocks go back to 1:00 EST, so 1:30 happens twice.
    expect(schedule('2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', NEW_YORK)).toBe(
      'Sun, Nov 1, 2026, 1:30 AM EDT – 1:30 AM EST',
    );
    expect(schedule('2026-11-01T04:30:00Z', '2026-11-01T06:30:00Z', NEW_YORK)).toBe(
      'Sun, Nov 1, 2026, 12:30 AM EDT – 1:30 AM EST',
    );
    // Mar 8, 2026: 2:00 EST jumps to 3:00 EDT; a one-hour class from 1:30 ends at 3:30.
    expect(schedule('2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z', NEW_YORK)).toBe(
      'Sun, Mar 8, 2026, 1:30 AM EST – 3:30 AM EDT',
    );
    expect(schedule('2026-10-31T23:00:00Z', '2026-11-01T07:00:00Z', NEW_YORK)).toBe(
      'Sat, Oct 31, 2026, 7:00 PM EDT – Sun, Nov 1, 2026, 2:00 AM EST',
    );
    // The same UTC hour is 6:00 in summer and 5:00 in winter.
    expect(schedule('2026-07-01T10:00:00Z', undefined, NEW_YORK)).toBe('Wed, Jul 1, 2026, 6:00 AM EDT');
    expect(schedule('2026-12-01T10:00:00Z', undefined, NEW_YORK)).toBe('Tue, Dec 1, 2026, 5:00 AM EST');
  });

  it('shows a ticket: the event day, one time without an end, no participants line for one', () => {
    const ticket: LineItem = {
      ...yoga,
      id: 't1',
      quantity: 2,
      fixedQuantity: true,
      productName: { original: 'General admission' },
      descriptionLines: [
        { name: { original: 'Event' }, plainText: { original: 'Jazz Night' } },
        { name: { original: 'Venue' }, plainText: { original: 'Blue Hall' } },
      ],
      paymentOption: 'FULL_PAYMENT_ONLINE',
      priceDescription: { original: '' },
      policies: [],
      serviceProperties: { scheduledDate: '2026-12-04T19:30:00Z', numberOfParticipants: 1 },
    };
    const view = lineView(ticket, undefined, UTC);
    expect(plain(view.when)).toBe('Fri, Dec 4, 2026, 7:30 PM UTC');
    expect(view.details).toEqual([
      { label: 'Event', value: 'Jazz Night' },
      { label: 'Venue', value: 'Blue Hall' },
    ]);
    expect(view.quantity).toBe(2);
    // Paid in full: the deposit amount the provider knows is not what is due now.
    for (const key of ['participants', 'deposit', 'priceDescription', 'policies', 'billing'])
      expect(view).not.toHaveProperty(key);
  });

  it('leaves out a time it cannot read, and an end before the start', () => {
    expect(schedule('not a date', undefined, UTC)).toBeUndefined();
    expect(schedule(undefined, '2026-12-01T10:00:00Z', UTC)).toBeUndefined();
    expect(schedule('2026-12-01T10:00:00Z', '2026-12-01T09:00:00Z', UTC)).toBe(
      'Tue, Dec 1, 2026, 10:00 AM UTC',
    );
    expect(
      lineView({ ...yoga, serviceProperties: { scheduledDate: '' } }, undefined, UTC),
    ).not.toHaveProperty('when');
  });

  it("says a plan's billing period in words", () => {
    const billed = (settings: Parameters<typeof plan>[0]) => lineView(plan(settings), undefined, UTC).billing;
    const base = { autoRenewal: true, enableCustomerCancellation: true };
    expect(billed({ ...base, frequency: 'MONTH', interval: 1, billingCycles: 12 })).toEqual([
      'Billed monthly, 12 payments',
    ]);
    expect(billed({ ...base, frequency: 'WEEK', interval: 2 })).toEqual([
      'Billed every 2 weeks until canceled',
    ]);
    expect(
      billed({ ...base, frequency: 'YEAR', interval: 1, freeTrialPeriod: { frequency: 'DAY', interval: 7 } }),
    ).toEqual(['Billed yearly until canceled', 'Free trial: 7 days']);
    expect(
      billed({
        ...base,
        frequency: 'DAY',
        interval: 3,
        billingCycles: 4,
        freeTrialPeriod: { frequency: 'MONTH', interval: 1 },
      }),
    ).toEqual(['Billed every 3 days, 4 payments', 'Free trial: 1 month']);
    expect(billed({ ...base, frequency: 'MONTH', interval: 1, billingCycles: 1 })).toEqual([
      'Single payment',
    ]);
    expect(billed({ ...base, frequency: 'UNDEFINED', interval: 0 })).toEqual(['Single payment']);
    expect(billingText({})).toEqual(['Single payment']);
    const monthly = lineView(plan({ frequency: 'MONTH', interval: 1 }), undefined, UTC);
    expect(monthly).not.toHaveProperty('when');
    expect(monthly.textOnly).toBe(true);
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

describe('taxAddressKnown', () => {
  it('needs the state where the country has states, else a postal code, with the country', () => {
    expect(taxAddressKnown(undefined)).toBe(false);
    expect(taxAddressKnown({ country: 'US' })).toBe(false);
    expect(taxAddressKnown({ country: 'US' }, '94103')).toBe(false);
    expect(taxAddressKnown({ country: 'US', subdivision: 'US-CA' })).toBe(true);
    expect(taxAddressKnown({ country: 'DE' })).toBe(false);
    expect(taxAddressKnown({ country: 'DE' }, ' 10115 ')).toBe(true);
    expect(taxAddressKnown({ country: 'de', postalCode: '10115' })).toBe(true);
    expect(taxAddressKnown({ postalCode: '10115' })).toBe(false);
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

  it('shows no tax amount before the address is known, nor counts it in the total', () => {
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
      value: 'Calculated at next step',
      pending: true,
    });
    // A default rate taxed the order already: the total leaves that tax out until the address is in.
    expect(rows(checkout(), false).slice(-2)).toEqual([
      ['Tax', 'Calculated at next step'],
      ['Total', '$89.96'],
    ]);
    // Tax included in the prices changes no total: it is said as it is.
    expect(rows(checkout({ taxIncludedInPrices: true }), false).slice(-2)).toEqual([
      ['Tax included (8%)', '$6.80'],
      ['Total', '$96.76'],
    ]);
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
