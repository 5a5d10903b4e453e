import type { TimePeriod, Weekday } from '../api/bookings.ts';
import { periodsOf, WEEKDAYS, type WeekHours } from './bookings.ts';

/**
 * A new staff member's weekly hours: the same period on each chosen day (an end of 00:00 is
 * midnight), or the problem with them.
 */
export function sameHoursOn(
  days: readonly Weekday[],
  open: string,
  close: string,
): { periods: TimePeriod[]; problem?: string } {
  const week = Object.fromEntries(
    WEEKDAYS.map((day) => [day, days.includes(day) ? [{ open, close }] : []]),
  ) as WeekHours;
  const { periods, problems } = periodsOf(week);
  const problem = Object.values(problems)[0];
  return problem ? { periods, problem } : { periods };
}

/** Which services change, and to what, when a staff member gives exactly `chosen` of `services`. */
export function staffChanges<S extends { id: string; staffMemberIds?: string[] }>(
  services: readonly S[],
  staffId: string,
  chosen: ReadonlySet<string>,
): Array<{ service: S; staffMemberIds: string[] }> {
  const changes: Array<{ service: S; staffMemberIds: string[] }> = [];
  for (const service of services) {
    const ids = service.staffMemberIds ?? [];
    const gives = ids.includes(staffId);
    if (gives === chosen.has(service.id)) continue;
    changes.push({
      service,
      staffMemberIds: gives ? ids.filter((id) => id !== staffId) : [...ids, staffId],
    });
  }
  return changes;
}
