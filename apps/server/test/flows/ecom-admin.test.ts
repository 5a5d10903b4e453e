import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CART, cart, code, fields, line, shop } from './ecom-fixtures.ts';

const LONG = 'x'.repeat(101);

/** Settings, access levels and input checks of every ecom call (coupons: ecom-coupons.test.ts). */
describe.each(engines)('ecom settings and input checks (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t));
  });
  afterAll(() => t.close());

  it('reads and writes the checkout settings with checks', async () => {
    const read = await t.call({ method: 'GET', url: '/plaza/v1/ecom-settings', auth: site.adminKey });
    expect(read.data.settings).toMatchObject({
      payments: { test: true, offline: true },
      shippingOptions: expect.any(Array),
    });
    const bad = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/ecom-settings',
      auth: site.adminKey,
      payload: {
        settings: { shippingOptions: [{ code: 'x', title: 'X', type: 'FLAT_RATE', price: '1.001' }] },
      },
    });
    expect(fields(bad)).toEqual(['settings.shippingOptions[0].price']);
    // A rate finer than the ten-thousandth of a percent it would be applied at, as for coupons.
    const fine = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/ecom-settings',
      auth: site.adminKey,
      payload: { settings: { taxRates: [{ country: 'US', rate: 8.12345 }] } },
    });
    expect(fields(fine)).toEqual(['settings.taxRates[0].rate']);
    const lb = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/ecom-settings',
      auth: site.adminKey,
      payload: { settings: { weightUnit: 'LB', payments: { offline: false } } },
    });
    expect(lb.data.settings).toMatchObject({ weightUnit: 'LB', payments: { test: true, offline: false } });
    expect(lb.data.settings.taxRates).toHaveLength(1);
  });

  it('answers 403 to visitors and members calling owner calls, merchant discounts included', async () => {
    const owner = [
      ['POST', '/ecom/v1/orders/search', {}],
      ['POST', '/ecom/v1/orders/query', {}],
      ['GET', '/ecom/v1/orders/some-id', undefined],
      ['POST', '/ecom/v1/orders/some-id/mark-as-paid', {}],
      ['POST', '/ecom/v1/orders/some-id/cancel', {}],
      ['POST', '/plaza/v1/coupons', { coupon: { code: 'ABC', type: 'FREE_SHIPPING' } }],
      ['GET', '/plaza/v1/coupons/some-id', undefined],
      ['PATCH', '/plaza/v1/coupons/some-id', { coupon: { active: false } }],
      ['DELETE', '/plaza/v1/coupons/some-id', undefined],
      ['POST', '/plaza/v1/coupons/query', {}],
      ['GET', '/plaza/v1/ecom-settings', undefined],
      ['PATCH', '/plaza/v1/ecom-settings', { settings: {} }],
    ] as const;
    for (const kind of ['visitor', 'member'] as const) {
      const auth = await site.token(kind);
      for (const [method, url, payload] of owner) {
        const response = await t.call({ method, url, auth, ...(payload ? { payload } : {}) });
        expect([response.statusCode, code(response)], `${kind} ${method} ${url}`).toEqual([
          403,
          'PERMISSION_DENIED',
        ]);
      }
      const merchant = await cart(t, auth, 'PATCH', '', { merchantDiscounts: [{ amount: '1.00' }] });
      expect([merchant.statusCode, code(merchant)]).toEqual([403, 'PERMISSION_DENIED']);
    }
    const anonymous = await t.call({ method: 'GET', url: CART });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad input of every call with field violations', async () => {
    const visitor = await site.token('visitor');
    const cases: Array<[string, string, unknown, string, string[]]> = [
      [
        'PATCH',
        CART,
        { couponCode: '', lineItems: [{ catalogReference: { appId: 'a' } }] },
        visitor,
        ['couponCode', 'lineItems[0].catalogReference.catalogItemId'],
      ],
      [
        'POST',
        `${CART}/add-to-cart`,
        { lineItems: [{ catalogReference: { appId: '', catalogItemId: 'x' }, quantity: 0 }] },
        visitor,
        ['lineItems[0].catalogReference.appId', 'lineItems[0].quantity'],
      ],
      ['POST', `${CART}/add-to-cart`, { customLineItems: [{}] }, visitor, ['customLineItems']],
      [
        'PATCH',
        CART,
        { cartInfo: { selectedShippingOption: { code: 'bogus' } } },
        visitor,
        ['cartInfo.selectedShippingOption.code'],
      ],
      [
        'POST',
        `${CART}/add-to-cart`,
        { lineItems: [line(mug.id), line(mug.id, 1, { junk: 'x'.repeat(2000) })] },
        visitor,
        ['lineItems[1].catalogReference.options'],
      ],
      ['POST', `${CART}/remove-line-items`, { lineItemIds: [] }, visitor, ['lineItemIds']],
      [
        'POST',
        `${CART}/update-line-items-quantity`,
        { lineItems: [{ id: 'x', quantity: 1.5 }] },
        visitor,
        ['lineItems[0].quantity'],
      ],
      ['POST', `${CART}/remove-coupon`, [], visitor, ['']],
      [
        'POST',
        `${CART}/estimate-totals`,
        { calculateTax: 'yes', shippingAddress: { country: 'USA' } },
        visitor,
        ['calculateTax', 'shippingAddress.country'],
      ],
      [
        'POST',
        `${CART}/create-checkout`,
        { email: 'nope', channelType: 'web shop' },
        visitor,
        ['channelType', 'email'],
      ],
      ['GET', `/ecom/v1/checkouts/${LONG}`, undefined, visitor, ['id']],
      [
        'PATCH',
        '/ecom/v1/checkouts/c1',
        {
          checkout: {
            buyerInfo: { email: 'x' },
            shippingInfo: {
              selectedCarrierServiceOption: {},
              shippingDestination: { contactDetails: { phone: '1'.repeat(51) } },
            },
            billingInfo: { address: { country: 'Portugal' } },
          },
        },
        visitor,
        [
          'checkout.billingInfo.address.country',
          'checkout.buyerInfo.email',
          'checkout.shippingInfo.selectedCarrierServiceOption.code',
          'checkout.shippingInfo.shippingDestination.contactDetails.phone',
        ],
      ],
      [
        'POST',
        '/ecom/v1/checkouts/c1/pay',
        { paymentMethod: 'cash', card: { number: '42', expiry: '13/30', cvc: 'x' } },
        visitor,
        ['card.cvc', 'card.expiry', 'card.number', 'paymentMethod'],
      ],
      [
        'POST',
        '/ecom/v1/orders/search',
        { search: { paging: { limit: 1000 } } },
        site.adminKey,
        ['search.paging.limit'],
      ],
      [
        'POST',
        '/ecom/v1/orders/query',
        { query: { sort: [{ fieldName: '' }] } },
        site.adminKey,
        ['query.sort[0].fieldName'],
      ],
      ['GET', `/ecom/v1/orders/${LONG}`, undefined, site.adminKey, ['id']],
      ['POST', `/ecom/v1/orders/${LONG}/mark-as-paid`, {}, site.adminKey, ['id']],
      ['POST', '/ecom/v1/orders/o1/cancel', { restockAllItems: 'yes' }, site.adminKey, ['restockAllItems']],
      [
        'POST',
        '/ecom/v1/orders/o1/cancel',
        { sendOrderCanceledEmail: 'yes', customMessage: 'x'.repeat(1001) },
        site.adminKey,
        ['customMessage', 'sendOrderCanceledEmail'],
      ],
      ['POST', `/ecom/v1/payments-collector/orders/${LONG}/mark-as-paid`, {}, site.adminKey, ['ecomOrderId']],
      [
        'POST',
        '/plaza/v1/coupons',
        { coupon: { code: 'a', type: 'HALF' } },
        site.adminKey,
        ['coupon.code', 'coupon.type'],
      ],
      ['GET', `/plaza/v1/coupons/${LONG}`, undefined, site.adminKey, ['couponId']],
      [
        'PATCH',
        '/plaza/v1/coupons/c1',
        { coupon: { percentage: 200 } },
        site.adminKey,
        ['coupon.percentage'],
      ],
      ['DELETE', `/plaza/v1/coupons/${LONG}`, undefined, site.adminKey, ['couponId']],
      [
        'POST',
        '/plaza/v1/coupons/query',
        { query: { paging: { limit: -1 } } },
        site.adminKey,
        ['query.paging.limit'],
      ],
      [
        'PATCH',
        '/plaza/v1/ecom-settings',
        { settings: { taxRates: [{ country: 'USA', rate: 300 }] } },
        site.adminKey,
        ['settings.taxRates[0].country', 'settings.taxRates[0].rate'],
      ],
      [
        'PATCH',
        '/plaza/v1/ecom-settings',
        { settings: { taxIncluded: true, payments: { card: true } } },
        site.adminKey,
        ['settings.payments.card', 'settings.taxIncluded'],
      ],
      [
        'PATCH',
        '/plaza/v1/ecom-settings',
        {
          settings: {
            taxRates: [
              { country: 'US', subdivision: 'CA', rate: 7 },
              { country: 'us', subdivision: 'US-CA', rate: 8 },
            ],
          },
        },
        site.adminKey,
        ['settings.taxRates[1]'],
      ],
      [
        'PATCH',
        '/plaza/v1/ecom-settings',
        {
          settings: {
            shippingOptions: [
              { code: 'std', title: 'Standard', type: 'FLAT_RATE', price: 5 },
              {
                code: 'exp',
                title: 'Express',
                type: 'FLAT_RATE',
                regions: [
                  { country: 'US', price: 1 },
                  { country: 'US', price: 2 },
                ],
              },
            ],
          },
        },
        site.adminKey,
        ['settings.shippingOptions[1].regions[1]'],
      ],
      [
        'PATCH',
        '/plaza/v1/ecom-settings',
        {
          settings: {
            shippingOptions: [
              { code: 'std', title: 'Standard', type: 'FLAT_RATE', price: 5 },
              { code: 'std', title: 'Again', type: 'STORE_PICKUP' },
            ],
          },
        },
        site.adminKey,
        ['settings.shippingOptions[1].code'],
      ],
      ['GET', `/plaza/v1/redirect-sessions/${LONG}/checkout`, undefined, '', ['redirectSessionId']],
      ['PATCH', '/plaza/v1/redirect-sessions/s1/checkout', { email: 'x' }, '', ['email']],
      ['POST', '/plaza/v1/redirect-sessions/s1/checkout/pay', { paymentMethod: 'x' }, '', ['paymentMethod']],
      ['GET', `/plaza/v1/redirect-sessions/${LONG}/checkout/thank-you`, undefined, '', ['redirectSessionId']],
    ];
    for (const [method, url, payload, auth, expected] of cases) {
      const response = await t.call({
        method: method as 'GET',
        url,
        ...(auth ? { auth } : {}),
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(400);
      const violations = response.data.details.validationError.fieldViolations;
      expect([...new Set(violations.map((v: { field: string }) => v.field))], `${method} ${url}`).toEqual(
        expected,
      );
      for (const violation of violations) expect(violation.data).toEqual(expect.any(Object));
    }
  });
});
