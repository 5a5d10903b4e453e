import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, checkoutOf, code, fields, line, pay, shop } from './ecom-fixtures.ts';

/** The owner's coupons and what buyers meet when they use them. */
describe.each(engines)('ecom coupons (%s)', (engine) => {
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

    // A coupon kept from before these rules (a finer rate, a stray amount) can still be changed.
    const old = await coupon({ code: 'LEGACY', type: 'PERCENTAGE', percentage: 10 });
    await t.platform.ecom.store.coupons
      .forSite(site.id)
      .update(old.data.coupon.id, { percentage: 10.12345, amount: '1.00' });
    const paused = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${old.data.coupon.id}`,
      auth: site.adminKey,
      payload: { coupon: { active: false } },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.data.coupon).toMatchObject({ active: false, percentage: 10.12345 });
    expect(paused.data.coupon.amount).toBeUndefined();
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

  it('places an order a coupon made free as paid, without asking the provider', async () => {
    expect((await coupon({ code: 'ALLOFIT', type: 'FIXED_AMOUNT', amount: '500' })).statusCode).toBe(200);
    for (const [method, body] of [
      // The declining card would be refused if it were charged.
      ['test', { paymentMethod: 'test', card: { number: '4000000000000002', expiry: '12/40', cvc: '123' } }],
      ['offline', { paymentMethod: 'offline' }],
      // Nor is a card needed at all.
      ['test without a card', { paymentMethod: 'test' }],
    ] as const) {
      const visitor = await site.token('visitor');
      await addLines(t, visitor, [line(mug.id)]);
      expect((await cart(t, visitor, 'PATCH', '', { couponCode: 'allofit' })).statusCode).toBe(200);
      const checkoutId = await checkoutOf(t, visitor, mug.id, 1, {
        selectedShippingOption: { code: 'pickup' },
      });
      const paid = await pay(t, visitor, checkoutId, body);
      expect(paid.statusCode, `${method}: ${paid.body}`).toBe(200);
      expect(paid.data.order).toMatchObject({
        paymentStatus: 'PAID',
        priceSummary: { total: { amount: '0.00' } },
        payments: [{ status: 'CAPTURED', amount: { amount: '0.00' } }],
      });
      expect(paid.data.order.payments[0].transactionId).toBeUndefined();
    }
  });
});
