/** The one source of time. Services take it from deps so tests can pin and move it. */
export interface Clock {
  now(): Date;
  /** `now()` in milliseconds since the epoch, without making a Date (the request path reads it often). */
  nowMs(): number;
}

export const systemClock: Clock = { now: () => new Date(), nowMs: Date.now };

export interface ManualClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = '2026-01-01T00:00:00.000Z'): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    nowMs: () => current,
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
