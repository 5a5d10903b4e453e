/**
 * The calendar of a plan order, from the pricing it was bought with and the clock: which cycle runs
 * now, when the next charge falls due and when the order ends. Pure, so that renewals, the end-of-term
 * sweep and the answers of the orders API all read the same dates.
 *
 * Cycle boundaries are counted from one anchor (the first paid day) rather than from the cycle before,
 * so that a plan bought on 31 January renews on 28 (or 29) February and again on 31 March instead of
 * drifting to the 28th. A free trial is cycle 0 and moves the anchor by its days; a subscription's first
 * charge then falls at the trial's end. Time spent paused moves every later boundary by its length (the
 * official orders API: "current cycle start and end dates take into account free trial days and
 * suspensions"); a postponed end moves the end by what was added.
 */
import type { Duration, StoredPricing } from './plan-input.ts';

const DAY_MS = 86_400_000;
const AVERAGE_MS: Record<string, number> = {
  DAY: DAY_MS,
  WEEK: 7 * DAY_MS,
  MONTH: 30.44 * DAY_MS,
  YEAR: 365.25 * DAY_MS,
};

export interface PausePeriod {
  status: 'ACTIVE' | 'ENDED';
  pauseDate: string;
  resumeDate?: string;
}

export interface CycleInput {
  pricing: StoredPricing;
  startDate: string;
  pausePeriods?: readonly PausePeriod[] | undefined;
  /** Cancelled at the end of a period: the last cycle it runs (0: ends with the free trial). */
  endsAfterCycle?: number | undefined;
  /** What postponing the end added to it, in milliseconds. */
  postponedMs?: number | undefined;
}

export interface Cycle {
  index: number;
  startedDate: string;
  endedDate?: string;
}

export interface Schedule {
  /** Absent before the start and after the end. */
  currentCycle?: Cycle;
  /** When the next renewal is charged; absent when no charge is left (single payment, last cycle, cancelled). */
  nextChargeDate?: string;
  /** Absent for what runs until cancelled. */
  endDate?: string;
}

/** `count` units after `anchor` (UTC); a month past the last day of a shorter month is that month's last day. */
export function addPeriod(anchor: Date, unit: Duration['unit'], count: number): Date {
  if (unit === 'DAY') return new Date(anchor.getTime() + count * DAY_MS);
  if (unit === 'WEEK') return new Date(anchor.getTime() + count * 7 * DAY_MS);
  const months = unit === 'YEAR' ? count * 12 : count;
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(anchor.getTime());
  result.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return result;
}

/** Milliseconds spent paused up to `now` (a pause still running counts until now). */
export function pausedMs(periods: readonly PausePeriod[] | undefined, now: Date): number {
  let total = 0;
  for (const period of periods ?? []) {
    const from = Date.parse(period.pauseDate);
    const to = period.resumeDate ? Date.parse(period.resumeDate) : now.getTime();
    total += Math.max(0, Math.min(to, now.getTime()) - from);
  }
  return total;
}

interface Terms {
  /** Where cycle 1 starts (after the free trial). */
  anchor: Date;
  cycle?: Duration;
  /** Paid cycles; undefined until cancelled. */
  cycles: number | undefined;
  recurring: boolean;
}

function termsOf(input: CycleInput): Terms {
  const start = new Date(input.startDate);
  const { pricing } = input;
  if (pricing.subscription) {
    const trialDays = pricing.freeTrialDays ?? 0;
    const { cycleDuration, cycleCount } = pricing.subscription;
    return {
      anchor: new Date(start.getTime() + trialDays * DAY_MS),
      cycle: cycleDuration,
      cycles: cycleCount > 0 ? cycleCount : undefined,
      recurring: true,
    };
  }
  if (pricing.singlePaymentForDuration)
    return { anchor: start, cycle: pricing.singlePaymentForDuration, cycles: 1, recurring: false };
  return { anchor: start, cycles: undefined, recurring: false };
}

/** The schedule of an order at `now`. */
export function scheduleOf(input: CycleInput, now: Date): Schedule {
  const terms = termsOf(input);
  const start = Date.parse(input.startDate);
  const shift = pausedMs(input.pausePeriods, now);
  const shifted = (time: number) => new Date(time + shift).toISOString();
  const boundary = (index: number) =>
    index <= 0 || !terms.cycle
      ? terms.anchor.getTime()
      : addPeriod(terms.anchor, terms.cycle.unit, terms.cycle.count * index).getTime();

  const lastCycle = input.endsAfterCycle ?? terms.cycles;
  const trial = terms.anchor.getTime() > start;
  const end =
    lastCycle === undefined
      ? undefined
      : (lastCycle === 0 && trial ? terms.anchor.getTime() : boundary(lastCycle)) + (input.postponedMs ?? 0);

  const schedule: Schedule = {};
  if (end !== undefined) schedule.endDate = shifted(end);
  // Time as if the pauses had not happened: boundaries are found on it, then moved by the pauses.
  const time = now.getTime() - shift;
  if (time < start || (end !== undefined && time >= end)) return schedule;

  let index: number;
  if (time < terms.anchor.getTime()) index = 0;
  else if (!terms.cycle) index = 1;
  else {
    // Months have different lengths: estimate from the average, then step to the right cycle.
    const unitMs = AVERAGE_MS[terms.cycle.unit] ?? 30.44 * DAY_MS;
    index = Math.max(1, Math.floor((time - terms.anchor.getTime()) / (unitMs * terms.cycle.count)) + 1);
    while (index > 1 && boundary(index - 1) > time) index -= 1;
    while (boundary(index) <= time) index += 1;
    if (lastCycle !== undefined) index = Math.min(index, Math.max(lastCycle, 1));
  }
  const startedAt = index === 0 ? start : boundary(index - 1);
  const endedAt =
    index === lastCycle || (index === 0 && lastCycle === 0)
      ? end
      : index === 0 || terms.cycle
        ? boundary(index)
        : undefined;
  schedule.currentCycle = {
    index,
    startedDate: shifted(startedAt),
    ...(endedAt !== undefined ? { endedDate: shifted(endedAt) } : {}),
  };
  const charged = terms.recurring && (lastCycle === undefined || index < lastCycle);
  if (charged) schedule.nextChargeDate = shifted(boundary(index));
  return schedule;
}
