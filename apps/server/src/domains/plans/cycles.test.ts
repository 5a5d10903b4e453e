import { describe, expect, it } from 'vitest';
import { addPeriod, type CycleInput, scheduleOf } from './cycles.ts';
import type { StoredPricing } from './plan-input.ts';

const at = (iso: string) => new Date(iso);
const price = { value: '10.00', currency: 'USD' };
const monthly = (cycleCount: number, freeTrialDays?: number): StoredPricing => ({
  subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount },
  price,
  ...(freeTrialDays ? { freeTrialDays } : {}),
});
const order = (pricing: StoredPricing, extra: Partial<CycleInput> = {}): CycleInput => ({
  pricing,
  startDate: '2025-01-31T10:00:00.000Z',
  ...extra,
});

describe('addPeriod', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    const jan31 = at('2025-01-31T10:00:00.000Z');
    expect(addPeriod(jan31, 'MONTH', 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addPeriod(jan31, 'MONTH', 2).toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(addPeriod(jan31, 'MONTH', 3).toISOString()).toBe('2025-04-30T10:00:00.000Z');
    expect(addPeriod(at('2024-01-31T00:00:00.000Z'), 'MONTH', 1).toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    expect(addPeriod(at('2024-02-29T00:00:00.000Z'), 'YEAR', 1).toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
    expect(addPeriod(at('2025-12-15T00:00:00.000Z'), 'MONTH', 1).toISOString()).toBe(
      '2026-01-15T00:00:00.000Z',
    );
    expect(addPeriod(jan31, 'WEEK', 2).toISOString()).toBe('2025-02-14T10:00:00.000Z');
    expect(addPeriod(jan31, 'DAY', 1).toISOString()).toBe('2025-02-01T10:00:00.000Z');
  });
});

describe('scheduleOf', () => {
  it('walks a 12-cycle monthly plan bought on 31 January: anchored month ends, no charge after the last', () => {
    const input = order(monthly(12));
    expect(scheduleOf(input, at('2025-01-31T10:00:00.000Z'))).toEqual({
      currentCycle: {
        index: 1,
        startedDate: '2025-01-31T10:00:00.000Z',
        endedDate: '2025-02-28T10:00:00.000Z',
      },
      nextChargeDate: '2025-02-28T10:00:00.000Z',
      endDate: '2026-01-31T10:00:00.000Z',
    });
    expect(scheduleOf(input, at('2025-03-30T00:00:00.000Z')).currentCycle).toEqual({
      index: 2,
      startedDate: '2025-02-28T10:00:00.000Z',
      endedDate: '2025-03-31T10:00:00.000Z',
    });
    expect(scheduleOf(input, at('2025-03-31T10:00:00.000Z')).nextChargeDate).toBe('2025-04-30T10:00:00.000Z');
    const last = scheduleOf(input, at('2026-01-15T00:00:00.000Z'));
    expect(last.currentCycle).toEqual({
      index: 12,
      startedDate: '2025-12-31T10:00:00.000Z',
      endedDate: '2026-01-31T10:00:00.000Z',
    });
    expect(last.nextChargeDate).toBeUndefined();
    expect(scheduleOf(input, at('2026-01-31T10:00:00.000Z'))).toEqual({
      endDate: '2026-01-31T10:00:00.000Z',
    });
  });

  it('runs a subscription until cancelled without an end date', () => {
    const schedule = scheduleOf(order(monthly(0)), at('2030-06-01T00:00:00.000Z'));
    expect(schedule.endDate).toBeUndefined();
    expect(schedule.currentCycle?.index).toBe(65);
    expect(schedule.nextChargeDate).toBe('2030-06-30T10:00:00.000Z');
  });

  it('makes a free trial cycle 0 and shifts the first charge to its end', () => {
    const input = order(monthly(3, 7), { startDate: '2025-03-01T00:00:00.000Z' });
    expect(scheduleOf(input, at('2025-03-02T00:00:00.000Z'))).toEqual({
      currentCycle: {
        index: 0,
        startedDate: '2025-03-01T00:00:00.000Z',
        endedDate: '2025-03-08T00:00:00.000Z',
      },
      nextChargeDate: '2025-03-08T00:00:00.000Z',
      endDate: '2025-06-08T00:00:00.000Z',
    });
    expect(scheduleOf(input, at('2025-03-08T00:00:00.000Z')).currentCycle?.index).toBe(1);
    // Cancelled at the end of the trial: it ends then and is never charged.
    expect(scheduleOf({ ...input, endsAfterCycle: 0 }, at('2025-03-02T00:00:00.000Z'))).toEqual({
      currentCycle: {
        index: 0,
        startedDate: '2025-03-01T00:00:00.000Z',
        endedDate: '2025-03-08T00:00:00.000Z',
      },
      endDate: '2025-03-08T00:00:00.000Z',
    });
  });

  it('ends a single payment for a duration after it, and never for an unlimited one', () => {
    const year: StoredPricing = { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price };
    expect(scheduleOf(order(year), at('2025-06-01T00:00:00.000Z'))).toEqual({
      currentCycle: {
        index: 1,
        startedDate: '2025-01-31T10:00:00.000Z',
        endedDate: '2026-01-31T10:00:00.000Z',
      },
      endDate: '2026-01-31T10:00:00.000Z',
    });
    const unlimited: StoredPricing = { singlePaymentUnlimited: true, price };
    expect(scheduleOf(order(unlimited), at('2040-01-01T00:00:00.000Z'))).toEqual({
      currentCycle: { index: 1, startedDate: '2025-01-31T10:00:00.000Z' },
    });
  });

  it('has no current cycle before a future start', () => {
    const input = order(monthly(2), { startDate: '2025-05-01T00:00:00.000Z' });
    expect(scheduleOf(input, at('2025-04-01T00:00:00.000Z'))).toEqual({
      endDate: '2025-07-01T00:00:00.000Z',
    });
  });

  it('cancels at the end of the current period', () => {
    const input = order(monthly(0), { endsAfterCycle: 2 });
    const schedule = scheduleOf(input, at('2025-03-01T00:00:00.000Z'));
    expect(schedule).toEqual({
      currentCycle: {
        index: 2,
        startedDate: '2025-02-28T10:00:00.000Z',
        endedDate: '2025-03-31T10:00:00.000Z',
      },
      endDate: '2025-03-31T10:00:00.000Z',
    });
  });

  it('moves later boundaries and the end by the time paused, and by a postponement', () => {
    const input = order(monthly(2), {
      startDate: '2025-01-01T00:00:00.000Z',
      pausePeriods: [
        { status: 'ENDED', pauseDate: '2025-01-10T00:00:00.000Z', resumeDate: '2025-01-20T00:00:00.000Z' },
      ],
    });
    expect(scheduleOf(input, at('2025-02-05T00:00:00.000Z'))).toEqual({
      currentCycle: {
        index: 1,
        startedDate: '2025-01-11T00:00:00.000Z',
        endedDate: '2025-02-11T00:00:00.000Z',
      },
      nextChargeDate: '2025-02-11T00:00:00.000Z',
      endDate: '2025-03-11T00:00:00.000Z',
    });
    const paused = {
      ...input,
      pausePeriods: [{ status: 'ACTIVE' as const, pauseDate: '2025-01-10T00:00:00.000Z' }],
    };
    expect(scheduleOf(paused, at('2025-01-15T00:00:00.000Z')).endDate).toBe('2025-03-06T00:00:00.000Z');
    const postponed = { ...input, postponedMs: 5 * 86_400_000 };
    const late = scheduleOf(postponed, at('2025-03-14T00:00:00.000Z'));
    expect(late.endDate).toBe('2025-03-16T00:00:00.000Z');
    expect(late.currentCycle).toEqual({
      index: 2,
      startedDate: '2025-02-11T00:00:00.000Z',
      endedDate: '2025-03-16T00:00:00.000Z',
    });
  });
});
