/**
 * Every time-zone question of the engine goes through luxon here; the other files only add and
 * compare epoch milliseconds, which is safe because an instant has no zone.
 */
import { DateTime, IANAZone } from 'luxon';
import { AvailabilityInputError, type Instant, type LocalDate, WEEKDAYS, type Weekday } from './types.ts';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A query wider than this is refused rather than expanded into millions of candidates. */
export const MAX_QUERY_DAYS = 400;

export function toMs(value: Instant, field: string): number {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (value instanceof Date) ms = value.getTime();
  else ms = DateTime.fromISO(value, { zone: 'utc' }).toMillis();
  if (!Number.isFinite(ms)) throw new AvailabilityInputError(field, `${field} is not a valid instant`);
  return ms;
}

/**
 * Zones found valid: luxon checks one by building an `Intl.DateTimeFormat` every time, and a query
 * checks its zones for the answer, each service and each staff member's calendar. Only valid names are
 * kept (a few hundred exist), so names sent at random cannot grow it.
 */
const validZones = new Set<string>();

export function assertZone(zone: string, field: string): string {
  if (validZones.has(zone)) return zone;
  if (!IANAZone.isValidZone(zone))
    throw new AvailabilityInputError(field, `${field}: unknown time zone ${zone}`);
  validZones.add(zone);
  return zone;
}

/** `HH:mm` → minutes after local midnight, 0‥1440. */
export function minuteOfDay(time: string, field: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
  if (!m || Number(m[2]) > 59 || !(minutes >= 0 && minutes <= 1440)) {
    throw new AvailabilityInputError(field, `${field}: expected HH:mm, got ${time}`);
  }
  return minutes;
}

function calendarDay(date: LocalDate, field: string): DateTime {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? DateTime.fromISO(date, { zone: 'utc' }) : null;
  if (!day?.isValid) throw new AvailabilityInputError(field, `${field}: expected YYYY-MM-DD, got ${date}`);
  return day;
}

/**
 * Zone and calendar facts never change within a process, so they are remembered; the cache is
 * dropped whole when full rather than tracking use.
 */
function remembered<R>(compute: (key: string) => R, capacity = 50_000): (key: string) => R {
  const cache = new Map<string, R>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= capacity) cache.clear();
      value = compute(key);
      cache.set(key, value);
    }
    return value;
  };
}

const addDaysOf = remembered((key) => {
  const [date, days] = key.split('|') as [string, string];
  return calendarDay(date, 'date')
    .plus({ days: Number(days) })
    .toISODate()!;
});

export function addDays(date: LocalDate, days: number): LocalDate {
  return addDaysOf(`${date}|${days}`);
}

const weekdayOfDate = remembered((date) => WEEKDAYS[calendarDay(date, 'date').weekday - 1]!);

export function weekdayOf(date: LocalDate): Weekday {
  return weekdayOfDate(date);
}

export function checkDate(date: LocalDate, field: string): LocalDate {
  calendarDay(date, field);
  return date;
}

export function localDateOf(ms: number, zone: string): LocalDate {
  return DateTime.fromMillis(ms, { zone }).toISODate()!;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wire's local date-time: wall clock in `zone`, seconds, no offset. */
export function localString(ms: number, zone: string): string {
  const d = DateTime.fromMillis(ms, { zone });
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}T${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)}`;
}

export interface LocalClock {
  zone: string;
  format: (ms: number) => string;
}

/**
 * `localString` remembered per instant: in one answer a start repeats for every staff member and an
 * end is usually the next start, so most strings are computed once.
 */
export function localClock(zone: string): LocalClock {
  const seen = new Map<number, string>();
  return {
    zone,
    format: (ms) => {
      let s = seen.get(ms);
      if (s === undefined) {
        s = localString(ms, zone);
        seen.set(ms, s);
      }
      return s;
    },
  };
}

/** Local dates (in `zone`) touched by [fromMs, toMs]. */
export function localDates(fromMs: number, toMs: number, zone: string): LocalDate[] {
  const first = localDateOf(fromMs, zone);
  const last = localDateOf(toMs, zone);
  const dates: LocalDate[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    dates.push(d);
    if (dates.length > MAX_QUERY_DAYS) {
      throw new AvailabilityInputError('to', `the range spans more than ${MAX_QUERY_DAYS} days`);
    }
  }
  return dates;
}

function wallKey(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm');
}

/**
 * The instant at which the wall clock in `zone` reads `minute` minutes after midnight of `date`.
 *
 * Two cases need a rule, both on DST days:
 * - the clock shows that time twice (fall-back). `first` takes the earlier instant, `last` the
 *   later: America/New_York 2024-11-03 01:00 is 05:00Z (EDT) first and 06:00Z (EST) last. A working
 *   range starts `first` and ends `last`, so 01:00–04:00 that day lasts four real hours.
 * - the clock skips it (spring-forward). Both modes give the moment the clock jumps: New York
 *   2024-03-10 02:30 does not exist, so it resolves to 07:00Z (03:00 EDT), and a range 01:00–04:00
 *   that day lasts two real hours.
 * `24:00` is the next day's midnight.
 */
export function wallToInstant(date: LocalDate, minute: number, zone: string, mode: 'first' | 'last'): number {
  if (minute >= 1440) return wallToInstant(addDays(date, 1), minute - 1440, zone, 'first');
  return wallInstant(`${zone}|${date}|${minute}|${mode}`);
}

const wallInstant = remembered((key) => {
  const [zone, date, minuteText, mode] = key.split('|') as [string, LocalDate, string, 'first' | 'last'];
  const minute = Number(minuteText);
  const day = calendarDay(date, 'date');
  const hour = Math.floor(minute / 60);
  const min = minute % 60;
  const dt = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute: min },
    { zone },
  );
  if (dt.day !== day.day || dt.hour !== hour || dt.minute !== min) {
    return firstInstantReading(`${date} ${pad(hour)}:${pad(min)}`, dt.toMillis(), zone);
  }
  const ms = dt.toMillis();
  // No offset change within three hours either side: the wall time occurs exactly once.
  const steady =
    DateTime.fromMillis(ms - 3 * HOUR, { zone }).offset === dt.offset &&
    DateTime.fromMillis(ms + 3 * HOUR, { zone }).offset === dt.offset;
  if (steady) return ms;
  const candidates = dt.getPossibleOffsets().map((d) => d.toMillis());
  return mode === 'first' ? Math.min(...candidates) : Math.max(...candidates);
});

/** Luxon moves a skipped wall time past the gap; search back, by minutes, for the jump itself. */
function firstInstantReading(target: string, after: number, zone: string): number {
  let lo = after - 26 * 60 * MINUTE;
  let hi = after;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (wallKey(mid, zone) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * A request bound. With `zone`, the value's own offset is ignored and its wall clock is read in
 * `zone` (how `queryAvailability`'s `timezone` and the multi-slot `from`/`to` behave); without, it
 * is an instant (UTC when it carries no offset).
 */
export function readBound(value: string, zone: string | null, field: string): number {
  if (!zone) return toMs(value, field);
  const wall = DateTime.fromISO(value, { setZone: true });
  if (!wall.isValid) throw new AvailabilityInputError(field, `${field} is not a valid date-time`);
  const { year, month, day, hour, minute, second, millisecond } = wall;
  return DateTime.fromObject({ year, month, day, hour, minute, second, millisecond }, { zone }).toMillis();
}

/** A compact UTC stamp for ids, e.g. `20241103T053000Z`. */
export function utcStamp(ms: number): string {
  return DateTime.fromMillis(ms, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'");
}
