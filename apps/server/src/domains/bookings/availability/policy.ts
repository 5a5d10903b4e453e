import { MINUTE } from './time.ts';
import type { BookingPolicy, BookingPolicyViolations, ServiceType, ViolationsFilter } from './types.ts';

/** Violations as bits, so that thousands of candidate slots need no object each. */
export const TOO_EARLY = 1;
export const TOO_LATE = 2;
export const ONLINE_OFF = 4;

/**
 * Policy flags for something that runs [start, end) when asked at `now`.
 *
 * Worked example: earliest 7 days, latest 60 minutes, now Monday 09:00Z. A slot Monday 09:30Z is
 * too late (booking closed at 08:30Z); one on the Tuesday a week later at 09:30Z is too early
 * (booking opens that Monday at 09:30Z); anything from Monday 10:00Z to the next Monday 09:00Z is
 * fine. A class or course that allows booking after its start is too late only once it has ended;
 * the latest-booking limit does not apply to it, since both together would contradict each other.
 */
export function violationBits(
  policy: BookingPolicy,
  type: ServiceType,
  start: number,
  end: number,
  now: number,
): number {
  const earliest = policy.earliestBookingMinutes;
  const afterStart = type !== 'APPOINTMENT' && policy.bookAfterStartAllowed === true;
  const tooEarly = earliest != null && start - now > earliest * MINUTE;
  const tooLate = afterStart ? now >= end : now > start - (policy.latestBookingMinutes ?? 0) * MINUTE;
  return (
    (tooEarly ? TOO_EARLY : 0) | (tooLate ? TOO_LATE : 0) | (policy.onlineBookingEnabled ? 0 : ONLINE_OFF)
  );
}

/**
 * One object per combination of flags, shared by every entry that has it: a month of slots is
 * thousands of entries, and answers are read, never changed.
 */
const VIOLATIONS: readonly BookingPolicyViolations[] = Array.from({ length: 8 }, (_, bits) =>
  Object.freeze({
    tooEarlyToBook: (bits & TOO_EARLY) !== 0,
    tooLateToBook: (bits & TOO_LATE) !== 0,
    bookOnlineDisabled: (bits & ONLINE_OFF) !== 0,
    validSubmissionRequired: false,
  }),
);

export function violationsOf(bits: number): BookingPolicyViolations {
  return VIOLATIONS[bits & 7]!;
}

export function violationsAt(
  policy: BookingPolicy,
  type: ServiceType,
  start: number,
  end: number,
  now: number,
): BookingPolicyViolations {
  return violationsOf(violationBits(policy, type, start, end, now));
}

/** Each flag the filter sets must match; unset flags are not compared. */
export function matchesViolations(bits: number, filter: ViolationsFilter | null | undefined): boolean {
  if (!filter) return true;
  const same = (wanted: boolean | null | undefined, bit: number) =>
    wanted == null || wanted === ((bits & bit) !== 0);
  return (
    same(filter.tooEarlyToBook, TOO_EARLY) &&
    same(filter.tooLateToBook, TOO_LATE) &&
    same(filter.bookOnlineDisabled, ONLINE_OFF)
  );
}
