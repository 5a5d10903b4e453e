import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { seedBookings } from '../../seed/bookings.ts';
import { createPolicy, createService, createStaff, ok, SERVICES } from './bookings.test-helper.ts';
import { weeklyRanges } from './service/availability-inputs.ts';

const QUERY = '/_api/availability-calendar/v1/availability/query';
const QUERY_ALIASES = [
  '/availability-calendar/v1/availability/query',
  QUERY,
  '/bookings/availability-calendar/v1/availability/query',
  '/bookings/v1/availability/query',
];
const SCHEDULE = ['/v2/availability/schedule', '/_api/availability-calendar/v2/availability/schedule'];
const MULTI = ['/v1/availability/multislot', '/_api/availability-calendar/v1/availability/multislot'];
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const HOUR = 3_600_000;

const nineToFive = {
  periods: DAYS.map((day) => ({ openDay: day, openTime: '09:00', closeDay: day, closeTime: '17:00' })),
};
const hourly = (extra: Record<string, unknown> = {}) => ({
  name: `Cut ${Math.random().toString(36).slice(2, 8)}`,
  type: 'APPOINTMENT',
  payment: { rateType: 'NO_FEE' },
  schedule: { availabilityConstraints: { sessionDurations: [60] } },
  ...extra,
});
const query = (serviceId: string | string[], startDate: string, endDate: string, extra = {}) => ({
  query: { filter: { serviceId: [serviceId].flat(), startDate, endDate } },
  ...extra,
});
const violations = (response: { data: any }) =>
  (response.data.details.validationError.fieldViolations as { field: string }[]).map((v) => v.field);

describe.each(engines)('bookings availability calls (%s)', (engine) => {
  let t: TestApp;
  let demo: TestSite;
  let site: TestSite;
  let other: TestSite;
  let visitor: string;
  let haircutId: string;

  const ask = (auth: string, url: string, payload: object) => t.call({ method: 'POST', url, auth, payload });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    demo = await t.createSite({ timeZone: 'UTC' });
    await seedBookings(t.platform, demo.id);
    site = await t.createSite({ timeZone: 'America/New_York' });
    other = await t.createSite({ timeZone: 'UTC' });
    visitor = await demo.token('visitor');
    const listed = await ok(t, demo, 'POST', `${SERVICES}/query`, { query: { filter: { name: 'Haircut' } } });
    haircutId = listed.services[0].id;
  });
  afterAll(() => t.close());

  it("the demo's query: the salon's haircut has slots in the next 24 hours, at every alias", async () => {
    t.clock.set('2026-05-05T10:20:00Z');
    const from = t.clock.now();
    const to = new Date(from.getTime() + 24 * HOUR);
    for (const url of QUERY_ALIASES) {
      const response = await ask(visitor, url, {
        ...query(haircutId, from.toISOString(), to.toISOString()),
        timezone: 'UTC',
        slotsPerDay: 4,
      });
      expect(response.statusCode, response.body).toBe(200);
      const entries = response.data.availabilityEntries as any[];
      // Two local days are touched, four per day at most.
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(8);
      expect(entries.some((e) => e.bookable)).toBe(true);
      expect(entries[0]).toMatchObject({
        slot: {
          serviceId: haircutId,
          scheduleId: expect.any(String),
          timezone: 'UTC',
          resource: { name: expect.stringMatching(/Alex Morgan|Sam Rivera/) },
          location: { locationType: 'OWNER_BUSINESS', name: 'Plaza Studio' },
        },
        totalSpots: 1,
        openSpots: 1,
        isFromV2: false,
        locked: false,
      });
      // Local date-times without an offset; nothing starts before now.
      for (const e of entries) {
        expect(e.slot.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
        expect(Date.parse(`${e.slot.startDate}Z`)).toBeGreaterThanOrEqual(from.getTime());
      }
    }
  });

  it('staff time off removes slots; the late-booking window flags tooLateToBook', async () => {
    t.clock.set('2026-03-03T09:00:00-05:00');
    const policy = await createPolicy(t, site, {
      name: 'Two hours ahead',
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 120 },
    });
    const free = await createStaff(t, site, 'Free', { workingHours: nineToFive });
    const away = await createStaff(t, site, 'Away', {
      workingHours: nineToFive,
      timeOff: [{ startDate: '2026-03-03T17:00:00Z', endDate: '2026-03-03T19:00:00Z' }],
    });
    const service = await createService(
      t,
      site,
      hourly({ staffMemberIds: [free.id, away.id], bookingPolicy: { id: policy.id } }),
    );
    const response = await ask(site.adminKey, QUERY, {
      ...query(service.id, '2026-03-03T00:00:00', '2026-03-04T00:00:00'),
      timezone: 'America/New_York',
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.data.availabilityEntries as any[];
    const startsOf = (id: string) =>
      entries.filter((e) => e.slot.resource.id === id).map((e) => e.slot.startDate.slice(11, 16));
    const day = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
    expect(startsOf(free.id)).toEqual(day);
    // 17:00Z–19:00Z is 12:00–14:00 in New York (EST).
    expect(startsOf(away.id)).toEqual(day.filter((h) => h !== '12:00' && h !== '13:00'));

    // Now 09:00 with a two-hour limit: 09:00 and 10:00 are too late, 11:00 is the first bookable.
    const flags = entries
      .filter((e) => e.slot.resource.id === free.id)
      .map((e) => [e.slot.startDate.slice(11, 16), e.bookingPolicyViolations.tooLateToBook, e.bookable]);
    expect(flags.slice(0, 3)).toEqual([
      ['09:00', true, false],
      ['10:00', true, false],
      ['11:00', false, true],
    ]);
    const bookableOnly = await ask(site.adminKey, QUERY, {
      query: {
        filter: {
          serviceId: [service.id],
          startDate: '2026-03-03T00:00:00',
          endDate: '2026-03-04T00:00:00',
          bookable: true,
          resourceId: [free.id],
        },
      },
      timezone: 'America/New_York',
    });
    expect(bookableOnly.data.availabilityEntries.map((e: any) => e.slot.startDate.slice(11, 16))).toEqual(
      day.slice(2),
    );
  });

  it('local times in the requested timezone: 09:00 in New York is 14:00 UTC (EST)', async () => {
    t.clock.set('2026-03-01T00:00:00Z');
    const ana = await createStaff(t, site, 'Ana', { workingHours: nineToFive });
    const service = await createService(t, site, hourly({ staffMemberIds: [ana.id] }));
    // Bounds read as New York wall-clock times; slots written there.
    const local = await ask(site.adminKey, QUERY, {
      ...query(service.id, '2026-03-03T00:00:00', '2026-03-04T00:00:00'),
      timezone: 'America/New_York',
      slotsPerDay: 1,
    });
    expect(local.data.availabilityEntries.map((e: any) => e.slot)).toMatchObject([
      { startDate: '2026-03-03T09:00:00', endDate: '2026-03-03T10:00:00', timezone: 'America/New_York' },
    ]);
    // The same first slot seen from UTC: the bounds are instants, the strings UTC wall clock.
    const utc = await ask(site.adminKey, QUERY, {
      ...query(service.id, '2026-03-03T05:00:00Z', '2026-03-04T05:00:00Z'),
      timezone: 'UTC',
      slotsPerDay: 1,
    });
    expect(utc.data.availabilityEntries[0].slot).toMatchObject({
      startDate: '2026-03-03T14:00:00',
      timezone: 'UTC',
    });
  });

  it('bad input: 400 with the field that is wrong', async () => {
    const cases: [object, string][] = [
      [
        { query: { filter: { startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-02T00:00:00Z' } } },
        'query.filter.serviceId',
      ],
      [query('no-such-service', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'), 'query.filter.serviceId'],
      [query(haircutId, '2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z'), 'query.filter.endDate'],
      [query(haircutId, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), 'query.filter.endDate'],
      [query(haircutId, '2026-01-01T00:00:00Z', '2027-06-01T00:00:00Z'), 'query.filter.endDate'],
      [query(haircutId, 'yesterday', '2026-01-02T00:00:00Z'), 'query.filter.startDate'],
      [
        { ...query(haircutId, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'), timezone: 'Mars/Olympus' },
        'timezone',
      ],
      [
        {
          query: {
            filter: {
              serviceId: [haircutId],
              startDate: '2026-01-01T00:00:00Z',
              endDate: '2026-01-02T00:00:00Z',
              price: 3,
            },
          },
        },
        'query.filter.price',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await ask(visitor, QUERY, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(violations(response)).toEqual([field]);
    }
    const multi = await ask(visitor, MULTI[0]!, {
      from: '2026-01-01T00:00:00',
      to: '2026-01-02T00:00:00',
      timeZone: 'UTC',
      slots: [{ serviceId: haircutId }, { serviceId: 'nope' }],
    });
    expect(multi.statusCode).toBe(400);
    expect(violations(multi)).toEqual(['slots.1.serviceId']);
    const notChained = await ask(demo.adminKey, MULTI[0]!, {
      from: '2026-01-01T00:00:00',
      to: '2026-01-01T00:00:00',
      timeZone: 'UTC',
      slots: [{ serviceId: haircutId }],
    });
    expect(violations(notChained)).toEqual(['to']);
  });

  it('site isolation: another site does not see these services or schedules', async () => {
    const stranger = await other.token('visitor');
    const response = await ask(
      stranger,
      QUERY,
      query(haircutId, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
    );
    expect(response.statusCode).toBe(400);
    expect(violations(response)).toEqual(['query.filter.serviceId']);
    const haircut = await ok(t, demo, 'GET', `${SERVICES}/${haircutId}`);
    const schedule = await t.call({
      method: 'GET',
      url: `${SCHEDULE[0]}/${haircut.service.schedule.id}`,
      auth: stranger,
    });
    expect(schedule.statusCode).toBe(404);
    expect(schedule.data.details.applicationError.code).toBe('SCHEDULE_NOT_FOUND');
    const hidden = await createService(t, site, hourly({ hidden: true }));
    const seen = await ask(
      await site.token('visitor'),
      QUERY,
      query(hidden.id, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
    );
    expect(seen.statusCode).toBe(400);
  });

  it("getScheduleAvailability: a course's places and policy; an appointment schedule is refused", async () => {
    const listed = await ok(t, demo, 'POST', `${SERVICES}/query`, { query: { filter: { type: 'COURSE' } } });
    const course = listed.services[0];
    for (const path of SCHEDULE) {
      const response = await t.call({ method: 'GET', url: `${path}/${course.schedule.id}`, auth: visitor });
      expect(response.statusCode, response.body).toBe(200);
      // The course's first Saturday (seed/bookings.ts) is still ahead: it can be booked.
      expect(response.data).toEqual({
        availability: {
          totalSpots: 8,
          openSpots: 8,
          bookingPolicyViolations: {
            tooEarlyToBook: false,
            tooLateToBook: false,
            bookOnlineDisabled: false,
            validSubmissionRequired: false,
          },
        },
        bookingPolicySettings: { maxParticipantsPerBooking: 2 },
      });
    }
    const haircut = await ok(t, demo, 'GET', `${SERVICES}/${haircutId}`);
    const refused = await t.call({
      method: 'GET',
      url: `${SCHEDULE[0]}/${haircut.service.schedule.id}`,
      auth: visitor,
    });
    expect(refused.statusCode).toBe(400);
    expect(violations(refused)).toEqual(['scheduleId']);
  });

  it('calculateMultiSlotAvailability: a haircut then a consultation, back to back, paged', async () => {
    t.clock.set('2026-05-05T00:00:00Z');
    const listed = await ok(t, demo, 'POST', `${SERVICES}/query`, {
      query: { filter: { name: 'Free consultation' } },
    });
    const consultation = listed.services[0].id;
    for (const path of MULTI) {
      const response = await ask(visitor, path, {
        from: '2026-05-06T09:00:00',
        to: '2026-05-06T18:00:00',
        timeZone: 'UTC',
        slots: [{ serviceId: haircutId }, { serviceId: consultation }],
        cursorPaging: { limit: 2 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { slots, cursorPagingMetadata } = response.data;
      expect(cursorPagingMetadata).toMatchObject({ count: 2, hasNext: true });
      // 45 minutes, then the haircut's 15-minute buffer, then 15 minutes.
      expect(slots[0].slot).toMatchObject({
        startDate: '2026-05-06T09:00:00',
        endDate: '2026-05-06T10:15:00',
      });
      expect(slots[0].nestedTimeSlots.map((n: any) => [n.serviceId, n.start, n.end])).toEqual([
        [haircutId, '2026-05-06T09:00:00', '2026-05-06T09:45:00'],
        [consultation, '2026-05-06T10:00:00', '2026-05-06T10:15:00'],
      ]);
      const next = await ask(visitor, path, {
        from: '2026-05-06T09:00:00',
        to: '2026-05-06T18:00:00',
        timeZone: 'UTC',
        slots: [{ serviceId: haircutId }, { serviceId: consultation }],
        cursorPaging: { limit: 2, cursor: cursorPagingMetadata.cursors.next },
      });
      expect(next.data.slots[0].slot.startDate > slots[1].slot.startDate).toBe(true);
    }
  });
});

describe('working-hours periods as weekday ranges', () => {
  it('cuts a period at midnight and wraps Sunday into Monday', () => {
    const period = (openDay: string, openTime: string, closeDay: string, closeTime: string) => ({
      openDay,
      openTime,
      closeDay,
      closeTime,
    });
    expect(
      weeklyRanges({
        periods: [
          period('FRIDAY', '22:00', 'SATURDAY', '02:00'),
          period('SUNDAY', '23:00', 'MONDAY', '01:00'),
          period('MONDAY', '09:00', 'MONDAY', '12:00'),
          period('TUESDAY', '20:00', 'THURSDAY', '00:00'),
        ],
      }),
    ).toEqual({
      FRI: [{ start: '22:00', end: '24:00' }],
      SAT: [{ start: '00:00', end: '02:00' }],
      SUN: [{ start: '23:00', end: '24:00' }],
      MON: [
        { start: '00:00', end: '01:00' },
        { start: '09:00', end: '12:00' },
      ],
      TUE: [{ start: '20:00', end: '24:00' }],
      WED: [{ start: '00:00', end: '24:00' }],
    });
  });
});
