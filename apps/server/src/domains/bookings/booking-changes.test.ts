import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { ok } from './bookings.test-helper.ts';
import { BOOKINGS, bookingCalls, code, type Entry, studio, violations } from './checkout.test-helper.ts';

const HOUR = 3_600_000;

/**
 * Cancelling and rescheduling under the service's policy (the demo studio's: customers cancel until
 * 12 hours before the start), each freeing the slot it leaves; the owner is not held to the policy.
 */
describe.each(engines)('bookings: cancel and reschedule (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  let member: string;
  const calls = () => bookingCalls(t, () => site);
  const post = (auth: string, url: string, payload: object = {}) =>
    t.call({ method: 'POST', url, auth, payload });
  const offered = async (entry: Entry, days = 2) =>
    (await calls().slots(member, entry.slot.serviceId, days)).some(
      (e) => e.slot.startDate === entry.slot.startDate && e.slot.resource?.id === entry.slot.resource.id,
    );
  /** Bookable haircut slots starting at least `hours` from now. */
  const later = async (hours: number) =>
    (await calls().slots(member, services.Haircut!, 3)).filter(
      (e) => Date.parse(`${e.slot.startDate}Z`) - t.clock.nowMs() >= hours * HOUR,
    );

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    ({ site, services } = await studio(t));
    member = await site.token('member');
  }, 60_000);
  afterAll(() => t.close());

  it('a member cancels a booking more than 12 hours ahead: CANCELED, the slot offered again', async () => {
    const [entry] = await later(24);
    const { bookingId } = await calls().bookAndPay(member, entry!);
    expect(await offered(entry!)).toBe(false);
    const stale = await post(member, `${BOOKINGS}/${bookingId}/cancel`, { revision: '1' });
    expect([stale.statusCode, code(stale)]).toEqual([409, 'REVISION_MISMATCH']);
    const canceled = await post(member, `/_api/bookings-service/v2/bookings/${bookingId}/cancel`, {
      participantNotification: { notifyParticipants: false },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.data.booking).toMatchObject({ id: bookingId, status: 'CANCELED' });
    expect(await offered(entry!)).toBe(true);
    const twice = await post(member, `${BOOKINGS}/${bookingId}/cancel`);
    expect([twice.statusCode, code(twice)]).toEqual([409, 'INVALID_BOOKING_STATUS']);
  });

  it('within 12 hours of the start the member may not cancel; the owner may', async () => {
    const [soon] = (await later(2)).filter(
      (e) => Date.parse(`${e.slot.startDate}Z`) - t.clock.nowMs() < 12 * HOUR,
    );
    const { bookingId } = await calls().bookAndPay(member, soon!);
    const refused = await post(member, `${BOOKINGS}/${bookingId}/cancel`);
    expect([refused.statusCode, code(refused)]).toEqual([409, 'CANCELLATION_NOT_ALLOWED']);
    const listed = await post(member, '/_api/bookings-reader/v2/extended-bookings/query', {
      query: { filter: { id: bookingId } },
      withBookingAllowedActions: true,
    });
    expect(listed.data.extendedBookings[0].allowedActions).toMatchObject({ cancel: false });
    const byOwner = await ok(t, site, 'POST', `${BOOKINGS}/${bookingId}/cancel`, {});
    expect(byOwner.booking.status).toBe('CANCELED');
    expect(await offered(soon!)).toBe(true);
  });

  it('reschedule: to another open slot (the old one freed), never onto a taken one or another service', async () => {
    // Far enough apart that the buffer around one booking does not reach the next slot.
    const [first, , , second, , , third] = await later(24);
    const { bookingId } = await calls().bookAndPay(member, first!);
    const taken = await calls().bookAndPay(await site.token('visitor'), third!);

    const onto = await post(member, `${BOOKINGS}/${bookingId}/reschedule`, { slot: third!.slot });
    expect([onto.statusCode, code(onto)]).toEqual([409, 'SLOT_NOT_AVAILABLE']);
    const other = await post(member, `${BOOKINGS}/${bookingId}/reschedule`, {
      slot: { ...second!.slot, serviceId: services['Free consultation'] },
    });
    expect([other.statusCode, violations(other)]).toEqual([400, ['slot.serviceId']]);
    const noSlot = await post(member, `${BOOKINGS}/${bookingId}/reschedule`, {});
    expect(noSlot.statusCode).toBe(400);

    const moved = await post(member, `${BOOKINGS}/${bookingId}/reschedule`, { slot: second!.slot });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.data.booking).toMatchObject({
      status: 'CONFIRMED',
      bookedEntity: { slot: { startDate: second!.slot.startDate, resource: second!.slot.resource } },
    });
    expect(await offered(first!)).toBe(true);
    expect(await offered(second!)).toBe(false);
    // The hold of the new slot is confirmed: it stays taken long after any checkout hold would lapse.
    t.clock.advance(HOUR);
    expect(await offered(second!)).toBe(false);
    expect((await calls().owner(taken.bookingId)).status).toBe('CONFIRMED');
  });

  it("a visitor cannot act on another's booking, nor confirm or decline; another site's owner finds none", async () => {
    const [entry] = await later(24);
    const { bookingId } = await calls().bookAndPay(member, entry!);
    const visitor = await site.token('visitor');
    const cancel = await post(visitor, `${BOOKINGS}/${bookingId}/cancel`);
    expect([cancel.statusCode, code(cancel)]).toEqual([404, 'BOOKING_NOT_FOUND']);
    const move = await post(visitor, `${BOOKINGS}/${bookingId}/reschedule`, { slot: entry!.slot });
    expect(move.statusCode).toBe(404);
    for (const action of ['confirm', 'decline'])
      expect((await post(visitor, `${BOOKINGS}/${bookingId}/${action}`)).statusCode).toBe(403);
    const other = await t.createSite();
    const elsewhere = await post(other.adminKey, `${BOOKINGS}/${bookingId}/decline`);
    expect([elsewhere.statusCode, code(elsewhere)]).toEqual([404, 'BOOKING_NOT_FOUND']);
    expect((await calls().owner(bookingId)).status).toBe('CONFIRMED');
  });
});
