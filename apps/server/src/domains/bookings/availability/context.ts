/** The request read once: bounds as instants, zones checked, staff calendars built on demand and kept. */
import { buildCalendar, type StaffCalendar } from './calendar.ts';
import { assertZone, type LocalClock, localClock, localDates, toMs } from './time.ts';
import {
  AvailabilityInputError,
  type AvailabilityRequest,
  type AvailabilityWorld,
  type BusyInterval,
  type SessionLoad,
  type StaffMember,
} from './types.ts';

export interface QueryContext {
  req: AvailabilityRequest;
  from: number;
  to: number;
  now: number;
  /** The answer's zone. */
  zone: string;
  clock: LocalClock;
  world: AvailabilityWorld;
  staffById: Map<string, StaffMember>;
  staffFilter: Set<string> | null;
  loads: Map<string, SessionLoad>;
  busyByStaff: Map<string, BusyInterval[]>;
  calendars: Map<string, StaffCalendar>;
}

export function loadKey(scheduleId: string, start?: number): string {
  return start == null ? `${scheduleId}|course` : `${scheduleId}|${start}`;
}

export function contextOf(
  world: AvailabilityWorld,
  req: AvailabilityRequest,
  businessZone: string,
): QueryContext {
  const from = toMs(req.from, 'from');
  const to = toMs(req.to, 'to');
  if (to < from) throw new AvailabilityInputError('to', 'to is before from');
  const loads = new Map<string, SessionLoad>();
  for (const load of world.loads ?? []) {
    loads.set(
      loadKey(load.scheduleId, load.start == null ? undefined : toMs(load.start, 'loads.start')),
      load,
    );
  }
  const busyByStaff = new Map<string, BusyInterval[]>();
  for (const b of world.busy ?? []) {
    const list = busyByStaff.get(b.staffId);
    if (list) list.push(b);
    else busyByStaff.set(b.staffId, [b]);
  }
  const zone = assertZone(req.timeZone ?? businessZone, 'timeZone');
  return {
    req,
    from,
    to,
    now: toMs(req.now, 'now'),
    zone,
    clock: localClock(zone),
    world,
    staffById: new Map(world.staff.map((s) => [s.id, s])),
    staffFilter: req.staffIds?.length ? new Set(req.staffIds) : null,
    loads,
    busyByStaff,
    calendars: new Map(),
  };
}

/** The service's staff that the request allows, in the service's order, with their tie-break rank. */
export function staffOf(
  ctx: QueryContext,
  staffIds: readonly string[],
): { staff: StaffMember; rank: number }[] {
  const out: { staff: StaffMember; rank: number }[] = [];
  staffIds.forEach((id, rank) => {
    const staff = ctx.staffById.get(id);
    if (staff && (!ctx.staffFilter || ctx.staffFilter.has(id))) out.push({ staff, rank });
  });
  return out;
}

export function calendarFor(ctx: QueryContext, staff: StaffMember, businessZone: string): StaffCalendar {
  const key = `${staff.id}|${businessZone}`;
  let cal = ctx.calendars.get(key);
  if (!cal) {
    const dates = localDates(ctx.from, ctx.to, assertZone(businessZone, 'service.timeZone'));
    cal = buildCalendar(staff, ctx.busyByStaff.get(staff.id) ?? [], dates, businessZone, ctx.now);
    ctx.calendars.set(key, cal);
  }
  return cal;
}
