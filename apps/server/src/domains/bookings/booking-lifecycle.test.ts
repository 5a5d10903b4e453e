import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { ok } from './bookings.test-helper.ts';
import { BOOKINGS, bookingCalls, type Entry, EXTENDED, studio } from './checkout.test-helper.ts';

const HOUR = 3_600_000;
const LIVE = ['CREATED', 'CONFIRMED', 'PENDING'];

/**
 * The ends of a booking besides being had: cancelling a paid one cancels its order (refunded), and
 * one whose checkout was never paid is cancelled by the jobs once its hold lapses, its slot free again.
 */
describe.each(engines)('bookings: how they end (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  let visitor: string;
  const calls = () => bookingCalls(t, () => site);
  const offered = async (entry: Entry) =>
    (await calls().slots(visitor, entry.slot.serviceId, 2)).some(
      (e) => e.slot.startDate === entry.slot.startDate && e.slot.resource?.id === entry.slot.resource.id,
    );
  /** A haircut far enough ahead that the policy lets a customer cancel it (12 hours before). */
  const later = async (skip = 0) => {
    const entries = await calls().slots(visitor, services.Haircut!, 2);
    const far = entries.filter((e) => Date.parse(`${e.slot.startDate}Z`) > t.clock.nowMs() + 13 * HOUR);
    return far[skip]!;
  };
  const order = async (id: string) => (await ok(t, site, 'GET', `/ecom/v1/orders/${id}`)).order;
  /** The site's bookings still to come, as an owner's list of upcoming ones asks for them. */
  const upcoming = async () =>
    (
      await ok(t, site, 'POST', EXTENDED, {
        query: {
          filter: { status: { $in: LIVE }, startDate: { $gt: t.clock.now().toISOString() } },
          paging: { limit: 100 },
        },
      })
    ).extendedBookings.map((e: { booking: { id: string } }) => e.booking.id) as string[];

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    ({ site, services } = await studio(t));
    visitor = await site.token('visitor');
  }, 60_000);
  afterAll(() => t.close());

  it('a paid booking cancelled by its customer cancels its order: the money refunded, the slot free', async () => {
    const entry = await later();
    const { bookingId, orderId } = await calls().bookAndPay(visitor, entry);
    expect(await order(orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const canceled = await t.call({
      method: 'POST',
      url: `${BOOKINGS}/${bookingId}/cancel`,
      auth: visitor,
      payload: {},
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.data.booking).toMatchObject({ status: 'CANCELED', paymentStatus: 'REFUNDED' });
    expect(canceled.data.booking.orderId).toBeUndefined();
    expect(await order(orderId)).toMatchObject({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' });
    expect(await offered(entry)).toBe(true);
  });

  it('the owner cancelling a booking paid offline cancels its order, nothing to refund', async () => {
    const entry = await later(1);
    const { bookingId, orderId } = await calls().bookAndPay(visitor, entry, { paymentMethod: 'offline' });
    const canceled = await ok(t, site, 'POST', `${BOOKINGS}/${bookingId}/cancel`, {});
    expect(canceled.booking).toMatchObject({ status: 'CANCELED', paymentStatus: 'NOT_PAID' });
    expect(await order(orderId)).toMatchObject({ status: 'CANCELED', paymentStatus: 'NOT_PAID' });
    // Cancelling the order afterwards is refused as for any cancelled order; the booking stays as it is.
    const again = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${orderId}/cancel`,
      auth: site.adminKey,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it('a booking whose checkout was never paid is cancelled once its hold lapses, and leaves the upcoming ones', async () => {
    const entry = await later(2);
    const held = await calls().create(visitor, entry.slot);
    expect(held.statusCode, held.body).toBe(200);
    const id = held.data.booking.id as string;
    expect(await upcoming()).toContain(id);
    expect(await offered(entry)).toBe(false);
    t.clock.advance(21 * 60_000);
    await t.platform.jobs.runDue();
    await t.platform.outbox.dispatchPending();
    expect((await calls().owner(id)).status).toBe('CANCELED');
    expect(await upcoming()).not.toContain(id);
    expect(await offered(entry)).toBe(true);
  });

  it('a lapsed hold another buyer takes first is reported by that booking: the unpaid one is cancelled', async () => {
    const entry = await later(3);
    const first = await calls().create(visitor, entry.slot);
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(21 * 60_000);
    const second = await calls().create(await site.token('visitor'), entry.slot);
    expect(second.statusCode, second.body).toBe(200);
    await t.platform.outbox.dispatchPending();
    expect((await calls().owner(first.data.booking.id)).status).toBe('CANCELED');
    expect((await calls().owner(second.data.booking.id)).status).toBe('CREATED');
  });
});
