import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CARD_AUTH_ONLY, checkoutOf, code, pay, shop, stockOf } from './ecom-fixtures.ts';

/** The owner's side of orders: capture, offline payment, cancel with restock, numbering, search, isolation. */
describe.each(engines)('ecom orders (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 20 }));
  });
  afterAll(() => t.close());

  it('authorises, pays offline, marks paid and cancels with restock', async () => {
    const visitor = await site.token('visitor');
    const authorised = await pay(t, visitor, await checkoutOf(t, visitor, mug.id), {
      paymentMethod: 'test',
      card: CARD_AUTH_ONLY,
    });
    expect(authorised.data.order.paymentStatus).toBe('AUTHORIZED');
    const captured = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${authorised.data.order.id}/mark-as-paid`,
      auth: site.adminKey,
      payload: {},
    });
    expect(captured.data.order.paymentStatus).toBe('PAID');

    const before = await stockOf(t, site, mug.id);
    const offline = await pay(t, visitor, await checkoutOf(t, visitor, mug.id, 4), {
      paymentMethod: 'offline',
    });
    expect(offline.statusCode, offline.body).toBe(200);
    expect(offline.data.order).toMatchObject({ paymentStatus: 'NOT_PAID', status: 'APPROVED' });
    expect(await stockOf(t, site, mug.id)).toBe(before - 4);
    const id = offline.data.order.id;
    const markedPaid = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${id}/mark-as-paid`,
      auth: site.adminKey,
      payload: {},
    });
    expect(markedPaid.data.order.paymentStatus).toBe('PAID');
    // Paid later, as at checkout: a `paid` event with the order as it now stands.
    const paidEvents = await t.platform.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('entity_id', '=', id)
      .where('event', '=', 'paid')
      .execute();
    expect(paidEvents.map((e) => JSON.parse(e.payload).entity.paymentStatus)).toEqual(['PAID']);
    expect(
      code(
        await t.call({
          method: 'POST',
          url: `/ecom/v1/orders/${id}/mark-as-paid`,
          auth: site.adminKey,
          payload: {},
        }),
      ),
    ).toBe('INVALID_ORDER_STATE');
    const canceled = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${id}/cancel`,
      auth: site.adminKey,
      payload: { sendOrderCanceledEmail: true, customMessage: 'The kiln broke; sorry.' },
    });
    expect(canceled.data.order).toMatchObject({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' });
    expect(canceled.data.order.payments.map((p: any) => p.status)).toEqual(['REFUNDED']);
    expect(await stockOf(t, site, mug.id)).toBe(before);
    // The e-mail is a job of the cancel's transaction.
    await t.platform.jobs.runDue();
    const mail = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: site.adminKey,
      payload: { to: 'buyer@example.com' },
    });
    const told = JSON.stringify(mail.data);
    expect(told).toContain(`Order #${offline.data.order.number} canceled`);
    expect(told).toContain('The kiln broke; sorry.');
    expect(
      code(
        await t.call({
          method: 'POST',
          url: `/ecom/v1/orders/${id}/cancel`,
          auth: site.adminKey,
          payload: {},
        }),
      ),
    ).toBe('INVALID_ORDER_STATE');
    const got = await t.call({ method: 'GET', url: `/ecom/v1/orders/${id}`, auth: site.adminKey });
    expect(got.data.order.activities.map((a: any) => a.type)).toEqual([
      'ORDER_PLACED',
      'ORDER_PAID',
      'ORDER_CANCELED',
    ]);
  });

  it('numbers orders per site from 10001 and lets owners search them', async () => {
    const { site: fresh, product } = await shop(t);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const visitor = await fresh.token('visitor');
      const paid = await pay(t, visitor, await checkoutOf(t, visitor, product.id), {
        paymentMethod: 'offline',
      });
      numbers.push(paid.data.order.number);
      t.clock.advance(1000);
    }
    expect(numbers).toEqual(['10001', '10002', '10003']);
    const page = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/query',
      auth: fresh.adminKey,
      payload: {
        query: {
          filter: { paymentStatus: 'NOT_PAID' },
          sort: [{ fieldName: 'number', order: 'DESC' }],
          paging: { limit: 2 },
        },
      },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.data.orders.map((o: any) => o.number)).toEqual(['10003', '10002']);
    expect(page.data.pagingMetadata).toMatchObject({ count: 2, total: 3 });

    // Another site's owner reaches none of them, by any path.
    const theirs = page.data.orders[0].id as string;
    const other = (method: 'GET' | 'POST', url: string) =>
      t.call({ method, url, auth: site.adminKey, ...(method === 'POST' ? { payload: {} } : {}) });
    for (const [method, url] of [
      ['GET', `/ecom/v1/orders/${theirs}`],
      ['POST', `/ecom/v1/orders/${theirs}/mark-as-paid`],
      ['POST', `/ecom/v1/payments-collector/orders/${theirs}/mark-as-paid`],
      ['POST', `/ecom/v1/orders/${theirs}/cancel`],
    ] as const) {
      const refused = await other(method, url);
      expect([refused.statusCode, code(refused)], url).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    const searched = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      auth: site.adminKey,
      payload: { search: { filter: { id: theirs } } },
    });
    expect(searched.data.orders).toEqual([]);

    // Unsorted, a search answers the newest first (the platform's default).
    const newest = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      auth: fresh.adminKey,
      payload: {},
    });
    expect(newest.data.orders.map((o: any) => o.number)).toEqual(['10003', '10002', '10001']);
  });

  it("finds a buyer's orders by e-mail in any case", async () => {
    const { site: fresh, product } = await shop(t);
    const visitor = await fresh.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, product.id, 1, { email: 'Mixed.Case@Example.COM' });
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'offline' });
    expect(paid.data.order.buyerInfo.email).toBe('mixed.case@example.com');
    const search = async (filter: object) =>
      (
        await t.call({
          method: 'POST',
          url: '/ecom/v1/orders/search',
          auth: fresh.adminKey,
          payload: { search: { filter } },
        })
      ).data.orders.map((o: any) => o.id);
    for (const email of ['mixed.case@example.com', 'Mixed.Case@Example.COM', 'MIXED.CASE@EXAMPLE.COM'])
      expect(await search({ 'buyerInfo.email': email }), email).toEqual([paid.data.order.id]);
    expect(
      await search({ 'buyerInfo.email': { $in: ['nobody@example.com', 'MIXED.case@example.com'] } }),
    ).toEqual([paid.data.order.id]);
    expect(await search({ $and: [{ 'buyerInfo.email': { $startsWith: 'Mixed.' } }] })).toEqual([
      paid.data.order.id,
    ]);
  });

  it('sorts and filters amounts and numbers by their value, not their text', async () => {
    const { site: fresh, product } = await shop(t);
    const totals: string[] = [];
    for (const quantity of [1, 6, 2]) {
      const visitor = await fresh.token('visitor');
      const paid = await pay(t, visitor, await checkoutOf(t, visitor, product.id, quantity), {
        paymentMethod: 'offline',
      });
      totals.push(paid.data.order.priceSummary.total.amount);
    }
    // Two digits and three: as text, "2…" would sort after "1…".
    expect(totals.map((total) => total.split('.')[0]!.length)).toEqual([2, 3, 2]);
    const search = async (search: object, auth = fresh.adminKey) => {
      const response = await t.call({
        method: 'POST',
        url: '/ecom/v1/orders/search',
        auth,
        payload: { search },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.data.orders.map((o: any) => o.priceSummary.total.amount);
    };
    const descending = [...totals].sort((a, b) => Number(b) - Number(a));
    expect(await search({ sort: [{ fieldName: 'priceSummary.total.amount', order: 'DESC' }] })).toEqual(
      descending,
    );
    expect(await search({ filter: { 'priceSummary.total.amount': { $gt: '50' } } })).toEqual([totals[1]]);
    expect(await search({ filter: { 'priceSummary.total.amount': { $lte: 50 } } })).toHaveLength(2);
    const numbered = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      auth: fresh.adminKey,
      payload: {
        search: { filter: { number: { $gte: '10002' } }, sort: [{ fieldName: 'number', order: 'ASC' }] },
      },
    });
    expect(numbered.data.orders.map((o: any) => o.number)).toEqual(['10002', '10003']);

    // Coupons' amounts too.
    for (const [code, amount] of [
      ['FIVE', '5.00'],
      ['TWENTY', '20.00'],
    ] as const) {
      const created = await t.call({
        method: 'POST',
        url: '/plaza/v1/coupons',
        auth: fresh.adminKey,
        payload: { coupon: { code, type: 'FIXED_AMOUNT', amount } },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const coupons = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons/query',
      auth: fresh.adminKey,
      payload: { query: { filter: { amount: { $gt: '10' } } } },
    });
    expect(coupons.statusCode, coupons.body).toBe(200);
    expect(coupons.data.coupons.map((c: any) => c.code)).toEqual(['TWENTY']);
  });

  it('marks paid the order the path names, whatever the body says', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 2; i++) {
      const visitor = await site.token('visitor');
      const paid = await pay(t, visitor, await checkoutOf(t, visitor, mug.id), { paymentMethod: 'offline' });
      placed.push(paid.data.order.id);
    }
    const [named, other] = placed as [string, string];
    const marked = await t.call({
      method: 'POST',
      url: `/ecom/v1/payments-collector/orders/${named}/mark-as-paid`,
      auth: site.adminKey,
      payload: { id: other },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.data.order.id).toBe(named);
    const untouched = await t.call({ method: 'GET', url: `/ecom/v1/orders/${other}`, auth: site.adminKey });
    expect(untouched.data.order.paymentStatus).toBe('NOT_PAID');
  });
});
