/**
 * Properties over random staff calendars. The oracle reads every instant's wall clock through luxon
 * and checks it against the inputs directly, so it shares no code with the engine's interval logic.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityRequest,
  type AvailabilityWorld,
  type BusyInterval,
  type Offer,
  queryAvailability,
  type ServiceInput,
  type StaffMember,
  type TimeOff,
  WEEKDAYS,
  type WorkingRange,
} from './availability.ts';

const MIN = 60_000;
const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata'];
// Windows that include the 2024 changes in New York (03-10, 11-03) and London (03-31, 10-27).
const ANCHORS = ['2024-03-09', '2024-03-30', '2024-10-26', '2024-11-02', '2024-06-10'].map((d) =>
  Date.parse(`${d}T00:00:00Z`),
);

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
// Range ends avoid 01:00–03:00, where a wall time can be skipped or repeated; ranges may still span it.
const boundary = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 12, max: 96 }).map((q) => q * 15),
);
const range = fc
  .tuple(boundary, boundary)
  .filter(([a, b]) => a !== b)
  .map(([a, b]): WorkingRange => ({ start: hhmm(Math.min(a, b)), end: hhmm(Math.max(a, b)) }));

function staffArb(id: string, base: number) {
  const instantOff = fc
    .tuple(fc.integer({ min: 0, max: 4 * 24 * 4 }), fc.integer({ min: 1, max: 40 }))
    .map(([q, len]): TimeOff => ({ start: base + q * 15 * MIN, end: base + (q + len) * 15 * MIN }));
  const dayOff = fc.integer({ min: 0, max: 3 }).map((d): TimeOff => {
    const date = DateTime.fromMillis(base, { zone: 'utc' }).plus({ days: d }).toISODate()!;
    return { startDate: date, endDate: date };
  });
  return fc
    .record({
      hours: fc.array(fc.array(range, { maxLength: 2 }), { minLength: 7, maxLength: 7 }),
      timeOff: fc.array(fc.oneof(instantOff, dayOff), { maxLength: 2 }),
      busy: fc.array(
        fc.record({
          q: fc.integer({ min: 0, max: 4 * 24 * 4 }),
          len: fc.integer({ min: 1, max: 12 }),
          expired: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
    })
    .map(({ hours, timeOff, busy }) => ({
      staff: {
        id,
        name: id,
        workingHours: Object.fromEntries(WEEKDAYS.map((d, i) => [d, hours[i]!])),
        timeOff,
      } satisfies StaffMember,
      busy: busy.map(
        ({ q, len, expired }): BusyInterval => ({
          staffId: id,
          start: base + q * 15 * MIN,
          end: base + (q + len) * 15 * MIN,
          expiresAt: expired ? base - MIN : null,
        }),
      ),
    }));
}

const scenario = fc.integer({ min: 0, max: ANCHORS.length - 1 }).chain((a) => {
  const base = ANCHORS[a]!;
  return fc.record({
    base: fc.constant(base),
    zone: fc.constantFrom(...ZONES),
    answerZone: fc.constantFrom(...ZONES),
    staff: fc.tuple(staffArb('a', base), staffArb('b', base)),
    duration: fc.constantFrom(15, 30, 45, 60, 90),
    buffer: fc.constantFrom(0, 5, 10, 15, 30),
    step: fc.constantFrom(5, 15, 30, 60, null),
    earliest: fc.option(fc.integer({ min: 0, max: 4 * 24 * 60 }), { nil: null }),
    latest: fc.option(fc.integer({ min: 0, max: 24 * 60 }), { nil: null }),
    online: fc.boolean(),
    nowOffset: fc.integer({ min: -24 * 60, max: 2 * 24 * 60 }),
    bookableOnly: fc.boolean(),
  });
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function run(
  s: Scenario,
  strip = false,
): { service: ServiceInput; world: AvailabilityWorld; req: AvailabilityRequest; offers: Offer[] } {
  const service: ServiceInput = {
    id: 'svc',
    type: 'APPOINTMENT',
    timeZone: s.zone,
    durationMinutes: s.duration,
    bufferMinutes: s.buffer,
    staffIds: ['a', 'b'],
    policy: {
      onlineBookingEnabled: s.online,
      earliestBookingMinutes: s.earliest,
      latestBookingMinutes: s.latest,
    },
  };
  const world: AvailabilityWorld = {
    staff: s.staff.map((x) => (strip ? { ...x.staff, timeOff: [] } : x.staff)),
    busy: strip ? [] : s.staff.flatMap((x) => x.busy),
  };
  const req: AvailabilityRequest = {
    from: s.base,
    to: s.base + 4 * 24 * 60 * MIN,
    now: s.base + s.nowOffset * MIN,
    timeZone: s.answerZone,
    stepMinutes: s.step,
    bookableOnly: s.bookableOnly,
  };
  return { service, world, req, offers: queryAvailability(service, world, req) };
}

const toMin = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3));

/**
 * Every sampled instant of [start, end) is working time of one local day. Range ends are 15-minute
 * multiples, so sampling every 15 minutes plus the last millisecond cannot step over a gap.
 */
function insideWorkingHours(staff: StaffMember, zone: string, start: number, end: number): boolean {
  const day = DateTime.fromMillis(start, { zone }).toISODate();
  for (let t = start; t < end; t = Math.min(t + 15 * MIN, end - 1)) {
    const local = DateTime.fromMillis(t, { zone });
    const minute = local.hour * 60 + local.minute;
    const ranges = staff.workingHours[WEEKDAYS[local.weekday - 1]!] ?? [];
    if (local.toISODate() !== day || !ranges.some((r) => minute >= toMin(r.start) && minute < toMin(r.end)))
      return false;
    if (t === end - 1) break;
  }
  return true;
}

function timeOffInstants(off: TimeOff, zone: string): [number, number] {
  if ('startDate' in off) {
    const from = DateTime.fromISO(off.startDate, { zone }).startOf('day');
    const to = DateTime.fromISO(off.endDate, { zone }).plus({ days: 1 }).startOf('day');
    return [from.toMillis(), to.toMillis()];
  }
  return [Number(off.start), Number(off.end)];
}

describe('appointment slots (property)', () => {
  it('never clash, never leave working hours, never break the policy or the clock, always last the duration', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { service, world, req, offers } = run(s);
        const now = Number(req.now);
        for (const o of offers) {
          const staff = world.staff.find((x) => x.id === o.entry.slot.resource?.id)!;
          expect(o.end - o.start).toBe(s.duration * MIN);
          expect(o.start).toBeGreaterThanOrEqual(Math.max(now, Number(req.from)));
          expect(o.end).toBeLessThanOrEqual(Number(req.to));
          expect(insideWorkingHours(staff, s.zone, o.start, o.end)).toBe(true);
          for (const b of world.busy ?? []) {
            if (b.staffId !== staff.id || (b.expiresAt != null && Number(b.expiresAt) <= now)) continue;
            const clash =
              o.start < Number(b.end) + s.buffer * MIN && Number(b.start) - s.buffer * MIN < o.end;
            expect(clash).toBe(false);
          }
          for (const off of staff.timeOff ?? []) {
            const [from, to] = timeOffInstants(off, s.zone);
            expect(o.start < to && from < o.end).toBe(false);
          }
          const v = o.entry.bookingPolicyViolations;
          expect(v.tooEarlyToBook).toBe(s.earliest != null && o.start > now + s.earliest * MIN);
          expect(v.tooLateToBook).toBe(o.start < now + (s.latest ?? 0) * MIN);
          expect(v.bookOnlineDisabled).toBe(!s.online);
          if (s.bookableOnly) expect(o.entry.bookable).toBe(true);
          expect(o.entry.slot.startDate).toBe(
            DateTime.fromMillis(o.start, { zone: s.answerZone }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
          );
        }
        const keys = offers.map((o) => `${o.start}|${o.entry.slot.resource?.id}`);
        expect(new Set(keys).size).toBe(keys.length);
        const order = offers.map(
          (o) => [o.start, service.staffIds.indexOf(o.entry.slot.resource!.id)] as const,
        );
        expect(order).toEqual([...order].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('bookings and time off only remove the slots they clash with', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const full = run(s);
        const free = run(s, true);
        const now = Number(full.req.now);
        const kept = free.offers.filter((o) => {
          const staff = full.world.staff.find((x) => x.id === o.entry.slot.resource?.id)!;
          const busy = (full.world.busy ?? []).some(
            (b) =>
              b.staffId === staff.id &&
              !(b.expiresAt != null && Number(b.expiresAt) <= now) &&
              o.start < Number(b.end) + s.buffer * MIN &&
              Number(b.start) - s.buffer * MIN < o.end,
          );
          const off = (staff.timeOff ?? []).some((t) => {
            const [from, to] = timeOffInstants(t, s.zone);
            return o.start < to && from < o.end;
          });
          return !busy && !off;
        });
        expect(full.offers.map((o) => `${o.start}|${o.entry.slot.resource?.id}`)).toEqual(
          kept.map((o) => `${o.start}|${o.entry.slot.resource?.id}`),
        );
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
