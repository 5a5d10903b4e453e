/**
 * Stored bookings documents → the availability engine's plain inputs. Services, their staff members,
 * policies and business locations are read for one site only, so another site's ids are simply absent.
 */
import type { Caller } from '../../../http/access.ts';
import type {
  AvailabilityWorld,
  BookingPolicy,
  BusyInterval,
  ServiceInput,
  SessionLoad,
  SessionSchedule,
  SlotLocation,
  StaffMember,
  TimeOff,
  Weekday,
  WeeklySessions,
  WorkingRange,
} from '../availability.ts';
import { staffResource } from '../store.ts';
import { type BookingsDeps, isAdmin, isObject, type Json } from './context.ts';
import { documentsById } from './view.ts';

const DAYS: Record<string, Weekday> = {
  MONDAY: 'MON',
  TUESDAY: 'TUE',
  WEDNESDAY: 'WED',
  THURSDAY: 'THU',
  FRIDAY: 'FRI',
  SATURDAY: 'SAT',
  SUNDAY: 'SUN',
};
const ORDER = Object.keys(DAYS);
const DAY = 86_400_000;

/**
 * Working-hours periods (`openDay openTime → closeDay closeTime`) as ranges per weekday. A period
 * that crosses midnight is cut at each midnight, and one whose close day comes before its open day
 * wraps round the week (Sunday 22:00 → Monday 02:00).
 */
export function weeklyRanges(workingHours: unknown): StaffMember['workingHours'] {
  const out: Partial<Record<Weekday, WorkingRange[]>> = {};
  const add = (dayIndex: number, start: string, end: string) => {
    if (start === end) return;
    const day = DAYS[ORDER[dayIndex]!]!;
    const ranges = out[day] ?? [];
    ranges.push({ start, end });
    out[day] = ranges;
  };
  const periods = isObject(workingHours) && Array.isArray(workingHours.periods) ? workingHours.periods : [];
  for (const item of periods) {
    if (!isObject(item)) continue;
    const open = ORDER.indexOf(String(item.openDay));
    const close = ORDER.indexOf(String(item.closeDay));
    if (open < 0 || close < 0) continue;
    const openTime = String(item.openTime);
    const closeTime = String(item.closeTime);
    if (open === close) {
      add(open, openTime, closeTime);
      continue;
    }
    add(open, openTime, '24:00');
    for (let day = (open + 1) % 7; day !== close; day = (day + 1) % 7) add(day, '00:00', '24:00');
    add(close, '00:00', closeTime);
  }
  return out;
}

export function staffInput(member: Json): StaffMember {
  const timeOff: TimeOff[] = (Array.isArray(member.timeOff) ? member.timeOff : [])
    .filter(isObject)
    .map((period) => ({ start: String(period.startDate), end: String(period.endDate) }));
  return {
    id: String(member.id),
    name: String(member.name ?? ''),
    workingHours: weeklyRanges(member.workingHours),
    timeOff,
  };
}

/** A booking policy document (and the service's own online switch) as the engine's policy. */
export function policyInput(policy: Json | undefined, service: Json): BookingPolicy {
  const part = (key: string) => (policy && isObject(policy[key]) ? (policy[key] as Json) : {});
  const early = part('limitEarlyBookingPolicy');
  const late = part('limitLateBookingPolicy');
  const waitlist = part('waitlistPolicy');
  const participants = part('participantsPolicy');
  const online = isObject(service.onlineBooking) ? service.onlineBooking.enabled !== false : true;
  return {
    onlineBookingEnabled: online,
    earliestBookingMinutes: early.enabled ? ((early.earliestBookingInMinutes as number) ?? null) : null,
    latestBookingMinutes: late.enabled ? ((late.latestBookingInMinutes as number) ?? null) : null,
    bookAfterStartAllowed: part('bookAfterStartPolicy').enabled === true,
    waitlistCapacity: waitlist.enabled ? ((waitlist.capacity as number) ?? null) : null,
    maxParticipantsPerBooking: (participants.maxParticipantsPerBooking as number | undefined) ?? null,
  };
}

/** The service's first location in the slot's terms (map 7: business → OWNER_BUSINESS, …). */
export function locationInput(service: Json, businessLocations: Map<string, Json>): SlotLocation {
  const first = Array.isArray(service.locations) ? service.locations.find(isObject) : undefined;
  if (!first) return { locationType: 'UNDEFINED' };
  if (first.type === 'BUSINESS' && isObject(first.business)) {
    const found = businessLocations.get(String(first.business.id));
    const address = found && isObject(found.address) ? found.address : {};
    return {
      id: String(first.business.id),
      name: (found?.name as string | undefined) ?? null,
      formattedAddress: (address.formatted as string | undefined) ?? null,
      locationType: 'OWNER_BUSINESS',
    };
  }
  if (first.type === 'CUSTOM' && isObject(first.custom)) {
    const address = isObject(first.custom.address) ? first.custom.address : {};
    return {
      id: (first.custom.id as string | undefined) ?? null,
      formattedAddress: ((address.formattedAddress ?? address.formatted) as string | undefined) ?? null,
      locationType: 'OWNER_CUSTOM',
    };
  }
  return { locationType: 'CUSTOM' };
}

/**
 * Session rules of a class or course: the schedule's weekly sessions (a Plaza field), in the business
 * zone. A class without a first date repeats from any date; the capacity is the service's unless a
 * rule names its own.
 */
export function sessionsInput(service: Json, scheduleId: string): SessionSchedule | null {
  if (service.type === 'APPOINTMENT') return null;
  const schedule = isObject(service.schedule) ? service.schedule : {};
  const rules = (Array.isArray(schedule.weeklySessions) ? schedule.weeklySessions : []).filter(isObject).map(
    (rule): WeeklySessions => ({
      weekday: DAYS[String(rule.weekday)]!,
      start: String(rule.startTime),
      durationMinutes: Number(rule.durationInMinutes),
      from: typeof rule.startDate === 'string' ? rule.startDate : '1970-01-01',
      to: typeof rule.endDate === 'string' ? rule.endDate : null,
      staffId: typeof rule.staffMemberId === 'string' ? rule.staffMemberId : null,
      capacity: typeof rule.capacity === 'number' ? rule.capacity : null,
    }),
  );
  return { scheduleId, capacity: Number(service.defaultCapacity ?? 1), rules };
}

export function serviceInput(
  service: Json,
  timeZone: string,
  policies: Map<string, Json>,
  businessLocations: Map<string, Json>,
): ServiceInput {
  const schedule = isObject(service.schedule) ? service.schedule : {};
  const constraints = isObject(schedule.availabilityConstraints) ? schedule.availabilityConstraints : {};
  const durations = Array.isArray(constraints.sessionDurations) ? constraints.sessionDurations : [];
  const scheduleId = String(schedule.id ?? service.id);
  const policyId = isObject(service.bookingPolicy) ? String(service.bookingPolicy.id) : '';
  return {
    id: String(service.id),
    type: service.type as ServiceInput['type'],
    timeZone,
    durationMinutes: Number(durations[0] ?? 60),
    bufferMinutes: Number(constraints.timeBetweenSessions ?? 0),
    staffIds: Array.isArray(service.staffMemberIds) ? service.staffMemberIds.map(String) : [],
    scheduleId,
    policy: policyInput(policies.get(policyId), service),
    location: locationInput(service, businessLocations),
    sessions: sessionsInput(service, scheduleId),
  };
}

/** Services of the site the caller may see, by id (hidden ones are the owner's only). */
export async function visibleServices(
  deps: BookingsDeps,
  caller: Caller,
  ids: readonly string[],
): Promise<Map<string, Json>> {
  const found = await documentsById(deps.store.services.forSite(caller.siteId), ids);
  if (!isAdmin(caller)) for (const [id, service] of found) if (service.hidden === true) found.delete(id);
  return found;
}

/** Engine inputs for `services`, and the staff members they name. */
export async function engineInputs(
  deps: BookingsDeps,
  siteId: string,
  timeZone: string,
  services: readonly Json[],
): Promise<{ inputs: ServiceInput[]; staff: StaffMember[] }> {
  const ids = (pick: (service: Json) => unknown[]) =>
    services.flatMap(pick).filter((id): id is string => typeof id === 'string');
  const policies = await documentsById(
    deps.store.policies.forSite(siteId),
    ids((s) => [isObject(s.bookingPolicy) ? s.bookingPolicy.id : undefined]),
  );
  const locations = await documentsById(
    deps.store.locations.forSite(siteId),
    ids((s) =>
      (Array.isArray(s.locations) ? s.locations : []).map((l) =>
        isObject(l) && isObject(l.business) ? l.business.id : undefined,
      ),
    ),
  );
  const members = await documentsById(
    deps.store.staff.forSite(siteId),
    ids((s) => (Array.isArray(s.staffMemberIds) ? s.staffMemberIds : [])),
  );
  return {
    inputs: services.map((service) => serviceInput(service, timeZone, policies, locations)),
    staff: [...members.values()].map(staffInput),
  };
}

/** The widest buffer between sessions of `services`: how far outside a range a booking still counts. */
export const bufferReach = (services: readonly ServiceInput[]): number =>
  Math.max(0, ...services.map((service) => service.bufferMinutes ?? 0)) * 60_000;

/**
 * What already takes time or places in [from, to]: bookings and live checkout holds per staff
 * member (`busy`, interval holds), participants per class session or course (`loads`, counted holds).
 * The one place that reads them, for the same site and range. `except` leaves out one hold (a
 * booking being moved does not stand in its own way). `margin`: how far each way beyond the range a
 * booking still matters (a day by default; the services' buffer when every slot lies in the range).
 */
export async function occupancy(
  deps: BookingsDeps,
  siteId: string,
  services: readonly ServiceInput[],
  range: { from: number; to: number },
  except?: string,
  margin = DAY,
): Promise<Pick<AvailabilityWorld, 'busy' | 'loads'>> {
  const now = deps.clock.now().toISOString();
  const staffIds = [...new Set(services.flatMap((service) => service.staffIds))];
  const byKey = new Map(staffIds.map((id) => [staffResource(id), id]));
  const intervals = await deps.store.liveIntervals(
    siteId,
    [...byKey.keys()],
    { from: new Date(range.from - margin).toISOString(), to: new Date(range.to + margin).toISOString() },
    now,
    except,
  );
  const busy: BusyInterval[] = intervals.map((hold) => ({
    staffId: byKey.get(hold.resourceKey)!,
    start: hold.startsAt,
    end: hold.endsAt,
    expiresAt: hold.expiresAt,
  }));
  const scheduleIds = services.filter((s) => s.sessions).map((s) => s.sessions!.scheduleId);
  const loads: SessionLoad[] = (await deps.store.placesTaken(siteId, scheduleIds, now, except)).map(
    (taken) => ({
      scheduleId: taken.scheduleId,
      ...(taken.start ? { start: taken.start } : {}),
      booked: taken.booked,
      held: taken.held,
    }),
  );
  return { busy, loads };
}
