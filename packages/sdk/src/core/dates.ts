/**
 * The date rule of this SDK, the same for types and runtime:
 * a response field whose name ends in `Date` (`createdDate`, `updatedDate`, `startDate` …) and whose
 * value is an ISO-8601 timestamp with a time zone (`2024-05-01T10:00:00.000Z`, `…+02:00`) becomes a
 * `Date`. Other strings stay strings, so a local date-time without a zone (`2024-05-01T10:00:00`)
 * is never shifted by the browser's time zone. In requests such fields accept a `Date` or a string;
 * `Date` values travel as `toISOString()`.
 *
 * Contracts therefore name a field `…Date` only when it holds a timestamp.
 */
import { holdsText, nonFiniteFloat } from './floats.ts';

export type DateKey = `${string}Date`;

/** The response view of a wire type: `…Date` strings become `Date`. */
export type WithDates<T> = T extends Date
  ? T
  : T extends readonly (infer Item)[]
    ? WithDates<Item>[]
    : T extends object
      ? { [K in keyof T]: K extends DateKey ? DateOf<T[K]> : WithDates<T[K]> }
      : T;
type DateOf<V> = V extends string ? Date : WithDates<V>;

/** The request view of a wire type: `…Date` strings may also be given as `Date`. */
export type AcceptDates<T> = T extends Date
  ? T
  : T extends readonly (infer Item)[]
    ? AcceptDates<Item>[]
    : T extends object
      ? { [K in keyof T]: K extends DateKey ? DateOrString<T[K]> : AcceptDates<T[K]> }
      : T;
type DateOrString<V> = V extends string ? string | Date : AcceptDates<V>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** True for the ISO-8601 timestamps (with a zone) that the date rule converts. */
export const isTimestamp = (value: string): boolean =>
  TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));

/**
 * Applies the date rule, and the float rule of floats.ts (not-finite floats sent as text), in place to
 * freshly parsed JSON and returns it.
 */
export function reviveDates<T>(value: T, floats = true): WithDates<T> {
  if (Array.isArray(value)) {
    for (const item of value) reviveDates(item, floats);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const [key, field] of Object.entries(record)) {
      if (typeof field === 'string') {
        if (key.endsWith('Date') && isTimestamp(field)) record[key] = new Date(field);
        else if (floats) {
          const number = nonFiniteFloat(key, field);
          if (number !== undefined) record[key] = number;
        }
      } else {
        reviveDates(field, floats && !holdsText(key));
      }
    }
  }
  return value as WithDates<T>;
}
