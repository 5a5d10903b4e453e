import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { ok, SERVICES } from './bookings.test-helper.ts';
import {
  BOOKINGS,
  bookingCalls,
  code,
  type Entry,
  EXTENDED,
  studio,
  violations,
} from './checkout.test-helper.ts';
import { BOOKINGS_APP_ID } from './service/context.ts';

/**
 * Booking through the one checkout: a slot availability offers becomes a held booking and a SERVICE
 * line; paying confirms it; free, offline and manual-approval services; expiry and cancelling the
 * order free the slot.
 */
describe.each(engines)('bookings through the checkout (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  let visitor: string;
  const calls = () => bookingCalls(t, () => site);
  const offered = async (serviceId: string, start: string, resourceId: string) =>
    (await calls().slots(visitor, serviceId)).some(
      (e) => e.slot.startDate === start && e.slot.resource?.id === resourceId,
    );

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    ({ site, services } = await studio(t));
    visitor = await site.token('visitor');
  }, 60_000);
  afterAll(() => t.close());

  it('a slot → hosted checkout with a SERVICE line → paid by card: CONFIRMED and PAID, and no longer offered', async () => {
    const haircut = services.Haircut!;
    const [entry] = await calls().slots(visitor, haircut);
    const { bookingId, page } = await calls().bookAndPay(visitor, entry!);
    expect(page.checkout.lineItems[0]).toMatchObject({
      quantity: 1,
      itemType: { preset: 'SERVICE' },
      fixedQuantity: true,
      productName: { original: 'Haircut' },
      price: { amount: '45.00' },
      serviceProperties: { scheduledDate: expect.stringMatching(/^2026-03-02T/), numberOfParticipants: 1 },
    });
    const booking = await calls().owner(bookingId);
    expect(booking).toMatchObject({
      id: bookingId,
      status: 'CONFIRMED',
      paymentStatus: 'PAID',
      selectedPaymentOption: 'ONLINE',
      totalParticipants: 1,
      createdBy: { anonymousVisitorId: expect.any(String) },
      bookedEntity: {
        title: 'Haircut',
        slot: { serviceId: haircut, startDate: entry!.slot.startDate, resource: entry!.slot.resource },
      },
    });
    expect(booking.holdId).toBeUndefined();
    // The order names its buyer: the booking gets the contact (outbox consumer `bookings`).
    await t.platform.outbox.dispatchPending();
    expect((await calls().owner(bookingId)).contactDetails).toEqual({ email: 'ada@example.com' });
    expect(await offered(haircut, entry!.slot.startDate, entry!.slot.resource.id)).toBe(false);
    // The buyer reads it too; another visitor does not find it.
    expect((await calls().get(visitor, bookingId)).data.booking.status).toBe('CONFIRMED');
    const stranger = await calls().get(await site.token('visitor'), bookingId);
    expect([stranger.statusCode, code(stranger)]).toEqual([404, 'BOOKING_NOT_FOUND']);
  });

  it('a slot taken meanwhile: the next buyer is told so (409 naming it), then the hold lapses after 20 minutes', async () => {
    const haircut = services.Haircut!;
    const [entry] = await calls().slots(visitor, haircut);
    const held = await calls().create(visitor, entry!.slot);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.data.booking).toMatchObject({ status: 'CREATED', paymentStatus: 'UNDEFINED' });
    expect(await offered(haircut, entry!.slot.startDate, entry!.slot.resource.id)).toBe(false);

    const late = await calls().redirect(await site.token('visitor'), entry!);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.data.details.applicationError).toMatchObject({
      code: 'SLOT_NOT_AVAILABLE',
      data: { serviceId: haircut, startDate: entry!.slot.startDate, resourceId: entry!.slot.resource.id },
    });
    // It names the next free slots instead, none of them the one taken.
    const next = late.data.details.applicationError.data.nextSlots as Entry['slot'][];
    expect(next).toHaveLength(3);
    expect(next.map((s) => s.startDate)).not.toContain(entry!.slot.startDate);
    expect(next[0]).toMatchObject({ resource: { name: expect.any(String) } });
    expect(late.data.message).toBe('The slot is no longer available');

    t.clock.advance(21 * 60_000);
    expect(await offered(haircut, entry!.slot.startDate, entry!.slot.resource.id)).toBe(true);
    // The lapsed booking can no longer be bought.
    const cart = await t.call({
      method: 'POST',
      url: '/ecom/v1/carts/current/add-to-cart',
      auth: visitor,
      payload: {
        lineItems: [
          { catalogReference: { appId: BOOKINGS_APP_ID, catalogItemId: held.data.booking.id }, quantity: 1 },
        ],
      },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.data.cart.lineItems[0].availability.status).toBe('NOT_AVAILABLE');
  });

  it('a free service books without a card (EXEMPT); an offline payment leaves it NOT_PAID', async () => {
    const [free] = await calls().slots(visitor, services['Free consultation']!);
    const freeBooking = await calls().bookAndPay(visitor, free!, { paymentMethod: 'test' });
    expect(await calls().owner(freeBooking.bookingId)).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'EXEMPT',
    });

    const [cut] = await calls().slots(visitor, services.Haircut!);
    const offline = await calls().bookAndPay(visitor, cut!, { paymentMethod: 'offline' });
    expect(await calls().owner(offline.bookingId)).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'NOT_PAID',
      selectedPaymentOption: 'OFFLINE',
    });
  });

  it('cancelling the order cancels the booking and frees its slot', async () => {
    const haircut = services.Haircut!;
    const [entry] = await calls().slots(visitor, haircut);
    const { bookingId, orderId } = await calls().bookAndPay(visitor, entry!);
    expect(await offered(haircut, entry!.slot.startDate, entry!.slot.resource.id)).toBe(false);
    await ok(t, site, 'POST', `/ecom/v1/orders/${orderId}/cancel`, {});
    expect((await calls().owner(bookingId)).status).toBe('CANCELED');
    expect(await offered(haircut, entry!.slot.startDate, entry!.slot.resource.id)).toBe(true);
  });

  it('a service with manual approval: PENDING until the owner confirms; a declined one frees its slot', async () => {
    const id = services['Free consultation']!;
    const current = (await ok(t, site, 'GET', `${SERVICES}/${id}`)).service;
    await ok(t, site, 'PATCH', `${SERVICES}/${id}`, {
      service: {
        id,
        revision: current.revision,
        onlineBooking: { enabled: true, requireManualApproval: true },
      },
    });
    const [first, second] = await calls().slots(visitor, id);
    const a = await calls().bookAndPay(visitor, first!);
    const b = await calls().bookAndPay(visitor, second!);
    expect((await calls().owner(a.bookingId)).status).toBe('PENDING');
    expect(await offered(id, second!.slot.startDate, second!.slot.resource.id)).toBe(false);

    const visitorTries = await t.call({
      method: 'POST',
      url: `${BOOKINGS}/${a.bookingId}/confirm`,
      auth: visitor,
      payload: {},
    });
    expect(visitorTries.statusCode).toBe(403);
    const confirmed = await ok(t, site, 'POST', `${BOOKINGS}/${a.bookingId}/confirm`, {});
    expect(confirmed.booking.status).toBe('CONFIRMED');
    const again = await t.call({
      method: 'POST',
      url: `${BOOKINGS}/${a.bookingId}/confirm`,
      auth: site.adminKey,
      payload: {},
    });
    expect([again.statusCode, code(again)]).toEqual([409, 'INVALID_BOOKING_STATUS']);
    const stale = await t.call({
      method: 'POST',
      url: `${BOOKINGS}/${b.bookingId}/decline`,
      auth: site.adminKey,
      payload: { revision: '1' },
    });
    expect([stale.statusCode, code(stale)]).toEqual([409, 'REVISION_MISMATCH']);
    const declined = await ok(t, site, 'POST', `${BOOKINGS}/${b.bookingId}/decline`, {});
    expect(declined.booking.status).toBe('DECLINED');
    expect(await offered(id, second!.slot.startDate, second!.slot.resource.id)).toBe(true);
    const restored = (await ok(t, site, 'GET', `${SERVICES}/${id}`)).service;
    await ok(t, site, 'PATCH', `${SERVICES}/${id}`, {
      service: {
        id,
        revision: restored.revision,
        onlineBooking: { enabled: true, requireManualApproval: false },
      },
    });
  });

  it('bad slots: 400 with the field named; a slot outside working hours or in the past: 409', async () => {
    const bad = await calls().create(visitor, {
      serviceId: services.Haircut,
      startDate: 'soon',
      timezone: 'UTC',
    });
    expect([bad.statusCode, violations(bad)]).toEqual([400, ['booking.bookedEntity.slot.startDate']]);
    const zone = await calls().create(visitor, {
      serviceId: services.Haircut,
      startDate: '2026-03-03T10:00:00',
      endDate: '2026-03-03T10:45:00',
      timezone: 'Mars/Olympus',
    });
    expect([zone.statusCode, violations(zone)]).toEqual([400, ['booking.bookedEntity.slot.timezone']]);
    const unknown = await calls().create(visitor, {
      serviceId: 'nope',
      startDate: '2026-03-03T10:00:00',
      endDate: '2026-03-03T10:45:00',
      timezone: 'UTC',
    });
    expect([unknown.statusCode, violations(unknown)]).toEqual([400, ['booking.bookedEntity.slot.serviceId']]);
    const missing = await t.call({ method: 'POST', url: BOOKINGS, auth: visitor, payload: { booking: {} } });
    expect(missing.statusCode).toBe(400);
    const past = await calls().create(visitor, {
      serviceId: services.Haircut,
      startDate: '2026-03-01T10:00:00',
      endDate: '2026-03-01T10:45:00',
      timezone: 'UTC',
    });
    expect([past.statusCode, code(past)]).toEqual([409, 'SLOT_NOT_AVAILABLE']);
    const offGrid = await calls().create(visitor, {
      serviceId: services.Haircut,
      startDate: '2026-03-03T10:07:00',
      endDate: '2026-03-03T10:52:00',
      timezone: 'UTC',
    });
    expect([offGrid.statusCode, code(offGrid)]).toEqual([409, 'SLOT_NOT_AVAILABLE']);
    const noIntent = await calls().redirect(visitor, {});
    expect([noIntent.statusCode, violations(noIntent)]).toEqual([
      400,
      ['bookingsCheckout.slotAvailability.slot'],
    ]);
  });

  it('the owner lists every booking, with paging and filters; a member only theirs; a visitor may not list', async () => {
    const member = await site.token('member');
    const [entry] = await calls().slots(member, services.Haircut!);
    const mine = await calls().bookAndPay(member, entry!);
    const all = await ok(t, site, 'POST', EXTENDED, {
      query: {
        filter: { status: 'CONFIRMED' },
        sort: [{ fieldName: 'startDate', order: 'ASC' }],
        paging: { limit: 2 },
      },
      withBookingAllowedActions: true,
    });
    expect(all.extendedBookings).toHaveLength(2);
    expect(all.pagingMetadata).toMatchObject({ count: 2, total: expect.any(Number) });
    expect(all.pagingMetadata.total).toBeGreaterThan(2);
    expect(all.extendedBookings[0].allowedActions).toEqual({
      cancel: true,
      reschedule: true,
      bookAgain: true,
    });
    const starts = all.extendedBookings.map((e: any) => e.booking.startDate);
    expect([...starts].sort()).toEqual(starts);

    const own = await t.call({ method: 'POST', url: EXTENDED, auth: member, payload: { query: {} } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.data.extendedBookings.map((e: any) => e.booking.id)).toEqual([mine.bookingId]);
    const filtered = await t.call({
      method: 'POST',
      url: '/bookings/bookings-reader/v2/extended-bookings/query',
      auth: member,
      payload: { query: { filter: { status: 'CANCELED' } } },
    });
    expect(filtered.data.extendedBookings).toEqual([]);
    // A cursor carries its first page's filter: one made for the owner's list shows the member nothing else.
    const ownerPage = await ok(t, site, 'POST', EXTENDED, { query: { cursorPaging: { limit: 1 } } });
    const cursor = ownerPage.pagingMetadata.cursors.next as string;
    expect(cursor).toEqual(expect.any(String));
    const replayed = await t.call({
      method: 'POST',
      url: EXTENDED,
      auth: member,
      payload: { query: { cursorPaging: { cursor, limit: 100 } } },
    });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(
      replayed.data.extendedBookings.every(
        (e: { booking: { id: string } }) => e.booking.id === mine.bookingId,
      ),
    ).toBe(true);
    const anonymous = await t.call({ method: 'POST', url: EXTENDED, auth: visitor, payload: { query: {} } });
    expect(anonymous.statusCode).toBe(403);
  });

  it('site isolation: another site neither reads, lists nor changes the bookings', async () => {
    const other = await t.createSite({ timeZone: 'UTC' });
    const [entry] = await calls().slots(visitor, services.Haircut!);
    const { bookingId } = await calls().bookAndPay(visitor, entry!);
    const read = await t.call({ method: 'GET', url: `${BOOKINGS}/${bookingId}`, auth: other.adminKey });
    expect([read.statusCode, code(read)]).toEqual([404, 'BOOKING_NOT_FOUND']);
    const cancel = await t.call({
      method: 'POST',
      url: `${BOOKINGS}/${bookingId}/cancel`,
      auth: other.adminKey,
      payload: {},
    });
    expect(cancel.statusCode).toBe(404);
    const listed = await ok(t, other, 'POST', EXTENDED, { query: {} });
    expect(listed.extendedBookings).toEqual([]);
    const elsewhere = await calls().create(await other.token('visitor'), entry!.slot);
    expect([elsewhere.statusCode, violations(elsewhere)]).toEqual([
      400,
      ['booking.bookedEntity.slot.serviceId'],
    ]);
  });
});
