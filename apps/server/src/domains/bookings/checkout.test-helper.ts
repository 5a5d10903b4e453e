/** The demo studio the booking tests start from, and the calls a buyer and the owner make on it. */
import { expect } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { CARD_OK, settings, shopSettings } from '../../../test/flows/ecom-fixtures.ts';
import { seedBookings } from '../../seed/bookings.ts';
import { ok, SERVICES } from './bookings.test-helper.ts';

export const BOOKINGS = '/bookings/v2/bookings';
export const EXTENDED = '/_api/bookings-reader/v2/extended-bookings/query';
const QUERY = '/_api/availability-calendar/v1/availability/query';
const SESSION = '/_api/redirects-api/v1/redirect-session';
const DAY = 86_400_000;

export { code, fields as violations } from '../../../test/flows/ecom-fixtures.ts';

/** A UTC site with the demo studio (seed/bookings.ts) taking test and offline payments; its services by name. */
export async function studio(t: TestApp) {
  const site = await t.createSite({ timeZone: 'UTC' });
  await seedBookings(t.platform, site.id);
  await settings(t, site, shopSettings);
  const listed = await ok(t, site, 'POST', `${SERVICES}/query`, { query: { paging: { limit: 50 } } });
  const services = Object.fromEntries(
    (listed.services as { name: string; id: string }[]).map((s) => [s.name, s.id]),
  );
  return { site, services };
}

/** An availability entry, as much of it as the tests read. */
export interface Entry {
  bookable: boolean;
  slot: { startDate: string; endDate: string; serviceId: string; resource: { id: string; name: string } };
}

export function bookingCalls(t: TestApp, site: () => TestSite) {
  /** Bookable entries of a service in the next `days` days, as a visitor sees them. */
  async function slots(auth: string, serviceId: string, days = 1) {
    const from = t.clock.now();
    const response = await t.call({
      method: 'POST',
      url: QUERY,
      auth,
      payload: {
        query: {
          filter: {
            serviceId: [serviceId],
            startDate: from.toISOString(),
            endDate: new Date(from.getTime() + days * DAY).toISOString(),
            bookable: true,
          },
        },
        timezone: 'UTC',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.availabilityEntries as Entry[];
  }

  const create = (auth: string, slot: object, extra: object = {}) =>
    t.call({
      method: 'POST',
      url: BOOKINGS,
      auth,
      payload: { booking: { bookedEntity: { slot }, ...extra } },
    });

  const redirect = (auth: string, entry: object) =>
    t.call({
      method: 'POST',
      url: SESSION,
      auth,
      payload: { bookingsCheckout: { slotAvailability: entry, timezone: 'UTC' } },
    });

  /** Opens the hosted checkout on `entry` and pays it; answers the booking id and the order's. */
  async function bookAndPay(
    auth: string,
    entry: object,
    payment: object = { paymentMethod: 'test', card: CARD_OK },
  ) {
    const session = await redirect(auth, entry);
    expect(session.statusCode, session.body).toBe(200);
    const sessionId = session.data.redirectSession.id as string;
    const page = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout`,
      payload: { email: 'ada@example.com' },
    });
    expect(page.statusCode, page.body).toBe(200);
    const bookingId = page.data.checkout.lineItems[0].catalogReference.catalogItemId as string;
    const paid = await t.call({
      method: 'POST',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout/pay`,
      payload: payment,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { bookingId, orderId: paid.data.order.id as string, sessionId, page: page.data };
  }

  const get = (auth: string, id: string) => t.call({ method: 'GET', url: `${BOOKINGS}/${id}`, auth });
  const owner = async (id: string) => (await ok(t, site(), 'GET', `${BOOKINGS}/${id}`)).booking;

  return { slots, create, redirect, bookAndPay, get, owner };
}
