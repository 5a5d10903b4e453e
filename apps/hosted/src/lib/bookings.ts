/**
 * What the hosted service page shows of slots: times and days as words (slot times are local
 * date-times of the buyer's zone, so they are formatted as they are, never converted), and the
 * day's slots grouped per staff member when several give them.
 */

export interface HostedSlot {
  startDate: string;
  endDate: string;
  resource?: { id: string; name?: string };
  openSpots: number;
  totalSpots: number;
}

export interface StaffGroup {
  /** Absent when one staff member (or none) gives the day's slots: no heading is needed. */
  staff?: { id: string; name: string };
  slots: HostedSlot[];
}

/** The buyer's IANA time zone, as the browser knows it. */
export function buyerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

// A local date-time read as if it were UTC and written in UTC: the wall-clock time stays as given.
const asWall = (local: string) => new Date(`${local.length === 10 ? `${local}T00:00:00` : local}Z`);
const times = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
const weekdays = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthDays = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDays = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `2026-03-02T14:30:00` → "2:30 PM". */
export const timeText = (local: string) => times.format(asWall(local));

/** `2026-03-02` → `{weekday: "Mon", day: "Mar 2", long: "Monday, March 2"}`. */
export function dayText(date: string) {
  const wall = asWall(date);
  return { weekday: weekdays.format(wall), day: monthDays.format(wall), long: longDays.format(wall) };
}

/** "45 min", "1 hr", "1 hr 30 min". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** The day's slots per staff member (in order of their first slot), or one group when one gives them all. */
export function groupByStaff(slots: readonly HostedSlot[]): StaffGroup[] {
  const groups = new Map<string, StaffGroup>();
  for (const slot of slots) {
    const id = slot.resource?.id ?? '';
    let group = groups.get(id);
    if (!group) {
      group = {
        ...(slot.resource ? { staff: { id, name: slot.resource.name || 'Staff member' } } : {}),
        slots: [],
      };
      groups.set(id, group);
    }
    group.slots.push(slot);
  }
  if (groups.size <= 1) return slots.length ? [{ slots: [...slots] }] : [];
  return [...groups.values()];
}
