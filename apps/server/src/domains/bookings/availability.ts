/**
 * The availability engine: plain inputs (services, staff hours and time off, bookings and holds,
 * class sessions and their participants, a clock) → the wire's `SlotAvailability` entries. No I/O.
 *
 * - APPOINTMENT: one entry per staff member per free start. Starts lie on a grid from each working
 *   range's start every `stepMinutes` (default: the duration); a start is free when the whole
 *   duration fits the range and overlaps neither time off nor a booking or live hold widened by the
 *   service's buffer. Starts before `now` are never offered.
 * - CLASS: every session in the range with totalSpots = capacity, openSpots = capacity − booked −
 *   held; a full session is listed, not bookable, with its waiting list when the policy has one.
 * - COURSE: the course as one entry (its first session's times, the course's places).
 * - An entry lies in [from, to]; `bookable` means places left and no policy violation. Filters,
 *   then `slotsPerDay` per local day of the answer's zone, then order by start, then staff.
 *
 * Local times are luxon's (see `availability/time.ts` for the DST rules).
 */

import { freeStarts, minutes } from './availability/calendar.ts';
import { classDrafts, courseDrafts } from './availability/classes.ts';
import { calendarFor, contextOf, type QueryContext, staffOf } from './availability/context.ts';
import { type Draft, finish, locationOf, ONE_SPOT, type SlotSpec } from './availability/offers.ts';
import { violationBits } from './availability/policy.ts';
import { assertZone, MINUTE, toMs } from './availability/time.ts';
import {
  AvailabilityInputError,
  type AvailabilityRequest,
  type AvailabilityWorld,
  type Offer,
  type ServiceInput,
} from './availability/types.ts';

export { type ScheduleAvailability, scheduleAvailability, sessionIdOf } from './availability/classes.ts';
export {
  decodeCursor,
  encodeCursor,
  MULTI_SLOT_DEFAULT_LIMIT,
  MULTI_SLOT_MAX_LIMIT,
  type MultiSlotAnswer,
  type MultiSlotLeg,
  type MultiSlotRequest,
  multiSlot,
} from './availability/multi-slot.ts';
export { localString, readBound } from './availability/time.ts';
export * from './availability/types.ts';

/** Services of one answer are ranked apart so ties at one start keep the services' order. */
const RANK_PER_SERVICE = 10_000;

function appointmentDrafts(service: ServiceInput, ctx: QueryContext, rankBase: number): Draft[] {
  const durationMs = service.durationMinutes * MINUTE;
  const stepMs = (ctx.req.stepMinutes ?? service.durationMinutes) * MINUTE;
  if (!(durationMs > 0)) throw new AvailabilityInputError('service.durationMinutes', 'must be positive');
  if (!(stepMs > 0)) throw new AvailabilityInputError('stepMinutes', 'must be positive');
  const grid = {
    durationMs,
    stepMs,
    bufferMs: minutes(service.bufferMinutes),
    lo: Math.max(ctx.from, ctx.now),
    hi: ctx.to,
  };
  const location = locationOf(service);
  const out: Draft[] = [];
  for (const { staff, rank } of staffOf(ctx, service.staffIds)) {
    const spec: SlotSpec = { service, staff, location, spots: ONE_SPOT };
    for (const start of freeStarts(calendarFor(ctx, staff, service.timeZone), grid)) {
      const end = start + durationMs;
      const bits = violationBits(service.policy, service.type, start, end, ctx.now);
      out.push({ start, end, rank: rankBase + rank, bits, spec });
    }
  }
  return out;
}

/** What an answer says about itself besides its entries. */
export interface AnswerNotes {
  /**
   * The first instant after the request's `now` at which the passing of time alone may change the
   * answer (a start passing, a policy window opening or closing, a hold expiring): until then the same
   * world gives the same entries. `now` itself when the engine does not work it out (classes, courses).
   */
  until: number;
}

/**
 * When time alone next changes appointment entries: a start is offered while `now` has not passed it;
 * its violations flip at `start − earliest` and `start − latest`; a live hold frees its time when it
 * expires. Candidates only ever leave as `now` moves (the grid is fixed by working hours), so these
 * are all the changes.
 */
function nextChange(
  drafts: readonly Draft[],
  services: readonly ServiceInput[],
  world: AvailabilityWorld,
  now: number,
) {
  if (services.some((service) => service.type !== 'APPOINTMENT')) return now;
  let until = Number.POSITIVE_INFINITY;
  const at = (t: number) => {
    if (t > now && t < until) until = t;
  };
  for (const d of drafts) {
    // Strict comparisons (`now > start − latest`, a start before `now` left out) flip a millisecond on.
    at(d.start + 1);
    const { earliestBookingMinutes: earliest, latestBookingMinutes: latest } = d.spec.service.policy;
    if (earliest != null) at(d.start - earliest * MINUTE);
    at(d.start - (latest ?? 0) * MINUTE + 1);
  }
  for (const busy of world.busy ?? []) if (busy.expiresAt != null) at(toMs(busy.expiresAt, 'busy.expiresAt'));
  return until;
}

/**
 * `queryAvailability` for one or more services over one world. The answer's zone is
 * `req.timeZone`, else the first service's business zone. `notes`, when given, is told when the
 * answer may change with time alone.
 */
export function queryAvailability(
  services: ServiceInput | ServiceInput[],
  world: AvailabilityWorld,
  req: AvailabilityRequest,
  notes?: AnswerNotes,
): Offer[] {
  const list = Array.isArray(services) ? services : [services];
  if (list.length === 0) throw new AvailabilityInputError('serviceId', 'at least one service');
  const ctx = contextOf(world, req, list[0]!.timeZone);
  const drafts: Draft[] = [];
  list.forEach((service, i) => {
    assertZone(service.timeZone, 'service.timeZone');
    const rankBase = i * RANK_PER_SERVICE;
    if (service.type === 'APPOINTMENT') drafts.push(...appointmentDrafts(service, ctx, rankBase));
    else if (service.type === 'CLASS') drafts.push(...classDrafts(service, ctx, rankBase));
    else drafts.push(...courseDrafts(service, ctx, rankBase));
  });
  if (notes) notes.until = nextChange(drafts, list, world, ctx.now);
  return finish(drafts, req, ctx.clock);
}
