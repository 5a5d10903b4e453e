import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKINGS_APP_ID } from '../../src/domains/bookings/index.ts';
import { EVENTS_APP_ID } from '../../src/domains/events/index.ts';
import { STORES_APP_IDS } from '../../src/domains/stores/index.ts';
import { seedOrders } from '../../src/seed/orders.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { checkoutOf, code, pay, shop } from './ecom-fixtures.ts';

const SUMMARY = '/plaza/v1/orders/sales-summary';
const resend = (id: string) => `/ecom/v1/orders/${id}/send-buyer-confirmation-email`;

/** The owner's sales summary (site's calendar days), orders by catalog app, and the confirmation e-mail sent again. */
describe.each(engines)('ecom sales and order e-mails (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 100 }));
    const zoned = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/site',
      auth: site.adminKey,
      payload: { site: { timeZone: 'America/New_York' } },
    });
    expect(zoned.statusCode, zoned.body).toBe(200);
  });
  afterAll(() => t.close());

  /** An offline order of `quantity` mugs placed at `at`. */
  async function orderAt(at: string, quantity = 1) {
    t.clock.set(at);
    const visitor = await site.token('visitor');
    const paid = await pay(t, visitor, await checkoutOf(t, visitor, mug.id, quantity), {
      paymentMethod: 'offline',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.data.order;
  }
  const cents = (price: { amount: string }) => Math.round(Number(price.amount) * 100);
  const dollars = (minor: number) => (minor / 100).toFixed(2);

  it("sums the site's calendar days, daylight saving included, leaving cancelled orders out", async () => {
    // New York moved to summer time on 8 March 2026: its 10 March starts at 04:00 UTC.
    const outside = await orderAt('2026-02-08T12:00:00.000Z');
    const monthAgo = await orderAt('2026-02-20T12:00:00.000Z', 3);
    const lateYesterday = await orderAt('2026-03-10T03:30:00.000Z', 2);
    const earlyToday = await orderAt('2026-03-10T04:30:00.000Z');
    const canceled = await orderAt('2026-03-10T05:00:00.000Z', 4);
    const cancel = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${canceled.id}/cancel`,
      auth: site.adminKey,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(outside.id).toBeTruthy();
    t.clock.set('2026-03-10T15:00:00.000Z');

    const answer = await t.call({ method: 'GET', url: SUMMARY, auth: site.adminKey });
    expect(answer.statusCode, answer.body).toBe(200);
    const { summary } = answer.data;
    expect(summary).toMatchObject({ currency: 'USD', timeZone: 'America/New_York' });
    const [today, week, month] = summary.periods;
    const total = (...orders: any[]) => orders.reduce((sum, o) => sum + cents(o.priceSummary.total), 0);
    expect(today).toMatchObject({
      days: 1,
      from: '2026-03-10',
      orders: 1,
      revenue: { amount: dollars(total(earlyToday)) },
    });
    expect(week).toMatchObject({
      days: 7,
      from: '2026-03-04',
      orders: 2,
      revenue: { amount: dollars(total(earlyToday, lateYesterday)) },
      averageOrder: { amount: dollars(Math.round(total(earlyToday, lateYesterday) / 2)) },
    });
    expect(month).toMatchObject({
      days: 30,
      from: '2026-02-09',
      orders: 3,
      revenue: { amount: dollars(total(earlyToday, lateYesterday, monthAgo)) },
    });
    // Per catalog: the lines' totals with their tax (shipping is no catalog's).
    const lines = (...orders: any[]) =>
      orders.reduce((sum, o) => sum + cents(o.lineItems[0].totalPriceAfterTax), 0);
    expect(month.byCatalog).toEqual([
      {
        appId: STORES_APP_IDS[0],
        orders: 3,
        revenue: expect.objectContaining({ amount: dollars(lines(earlyToday, lateYesterday, monthAgo)) }),
      },
    ]);
    expect(summary.days).toHaveLength(30);
    expect(summary.days[0]).toMatchObject({ date: '2026-02-09', orders: 0 });
    expect(summary.days.at(-2)).toMatchObject({ date: '2026-03-09', orders: 1 });
    expect(summary.days.at(-1)).toMatchObject({
      date: '2026-03-10',
      orders: 1,
      revenue: { amount: dollars(total(earlyToday)) },
    });
    expect(summary.days.find((d: any) => d.date === '2026-02-20')).toMatchObject({ orders: 1 });

    // A visitor gets nothing; another site's owner sees only their own (no) sales.
    const visitor = await site.token('visitor');
    expect((await t.call({ method: 'GET', url: SUMMARY, auth: visitor })).statusCode).toBe(403);
    const other = await t.createSite();
    const theirs = await t.call({ method: 'GET', url: SUMMARY, auth: other.adminKey });
    expect(theirs.data.summary.periods.map((p: any) => p.orders)).toEqual([0, 0, 0]);
    expect(theirs.data.summary.periods[2].byCatalog).toEqual([]);
  });

  it('filters orders by the catalog app of their lines and sums each catalog', async () => {
    const fresh = await t.createSite();
    t.clock.set('2026-03-10T15:00:00.000Z');
    const apps = [STORES_APP_IDS[0]!, BOOKINGS_APP_ID, EVENTS_APP_ID];
    await seedOrders(t.platform, fresh.id, { count: 30, appIds: apps, days: 20 });
    const search = (filter: object, extra: object = {}) =>
      t.call({
        method: 'POST',
        url: '/ecom/v1/orders/search',
        auth: fresh.adminKey,
        payload: { search: { filter, ...extra } },
      });
    const bookings = await search({ 'lineItems.catalogReference.appId': { $hasSome: [BOOKINGS_APP_ID] } });
    expect(bookings.statusCode, bookings.body).toBe(200);
    expect(bookings.data.metadata.total).toBe(10);
    expect(
      bookings.data.orders.every((o: any) => o.lineItems[0].catalogReference.appId === BOOKINGS_APP_ID),
    ).toBe(true);
    const either = await search({
      $and: [
        { 'lineItems.catalogReference.appId': { $hasSome: [BOOKINGS_APP_ID, EVENTS_APP_ID] } },
        { status: 'APPROVED' },
      ],
    });
    expect(either.data.metadata.total).toBe(18);
    const both = await search({
      'lineItems.catalogReference.appId': { $hasAll: [BOOKINGS_APP_ID, EVENTS_APP_ID] },
    });
    expect(both.data.metadata.total).toBe(0);
    const others = await search({
      $not: { 'lineItems.catalogReference.appId': { $hasSome: [BOOKINGS_APP_ID] } },
    });
    expect(others.data.metadata.total).toBe(20);
    const anyLine = await search({ 'lineItems.catalogReference.appId': { $exists: true } });
    expect(anyLine.data.metadata.total).toBe(30);
    // Not the platform's way to ask: a scalar matches no array of lines.
    expect((await search({ 'lineItems.catalogReference.appId': BOOKINGS_APP_ID })).data.metadata.total).toBe(
      0,
    );
    const sorted = await search({}, { sort: [{ fieldName: 'lineItems.catalogReference.appId' }] });
    expect(sorted.statusCode, sorted.body).toBe(400);

    const summary = (await t.call({ method: 'GET', url: SUMMARY, auth: fresh.adminKey })).data.summary;
    const month = summary.periods[2];
    // Every tenth order is cancelled: 27 remain, 9 of each catalog.
    expect(month.orders).toBe(27);
    expect(month.byCatalog.map((c: any) => [c.appId, c.orders]).sort()).toEqual(
      apps.map((appId) => [appId, 9]).sort(),
    );
  });

  it('sends the confirmation e-mail again, as the order now stands', async () => {
    t.clock.set('2026-03-11T10:00:00.000Z');
    const order = await orderAt('2026-03-11T10:00:00.000Z');
    const paid = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${order.id}/mark-as-paid`,
      auth: site.adminKey,
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = await t.call({ method: 'POST', url: resend(order.id), auth: site.adminKey, payload: {} });
    expect([sent.statusCode, sent.data]).toEqual([200, {}]);
    const mailbox = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: site.adminKey,
      payload: { to: 'buyer@example.com', limit: 100 },
    });
    const confirmations = mailbox.data.messages.filter(
      (m: any) => m.subject === `Order #${order.number} confirmed`,
    );
    expect(confirmations).toHaveLength(2);
    // Newest first: the one sent again says the payment arrived.
    expect(confirmations[0].text).toContain('Payment: received.');
    expect(confirmations[1].text).toContain('Payment: awaiting your offline payment.');

    const visitor = await site.token('visitor');
    expect(
      (await t.call({ method: 'POST', url: resend(order.id), auth: visitor, payload: {} })).statusCode,
    ).toBe(403);
    const other = await t.createSite();
    const elsewhere = await t.call({
      method: 'POST',
      url: resend(order.id),
      auth: other.adminKey,
      payload: {},
    });
    expect([elsewhere.statusCode, code(elsewhere)]).toEqual([404, 'ORDER_NOT_FOUND']);
    // An order placed without an e-mail address (through the store: checkout asks for one).
    const {
      id: _id,
      revision: _r,
      createdDate: _c,
      updatedDate: _u,
      ...fields
    } = (await t.call({ method: 'GET', url: `/ecom/v1/orders/${order.id}`, auth: site.adminKey })).data.order;
    const silent = await t.platform.ecom.store.orders
      .forSite(site.id)
      .create({ ...fields, number: '99999', checkoutId: crypto.randomUUID(), buyerInfo: {} });
    const nobody = await t.call({ method: 'POST', url: resend(silent.id), auth: site.adminKey, payload: {} });
    expect([nobody.statusCode, code(nobody)]).toEqual([409, 'INVALID_ORDER_STATE']);
    const malformed = await t.call({
      method: 'POST',
      url: resend('not-an-id'),
      auth: site.adminKey,
      payload: {},
    });
    expect([malformed.statusCode, code(malformed)]).toEqual([404, 'ORDER_NOT_FOUND']);
  });
});
