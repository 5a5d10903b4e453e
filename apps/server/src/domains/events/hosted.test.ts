import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK } from '../../../test/flows/ecom-fixtures.ts';
import { createClient, visitorTokens } from '../../../test/flows/identity-helpers.ts';
import { code, fields, shopCalls, ticketShop, V1 } from './checkout.test-helper.ts';

const page = (sessionId: string) => `/plaza/v1/redirect-sessions/${sessionId}/checkout/event`;
const answers = (values: Record<string, string>) => ({
  inputValues: Object.entries(values).map(([inputName, value]) => ({ inputName, value })),
});
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe.each(engines)('events: the hosted ticket page (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let visitor: string;
  let eventId: string;
  let slug: string;
  let paid: string;
  const { reserve } = shopCalls(() => ({ t, site, eventId }));

  beforeAll(async () => {
    ({ t, site, other, eventId, slug, paid } = await ticketShop(engine));
    // A visitor of an OAuth app: the page's way back is checked against the app's origins.
    visitor = (await visitorTokens(t, await createClient(t, site))).access_token;
  });
  afterAll(() => t.close());

  async function sessionFor(quantity: number) {
    const made = await reserve(visitor, [{ ticketDefinitionId: paid, quantity }]);
    expect(made.statusCode, made.body).toBe(200);
    const session = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth: visitor,
      payload: {
        eventsCheckout: { eventSlug: slug, reservationId: made.data.id },
        callbacks: { postFlowUrl: 'https://shop.example/tickets' },
      },
    });
    expect(session.statusCode, session.body).toBe(200);
    return { reservation: made.data, sessionId: session.data.redirectSession.id as string };
  }

  it('shows the event in its time zone, the reserved tickets, the expiry and the form', async () => {
    const { reservation, sessionId } = await sessionFor(2);
    const shown = await t.call({ method: 'GET', url: page(sessionId) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.data).toMatchObject({
      event: {
        id: eventId,
        slug,
        title: 'Checkout Night',
        startDate: '2026-03-01T19:00:00.000Z',
        timeZoneId: expect.any(String),
        dateAndTime: expect.stringMatching(/^March 1, 2026, /),
      },
      reservation: {
        id: reservation.id,
        status: 'RESERVATION_PENDING',
        expires: reservation.expires,
        tickets: [{ ticketDefinitionId: paid, name: 'GA', quantity: 2, price: { amount: '25.00' } }],
      },
      reserveAgainUrl: 'https://shop.example/tickets',
      postFlowUrl: 'https://shop.example/tickets',
    });
    expect(shown.data.calendarLinks.google).toMatch(/^https:\/\/calendar\.google\.com\//);
    expect(shown.data.calendarLinks.ics).toMatch(/^data:text\/calendar/);
    const inputs = shown.data.form.controls.flatMap((c: { inputs: { name: string }[] }) =>
      c.inputs.map((i) => i.name),
    );
    expect(inputs).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email']));
    expect(shown.data.details).toBeUndefined();
    expect(shown.data.order).toBeUndefined();
  });

  it('saves the form (checked against the event’s), then the payment gives the tickets with their links', async () => {
    const { sessionId } = await sessionFor(2);
    const empty = await t.call({ method: 'PATCH', url: page(sessionId), payload: { form: {} } });
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toEqual(['form.email', 'form.firstName', 'form.lastName']);
    const badMail = await t.call({
      method: 'PATCH',
      url: page(sessionId),
      payload: { form: answers({ ...ada, email: 'not-an-address' }) },
    });
    expect([badMail.statusCode, fields(badMail)]).toEqual([400, ['form.email']]);
    const wrongShape = await t.call({ method: 'PATCH', url: page(sessionId), payload: { form: 'x' } });
    expect(wrongShape.statusCode).toBe(400);

    const saved = await t.call({ method: 'PATCH', url: page(sessionId), payload: { form: answers(ada) } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.data.details).toMatchObject(ada);

    const billed = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout`,
      payload: { email: ada.email, billingAddress: { country: 'US' } },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const paidNow = await t.call({
      method: 'POST',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout/pay`,
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(paidNow.statusCode, paidNow.body).toBe(200);

    const after = await t.call({ method: 'GET', url: page(sessionId) });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.data.reservation.status).toBe('RESERVATION_CONFIRMED');
    expect(after.data.order).toMatchObject({ status: 'PAID', tickets: [{ name: 'GA' }, { name: 'GA' }] });
    const link = new URL(after.data.order.tickets[0].pdfUrl);
    const pdf = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    // The owner sees the buyer the page saved on the order.
    const owned = await t.call({
      method: 'GET',
      url: `${V1}/events/${eventId}/orders/${after.data.order.orderNumber}`,
      auth: site.adminKey,
    });
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.data.order).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const again = await t.call({ method: 'PATCH', url: page(sessionId), payload: { form: answers(ada) } });
    expect(code(again)).toBe('RESERVATION_NOT_PENDING');

    // Past the session's hour the page no longer hands out the buyer's details or the ticket links.
    t.clock.advance(61 * 60_000);
    const late = await t.call({ method: 'GET', url: page(sessionId) });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.data.details).toBeUndefined();
    expect(late.data.order.tickets[0].pdfUrl).toBeUndefined();
    expect(late.data.order.ticketsPdfUrl).toBeUndefined();
  });

  it('saves a guest per ticket, each form checked, and the tickets name their guests', async () => {
    const { sessionId } = await sessionFor(2);
    const alan = { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' };
    const patch = (guests: object[]) =>
      t.call({ method: 'PATCH', url: page(sessionId), payload: { form: answers(ada), guests } });

    const short = await patch([{ form: answers(ada) }]);
    expect([short.statusCode, fields(short)]).toEqual([400, ['guests']]);
    const bad = await patch([{ form: answers(ada) }, { form: answers({ ...alan, email: 'alan' }) }]);
    expect([bad.statusCode, fields(bad)]).toEqual([400, ['guests[1].form.email']]);
    const empty = await patch([{}, { form: answers(alan) }]);
    expect(fields(empty)).toEqual([
      'guests[0].form.email',
      'guests[0].form.firstName',
      'guests[0].form.lastName',
    ]);
    const notAList = await t.call({
      method: 'PATCH',
      url: page(sessionId),
      payload: { form: answers(ada), guests: 'x' },
    });
    expect(notAList.statusCode).toBe(400);

    const saved = await patch([{ form: answers(ada) }, { form: answers({ ...alan, lastName: ' Turing ' }) }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.data.details.guests).toMatchObject([ada, alan]);
    // Saving the buyer again without guests keeps the guests named.
    const buyerOnly = await t.call({
      method: 'PATCH',
      url: page(sessionId),
      payload: { form: answers(ada) },
    });
    expect(buyerOnly.data.details.guests).toMatchObject([ada, alan]);

    await t.call({
      method: 'PATCH',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout`,
      payload: { email: ada.email, billingAddress: { country: 'US' } },
    });
    const paidNow = await t.call({
      method: 'POST',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout/pay`,
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(paidNow.statusCode, paidNow.body).toBe(200);
    const after = await t.call({ method: 'GET', url: page(sessionId) });
    expect(after.data.order.tickets.map((ticket: { guestName?: string }) => ticket.guestName)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
    ]);
    const owned = await t.call({
      method: 'GET',
      url: `${V1}/events/${eventId}/orders/${after.data.order.orderNumber}`,
      auth: site.adminKey,
    });
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.data.order.tickets).toMatchObject([
      { guestFullName: 'Ada Lovelace', guestDetails: { guestAssigned: true, email: ada.email } },
      { guestFullName: 'Alan Turing', guestDetails: { guestAssigned: true, email: alan.email } },
    ]);
    // Another site's owner does not see them.
    const elsewhere = await t.call({
      method: 'GET',
      url: `${V1}/events/${eventId}/orders/${after.data.order.orderNumber}`,
      auth: other.adminKey,
    });
    expect(elsewhere.statusCode).toBe(404);

    // Past the session's hour the guests' names are no longer handed out.
    t.clock.advance(61 * 60_000);
    const late = await t.call({ method: 'GET', url: page(sessionId) });
    expect(late.data.order.tickets[0].guestName).toBeUndefined();
  });

  it('an expired reservation says so and is not saved to', async () => {
    const { sessionId } = await sessionFor(1);
    t.clock.advance(20 * 60_000 + 1);
    const shown = await t.call({ method: 'GET', url: page(sessionId) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.data.reservation.status).toBe('RESERVATION_EXPIRED');
    const saved = await t.call({ method: 'PATCH', url: page(sessionId), payload: { form: answers(ada) } });
    expect([saved.statusCode, code(saved)]).toEqual([409, 'RESERVATION_NOT_PENDING']);
  });

  it('unknown sessions and sessions of another intent are refused', async () => {
    const unknown = await t.call({ method: 'GET', url: page('8c1f5a4e-3b0d-4f7e-9a51-2d6c7b8e9f10') });
    expect([unknown.statusCode, code(unknown)]).toEqual([404, 'REDIRECT_SESSION_NOT_FOUND']);
    const login = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth: visitor,
      payload: { login: {} },
    });
    expect(login.statusCode, login.body).toBe(200);
    const wrong = await t.call({ method: 'GET', url: page(login.data.redirectSession.id) });
    expect([wrong.statusCode, code(wrong)]).toEqual([400, 'WRONG_INTENT']);
    const shape = await t.call({ method: 'GET', url: page('not an id') });
    expect([shape.statusCode, code(shape)]).toEqual([404, 'REDIRECT_SESSION_NOT_FOUND']);
  });
});
