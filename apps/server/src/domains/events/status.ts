/**
 * What an event's state is at a moment: its status from what the owner did (drafted, published,
 * canceled) and its dates; its registration's type and status from its settings and its tickets'
 * sales; a ticket definition's sale status from its sale period. Pure: the clock's reading is an
 * argument. Nothing here is stored, so nothing goes stale when time passes.
 */
import { invalidField } from '../../lib/errors.ts';

export type Lifecycle = 'DRAFT' | 'PUBLISHED' | 'CANCELED';
export type EventStatus = 'UPCOMING' | 'STARTED' | 'ENDED' | 'CANCELED' | 'DRAFT';
export type RegistrationType = 'RSVP' | 'TICKETING' | 'EXTERNAL' | 'NONE';
export type RegistrationStatus =
  | 'CLOSED_AUTOMATICALLY'
  | 'CLOSED_MANUALLY'
  | 'OPEN_RSVP'
  | 'OPEN_RSVP_WAITLIST_ONLY'
  | 'OPEN_TICKETS'
  | 'OPEN_EXTERNAL'
  | 'SCHEDULED_RSVP';
export type RecurrenceStatus =
  | 'ONE_TIME'
  | 'RECURRING'
  | 'RECURRING_UPCOMING'
  | 'RECURRING_RECENTLY_ENDED'
  | 'RECURRING_RECENTLY_CANCELED';
export type SaleStatus = 'SALE_SCHEDULED' | 'SALE_STARTED' | 'SALE_ENDED';

export const EVENT_STATUSES: readonly EventStatus[] = ['UPCOMING', 'STARTED', 'ENDED', 'CANCELED', 'DRAFT'];

export interface Span {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}

const at = (date: string | null | undefined) => (date ? Date.parse(date) : undefined);

/**
 * DRAFT and CANCELED as the owner left them; a published event is UPCOMING before its start (and
 * while its date is to be decided), STARTED from its start, ENDED from its end.
 */
export function eventStatus(lifecycle: Lifecycle, span: Span, now: number): EventStatus {
  if (lifecycle !== 'PUBLISHED') return lifecycle;
  const start = at(span.startDate);
  const end = at(span.endDate);
  if (start === undefined || now < start) return 'UPCOMING';
  return end !== undefined && now >= end ? 'ENDED' : 'STARTED';
}

/**
 * A series (more than one date) is RECURRING until its first date starts, RECURRING_UPCOMING while
 * some dates are over and others to come, RECURRING_RECENTLY_ENDED once its last date ended, and
 * RECURRING_RECENTLY_CANCELED when canceled. One date or none: ONE_TIME.
 */
export function recurrenceStatus(
  lifecycle: Lifecycle,
  dates: readonly Span[],
  now: number,
): RecurrenceStatus {
  if (dates.length < 2) return 'ONE_TIME';
  if (lifecycle === 'CANCELED') return 'RECURRING_RECENTLY_CANCELED';
  const ends = dates.map((date) => at(date.endDate) ?? Number.POSITIVE_INFINITY);
  if (ends.every((end) => end <= now)) return 'RECURRING_RECENTLY_ENDED';
  return ends.some((end) => end <= now) ? 'RECURRING_UPCOMING' : 'RECURRING';
}

/** The first start and last end of a series, which the event's own dates span. */
export function seriesSpan(dates: readonly Span[]): { startDate: string; endDate: string } | undefined {
  const starts = dates.map((d) => d.startDate).filter((d): d is string => !!d);
  const ends = dates.map((d) => d.endDate).filter((d): d is string => !!d);
  if (starts.length === 0 || ends.length === 0) return undefined;
  const first = starts.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
  const last = ends.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
  return { startDate: first, endDate: last };
}

export interface RegistrationSettings {
  initialType: 'RSVP' | 'TICKETING';
  external?: { url?: string | null | undefined } | undefined;
  registrationDisabled?: boolean | undefined;
  registrationPaused?: boolean | undefined;
  rsvp?:
    | {
        limit?: number | null | undefined;
        waitlistEnabled?: boolean | undefined;
        startDate?: string | null | undefined;
        endDate?: string | null | undefined;
      }
    | undefined;
}

/** NONE when the owner turned registration off, EXTERNAL with an outside URL, else its initial type. */
export function registrationType(settings: RegistrationSettings): RegistrationType {
  if (settings.registrationDisabled) return 'NONE';
  if (settings.external?.url) return 'EXTERNAL';
  return settings.initialType;
}

/** What registration's status depends on besides the settings: answers so far, tickets on offer. */
export interface Uptake {
  /** Guests who answered yes (RSVP). */
  rsvpYes: number;
  /** The event's ticket definitions visitors see. */
  tickets: ReadonlyArray<{ saleStatus: SaleStatus; soldOut: boolean }>;
}

export function registrationStatus(
  settings: RegistrationSettings,
  status: EventStatus,
  uptake: Uptake,
  now: number,
): RegistrationStatus {
  const type = registrationType(settings);
  if (type === 'NONE') return 'CLOSED_MANUALLY';
  if (status === 'ENDED' || status === 'CANCELED') return 'CLOSED_AUTOMATICALLY';
  if (settings.registrationPaused) return 'CLOSED_MANUALLY';
  if (type === 'EXTERNAL') return 'OPEN_EXTERNAL';
  if (type === 'TICKETING') return ticketsOnSale(uptake) ? 'OPEN_TICKETS' : 'CLOSED_AUTOMATICALLY';
  const rsvp = settings.rsvp ?? {};
  const start = at(rsvp.startDate);
  const end = at(rsvp.endDate);
  if (start !== undefined && now < start) return 'SCHEDULED_RSVP';
  if (end !== undefined && now >= end) return 'CLOSED_AUTOMATICALLY';
  if (rsvp.limit != null && uptake.rsvpYes >= rsvp.limit)
    return rsvp.waitlistEnabled ? 'OPEN_RSVP_WAITLIST_ONLY' : 'CLOSED_AUTOMATICALLY';
  return 'OPEN_RSVP';
}

const ticketsOnSale = (uptake: Uptake) =>
  uptake.tickets.some((ticket) => ticket.saleStatus === 'SALE_STARTED' && !ticket.soldOut);

/** Sold out: there are tickets to see, and none of them has any left. */
export const soldOut = (uptake: Uptake) =>
  uptake.tickets.length > 0 && uptake.tickets.every((ticket) => ticket.soldOut);

/**
 * Before the period's start, SALE_SCHEDULED; from its end, or once the event is over (ended or
 * canceled), SALE_ENDED; SALE_STARTED between.
 */
export function saleStatus(period: Span | undefined, now: number, eventOver = false): SaleStatus {
  const start = at(period?.startDate);
  const end = at(period?.endDate);
  if (eventOver || (end !== undefined && now >= end)) return 'SALE_ENDED';
  return start !== undefined && now < start ? 'SALE_SCHEDULED' : 'SALE_STARTED';
}

// --- filters on status -----------------------------------------------------------------------------

const START = 'dateAndTimeSettings.startDate';
const END = 'dateAndTimeSettings.endDate';

/** The stored fields that make an event `status` at `now` (an ISO instant), as the query language says it. */
export function statusCondition(status: EventStatus, now: string): Record<string, unknown> {
  switch (status) {
    case 'DRAFT':
    case 'CANCELED':
      return { lifecycle: status };
    case 'UPCOMING':
      return { $and: [{ lifecycle: 'PUBLISHED' }, { $or: [{ [START]: null }, { [START]: { $gt: now } }] }] };
    case 'STARTED':
      return {
        $and: [
          { lifecycle: 'PUBLISHED' },
          { [START]: { $lte: now } },
          { $or: [{ [END]: null }, { [END]: { $gt: now } }] },
        ],
      };
    case 'ENDED':
      return { $and: [{ lifecycle: 'PUBLISHED' }, { [END]: { $lte: now } }] };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function statusOf(value: unknown, field: string): EventStatus {
  if (typeof value === 'string' && (EVENT_STATUSES as readonly string[]).includes(value))
    return value as EventStatus;
  throw invalidField(field, `must be one of ${EVENT_STATUSES.join(', ')}`, 'INVALID_ENUM_VALUE');
}

function statusesOf(value: unknown, field: string): EventStatus[] {
  if (!Array.isArray(value)) throw invalidField(field, 'must be an array of statuses');
  return value.map((item) => statusOf(item, field));
}

/** A filter's conditions on `status` (`"UPCOMING"`, `$eq $ne $in $nin`) as conditions on stored fields. */
function statusConditions(value: unknown, now: string, field: string): Record<string, unknown> {
  if (!isObject(value)) return statusCondition(statusOf(value, field), now);
  const any = (statuses: EventStatus[]) => ({ $or: statuses.map((s) => statusCondition(s, now)) });
  const parts = Object.entries(value).map(([operator, operand]) => {
    const at = `${field}.${operator}`;
    switch (operator) {
      case '$eq':
        return statusCondition(statusOf(operand, at), now);
      case '$ne':
        return { $not: statusCondition(statusOf(operand, at), now) };
      case '$in':
        return any(statusesOf(operand, at));
      case '$nin':
        return { $not: any(statusesOf(operand, at)) };
      default:
        throw invalidField(at, 'status takes $eq, $ne, $in and $nin only', 'FIELD_NOT_ALLOWED');
    }
  });
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/**
 * `filter` with every condition on `status` turned into conditions on the stored lifecycle and dates
 * at `now`: the status is derived, never stored, so a query asks what would make it so.
 */
export function withStatusConditions(filter: unknown, now: string, field = 'query.filter'): unknown {
  if (Array.isArray(filter)) return filter.map((item, i) => withStatusConditions(item, now, `${field}.${i}`));
  if (!isObject(filter)) return filter;
  const out: Record<string, unknown> = {};
  const extra: unknown[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'status') extra.push(statusConditions(value, now, `${field}.status`));
    else if (key === '$and' || key === '$or' || key === '$not')
      out[key] = withStatusConditions(value, now, `${field}.${key}`);
    else out[key] = value;
  }
  if (extra.length === 0) return out;
  return Object.keys(out).length === 0 && extra.length === 1 ? extra[0] : { $and: [out, ...extra] };
}
