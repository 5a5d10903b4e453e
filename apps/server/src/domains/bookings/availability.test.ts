import { describe, expect, it } from 'vitest';
import { appointment, iso, request, staffMember, summary } from './availability/testing.ts';
import {
  AvailabilityInputError,
  type AvailabilityWorld,
  queryAvailability,
  readBound,
  type ServiceInput,
  scheduleAvailability,
  sessionIdOf,
} from './availability.ts';

const nineToFive = [{ start: '09:00', end: '17:00' }];
// 2024-01-08 is a Monday.
const MONDAY = request('2024-01-08T00:00:00Z', '2024-01-09T00:00:00Z');

describe('appointments', () => {
  it('offers each staff member every free start, ordered by start then staff', () => {
    const service = appointment({ staffIds: ['b', 'a'] });
    const world: AvailabilityWorld = {
      staff: [
        staffMember('a', [{ start: '09:00', end: '11:00' }]),
        staffMember('b', [{ start: '10:00', end: '12:00' }]),
      ],
    };
    expect(summary(queryAvailability(service, world, MONDAY))).toEqual([
      '2024-01-08T09:00:00Z 2024-01-08T09:00:00 a',
      '2024-01-08T10:00:00Z 2024-01-08T10:00:00 b',
      '2024-01-08T10:00:00Z 2024-01-08T10:00:00 a',
      '2024-01-08T11:00:00Z 2024-01-08T11:00:00 b',
    ]);
    const [first] = queryAvailability(service, world, MONDAY);
    expect(first!.entry).toEqual({
      slot: {
        serviceId: 'svc-cut',
        scheduleId: 'svc-cut',
        startDate: '2024-01-08T09:00:00',
        endDate: '2024-01-08T10:00:00',
        timezone: 'UTC',
        resource: { id: 'a', name: 'Staff a' },
        location: { locationType: 'OWNER_BUSINESS', id: 'loc-1', name: 'Salon' },
      },
      bookable: true,
      totalSpots: 1,
      openSpots: 1,
      bookingPolicyViolations: {
        tooEarlyToBook: false,
        tooLateToBook: false,
        bookOnlineDisabled: false,
        validSubmissionRequired: false,
      },
      locked: false,
      isFromV2: false,
    });
  });

  it('keeps the buffer around bookings and live holds, ignores expired holds, skips time off', () => {
    // 30-minute slots every 15 minutes, buffer 15. Booking 10:00–11:00 blocks 09:45–11:15, so the
    // last start before it is 09:15 and the next is 11:15. The expired hold at 12:00 blocks nothing;
    // the live hold 13:00–13:30 blocks 12:45–13:45. Time off from 15:00.
    const service = appointment({ durationMinutes: 30, bufferMinutes: 15 });
    const world: AvailabilityWorld = {
      staff: [
        {
          ...staffMember('a', nineToFive),
          timeOff: [{ start: '2024-01-08T15:00:00Z', end: '2024-01-09T00:00:00Z' }],
        },
      ],
      busy: [
        { staffId: 'a', start: '2024-01-08T10:00:00Z', end: '2024-01-08T11:00:00Z' },
        {
          staffId: 'a',
          start: '2024-01-08T12:00:00Z',
          end: '2024-01-08T12:30:00Z',
          expiresAt: '2023-12-31T00:00:00Z',
        },
        {
          staffId: 'a',
          start: '2024-01-08T13:00:00Z',
          end: '2024-01-08T13:30:00Z',
          expiresAt: '2024-01-08T00:00:00Z',
        },
        { staffId: 'other', start: '2024-01-08T09:00:00Z', end: '2024-01-08T17:00:00Z' },
      ],
    };
    const starts = queryAvailability(service, world, {
      ...MONDAY,
      stepMinutes: 15,
      now: '2024-01-07T00:00:00Z',
    }).map((o) => iso(o.start).slice(11, 16));
    expect(starts).toEqual('09:00 09:15 11:15 11:30 11:45 12:00 12:15 13:45 14:00 14:15 14:30'.split(' '));
  });

  it('takes whole local days off in the business zone', () => {
    const service = appointment({ timeZone: 'Asia/Kolkata' });
    const world = {
      staff: [
        { ...staffMember('a', nineToFive), timeOff: [{ startDate: '2024-01-09', endDate: '2024-01-09' }] },
      ],
    };
    const days = new Set(
      queryAvailability(service, world, request('2024-01-08T00:00:00Z', '2024-01-11T00:00:00Z')).map((o) =>
        o.entry.slot.startDate.slice(0, 10),
      ),
    );
    expect([...days]).toEqual(['2024-01-08', '2024-01-10']);
  });

  it('never offers the past and flags the policy windows', () => {
    // now Monday 09:20Z; latest booking 60 minutes ahead, earliest 3 hours ahead.
    const service = appointment({
      policy: { onlineBookingEnabled: true, latestBookingMinutes: 60, earliestBookingMinutes: 180 },
    });
    const world = { staff: [staffMember('a', nineToFive)] };
    const offers = queryAvailability(service, world, { ...MONDAY, now: '2024-01-08T09:20:00Z' });
    const flags = offers.map((o) => {
      const v = o.entry.bookingPolicyViolations;
      return `${iso(o.start).slice(11, 16)} ${v.tooLateToBook ? 'late' : v.tooEarlyToBook ? 'early' : 'ok'}`;
    });
    // 10:00 is 40 minutes ahead (too late); 11:00 and 12:00 fit; 13:00 is 3h40 ahead (too early).
    expect(flags).toEqual([
      '10:00 late',
      '11:00 ok',
      '12:00 ok',
      '13:00 early',
      '14:00 early',
      '15:00 early',
      '16:00 early',
    ]);
    const bookable = queryAvailability(service, world, {
      ...MONDAY,
      now: '2024-01-08T09:20:00Z',
      bookableOnly: true,
    });
    expect(bookable.map((o) => iso(o.start).slice(11, 16))).toEqual(['11:00', '12:00']);
    const onlyEarly = queryAvailability(service, world, {
      ...MONDAY,
      now: '2024-01-08T09:20:00Z',
      violations: { tooEarlyToBook: true },
    });
    expect(onlyEarly).toHaveLength(4);
  });

  it('marks every slot when online booking is off', () => {
    const service = appointment({ policy: { onlineBookingEnabled: false } });
    const offers = queryAvailability(service, { staff: [staffMember('a', nineToFive)] }, MONDAY);
    expect(offers).toHaveLength(8);
    expect(offers.every((o) => !o.entry.bookable && o.entry.bookingPolicyViolations.bookOnlineDisabled)).toBe(
      true,
    );
    expect(
      queryAvailability(
        service,
        { staff: [staffMember('a', nineToFive)] },
        { ...MONDAY, bookableOnly: true },
      ),
    ).toEqual([]);
  });

  it('filters staff and location, and refuses bad input with the field at fault', () => {
    const service = appointment({ staffIds: ['a', 'b'] });
    const world = { staff: [staffMember('a', nineToFive), staffMember('b', nineToFive)] };
    expect(
      queryAvailability(service, world, { ...MONDAY, staffIds: ['b'] }).every(
        (o) => o.entry.slot.resource?.id === 'b',
      ),
    ).toBe(true);
    expect(queryAvailability(service, world, { ...MONDAY, location: { locationType: 'CUSTOM' } })).toEqual(
      [],
    );
    expect(
      queryAvailability(service, world, {
        ...MONDAY,
        location: { locationType: 'OWNER_BUSINESS', id: 'loc-1' },
      }),
    ).toHaveLength(16);
    const bad = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e instanceof AvailabilityInputError ? e.field : 'other';
      }
      return 'none';
    };
    expect(bad(() => queryAvailability(service, world, { ...MONDAY, timeZone: 'Mars/Olympus' }))).toBe(
      'timeZone',
    );
    expect(
      bad(() =>
        queryAvailability(service, world, {
          ...MONDAY,
          from: '2024-01-09T00:00:00Z',
          to: '2024-01-08T00:00:00Z',
        }),
      ),
    ).toBe('to');
    expect(
      bad(() => queryAvailability(service, world, request('2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z'))),
    ).toBe('to');
    const broken = { staff: [staffMember('a', [{ start: '17:00', end: '09:00' }])] };
    expect(bad(() => queryAvailability(service, broken, MONDAY))).toBe('staff.a.workingHours');
  });

  it('reads request bounds in the given zone, ignoring their offsets', () => {
    expect(iso(readBound('2024-01-08T09:00:00+01:00', 'Europe/Bucharest', 'from'))).toBe(
      '2024-01-08T07:00:00Z',
    );
    expect(iso(readBound('2024-07-01T09:00:00', 'America/New_York', 'from'))).toBe('2024-07-01T13:00:00Z');
    expect(iso(readBound('2024-01-08T09:00:00+01:00', null, 'from'))).toBe('2024-01-08T08:00:00Z');
  });
});

describe('slotsPerDay', () => {
  it('counts days in the answer zone, not the business zone', () => {
    // Business UTC, 09:00–17:00. In Auckland (UTC+13 in January) 09:00Z and 10:00Z are still the
    // same evening, 11:00Z is already the next day.
    const service = appointment();
    const world = { staff: [staffMember('a', nineToFive)] };
    const req = request('2024-01-10T00:00:00Z', '2024-01-12T00:00:00Z', { slotsPerDay: 1 });
    expect(summary(queryAvailability(service, world, req))).toEqual([
      '2024-01-10T09:00:00Z 2024-01-10T09:00:00 a',
      '2024-01-11T09:00:00Z 2024-01-11T09:00:00 a',
    ]);
    expect(summary(queryAvailability(service, world, { ...req, timeZone: 'Pacific/Auckland' }))).toEqual([
      '2024-01-10T09:00:00Z 2024-01-10T22:00:00 a',
      '2024-01-10T11:00:00Z 2024-01-11T00:00:00 a',
      '2024-01-11T11:00:00Z 2024-01-12T00:00:00 a',
    ]);
  });

  it('keeps bookable entries first, then fills with the others, in time order', () => {
    // now 08:30Z with latest booking 120 minutes: 09:00 and 10:00 are too late.
    const service = appointment({ policy: { onlineBookingEnabled: true, latestBookingMinutes: 120 } });
    const world = { staff: [staffMember('a', [{ start: '09:00', end: '12:00' }])] };
    const req = { ...MONDAY, now: '2024-01-08T08:30:00Z', slotsPerDay: 2 };
    expect(
      queryAvailability(service, world, req).map((o) => `${iso(o.start).slice(11, 16)} ${o.entry.bookable}`),
    ).toEqual(['09:00 false', '11:00 true']);
  });
});

const yoga: ServiceInput = {
  ...appointment(),
  id: 'svc-yoga',
  type: 'CLASS',
  timeZone: 'Europe/London',
  staffIds: ['a'],
  policy: { onlineBookingEnabled: true, waitlistCapacity: 5 },
  sessions: {
    scheduleId: 'sch-yoga',
    capacity: 10,
    rules: [{ weekday: 'MON', start: '18:00', durationMinutes: 60, from: '2024-01-01', staffId: 'a' }],
    cancelledDates: ['2024-01-22'],
  },
};

describe('classes and courses', () => {
  it('lists sessions with open spots = capacity − booked − held, full ones unbookable with the waiting list', () => {
    const first = Date.parse('2024-01-08T18:00:00Z');
    const second = Date.parse('2024-01-15T18:00:00Z');
    const world: AvailabilityWorld = {
      staff: [staffMember('a', [])],
      loads: [
        { scheduleId: 'sch-yoga', start: first, booked: 6, held: 1 },
        { scheduleId: 'sch-yoga', start: second, booked: 9, held: 1, waitlisted: 2 },
      ],
    };
    const req = request('2024-01-08T00:00:00Z', '2024-01-30T00:00:00Z');
    const offers = queryAvailability(yoga, world, req);
    expect(
      offers.map((o) => [o.entry.slot.startDate, o.entry.totalSpots, o.entry.openSpots, o.entry.bookable]),
    ).toEqual([
      ['2024-01-08T18:00:00', 10, 3, true],
      ['2024-01-15T18:00:00', 10, 0, false],
      ['2024-01-29T18:00:00', 10, 10, true],
    ]);
    expect(offers[1]!.entry.waitingList).toEqual({ totalSpots: 5, openSpots: 3 });
    expect(offers[0]!.entry.slot.sessionId).toBe(sessionIdOf('sch-yoga', first));
    expect(offers[0]!.entry.slot.sessionId).toBe('sch-yoga_20240108T180000Z');
    expect(offers[0]!.entry.slot.resource).toEqual({ id: 'a', name: 'Staff a' });
    expect(queryAvailability(yoga, world, { ...req, bookableOnly: true })).toHaveLength(2);
    // British Summer Time: the 18:00 class is 17:00Z.
    const summer = queryAvailability(yoga, world, request('2024-07-01T00:00:00Z', '2024-07-02T00:00:00Z'));
    expect(summer.map((o) => iso(o.start))).toEqual(['2024-07-01T17:00:00Z']);
  });

  it('hides started sessions unless late joining is allowed', () => {
    const world = { staff: [staffMember('a', [])] };
    const req = request('2024-01-08T00:00:00Z', '2024-01-09T00:00:00Z', { now: '2024-01-08T18:30:00Z' });
    expect(queryAvailability(yoga, world, req)).toEqual([]);
    const late = { ...yoga, policy: { ...yoga.policy, bookAfterStartAllowed: true } };
    const [open] = queryAvailability(late, world, req);
    expect(open!.entry.bookable).toBe(true);
    // Asked from now, the running session is still offered to late joiners, and only to them.
    const fromNow = { ...req, from: '2024-01-08T18:30:00Z' };
    expect(queryAvailability(late, world, fromNow).map((o) => o.entry.slot.startDate)).toEqual([
      '2024-01-08T18:00:00',
    ]);
    expect(queryAvailability(yoga, world, fromNow)).toEqual([]);
  });

  const course: ServiceInput = {
    ...yoga,
    id: 'svc-course',
    type: 'COURSE',
    policy: { onlineBookingEnabled: true, maxParticipantsPerBooking: 2 },
    sessions: {
      scheduleId: 'sch-course',
      capacity: 8,
      rules: [
        {
          weekday: 'TUE',
          start: '19:00',
          durationMinutes: 90,
          from: '2024-01-09',
          to: '2024-01-30',
          staffId: 'a',
        },
        {
          weekday: 'THU',
          start: '19:00',
          durationMinutes: 90,
          from: '2024-01-09',
          to: '2024-01-30',
          staffId: 'a',
        },
      ],
    },
  };
  const courseWorld: AvailabilityWorld = {
    staff: [staffMember('a', [])],
    loads: [{ scheduleId: 'sch-course', booked: 3, held: 1 }],
  };

  it('offers a course once, as a whole, at its first session', () => {
    const offers = queryAvailability(
      course,
      courseWorld,
      request('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z'),
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]!.entry).toMatchObject({
      slot: { startDate: '2024-01-09T19:00:00', endDate: '2024-01-09T20:30:00', scheduleId: 'sch-course' },
      totalSpots: 8,
      openSpots: 4,
      bookable: true,
    });
    expect(
      queryAvailability(course, courseWorld, request('2024-01-10T00:00:00Z', '2024-02-01T00:00:00Z')),
    ).toEqual([]);
  });

  it('answers getScheduleAvailability for a course', () => {
    expect(scheduleAvailability(course, courseWorld, '2024-01-01T00:00:00Z')).toEqual({
      availability: {
        totalSpots: 8,
        openSpots: 4,
        bookingPolicyViolations: {
          tooEarlyToBook: false,
          tooLateToBook: false,
          bookOnlineDisabled: false,
          validSubmissionRequired: false,
        },
      },
      bookingPolicySettings: { maxParticipantsPerBooking: 2 },
    });
    const started = scheduleAvailability(course, courseWorld, '2024-01-10T00:00:00Z');
    expect(started.availability.bookingPolicyViolations.tooLateToBook).toBe(true);
    const lateOk = { ...course, policy: { ...course.policy, bookAfterStartAllowed: true } };
    expect(
      scheduleAvailability(lateOk, courseWorld, '2024-01-10T00:00:00Z').availability.bookingPolicyViolations
        .tooLateToBook,
    ).toBe(false);
    expect(() => scheduleAvailability(yoga, courseWorld, '2024-01-01T00:00:00Z')).toThrow(
      AvailabilityInputError,
    );
  });
});

describe('scale', () => {
  it('answers a month for ten staff members on a 15-minute grid', () => {
    // April 2024 has 22 weekdays; 09:00–17:00 with 30-minute slots every 15 minutes gives 31 starts.
    const ids = Array.from({ length: 10 }, (_, i) => `s${i}`);
    const service = appointment({ timeZone: 'Europe/London', durationMinutes: 30, staffIds: ids });
    const world = {
      staff: ids.map((id) => staffMember(id, nineToFive, ['MON', 'TUE', 'WED', 'THU', 'FRI'])),
    };
    const req = request('2024-04-01T00:00:00+01:00', '2024-05-01T00:00:00+01:00', {
      stepMinutes: 15,
      now: '2024-03-01T00:00:00Z',
    });
    expect(queryAvailability(service, world, req)).toHaveLength(22 * 31 * 10);
  });
});
