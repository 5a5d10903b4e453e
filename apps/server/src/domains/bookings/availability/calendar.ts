/**
 * One staff member's time as sorted instant intervals: when they work, and what blocks them.
 * Built once per query; every check after that is arithmetic on numbers.
 */
import { MINUTE, minuteOfDay, toMs, wallToInstant, weekdayOf } from './time.ts';
import type { BusyInterval, LocalDate, StaffMember } from './types.ts';
import { AvailabilityInputError } from './types.ts';

/** [start, end) in epoch ms. */
export type Interval = readonly [number, number];

export interface StaffCalendar {
  staff: StaffMember;
  /** Working time, sorted, merged, across the query's local dates. */
  working: Interval[];
  timeOff: Interval[];
  /** Bookings and live holds, sorted by start, without buffer. */
  busy: Interval[];
  blockedByBuffer: Map<number, Interval[]>;
}

/** Sorts and joins overlapping or touching intervals. */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function workingIntervals(staff: StaffMember, dates: LocalDate[], zone: string): Interval[] {
  const out: Interval[] = [];
  for (const date of dates) {
    const day: Interval[] = [];
    for (const range of staff.workingHours[weekdayOf(date)] ?? []) {
      const field = `staff.${staff.id}.workingHours`;
      const from = minuteOfDay(range.start, field);
      const to = minuteOfDay(range.end, field);
      if (to <= from)
        throw new AvailabilityInputError(
          field,
          `${field}: ${range.start}–${range.end} ends before it starts`,
        );
      day.push([wallToInstant(date, from, zone, 'first'), wallToInstant(date, to, zone, 'last')]);
    }
    // Merged per day only, so a slot never straddles local midnight between two days' hours.
    out.push(...merge(day));
  }
  return out;
}

function timeOffIntervals(staff: StaffMember, zone: string): Interval[] {
  const out: Interval[] = [];
  for (const off of staff.timeOff ?? []) {
    if ('startDate' in off) {
      out.push([
        wallToInstant(off.startDate, 0, zone, 'first'),
        wallToInstant(off.endDate, 1440, zone, 'first'),
      ]);
    } else {
      out.push([toMs(off.start, 'timeOff.start'), toMs(off.end, 'timeOff.end')]);
    }
  }
  return merge(out);
}

export function buildCalendar(
  staff: StaffMember,
  busy: readonly BusyInterval[],
  dates: LocalDate[],
  zone: string,
  now: number,
): StaffCalendar {
  const live: Interval[] = [];
  for (const b of busy) {
    if (b.staffId !== staff.id) continue;
    if (b.expiresAt != null && toMs(b.expiresAt, 'busy.expiresAt') <= now) continue;
    live.push([toMs(b.start, 'busy.start'), toMs(b.end, 'busy.end')]);
  }
  return {
    staff,
    working: workingIntervals(staff, dates, zone),
    timeOff: timeOffIntervals(staff, zone),
    busy: live.sort((a, b) => a[0] - b[0]),
    blockedByBuffer: new Map(),
  };
}

/** Time off plus every booking widened by the buffer on both sides, merged. */
function blocked(cal: StaffCalendar, bufferMs: number): Interval[] {
  let list = cal.blockedByBuffer.get(bufferMs);
  if (!list) {
    list = merge([...cal.timeOff, ...cal.busy.map(([s, e]): Interval => [s - bufferMs, e + bufferMs])]);
    cal.blockedByBuffer.set(bufferMs, list);
  }
  return list;
}

/** Index of the first interval whose end is after `t` (ends are increasing in a merged list). */
function firstEndingAfter(list: Interval[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]![1] > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function isFree(cal: StaffCalendar, start: number, end: number, bufferMs: number): boolean {
  const w = cal.working[firstEndingAfter(cal.working, start)];
  if (!w || w[0] > start || w[1] < end) return false;
  const b = blocked(cal, bufferMs)[firstEndingAfter(blocked(cal, bufferMs), start)];
  return !b || b[0] >= end;
}

export interface GridOptions {
  durationMs: number;
  stepMs: number;
  bufferMs: number;
  /** Earliest start (the later of the query's start and now). */
  lo: number;
  /** Latest end. */
  hi: number;
}

/**
 * Free starts on a grid that begins at each working range's start and advances by elapsed time.
 *
 * Worked example: New York, working 01:00–04:00 on 2024-11-03 (fall-back), 60-minute slots. The
 * range is 05:00Z–09:00Z, so the starts are 05:00Z, 06:00Z, 07:00Z, 08:00Z, which read 01:00 (EDT),
 * 01:00 (EST), 02:00 and 03:00: four slots, the repeated hour kept. On 2024-03-10 (spring-forward)
 * the same hours are 06:00Z–08:00Z: two slots, 01:00 and 03:00, and no 02:00.
 */
export function freeStarts(cal: StaffCalendar, opts: GridOptions): number[] {
  const { durationMs, stepMs, lo, hi } = opts;
  const block = blocked(cal, opts.bufferMs);
  const out: number[] = [];
  let b = 0;
  for (const [ws, we] of cal.working) {
    const last = Math.min(we, hi) - durationMs;
    if (last < ws || last < lo) continue;
    let t = ws + Math.max(0, Math.ceil((lo - ws) / stepMs)) * stepMs;
    for (; t <= last; t += stepMs) {
      // Starts only increase, so the cursor into the blocked list never moves back.
      while (b < block.length && block[b]![1] <= t) b++;
      const next = block[b];
      if (next && next[0] < t + durationMs) {
        // Jump to the first grid point at or after the end of the block.
        const skip = Math.ceil((next[1] - t) / stepMs) - 1;
        if (skip > 0) t += skip * stepMs;
        continue;
      }
      out.push(t);
    }
  }
  return out;
}

export const minutes = (n: number | null | undefined): number => (n ?? 0) * MINUTE;
