import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_AUTH_ONLY } from '../../../test/flows/ecom-fixtures.ts';
import type { StoredOrder } from '../ecom/index.ts';
import { code, shopCalls, ticketShop, V1 } from './checkout.test-helper.ts';
import { orderCalls, pdfText } from './orders.test-helper.ts';
import type { StoredTicketOrder } from './service/checkout-model.ts';

const WEB = '/_api/wix-events-web/v1';

describe.each(
  engines,
)('events orders: authorised payments, tickets as PDF, the confirmation e-mail (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let visitor: string;
  let eventId: string;
  let slug: string;
  let paid: string;
  let free: string;
  const { payWithCard, checkoutOrder } = orderCalls(() => ({ t, site, eventId }));
  const { left } = shopCalls(() => ({ t, site, eventId }));

  beforeAll(async () => {
    ({ t, site, visitor, eventId, slug, paid, free } = await ticketShop(engine));
  });
  afterAll(() => t.close());

  const getOrder = async (orderNumber: string) =>
    (
      await t.call({
        method: 'GET',
        url: `${V1}/events/${eventId}/orders/${orderNumber}`,
        auth: site.adminKey,
      })
    ).data.order;
  const ecomOrderOf = async (orderNumber: string) => {
    const stored = await t.platform.events.store.orders.forSite(site.id).get<StoredTicketOrder>(orderNumber);
    return t.platform.ecom.store.orders.forSite(site.id).get<StoredOrder>(stored!.ecomOrderId!);
  };
  const action = (orderNumber: string, what: 'capture' | 'void', base = V1) =>
    t.call({
      method: 'POST',
      url: `${base}/events/orders/${orderNumber}/${what}`,
      auth: site.adminKey,
      payload: { eventId },
    });

  it('a card only authorised: AUTHORIZED with a scheduled capture; capture makes it and its ecom order PAID', async () => {
    const orderNumber = await payWithCard(visitor, slug, paid, CARD_AUTH_ONLY);
    const order = await getOrder(orderNumber);
    expect(order).toMatchObject({ status: 'AUTHORIZED', confirmed: true, method: 'online' });
    // A week after the payment comes before the event (1 March).
    const { scheduledActionExecutionDate } = order.paymentDetails.transaction;
    expect(Date.parse(scheduledActionExecutionDate) - Date.parse(order.created)).toBe(7 * 86_400_000);
    expect((await ecomOrderOf(orderNumber))?.paymentStatus).toBe('AUTHORIZED');
    const captured = await action(orderNumber, 'capture', WEB);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.data).toEqual({});
    expect((await getOrder(orderNumber)).status).toBe('PAID');
    expect((await ecomOrderOf(orderNumber))?.paymentStatus).toBe('PAID');
    const again = await action(orderNumber, 'capture');
    expect([again.statusCode, code(again)]).toEqual([409, 'ORDER_NOT_CHANGEABLE']);
  });

  it('void: VOIDED, the ecom order canceled and voided, the tickets for sale again', async () => {
    const before = await left(paid);
    const orderNumber = await payWithCard(visitor, slug, paid, CARD_AUTH_ONLY);
    expect((await left(paid)).confirmed).toBe(before.confirmed + 1);
    const voided = await action(orderNumber, 'void');
    expect(voided.statusCode, voided.body).toBe(200);
    const order = await getOrder(orderNumber);
    expect(order).toMatchObject({ status: 'VOIDED', confirmed: false, tickets: [{ canceled: true }] });
    expect(await ecomOrderOf(orderNumber)).toMatchObject({ status: 'CANCELED', paymentStatus: 'VOIDED' });
    expect((await left(paid)).confirmed).toBe(before.confirmed);
    expect((await action(orderNumber, 'void')).statusCode).toBe(409);
  });

  it('ecom offline payment: OFFLINE_PENDING; confirmOrder makes it and its ecom order PAID', async () => {
    const orderNumber = await payWithCard(visitor, slug, paid);
    expect(await getOrder(orderNumber)).toMatchObject({ status: 'OFFLINE_PENDING', confirmed: false });
    expect((await ecomOrderOf(orderNumber))?.paymentStatus).toBe('NOT_PAID');
    const confirmed = await t.call({
      method: 'POST',
      url: `${V1}/events/${eventId}/orders/confirm`,
      auth: site.adminKey,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
    expect((await getOrder(orderNumber)).status).toBe('PAID');
    expect((await ecomOrderOf(orderNumber))?.paymentStatus).toBe('PAID');
  });

  it('an order not paid through ecom has nothing to capture', async () => {
    const freeOne = await checkoutOrder(visitor, free);
    const refused = await action(freeOne.orderNumber, 'capture');
    expect([refused.statusCode, code(refused)]).toEqual([409, 'ORDER_NOT_CHANGEABLE']);
    expect((await action('NOPE-NOPE-NOP', 'void')).statusCode).toBe(404);
  });

  it('the scheduled capture runs when the clock reaches its date', async () => {
    const orderNumber = await payWithCard(visitor, slug, paid, CARD_AUTH_ONLY);
    const date = (await getOrder(orderNumber)).paymentDetails.transaction.scheduledActionExecutionDate;
    await t.platform.jobs.runDue();
    expect((await getOrder(orderNumber)).status).toBe('AUTHORIZED');
    t.clock.set(new Date(Date.parse(date) + 1).toISOString());
    await t.platform.jobs.runDue();
    expect((await getOrder(orderNumber)).status).toBe('PAID');
    expect((await ecomOrderOf(orderNumber))?.paymentStatus).toBe('PAID');
  });

  it('tickets as PDF: for the link holder and the owner; the check-in page names the ticket', async () => {
    // The clock moved on: a visitor of today.
    visitor = await site.token('visitor');
    const placed = await checkoutOrder(visitor, free, {}, 2);
    const order = await getOrder(placed.orderNumber);
    const ticket = order.tickets[1];
    const path = (url: string) => new URL(url).pathname + new URL(url).search;
    const one = await t.call({ method: 'GET', url: path(ticket.ticketPdfUrl) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const bytes = one.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = pdfText(bytes);
    expect(text).toContain(ticket.ticketNumber);
    expect(text).toContain('Checkout Night');
    expect(text).toContain('Ada Lovelace');
    // 1 March 2026, 19:00 UTC is 20:00 in Paris.
    expect(text).toContain('8:00');
    const all = await t.call({ method: 'GET', url: path(order.ticketsPdf) });
    expect(all.statusCode).toBe(200);
    expect((await PDFDocument.load(all.rawPayload)).getPageCount()).toBe(2);
    const bare = new URL(ticket.ticketPdfUrl).pathname;
    expect((await t.call({ method: 'GET', url: bare })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${bare}?token=wrong` })).statusCode).toBe(404);
    const otherTicket = `${new URL(order.tickets[0].ticketPdfUrl).pathname}${new URL(ticket.ticketPdfUrl).search}`;
    expect((await t.call({ method: 'GET', url: otherTicket })).statusCode).toBe(404);
    const owner = await t.call({ method: 'GET', url: bare, auth: site.adminKey });
    expect([owner.statusCode, owner.headers['content-type']]).toEqual([200, 'application/pdf']);
    const checkIn = await t.call({ method: 'GET', url: path(ticket.checkInUrl) });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.data.ticket).toMatchObject({
      ticketNumber: ticket.ticketNumber,
      orderNumber: placed.orderNumber,
      eventTitle: 'Checkout Night',
      valid: true,
    });
  });

  it('the confirmation e-mail: sent by a job after the order, with the ticket and calendar links', async () => {
    const placed = await checkoutOrder(visitor, free, {
      buyer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    });
    const inbox = () =>
      t.call({
        method: 'POST',
        url: '/plaza/v1/mailbox/query',
        auth: site.adminKey,
        payload: { to: 'grace@example.com' },
      });
    expect((await inbox()).data.messages).toEqual([]);
    await t.platform.jobs.runDue();
    const messages = (await inbox()).data.messages;
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toBe('Your tickets: Checkout Night');
    const order = await getOrder(placed.orderNumber);
    expect(messages[0].text).toContain(order.tickets[0].ticketPdfUrl);
    expect(messages[0].text).toContain(order.ticketsPdf);
    expect(messages[0].text).toContain('https://calendar.google.com/calendar/render');
    expect(messages[0].html).toContain('data:text/calendar');
  });
});
