import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../apps/server/src/http/access.ts';
import { DEMO_CLIENT_ID, DEMO_SITE_ID, seedDemo } from '../apps/server/src/seed/demo.ts';
import { buildTestApp, type TestApp } from '../apps/server/test/build-test-app.ts';
import { engines } from '../apps/server/test/engines.ts';
import {
  BOOKING_DAYS,
  BOOKING_STAFF,
  type BookingsBench,
  MONTH_DAYS,
  MONTH_STAFF,
  seedBookingsBench,
} from './bookings-seed.ts';
import { type BenchContext, scenarios, type WireRequest, wireRequest } from './scenarios.ts';

const DEMO_ORIGIN = 'http://localhost:3000';

/** The bookings scenarios' requests, sent to the real server on the data their seed makes. */
describe.each(engines)('bench: the bookings scenarios (%s)', (engine) => {
  let t: TestApp;
  let context: BenchContext;
  let bookings: BookingsBench;

  const send = (request: WireRequest, body = request.body) =>
    t.call({ method: request.method, url: request.path, headers: request.headers, payload: body });
  const requestOf = (name: string) =>
    wireRequest(scenarios.find((scenario) => scenario.name === name)!, context);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:20:00.000Z');
    const site = await t.createSite({ timeZone: 'UTC' });
    await seedDemo(t.platform, { demoOrigin: DEMO_ORIGIN });
    const visitorToken = await site.token('visitor', 'shopper');
    const owner: Caller = {
      siteId: site.id,
      kind: 'admin',
      subjectId: 'bench',
      clientId: undefined,
      accessToken: undefined,
    };
    const visitor: Caller = { ...owner, kind: 'visitor', subjectId: 'shopper', accessToken: visitorToken };
    bookings = await seedBookingsBench(t.platform, owner, visitor, DEMO_SITE_ID);
    const { token: demoVisitorToken } = await t.platform.identity.tokens.issue({
      siteId: DEMO_SITE_ID,
      subjectType: 'visitor',
      subjectId: 'demo-visitor',
      clientId: DEMO_CLIENT_ID,
    });
    context = {
      siteId: site.id,
      adminKey: site.adminKey,
      visitorToken,
      cartVisitorTokens: [],
      storedCart: () => Promise.reject(new Error('no carts here')),
      productIds: [],
      demoVisitorToken,
      demoOrigin: DEMO_ORIGIN,
      events: { eventId: '', ticketDefinitionId: '', storedReservation: '{}' },
      bookings,
    };
  }, 120_000);
  afterAll(() => t.close());

  it("answers the demo's query with the haircut's slots of the next day", async () => {
    const response = await send(requestOf('query-availability-day'));
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.data.availabilityEntries as { slot: { serviceId: string } }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.slot.serviceId === bookings.demoServiceId)).toBe(true);
  });

  it('answers a month of the 10 staff members on 15-minute slots, 09:00–17:00: the large answer', async () => {
    const response = await send(requestOf('query-availability-month'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.availabilityEntries).toHaveLength(MONTH_STAFF * MONTH_DAYS * 8 * 4);
    expect(response.body.length).toBeGreaterThan(1_000_000);
  });

  it('books the capture slot, then every slot of the rotation once, none refused', async () => {
    const request = requestOf('create-booking');
    expect(request.bodies).toHaveLength(BOOKING_DAYS * 96 * BOOKING_STAFF - 2);
    expect(new Set(request.bodies).size).toBe(request.bodies!.length);
    const first = await send(request);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data.booking.status).toBe('CREATED');
    for (const body of request.bodies!.slice(0, 12)) {
      const response = await send(request, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    // The same slot again is taken: the rotation must never come back to one.
    const again = await send(request, request.bodies![0]);
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(bookings.storedBooking)).toMatchObject({
      status: 'CREATED',
      holdId: expect.any(String),
    });
  });
});
