import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { code, fields, ticketShop, V1 } from './checkout.test-helper.ts';
import { orderCalls } from './orders.test-helper.ts';

const WEB = '/_api/wix-events-web/v1';

describe.each(engines)('events order management (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let visitor: string;
  let eventId: string;
  let paid: string;
  let free: string;
  const { checkoutOrder, reserve } = orderCalls(() => ({ t, site, eventId }));
  let freeOrder: string;
  let inPerson: string;
  let atDoor: string;
  let waiting: string;

  beforeAll(async () => {
    ({ t, site, other, visitor, eventId, paid, free } = await ticketShop(engine));
    freeOrder = (await checkoutOrder(visitor, free, {}, 2)).orderNumber;
    t.clock.advance(1000);
    inPerson = (await checkoutOrder(visitor, paid, { options: { payInPerson: true } })).orderNumber;
    t.clock.advance(1000);
    const door = await t.call({
      method: 'POST',
      url: `${V1}/pos-checkout`,
      auth: site.adminKey,
      payload: { eventId, reservationId: await reserve(site.adminKey, paid) },
    });
    atDoor = door.data.order.orderNumber;
    t.clock.advance(1000);
    waiting = (await checkoutOrder(await site.token('visitor'), paid)).orderNumber;
  });
  afterAll(() => t.close());

  const list = (query: string, auth = site.adminKey, base = V1) =>
    t.call({ method: 'GET', url: `${base}/orders${query}`, auth });

  it('listOrders: every order, oldest first, with buyer details only by default (both aliases)', async () => {
    for (const base of [V1, WEB]) {
      const all = await list('', site.adminKey, base);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.data).toMatchObject({ total: 4, offset: 0, limit: 100 });
      expect(all.data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
        freeOrder,
        inPerson,
        atDoor,
        waiting,
      ]);
      expect(all.data.orders[0]).toMatchObject({ status: 'FREE', fullName: 'Ada Lovelace', confirmed: true });
      expect(all.data.orders[0].tickets).toBeUndefined();
    }
  });

  it('listOrders: filters by status, order number, tag and search; sorts; facets count; fieldsets add parts', async () => {
    const byStatus = await list('?status=PAID&status=FREE&fieldset=TICKETS&fieldset=INVOICE');
    expect(byStatus.data.orders.map((o: { status: string }) => o.status)).toEqual(['FREE', 'PAID']);
    expect(byStatus.data.orders[0].tickets).toHaveLength(2);
    expect(byStatus.data.orders[0].invoice).toBeDefined();
    expect(byStatus.data.orders[0].firstName).toBeUndefined();
    expect((await list(`?orderNumber=${inPerson}`)).data.orders[0].status).toBe('OFFLINE_PENDING');
    const unconfirmed = await list('?tag=UNCONFIRMED');
    expect(unconfirmed.data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      inPerson,
      waiting,
    ]);
    const ticket = byStatus.data.orders[0].tickets[1].ticketNumber;
    expect((await list(`?searchPhrase=${ticket}`)).data.orders[0].orderNumber).toBe(freeOrder);
    // The order sold at the door names no buyer.
    expect((await list('?searchPhrase=LOVELACE')).data.total).toBe(3);
    expect((await list('?searchPhrase=nobody')).data.total).toBe(0);
    const newest = await list('?sort=created:desc&limit=1&offset=1');
    expect(newest.data).toMatchObject({ total: 4, offset: 1, limit: 1 });
    expect(newest.data.orders[0].orderNumber).toBe(atDoor);
    const faceted = await list('?facet=status&facet=tag&limit=0');
    expect(faceted.data.orders).toEqual([]);
    expect(faceted.data.facets.status.counts).toEqual({ FREE: 1, OFFLINE_PENDING: 1, PAID: 1, INITIATED: 1 });
    expect(faceted.data.facets.tag.counts).toMatchObject({ CONFIRMED: 2, UNCONFIRMED: 2, NON_ARCHIVED: 4 });
    expect(faceted.data.orderFacets.facets.status.counts.FREE).toEqual({
      count: 1,
      tickets: 2,
      ticketsCheckIn: 0,
    });
    expect((await list(`?eventId=${eventId}&memberId=00000000-0000-4000-8000-000000000000`)).data.total).toBe(
      0,
    );
  });

  it('getOrder: fieldsets, ticket links and calendar links; the buyer sees their own order, nobody else', async () => {
    for (const base of [V1, WEB]) {
      const got = await t.call({
        method: 'GET',
        url: `${base}/events/${eventId}/orders/${freeOrder}`,
        auth: site.adminKey,
      });
      expect(got.statusCode, got.body).toBe(200);
      expect(got.data.order).toMatchObject({
        orderNumber: freeOrder,
        ticketsQuantity: 2,
        email: 'ada@example.com',
      });
      expect(got.data.order.ticketsPdf).toContain(`/orders/${freeOrder}/tickets.pdf?token=`);
      expect(got.data.order.tickets[0].checkInUrl).toContain('/check-in?token=');
      expect(got.data.order.tickets[0].ticketPdfUrl).toContain('/ticket.pdf?token=');
      expect(got.data.calendarLinks.google).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
      expect(decodeURIComponent(got.data.calendarLinks.ics)).toContain('SUMMARY:Checkout Night');
    }
    const own = await t.call({
      method: 'GET',
      url: `${V1}/events/${eventId}/orders/${freeOrder}?fieldset=DETAILS`,
      auth: visitor,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.data.order.tickets).toBeUndefined();
    const stranger = await t.call({
      method: 'GET',
      url: `${V1}/events/${eventId}/orders/${freeOrder}`,
      auth: await site.token('visitor'),
    });
    expect([stranger.statusCode, code(stranger)]).toEqual([404, 'ORDER_NOT_FOUND']);
    const wrongEvent = await t.call({
      method: 'GET',
      url: `${V1}/events/00000000-0000-4000-8000-000000000000/orders/${freeOrder}`,
      auth: site.adminKey,
    });
    expect(wrongEvent.statusCode).toBe(404);
  });

  it('updateOrder and bulkUpdateOrders: form and archive, with ticketOrder updated events', async () => {
    const updated = await t.call({
      method: 'PATCH',
      url: `${WEB}/events/${eventId}/orders/${freeOrder}`,
      auth: site.adminKey,
      payload: { archived: true, checkoutForm: { inputValues: [{ inputName: 'company', value: 'ACME' }] } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.data.order).toMatchObject({
      archived: true,
      checkoutForm: { inputValues: [{ inputName: 'company', value: 'ACME', values: [] }] },
    });
    expect(
      (await list('?tag=ARCHIVED')).data.orders.map((o: { orderNumber: string }) => o.orderNumber),
    ).toEqual([freeOrder]);
    const bulk = await t.call({
      method: 'PATCH',
      url: `${V1}/events/${eventId}/orders`,
      auth: site.adminKey,
      payload: { orderNumber: [freeOrder, inPerson], archived: false },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.data.orders.map((o: { archived: boolean }) => o.archived)).toEqual([false, false]);
    const archiveAll = await t.call({
      method: 'PATCH',
      url: `${V1}/events/${eventId}/orders`,
      auth: site.adminKey,
      payload: { archived: true },
    });
    expect(archiveAll.data.orders).toHaveLength(4);
    await t.call({
      method: 'PATCH',
      url: `${V1}/events/${eventId}/orders`,
      auth: site.adminKey,
      payload: { archived: false },
    });
    const events = await t.platform.database.db
      .selectFrom('outbox')
      .select('event')
      .where('entity_kind', '=', 'ticketOrder')
      .where('entity_id', '=', freeOrder)
      .execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['created', 'updated']));
  });

  it('confirmOrder: OFFLINE_PENDING becomes PAID; an order waiting for payment is refused', async () => {
    const confirmed = await t.call({
      method: 'POST',
      url: `${V1}/events/${eventId}/orders/confirm`,
      auth: site.adminKey,
      payload: { orderNumber: [inPerson, freeOrder] },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      confirmed.data.orders.map((o: { status: string; confirmed: boolean }) => [o.status, o.confirmed]),
    ).toEqual([
      ['FREE', true],
      ['PAID', true],
    ]);
    const refused = await t.call({
      method: 'POST',
      url: `${WEB}/events/${eventId}/orders/confirm`,
      auth: site.adminKey,
      payload: { orderNumber: [waiting] },
    });
    expect([refused.statusCode, code(refused)]).toEqual([409, 'ORDER_NOT_CHANGEABLE']);
  });

  it('getSummary: sold orders and tickets of the event, revenue of those paid', async () => {
    for (const query of [`?eventId=${eventId}`, '']) {
      const summary = await t.call({
        method: 'GET',
        url: `${V1}/orders/summary${query}`,
        auth: site.adminKey,
      });
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.data.sales).toEqual([
        {
          total: { amount: '50.00', currency: 'USD', value: '50.00' },
          totalOrders: 3,
          totalTickets: 4,
          revenue: { amount: '50.00', currency: 'USD', value: '50.00' },
        },
      ]);
    }
  });

  it('bad input → 400 with the fields; visitors → 403 on owner calls; another site sees nothing', async () => {
    const bad = await list('?limit=500&status=BOGUS');
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(expect.arrayContaining(['limit']));
    expect(code(await list('?sort=price:asc'))).toBeUndefined();
    expect((await list('?sort=price:asc')).statusCode).toBe(400);
    const badUpdate = await t.call({
      method: 'PATCH',
      url: `${V1}/events/${eventId}/orders/${freeOrder}`,
      auth: site.adminKey,
      payload: { archived: 'yes' },
    });
    expect([badUpdate.statusCode, fields(badUpdate)]).toEqual([400, ['archived']]);
    const owner = [
      { method: 'GET', url: `${V1}/orders` },
      { method: 'PATCH', url: `${V1}/events/${eventId}/orders/${freeOrder}`, payload: {} },
      { method: 'PATCH', url: `${V1}/events/${eventId}/orders`, payload: {} },
      { method: 'POST', url: `${V1}/events/${eventId}/orders/confirm`, payload: {} },
      { method: 'GET', url: `${V1}/orders/summary` },
      { method: 'POST', url: `${V1}/events/orders/${freeOrder}/capture`, payload: {} },
      { method: 'POST', url: `${V1}/events/orders/${freeOrder}/void`, payload: {} },
    ] as const;
    for (const call of owner) expect((await t.call({ ...call, auth: visitor })).statusCode).toBe(403);
    expect((await list('', other.adminKey)).data.total).toBe(0);
    const elsewhere = await t.call({
      method: 'GET',
      url: `${V1}/events/${eventId}/orders/${freeOrder}`,
      auth: other.adminKey,
    });
    expect(elsewhere.statusCode).toBe(404);
    const summary = await t.call({ method: 'GET', url: `${V1}/orders/summary`, auth: other.adminKey });
    expect(summary.data.sales).toEqual([]);
  });
});
