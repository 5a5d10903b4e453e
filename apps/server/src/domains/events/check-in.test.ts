import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { code, fields, ticketShop, V1 } from './checkout.test-helper.ts';
import { orderCalls } from './orders.test-helper.ts';

const PATHS = [
  '/events/v1/tickets/check-in',
  '/_api/events/v1/tickets/check-in',
  '/_api/events-ticketing-v1-proxy/v1/tickets/check-in',
  '/_api/wix-events-web/v1/tickets/check-in',
];

describe.each(engines)('events: checking tickets in (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let visitor: string;
  let eventId: string;
  let paid: string;
  let free: string;
  const { checkoutOrder } = orderCalls(() => ({ t, site, eventId }));

  beforeAll(async () => {
    ({ t, site, other, visitor, eventId, paid, free } = await ticketShop(engine));
  });
  afterAll(() => t.close());

  const checkIn = (ticketNumber: unknown, auth = site.adminKey, path = PATHS[0]!, event = eventId) =>
    t.call({ method: 'POST', url: path, auth, payload: { eventId: event, ticketNumber } });
  const undo = (ticketNumbers: string[], auth = site.adminKey) =>
    t.call({
      method: 'DELETE',
      url: `${PATHS[0]}?eventId=${eventId}&${ticketNumbers.map((n) => `ticketNumber=${n}`).join('&')}`,
      auth,
    });
  const orderOf = async (orderNumber: string) =>
    (
      await t.call({
        method: 'GET',
        url: `${V1}/events/${eventId}/orders/${orderNumber}`,
        auth: site.adminKey,
      })
    ).data.order;

  it('checks tickets in at every path, once; the order says when all of its tickets are in', async () => {
    const order = await checkoutOrder(visitor, free, {}, 4);
    expect(order.status).toBe('FREE');
    const [first, second, third, fourth] = order.tickets.map((ticket) => ticket.ticketNumber);
    for (const [i, number] of [first!, second!, fourth!].entries()) {
      const done = await checkIn([number], site.adminKey, PATHS[i + 1]);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.data.tickets).toEqual([
        expect.objectContaining({ ticketNumber: number, checkIn: { created: t.clock.now().toISOString() } }),
      ]);
    }
    expect((await orderOf(order.orderNumber)).fullyCheckedIn).toBe(false);

    // Twice: refused, saying when; with a ticket not in yet the whole request is refused.
    const twice = await checkIn([third, first]);
    expect([twice.statusCode, code(twice)]).toEqual([409, 'TICKET_ALREADY_CHECKED_IN']);
    expect(twice.data.details.applicationError.data).toMatchObject({
      ticketNumber: first,
      checkedIn: t.clock.now().toISOString(),
    });
    expect((await orderOf(order.orderNumber)).tickets[2].checkIn).toBeUndefined();

    const last = await checkIn([third]);
    expect(last.statusCode, last.body).toBe(200);
    expect((await orderOf(order.orderNumber)).fullyCheckedIn).toBe(true);

    // Undone at the door: the ticket can be checked in again.
    const undone = await undo([first!]);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.data.tickets[0].checkIn).toBeUndefined();
    expect((await orderOf(order.orderNumber)).fullyCheckedIn).toBe(false);
    expect((await checkIn([first])).statusCode).toBe(200);
  });

  it('refuses tickets that let no one in, and tickets it does not know', async () => {
    const waiting = await checkoutOrder(visitor, paid);
    expect(waiting.status).toBe('INITIATED');
    const unpaid = await checkIn([waiting.tickets[0]!.ticketNumber]);
    expect([unpaid.statusCode, code(unpaid)]).toEqual([409, 'TICKET_NOT_VALID']);
    expect(unpaid.data.details.applicationError.data.status).toBe('INITIATED');

    const atTheDoor = await checkoutOrder(visitor, paid, { options: { payInPerson: true } });
    expect(atTheDoor.status).toBe('OFFLINE_PENDING');
    expect((await checkIn([atTheDoor.tickets[0]!.ticketNumber])).statusCode).toBe(200);

    for (const unknown of ['ZZZZZZZZZZZ01', 'short'])
      expect(code(await checkIn([unknown]))).toBe('TICKET_NOT_FOUND');
    const ofAnotherEvent = await checkIn(
      [atTheDoor.tickets[0]!.ticketNumber],
      site.adminKey,
      PATHS[0],
      '8c1f5a4e-3b0d-4f7e-9a51-2d6c7b8e9f10',
    );
    expect([ofAnotherEvent.statusCode, code(ofAnotherEvent)]).toEqual([404, 'TICKET_NOT_FOUND']);
  });

  it('bad input → 400 with the fields; visitors → 403; another site’s owner finds nothing', async () => {
    const order = await checkoutOrder(visitor, free);
    const number = order.tickets[0]!.ticketNumber;
    const empty = await checkIn([]);
    expect([empty.statusCode, fields(empty)]).toEqual([400, ['ticketNumber']]);
    const noEvent = await t.call({ method: 'POST', url: PATHS[0]!, auth: site.adminKey, payload: {} });
    expect(noEvent.statusCode).toBe(400);
    expect(fields(noEvent)).toEqual(expect.arrayContaining(['eventId', 'ticketNumber']));
    expect((await checkIn('x')).statusCode).toBe(400);

    expect((await checkIn([number], visitor)).statusCode).toBe(403);
    expect((await undo([number], visitor)).statusCode).toBe(403);
    const elsewhere = await checkIn([number], other.adminKey);
    expect([elsewhere.statusCode, code(elsewhere)]).toEqual([404, 'TICKET_NOT_FOUND']);
    expect((await orderOf(order.orderNumber)).tickets[0].checkIn).toBeUndefined();
  });
});
