/**
 * The availability calls (map 7) over the pure engine: read the services, their staff, policy and
 * location for the caller's site, what already occupies time (`occupancy`), the clock's now; answer
 * the engine's entries. The engine's input errors name its own fields; they are reported under the
 * request's names.
 */
import type { Caller } from '../../../http/access.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import { assertZone, MAX_QUERY_DAYS } from '../availability/time.ts';
import {
  AvailabilityInputError,
  type AvailabilityRequest,
  type MultiSlotLeg,
  multiSlot,
  queryAvailability,
  readBound,
  scheduleAvailability,
  type ViolationsFilter,
} from '../availability.ts';
import { bookingsErrors } from '../errors.ts';
import { engineInputs, occupancy, visibleServices } from './availability-inputs.ts';
import { type BookingsDeps, isAdmin, isObject, type Json, siteFacts } from './context.ts';

const DAY = 86_400_000;
const MAX_SERVICES = 50;
const VIOLATION_KEYS = ['tooEarlyToBook', 'tooLateToBook', 'bookOnlineDisabled'] as const;

/** Runs the engine, reporting its input errors under the request's field names. */
function engine<T>(fields: Record<string, string>, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof AvailabilityInputError)) throw error;
    throw invalidField(fields[error.field] ?? error.field, error.message);
  }
}

function zoneOf(zone: string, field: string): string {
  return engine({ [field]: field }, () => assertZone(zone, field));
}

/** Both bounds, `to` after `from` and within the engine's widest range. */
function range(from: number, to: number, toField: string) {
  if (!(to > from)) throw invalidField(toField, 'must be later than the start');
  if (to - from > MAX_QUERY_DAYS * DAY)
    throw invalidField(toField, `the range may span at most ${MAX_QUERY_DAYS} days`, 'MAX_SIZE');
  return { from, to };
}

// ---- queryAvailability ----

const FILTER_KEYS = new Set([
  'serviceId',
  'startDate',
  'endDate',
  'bookable',
  'resourceId',
  'location.id',
  'location.locationType',
  ...VIOLATION_KEYS.map((key) => `bookingPolicyViolations.${key}`),
]);

/** A filter value given plainly or as `{$eq}` / `{$in}` (the query builders' forms). */
function plain(value: unknown): unknown {
  if (isObject(value) && Object.keys(value).length === 1) {
    if ('$eq' in value) return value.$eq;
    if ('$in' in value) return value.$in;
  }
  return value;
}

function idList(value: unknown, field: string, required: boolean): string[] | null {
  const given = plain(value);
  if (given === undefined || given === null) {
    if (required)
      throw invalidField(field, 'is required: the ids of the services to look at', 'REQUIRED_FIELD');
    return null;
  }
  const list = Array.isArray(given) ? given : [given];
  if (list.length === 0 || !list.every((id) => typeof id === 'string' && id !== ''))
    throw invalidField(field, 'must be a non-empty array of ids');
  if (list.length > MAX_SERVICES) throw invalidField(field, `at most ${MAX_SERVICES} ids`, 'MAX_SIZE');
  return [...new Set(list as string[])];
}

function boundOf(filter: Json, key: 'startDate' | 'endDate', zone: string | null): number {
  const field = `query.filter.${key}`;
  const value = plain(filter[key]);
  if (typeof value !== 'string' || value === '')
    throw invalidField(field, 'is required: an ISO date-time', 'REQUIRED_FIELD');
  return engine({ [key]: field }, () => readBound(value, zone, key));
}

function booleanOf(value: unknown, field: string): boolean | undefined {
  const given = plain(value);
  if (given === undefined || given === null) return undefined;
  if (typeof given !== 'boolean') throw invalidField(field, 'must be true or false');
  return given;
}

function violationsOf(source: Json, prefix: string, keyOf: (key: string) => string): ViolationsFilter | null {
  const out: ViolationsFilter = {};
  for (const key of VIOLATION_KEYS) {
    const value = booleanOf(source[keyOf(key)], `${prefix}${keyOf(key)}`);
    if (value !== undefined) out[key] = value;
  }
  return Object.keys(out).length ? out : null;
}

export interface AvailabilityQueryInput {
  query: { filter: Json | null; sort?: { fieldName: string; order?: 'ASC' | 'DESC' }[] | undefined };
  timezone?: string | null | undefined;
  slotsPerDay?: number | null | undefined;
}

export async function queryAvailabilityCall(
  deps: BookingsDeps,
  caller: Caller,
  input: AvailabilityQueryInput,
) {
  const filter = input.query.filter ?? {};
  for (const key of Object.keys(filter)) {
    if (!FILTER_KEYS.has(key))
      throw invalidField(
        `query.filter.${key}`,
        `is not a filter of availability: use ${[...FILTER_KEYS].join(', ')}`,
      );
  }
  const sort = input.query.sort?.[0];
  if (sort && sort.fieldName !== 'startDate')
    throw invalidField('query.sort.0.fieldName', 'only startDate is sortable');
  const serviceIds = idList(filter.serviceId, 'query.filter.serviceId', true)!;
  const zone = input.timezone ? zoneOf(input.timezone, 'timezone') : null;
  const { from, to } = range(
    boundOf(filter, 'startDate', zone),
    boundOf(filter, 'endDate', zone),
    'query.filter.endDate',
  );
  const found = await visibleServices(deps, caller, serviceIds);
  const missing = serviceIds.find((id) => !found.has(id));
  if (missing)
    throw bookingsErrors.invalid(
      'query.filter.serviceId',
      `names no service of the site: ${missing}`,
      'SERVICE_NOT_FOUND',
    );

  const { timeZone } = await siteFacts(deps, caller.siteId);
  const services = serviceIds.map((id) => found.get(id)!);
  const { inputs, staff } = await engineInputs(deps, caller.siteId, timeZone, services);
  const world = { staff, ...(await occupancy(deps, caller.siteId, inputs, { from, to })) };
  const locationType = plain(filter['location.locationType']);
  const locationId = plain(filter['location.id']);
  const req: AvailabilityRequest = {
    from,
    to,
    timeZone: zone,
    now: deps.clock.nowMs(),
    slotsPerDay: input.slotsPerDay ?? null,
    bookableOnly: booleanOf(filter.bookable, 'query.filter.bookable') === true,
    violations: violationsOf(filter, 'query.filter.', (key) => `bookingPolicyViolations.${key}`),
    staffIds: idList(filter.resourceId, 'query.filter.resourceId', false),
    location:
      locationType == null && locationId == null
        ? null
        : {
            locationType: (locationType ?? 'OWNER_BUSINESS') as 'OWNER_BUSINESS',
            id: typeof locationId === 'string' ? locationId : null,
          },
  };
  const offers = engine(
    { timeZone: 'timezone', from: 'query.filter.startDate', to: 'query.filter.endDate' },
    () => queryAvailability(inputs, world, req),
  );
  const entries = offers.map((offer) => offer.entry);
  if (sort?.order === 'DESC') entries.reverse();
  return { availabilityEntries: entries };
}

// ---- getScheduleAvailability ----

export async function getScheduleAvailabilityCall(deps: BookingsDeps, caller: Caller, scheduleId: string) {
  const page = await deps.store.services
    .forSite(caller.siteId)
    .query({ filter: { 'schedule.id': scheduleId }, paging: { limit: 1 } });
  const service = page.items[0] ? (JSON.parse(page.items[0]) as Json) : undefined;
  if (!service || (service.hidden === true && !isAdmin(caller)))
    throw notFound('SCHEDULE_NOT_FOUND', 'Schedule not found', { scheduleId });
  const { timeZone } = await siteFacts(deps, caller.siteId);
  const { inputs } = await engineInputs(deps, caller.siteId, timeZone, [service]);
  const now = deps.clock.nowMs();
  const { loads } = await occupancy(deps, caller.siteId, inputs, { from: now, to: now });
  return engine({}, () => scheduleAvailability(inputs[0]!, { loads: loads ?? [] }, now));
}

// ---- calculateMultiSlotAvailability ----

export interface MultiSlotInput {
  from: string;
  to: string;
  timeZone?: string | undefined;
  bookable?: boolean | null | undefined;
  bookingPolicyViolations?: Json | undefined;
  location?: { id?: string | null | undefined; locationType: string } | undefined;
  slots: { serviceId: string; resourcesFilter?: { resourceIds?: string[] | undefined } | undefined }[];
  slotsPerDay?: number | null | undefined;
  cursorPaging?: { limit?: number | undefined; cursor?: string | null | undefined } | undefined;
}

export async function calculateMultiSlotCall(deps: BookingsDeps, caller: Caller, input: MultiSlotInput) {
  const { timeZone: businessZone } = await siteFacts(deps, caller.siteId);
  const zone = zoneOf(input.timeZone ?? businessZone, 'timeZone');
  const bounds = engine({}, () => ({
    from: readBound(input.from, zone, 'from'),
    to: readBound(input.to, zone, 'to'),
  }));
  const { from, to } = range(bounds.from, bounds.to, 'to');
  const found = await visibleServices(
    deps,
    caller,
    input.slots.map((slot) => slot.serviceId),
  );
  input.slots.forEach((slot, i) => {
    if (!found.has(slot.serviceId))
      throw bookingsErrors.invalid(
        `slots.${i}.serviceId`,
        'names no service of the site',
        'SERVICE_NOT_FOUND',
      );
  });
  const services = input.slots.map((slot) => found.get(slot.serviceId)!);
  const { inputs, staff } = await engineInputs(deps, caller.siteId, businessZone, services);
  const world = { staff, ...(await occupancy(deps, caller.siteId, inputs, { from, to })) };
  const legs: MultiSlotLeg[] = inputs.map((service, i) => ({
    service,
    staffIds: input.slots[i]!.resourcesFilter?.resourceIds ?? null,
  }));
  const answer = engine({}, () =>
    multiSlot(legs, world, {
      from,
      to,
      timeZone: zone,
      now: deps.clock.nowMs(),
      slotsPerDay: input.slotsPerDay ?? null,
      bookableOnly: input.bookable === true,
      violations: violationsOf(input.bookingPolicyViolations ?? {}, 'bookingPolicyViolations.', (key) => key),
      location: input.location
        ? { locationType: input.location.locationType as 'OWNER_BUSINESS', id: input.location.id ?? null }
        : null,
      cursorPaging: input.cursorPaging ?? null,
    }),
  );
  return { slots: answer.slots, cursorPagingMetadata: answer.cursorPagingMetadata };
}
