/**
 * Back-to-back services (`calculateMultiSlotAvailability`): each service starts when the previous
 * one ends plus that previous service's buffer, and each has a staff member free for it.
 *
 * Worked example: a 60-minute cut (buffer 15) then a 30-minute colour, asked from 09:00. The chain
 * 09:00–10:00 cut, 10:15–10:45 colour is one answer entry starting 09:00 and ending 10:45, with one
 * nested slot per service. If one staff member gives both, the gap between them must cover the larger
 * of the two buffers.
 */
import { freeStarts, isFree, minutes } from './calendar.ts';
import { calendarFor, contextOf, type QueryContext, staffOf } from './context.ts';
import { build, type Draft, locationOf, ONE_SPOT, pick } from './offers.ts';
import { violationBits } from './policy.ts';
import { assertZone, MINUTE } from './time.ts';
import {
  AvailabilityInputError,
  type AvailabilityRequest,
  type AvailabilityWorld,
  type Offer,
  type ServiceInput,
  type SlotAvailabilityOut,
  type StaffMember,
} from './types.ts';

export interface MultiSlotLeg {
  service: ServiceInput;
  /** The resources filter of this leg: only these staff members. */
  staffIds?: string[] | null;
}

export interface MultiSlotRequest extends AvailabilityRequest {
  cursorPaging?: { limit?: number | null; cursor?: string | null } | null;
}

export interface MultiSlotAnswer {
  slots: SlotAvailabilityOut[];
  offers: Offer[];
  cursorPagingMetadata: {
    count: number;
    cursors: { next: string | null; prev: string | null };
    hasNext: boolean;
  };
}

export const MULTI_SLOT_DEFAULT_LIMIT = 50;
export const MULTI_SLOT_MAX_LIMIT = 100;
const MAX_LEGS = 6;

interface Placed {
  leg: MultiSlotLeg;
  staff: StaffMember;
  rank: number;
  start: number;
  end: number;
  bufferMs: number;
}

/** Opaque to callers; it holds the start of the last entry returned. */
export function encodeCursor(lastStart: number): string {
  return Buffer.from(JSON.stringify({ after: lastStart }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): number {
  try {
    const after = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).after;
    if (typeof after === 'number' && Number.isFinite(after)) return after;
  } catch {
    // reported below
  }
  throw new AvailabilityInputError('cursorPaging.cursor', 'cursor is not one this server issued');
}

function legStaff(ctx: QueryContext, leg: MultiSlotLeg) {
  const only = leg.staffIds?.length ? new Set(leg.staffIds) : null;
  return staffOf(ctx, leg.service.staffIds).filter(({ staff }) => !only || only.has(staff.id));
}

type LegStaff = ReturnType<typeof legStaff>;

function chainFrom(
  ctx: QueryContext,
  legs: MultiSlotLeg[],
  staffPerLeg: LegStaff[],
  start: number,
): Placed[] | null {
  const walk = (i: number, t: number, placed: Placed[]): Placed[] | null => {
    const leg = legs[i];
    if (!leg) return placed;
    const end = t + leg.service.durationMinutes * MINUTE;
    if (end > ctx.to) return null;
    const bufferMs = minutes(leg.service.bufferMinutes);
    for (const { staff, rank } of staffPerLeg[i]!) {
      if (!isFree(calendarFor(ctx, staff, leg.service.timeZone), t, end, bufferMs)) continue;
      const clash = placed.some((p) => {
        const gap = Math.max(p.bufferMs, bufferMs);
        return p.staff.id === staff.id && t < p.end + gap && p.start < end + gap;
      });
      if (clash) continue;
      const found = walk(i + 1, end + bufferMs, [...placed, { leg, staff, rank, start: t, end, bufferMs }]);
      if (found) return found;
    }
    return null;
  };
  return walk(0, start, []);
}

function draftOfChain(ctx: QueryContext, chain: Placed[]): Draft {
  const first = chain[0]!;
  const last = chain[chain.length - 1]!;
  let bits = 0;
  for (const p of chain) bits |= violationBits(p.leg.service.policy, 'APPOINTMENT', p.start, p.end, ctx.now);
  const service = first.leg.service;
  return {
    start: first.start,
    end: last.end,
    rank: first.rank,
    bits,
    spec: { service, staff: first.staff, location: locationOf(service), spots: ONE_SPOT },
    chain: chain.map((p) => ({ service: p.leg.service, staff: p.staff, start: p.start, end: p.end })),
  };
}

/**
 * Chains start on the first service's grid (each of its staff members' working ranges, every
 * `stepMinutes`); one entry per start, with the first assignment found in the services' staff order.
 * Paging runs over the filtered, per-day-limited list; the cursor names the last start returned.
 */
export function multiSlot(
  legs: MultiSlotLeg[],
  world: AvailabilityWorld,
  req: MultiSlotRequest,
): MultiSlotAnswer {
  if (legs.length < 1 || legs.length > MAX_LEGS) {
    throw new AvailabilityInputError('slots', `between 1 and ${MAX_LEGS} services`);
  }
  legs.forEach((leg, i) => {
    assertZone(leg.service.timeZone, `slots.${i}.serviceId`);
    if (leg.service.type !== 'APPOINTMENT') {
      throw new AvailabilityInputError(`slots.${i}.serviceId`, 'only appointment services can be chained');
    }
  });
  const limit = req.cursorPaging?.limit ?? MULTI_SLOT_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MULTI_SLOT_MAX_LIMIT) {
    throw new AvailabilityInputError('cursorPaging.limit', `limit is 1 to ${MULTI_SLOT_MAX_LIMIT}`);
  }
  const after = req.cursorPaging?.cursor ? decodeCursor(req.cursorPaging.cursor) : null;

  const head = legs[0]!.service;
  const ctx = contextOf(world, req, head.timeZone);
  const grid = {
    durationMs: head.durationMinutes * MINUTE,
    stepMs: (req.stepMinutes ?? head.durationMinutes) * MINUTE,
    bufferMs: minutes(head.bufferMinutes),
    lo: Math.max(ctx.from, ctx.now),
    hi: ctx.to,
  };
  if (!(grid.durationMs > 0 && grid.stepMs > 0))
    throw new AvailabilityInputError('stepMinutes', 'must be positive');
  const starts = new Set<number>();
  for (const { staff } of legStaff(ctx, legs[0]!)) {
    for (const t of freeStarts(calendarFor(ctx, staff, head.timeZone), grid)) starts.add(t);
  }
  const staffPerLeg = legs.map((leg) => legStaff(ctx, leg));
  const drafts: Draft[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const chain = chainFrom(ctx, legs, staffPerLeg, start);
    if (chain) drafts.push(draftOfChain(ctx, chain));
  }
  const all = pick(drafts, req, ctx.zone);
  const rest = after == null ? all : all.filter((d) => d.start > after);
  const page = rest.slice(0, limit);
  const hasNext = rest.length > limit;
  const offers = page.map((d) => build(d, ctx.clock));
  return {
    slots: offers.map((o) => o.entry),
    offers,
    cursorPagingMetadata: {
      count: offers.length,
      cursors: { next: hasNext ? encodeCursor(page[page.length - 1]!.start) : null, prev: null },
      hasNext,
    },
  };
}
