/** Turning instants into wire entries, and the filters, order and per-day limit every answer shares. */
import { matchesViolations, violationsOf } from './policy.ts';
import { addDays, type LocalClock, localDateOf, wallToInstant } from './time.ts';
import type {
  AvailabilityRequest,
  Offer,
  ServiceInput,
  SlotLocation,
  SlotOut,
  StaffMember,
} from './types.ts';

const NO_LOCATION: SlotLocation = { locationType: 'UNDEFINED' };

export function locationOf(service: ServiceInput, own?: SlotLocation | null): SlotLocation {
  return own ?? service.location ?? NO_LOCATION;
}

export interface Spots {
  total: number;
  open: number;
  waitlist?: { totalSpots: number; openSpots: number } | undefined;
  locked?: boolean;
}

export const ONE_SPOT: Spots = { total: 1, open: 1 };

/** What every entry of one staff member (appointments) or one session (classes) has in common. */
export interface SlotSpec {
  service: ServiceInput;
  staff?: StaffMember | undefined;
  scheduleId?: string;
  sessionId?: string;
  location: SlotLocation;
  spots: Spots;
}

/** One service of a back-to-back chain. */
export interface ChainPart {
  service: ServiceInput;
  staff: StaffMember;
  start: number;
  end: number;
}

/**
 * An entry before its strings are written. Formatting local times is the costliest step, so it
 * waits until filters and `slotsPerDay` have decided what is kept; until then a candidate is a few
 * numbers and a shared spec.
 */
export interface Draft {
  start: number;
  end: number;
  rank: number;
  /** `violationBits`. */
  bits: number;
  spec: SlotSpec;
  chain?: ChainPart[];
}

export function isBookable(d: Draft): boolean {
  return d.spec.spots.open > 0 && d.bits === 0;
}

function slotOf(d: Draft, clock: LocalClock): SlotOut {
  const { service, staff, sessionId } = d.spec;
  const slot: SlotOut = {
    serviceId: service.id,
    scheduleId: d.spec.scheduleId ?? service.scheduleId ?? service.id,
    startDate: clock.format(d.start),
    endDate: clock.format(d.end),
    timezone: clock.zone,
    location: d.spec.location,
  };
  if (sessionId) {
    slot.sessionId = sessionId;
    slot.eventId = sessionId;
  }
  if (staff) slot.resource = resourceOf(staff);
  return slot;
}

/** One `resource` per staff member, shared by their entries (answers are read, never changed). */
const resources = new WeakMap<StaffMember, { id: string; name: string }>();
function resourceOf(staff: StaffMember) {
  let resource = resources.get(staff);
  if (!resource) {
    resource = { id: staff.id, name: staff.name };
    resources.set(staff, resource);
  }
  return resource;
}

export function build(d: Draft, clock: LocalClock): Offer {
  const { spots } = d.spec;
  const entry: Offer['entry'] = {
    slot: slotOf(d, clock),
    bookable: isBookable(d),
    totalSpots: spots.total,
    openSpots: spots.open,
    bookingPolicyViolations: violationsOf(d.bits),
    locked: spots.locked ?? false,
    isFromV2: false,
  };
  if (spots.waitlist) entry.waitingList = { ...spots.waitlist };
  if (d.chain) {
    entry.nestedTimeSlots = d.chain.map((p) => ({
      serviceId: p.service.id,
      scheduleId: p.service.scheduleId ?? p.service.id,
      start: clock.format(p.start),
      end: clock.format(p.end),
      resource: { id: p.staff.id, name: p.staff.name },
    }));
  }
  return { start: d.start, end: d.end, rank: d.rank, entry };
}

export function byStartThenRank(a: Draft, b: Draft): number {
  return a.start - b.start || a.rank - b.rank;
}

function locationMatches(at: SlotLocation, wanted: AvailabilityRequest['location']): boolean {
  if (!wanted) return true;
  return at.locationType === wanted.locationType && (wanted.id == null || wanted.id === at.id);
}

/**
 * Filters, orders and applies `slotsPerDay`. Days are local days of `zone` (the answer's zone, not
 * the business's): Kolkata's 00:30 on the 2nd is still the 1st in London, and it counts there.
 * Within a day bookable entries are kept first, then the others, and the kept ones stay in time order.
 */
export function pick(drafts: Draft[], req: AvailabilityRequest, zone: string): Draft[] {
  const kept = drafts
    .filter(
      (d) =>
        (!req.bookableOnly || isBookable(d)) &&
        matchesViolations(d.bits, req.violations) &&
        locationMatches(d.spec.location, req.location),
    )
    .sort(byStartThenRank);
  const perDay = req.slotsPerDay;
  if (perDay == null || perDay <= 0) return kept;
  const out: Draft[] = [];
  let i = 0;
  while (i < kept.length) {
    const nextDay = wallToInstant(addDays(localDateOf(kept[i]!.start, zone), 1), 0, zone, 'first');
    let j = i;
    while (j < kept.length && kept[j]!.start < nextDay) j++;
    const group = kept.slice(i, j);
    const chosen = new Set(group.filter(isBookable).slice(0, perDay));
    for (const d of group) if (chosen.size < perDay && !isBookable(d)) chosen.add(d);
    out.push(...group.filter((d) => chosen.has(d)));
    i = j;
  }
  return out;
}

export function finish(drafts: Draft[], req: AvailabilityRequest, clock: LocalClock): Offer[] {
  return pick(drafts, req, clock.zone).map((d) => build(d, clock));
}
