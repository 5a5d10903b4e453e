/** Classes (weekly sessions booked one at a time) and courses (a fixed set of sessions booked whole). */
import { loadKey, type QueryContext } from './context.ts';
import { type Draft, locationOf, type Spots } from './offers.ts';
import { violationBits, violationsAt } from './policy.ts';
import {
  addDays,
  assertZone,
  checkDate,
  localDates,
  MINUTE,
  minuteOfDay,
  toMs,
  utcStamp,
  wallToInstant,
  weekdayOf,
} from './time.ts';
import {
  AvailabilityInputError,
  type AvailabilityWorld,
  type BookingPolicyViolations,
  type LocalDate,
  type ServiceInput,
  type SessionLoad,
  type SessionSchedule,
  type SlotLocation,
} from './types.ts';

export interface Session {
  id: string;
  start: number;
  end: number;
  staffId: string | null;
  capacity: number;
  location: SlotLocation | null;
}

/** Stable across queries, so the service layer can key participants and bookings by it. */
export function sessionIdOf(scheduleId: string, start: number): string {
  return `${scheduleId}_${utcStamp(start)}`;
}

/**
 * Sessions of the schedule on local dates [first, last] of the business zone, by start. A session's
 * wall-clock start goes through `wallToInstant(…, 'first')`: a class at 01:30 on New York's fall-back
 * day runs once, at the first 01:30 (05:30Z), and lasts its duration in real time.
 */
export function sessionsOf(
  schedule: SessionSchedule,
  zone: string,
  first: LocalDate,
  last: LocalDate,
): Session[] {
  const cancelled = new Set(schedule.cancelledDates ?? []);
  const out: Session[] = [];
  schedule.rules.forEach((rule, i) => {
    const field = `sessions.rules.${i}`;
    const startMinute = minuteOfDay(rule.start, `${field}.start`);
    const ruleFrom = checkDate(rule.from, `${field}.from`);
    const ruleTo = rule.to == null ? last : checkDate(rule.to, `${field}.to`);
    let date = ruleFrom > first ? ruleFrom : first;
    const end = ruleTo < last ? ruleTo : last;
    for (let k = 0; k < 7 && weekdayOf(date) !== rule.weekday; k++) date = addDays(date, 1);
    for (; date <= end; date = addDays(date, 7)) {
      if (cancelled.has(date)) continue;
      const start = wallToInstant(date, startMinute, zone, 'first');
      out.push({
        id: sessionIdOf(schedule.scheduleId, start),
        start,
        end: start + rule.durationMinutes * MINUTE,
        staffId: rule.staffId ?? null,
        capacity: rule.capacity ?? schedule.capacity,
        location: rule.location ?? null,
      });
    }
  });
  return out.sort((a, b) => a.start - b.start);
}

function scheduleOf(service: ServiceInput): SessionSchedule {
  if (!service.sessions)
    throw new AvailabilityInputError('service.sessions', `${service.type} needs sessions`);
  return service.sessions;
}

/** Capacity minus booked and held (never below zero); the waiting list only when the policy has one. */
export function spotsOf(
  capacity: number,
  load: SessionLoad | undefined,
  waitlistCapacity?: number | null,
): Spots {
  const open = Math.max(0, capacity - (load?.booked ?? 0) - (load?.held ?? 0));
  const waiting = load?.waitlisted ?? 0;
  const spots: Spots = { total: capacity, open, locked: open > 0 && waiting > 0 };
  if (waitlistCapacity && waitlistCapacity > 0) {
    spots.waitlist = { totalSpots: waitlistCapacity, openSpots: Math.max(0, waitlistCapacity - waiting) };
  }
  return spots;
}

/** Gone for good: over, or started when the policy does not let anyone join late. */
function isPast(service: ServiceInput, start: number, end: number, now: number): boolean {
  return end <= now || (start < now && service.policy.bookAfterStartAllowed !== true);
}

export function classDrafts(service: ServiceInput, ctx: QueryContext, rankBase: number): Draft[] {
  const schedule = scheduleOf(service);
  const dates = localDates(ctx.from, ctx.to, service.timeZone);
  const lateJoin = service.policy.bookAfterStartAllowed === true;
  const out: Draft[] = [];
  // From the day before, for a late-joinable session that began before `from` and runs past it.
  for (const s of sessionsOf(schedule, service.timeZone, addDays(dates[0]!, -1), dates[dates.length - 1]!)) {
    const inRange = s.start >= ctx.from || (lateJoin && s.end > ctx.from);
    if (!inRange || s.end > ctx.to || isPast(service, s.start, s.end, ctx.now)) continue;
    if (ctx.staffFilter && (!s.staffId || !ctx.staffFilter.has(s.staffId))) continue;
    const staff = s.staffId ? ctx.staffById.get(s.staffId) : undefined;
    const spots = spotsOf(
      s.capacity,
      ctx.loads.get(loadKey(schedule.scheduleId, s.start)),
      service.policy.waitlistCapacity,
    );
    const location = locationOf(service, s.location);
    const bits = violationBits(service.policy, service.type, s.start, s.end, ctx.now);
    const spec = { service, staff, scheduleId: schedule.scheduleId, sessionId: s.id, location, spots };
    out.push({ start: s.start, end: s.end, rank: rankBase, bits, spec });
  }
  return out;
}

interface Course {
  schedule: SessionSchedule;
  sessions: Session[];
  first: Session;
  end: number;
}

function courseOf(service: ServiceInput): Course | null {
  const schedule = scheduleOf(service);
  if (schedule.rules.length === 0) return null;
  let first: LocalDate | null = null;
  let last: LocalDate | null = null;
  schedule.rules.forEach((rule, i) => {
    if (rule.to == null)
      throw new AvailabilityInputError(`sessions.rules.${i}.to`, 'a course has a last date');
    if (first == null || rule.from < first) first = rule.from;
    if (last == null || rule.to > last) last = rule.to;
  });
  const sessions = sessionsOf(schedule, service.timeZone, first!, last!);
  if (sessions.length === 0) return null;
  return { schedule, sessions, first: sessions[0]!, end: Math.max(...sessions.map((s) => s.end)) };
}

/**
 * A course is one entry: its first session's times, the course's capacity and participants. It is
 * listed when its first session starts in the range, or, when late joining is allowed, when it is
 * already running at the range's start.
 */
export function courseDrafts(service: ServiceInput, ctx: QueryContext, rankBase: number): Draft[] {
  const course = courseOf(service);
  if (!course) return [];
  const { first, end, schedule } = course;
  const lateJoin = service.policy.bookAfterStartAllowed === true;
  const startsInRange = first.start >= ctx.from && first.start < ctx.to;
  const runningAtFrom = lateJoin && first.start < ctx.from && end > ctx.from;
  if (!(startsInRange || runningAtFrom) || isPast(service, first.start, end, ctx.now)) return [];
  if (ctx.staffFilter && (!first.staffId || !ctx.staffFilter.has(first.staffId))) return [];
  const staff = first.staffId ? ctx.staffById.get(first.staffId) : undefined;
  const spots = spotsOf(
    schedule.capacity,
    ctx.loads.get(loadKey(schedule.scheduleId)),
    service.policy.waitlistCapacity,
  );
  const location = locationOf(service, first.location);
  const bits = violationBits(service.policy, service.type, first.start, end, ctx.now);
  const spec = { service, staff, scheduleId: schedule.scheduleId, sessionId: first.id, location, spots };
  return [{ start: first.start, end: first.end, rank: rankBase, bits, spec }];
}

export interface ScheduleAvailability {
  availability: { totalSpots: number; openSpots: number; bookingPolicyViolations: BookingPolicyViolations };
  bookingPolicySettings: { maxParticipantsPerBooking: number };
}

/** `getScheduleAvailability`: a course's places as a whole, judged at its first session. */
export function scheduleAvailability(
  service: ServiceInput,
  world: Pick<AvailabilityWorld, 'loads'>,
  now: number | string | Date,
): ScheduleAvailability {
  if (service.type !== 'COURSE') {
    throw new AvailabilityInputError('scheduleId', 'only a course schedule has availability as a whole');
  }
  assertZone(service.timeZone, 'service.timeZone');
  const nowMs = toMs(now, 'now');
  const course = courseOf(service);
  const capacity = scheduleOf(service).capacity;
  const load = world.loads?.find((l) => l.scheduleId === scheduleOf(service).scheduleId && l.start == null);
  const spots = spotsOf(capacity, load);
  const violations = course
    ? violationsAt(service.policy, service.type, course.first.start, course.end, nowMs)
    : {
        tooEarlyToBook: false,
        tooLateToBook: true,
        bookOnlineDisabled: !service.policy.onlineBookingEnabled,
        validSubmissionRequired: false,
      };
  return {
    availability: { totalSpots: spots.total, openSpots: spots.open, bookingPolicyViolations: violations },
    bookingPolicySettings: { maxParticipantsPerBooking: service.policy.maxParticipantsPerBooking ?? 1 },
  };
}
