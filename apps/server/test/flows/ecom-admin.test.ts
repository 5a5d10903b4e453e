import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, CART, cart, checkoutOf, line, pay, shop } from './ecom-fixtures.ts';

const code = (response: { data: any }) => response.data.details?.applicationError?.code;
const fields = (response: { data: any }) =>
  response.data.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
const LONG = 'x'.repeat(101);

/** Coupons, settings, access levels and input checks of every ecom call. */
describe.each(engines)('ecom coupons, settings and input checks (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t));
  });
  afterAll(() => t.close());

  const coupon = (body: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/plaza/v1/coupons', auth: site.adminKey, payload: { coupon: body } });

  it('manages coupons: case-insensitive unique codes, usages, updates and deletes', async () => {
    const created = await coupon({
      code: 'Summer10',
      type: 'PERCENTAGE',
      percentage: 10,
      minimumSubtotal: 30,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.data.coupon).toMatchObject({
      code: 'SUMMER10',
      type: 'PERCENTAGE',
      active: true,
      minimumSubtotal: '30.00',
      numberOfUsages: 0,
      revision: '1',
    });
    const id = created.data.coupon.id;
    expect(code(await coupon({ code: 'summer10', type: 'FREE_SHIPPING' }))).toBe(
      'COUPON_CODE_ALREADY_EXISTS',
    );
    const missing = await coupon({ code: 'FIXED', type: 'FIXED_AMOUNT' });
    expect(fields(missing)).toEqual(['coupon.amount']);
    const decimals = await coupon({ code: 'FIXED', type: 'FIXED_AMOUNT', amount: '1.005' });
    expect(decimals.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'coupon.amount',
      violatedRule: 'DECIMAL_MAX_SCALE',
    });
    const updated = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${id}`,
      auth: site.adminKey,
      payload: { coupon: { id, percentage: 15, revision: '1' } },
    });
    expect(updated.data.coupon).toMatchObject({ percentage: 15, revision: '2', code: 'SUMMER10' });
    const stale = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${id}`,
      auth: site.adminKey,
      payload: { coupon: { id, active: false, revision: '1' } },
    });
    expect([stale.statusCode, code(stale)]).toEqual([409, 'REVISION_MISMATCH']);
    const read = await t.call({ method: 'GET', url: `/plaza/v1/coupons/${id}`, auth: site.adminKey });
    expect(read.data.coupon.percentage).toBe(15);
    const page = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons/query',
      auth: site.adminKey,
      payload: { query: { filter: { code: 'SUMMER10' } } },
    });
    expect(page.data.coupons).toHaveLength(1);
    expect(page.data.pagingMetadata.total).toBe(1);
    const deleted = await t.call({ method: 'DELETE', url: `/plaza/v1/coupons/${id}`, auth: site.adminKey });
    expect([deleted.statusCode, deleted.data]).toEqual([200, {}]);
    const gone = await t.call({ method: 'GET', url: `/plaza/v1/coupons/${id}`, auth: site.adminKey });
    expect([gone.statusCode, code(gone)]).toEqual([404, 'COUPON_NOT_FOUND']);
  });

  it('refuses discount fields of another type and discounts that take nothing off', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: 'MIX1', type: 'FIXED_AMOUNT', amount: 2, percentage: 10 }, 'coupon.percentage'],
      [{ code: 'MIX2', type: 'FREE_SHIPPING', amount: 2 }, 'coupon.amount'],
      [{ code: 'TINY', type: 'PERCENTAGE', percentage: 1e-9 }, 'coupon.percentage'],
      [{ code: 'HALF', type: 'PERCENTAGE', percentage: 0.00005 }, 'coupon.percentage'],
      [{ code: 'FINE', type: 'PERCENTAGE', percentage: 10.12345 }, 'coupon.percentage'],
      [{ code: 'ZERO', type: 'FIXED_AMOUNT', amount: '0.00' }, 'coupon.amount'],
    ];
    for (const [body, field] of cases) {
      const refused = await coupon(body);
      expect([refused.statusCode, fields(refused)], JSON.stringify(body)).toEqual([400, [field]]);
    }
    const created = await coupon({ code: 'SWITCH', type: 'PERCENTAGE', percentage: 10 });
    const switched = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${created.data.coupon.id}`,
      auth: site.adminKey,
      payload: { coupon: { type: 'FIXED_AMOUNT', amount: 3 } },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.data.coupon).toMatchObject({ type: 'FIXED_AMOUNT', amount: '3.00' });
    expect(switched.data.coupon.percentage).toBeUndefined();
  });

  it('queries coupons by code in any case and by usages, newest first unless sorted', async () => {
    for (const code of ['qa-one', 'QA-Two']) {
      t.clock.advance(1000);
      expect((await coupon({ code, type: 'FIXED_AMOUNT', amount: 1 })).statusCode).toBe(200);
    }
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    expect((await cart(t, visitor, 'PATCH', '', { couponCode: 'qa-two' })).statusCode).toBe(200);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    expect((await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK })).statusCode).toBe(
      200,
    );
    const query = async (query: object) => {
      const response = await t.call({
        method: 'POST',
        url: '/plaza/v1/coupons/query',
        auth: site.adminKey,
        payload: { query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.data.coupons.map((c: any) => [c.code, c.numberOfUsages]);
    };
    expect(await query({ filter: { code: 'qa-two' } })).toEqual([['QA-TWO', 1]]);
    expect(await query({ filter: { code: { $startsWith: 'qa-' } } })).toEqual([
      ['QA-TWO', 1],
      ['QA-ONE', 0],
    ]);
    const qa = { code: { $in: ['qa-one', 'qa-two'] } };
    expect(await query({ filter: { $and: [qa, { numberOfUsages: { $gt: 0 } }] } })).toEqual([['QA-TWO', 1]]);
    expect(await query({ filter: qa, sort: [{ fieldName: 'numberOfUsages', order: 'ASC' }] })).toEqual([
      ['QA-ONE', 0],
      ['QA-TWO', 1],
    ]);
    // The count lives beside the document: changing the coupon keeps it.
    const [used] = (
      await t.call({
        method: 'POST',
        url: '/plaza/v1/coupons/query',
        auth: site.adminKey,
        payload: { query: { filter: { code: 'QA-TWO' } } },
      })
    ).data.coupons;
    const renamed = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${used.id}`,
      auth: site.adminKey,
      payload: { coupon: { name: 'Renamed' } },
    });
    expect(renamed.data.coupon).toMatchObject({ name: 'Renamed', numberOfUsages: 1 });
    expect(await query({ filter: { code: 'QA-TWO' } })).toEqual([['QA-TWO', 1]]);
  });

  it('takes a deleted coupon off carts: one made again under its code is another coupon', async () => {
    const first = await coupon({ code: 'GONE5', type: 'FIXED_AMOUNT', amount: 5 });
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const applied = await cart(t, visitor, 'PATCH', '', { couponCode: 'gone5' });
    expect(applied.data.cart.appliedDiscounts).toHaveLength(1);
    await t.call({ method: 'DELETE', url: `/plaza/v1/coupons/${first.data.coupon.id}`, auth: site.adminKey });
    expect((await coupon({ code: 'GONE5', type: 'PERCENTAGE', percentage: 90 })).statusCode).toBe(200);
    expect((await cart(t, visitor, 'GET')).data.cart.appliedDiscounts).toEqual([]);
    const estimate = await cart(t, visitor, 'POST', '/estimate-totals', {});
    expect(estimate.data.priceSummary.discount.amount).toBe('0.00');
    const again = await cart(t, visitor, 'PATCH', '', { couponCode: 'GONE5' });
    expect(again.data.cart.appliedDiscounts).toHaveLength(1);
    const estimated = await cart(t, visitor, 'POST', '/estimate-totals', {});
    expect(estimated.data.priceSummary.discount.amount).toBe('18.00');
  });

  it('refuses invalid, disabled, early, expired, exhausted and too-small coupon uses clearly', async () => {
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    await coupon({ code: 'OFF', type: 'FIXED_AMOUNT', amount: 2, active: false });
    await coupon({ code: 'LATER', type: 'FIXED_AMOUNT', amount: 2, startDate: iso(3_600_000) });
    await coupon({ code: 'SOON-GONE', type: 'FIXED_AMOUNT', amount: 2, expirationDate: iso(60_000) });
    await coupon({ code: 'BIG', type: 'FIXED_AMOUNT', amount: 2, minimumSubtotal: '100' });
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const apply = (couponCode: string) => cart(t, visitor, 'PATCH', '', { couponCode });
    expect(code(await apply('NOPE'))).toBe('ERROR_COUPON_DOES_NOT_EXIST');
    expect(code(await apply('off'))).toBe('ERROR_COUPON_IS_DISABLED');
    expect(code(await apply('later'))).toBe('ERROR_COUPON_IS_NOT_ACTIVE_YET');
    const big = await apply('big');
    expect([big.statusCode, code(big)]).toEqual([400, 'ERROR_COUPON_MINIMUM_SUBTOTAL']);
    expect(big.data.details.applicationError.description).toContain('$100.00');

    const applied = await apply('soon-gone');
    expect(applied.data.cart.appliedDiscounts).toEqual([
      expect.objectContaining({
        coupon: expect.objectContaining({ code: 'SOON-GONE' }),
        discountType: 'GLOBAL',
      }),
    ]);
    t.clock.advance(120_000);
    const estimate = await cart(t, visitor, 'POST', '/estimate-totals', {});
    expect(estimate.data.priceSummary.discount.amount).toBe('0.00');
    expect(estimate.data.violations).toEqual([
      expect.objectContaining({ severity: 'WARNING', description: expect.stringContaining('expired') }),
    ]);
    expect(code(await apply('soon-gone'))).toBe('ERROR_COUPON_IS_EXPIRED');
    t.clock.advance(3_600_000);
    expect((await apply('later')).statusCode).toBe(200);
    const removed = await cart(t, visitor, 'POST', '/remove-coupon', {});
    expect(removed.data.cart.appliedDiscounts).toEqual([]);
  });

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
