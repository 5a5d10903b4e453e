import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK } from '../../../test/flows/ecom-fixtures.ts';
import { buyer, code, fields, shopCalls, ticketShop, V1 } from './checkout.test-helper.ts';
import { concert } from './fixtures.test-helper.ts';

describe.each(engines)('events checkout v1: paying, at the door, expiry (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let visitor: string;
  let eventId: string;
  let slug: string;
  let paid: string;
  const { define, reserve, left, invoice } = shopCalls(() => ({ t, site, eventId }));

  beforeAll(async () => {
    ({ t, site, visitor, eventId, slug, paid } = await ticketShop(engine));
  });
  afterAll(() => t.close());

  it('a paid reservation: checkout waits (INITIATED), the eventsCheckout redirect pays it with the test card → PAID', async () => {
    const made = await reserve(visitor, [{ ticketDefinitionId: paid, quantity: 3 }]);
    const id = made.data.id;
    const waiting = await t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth: visitor,
      payload: { eventId, reservationId: id, buyer },
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.data.order).toMatchObject({ status: 'INITIATED', confirmed: false });
    expect(waiting.data.expires).toBe(made.data.expires);

    const wrongSlug = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth: visitor,
      payload: { eventsCheckout: { eventSlug: 'another', reservationId: id } },
    });
    expect([wrongSlug.statusCode, fields(wrongSlug)]).toEqual([400, ['eventsCheckout.eventSlug']]);
    const notTheirs = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth: await site.token('visitor'),
      payload: { eventsCheckout: { eventSlug: slug, reservationId: id } },
    });
    expect(notTheirs.statusCode).toBe(404);

    const session = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth: visitor,
      payload: {
        eventsCheckout: { eventSlug: slug, reservationId: id },
      },
    });
    expect(session.statusCode, session.body).toBe(200);
    const sessionId = session.data.redirectSession.id;
    const page = await t.call({ method: 'GET', url: `/plaza/v1/redirect-sessions/${sessionId}/checkout` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.data.checkout.lineItems[0]).toMatchObject({
      quantity: 3,
      itemType: { preset: 'SERVICE' },
      fixedQuantity: true,
      serviceProperties: { scheduledDate: '2026-03-01T19:00:00.000Z', numberOfParticipants: 3 },
    });
    const billed = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout`,
      payload: { billingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' } },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    expect(billed.data.checkout.buyerInfo.email).toBe('ada@example.com');
    const confirmedBefore = (await left(paid)).confirmed;
    const payment = await t.call({
      method: 'POST',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout/pay`,
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    expect((await left(paid)).confirmed).toBe(confirmedBefore + 3);
    const updated = await t.call({
      method: 'PATCH',
      url: `${V1}/checkout/${waiting.data.order.orderNumber}`,
      auth: visitor,
      payload: { eventId },
    });
    expect(updated.data.order).toMatchObject({
      orderNumber: waiting.data.order.orderNumber,
      status: 'PAID',
      confirmed: true,
      email: 'ada@example.com',
      ticketsQuantity: 3,
      totalPrice: { amount: '75.00' },
    });
    expect(updated.data.order.tickets).toHaveLength(3);
    expect((await invoice(visitor, id)).data).toMatchObject({
      reservationStatus: 'RESERVATION_CONFIRMED',
      reservationOccupied: true,
    });
  });

  it('posCheckout sells at the door (owners only): PAID, channel OFFLINE_POS', async () => {
    const made = await reserve(site.adminKey, [{ ticketDefinitionId: paid, quantity: 1 }]);
    const body = { eventId, reservationId: made.data.id, paymentDetailsId: 'cash-1' };
    expect(
      (await t.call({ method: 'POST', url: `${V1}/pos-checkout`, auth: visitor, payload: body })).statusCode,
    ).toBe(403);
    const sold = await t.call({
      method: 'POST',
      url: `/_api/wix-events-web/v1/pos-checkout`,
      auth: site.adminKey,
      payload: body,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.data.order).toMatchObject({
      status: 'PAID',
      channel: 'OFFLINE_POS',
      tickets: [{ channel: 'OFFLINE_POS' }],
    });
  });

  it('a reservation expires with the clock: tickets for sale again at once, EXPIRED with an `expired` event', async () => {
    const freshEvent = await t.call({
      method: 'POST',
      url: '/events/v3/events',
      auth: site.adminKey,
      payload: { event: concert({ title: 'Expiry Night' }) },
    });
    eventId = freshEvent.data.event.id;
    const few = await define({ name: 'Few', pricingMethod: { fixedPrice: { value: '5' } }, initialLimit: 2 });
    const made = await reserve(visitor, [{ ticketDefinitionId: few, quantity: 2 }]);
    expect(made.statusCode, made.body).toBe(200);
    expect(code(await reserve(visitor, [{ ticketDefinitionId: few, quantity: 1 }]))).toBe('TICKET_SOLD_OUT');
    t.clock.advance(20 * 60_000 + 1);
    // Before any sweep: derived as expired, and the tickets are free.
    expect((await invoice(visitor, made.data.id)).data.reservationStatus).toBe('RESERVATION_EXPIRED');
    expect((await left(few)).available).toBe(2);
    await t.platform.jobs.runDue();
    await t.platform.outbox.dispatchPending();
    const stored = await t.platform.events.store.reservations
      .forSite(site.id)
      .get<{ status: string }>(made.data.id);
    expect(stored?.status).toBe('RESERVATION_EXPIRED');
    const events = await t.platform.database.db
      .selectFrom('outbox')
      .select(['event'])
      .where('entity_kind', '=', 'reservation')
      .where('entity_id', '=', made.data.id)
      .execute();
    expect(events.map((e) => e.event)).toContain('expired');
    const again = await reserve(visitor, [{ ticketDefinitionId: few, quantity: 2 }]);
    expect(again.statusCode, again.body).toBe(200);
  });
});
