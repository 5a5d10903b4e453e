/**
 * The availability calls (map 7) over the pure engine: read the services, their staff, policy and
 * location for the caller's site, what already occupies time (`occupancy`), the clock's now; answer
 * the engine's entries. The engine's input errors name its own fields; they are reported under the
 * request's names.
 */
import { createHash } from 'node:crypto';
import { queryAvailability as queryAvailabilityContract } from '@plaza/contracts';
import type { Caller } from '../../../http/access.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import { RawJson } from '../../../lib/raw-json.ts';
import { schemaSerializer } from '../../../lib/schema-json.ts';
import { assertZone, MAX_QUERY_DAYS } from '../availability/time.ts';
import {
  type AnswerNotes,
  AvailabilityInputError,
  type AvailabilityRequest,
  type AvailabilityWorld,
  type MultiSlotLeg,
  multiSlot,
  queryAvailability,
  readBound,
  type ServiceInput,
  scheduleAvailability,
  type ViolationsFilter,
} from '../availability.ts';
import { bookingsErrors } from '../errors.ts';
import { bufferReach, engineInputs, occupancy, visibleServices } from './availability-inputs.ts';
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

/** What an availability answer is made of: the request read, and the engine's inputs for it. */
interface Prepared {
  inputs: ServiceInput[];
  world: AvailabilityWorld;
  req: AvailabilityRequest;
  descending: boolean;
}

async function prepare(deps: BookingsDeps, caller: Caller, input: AvailabilityQueryInput): Promise<Prepared> {
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
  // Every entry lies in [from, to]: a booking further out than the buffer cannot touch one.
  const busy = await occupancy(deps, caller.siteId, inputs, { from, to }, undefined, bufferReach(inputs));
  const world = { staff, ...busy };
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
  return { inputs, world, req, descending: sort?.order === 'DESC' };
}

function answerOf({ inputs, world, req, descending }: Prepared, notes?: AnswerNotes) {
  const offers = engine(
    { timeZone: 'timezone', from: 'query.filter.startDate', to: 'query.filter.endDate' },
    () => queryAvailability(inputs, world, req, notes),
  );
  const entries = offers.map((offer) => offer.entry);
  if (descending) entries.reverse();
  return { availabilityEntries: entries };
}

export async function queryAvailabilityCall(
  deps: BookingsDeps,
  caller: Caller,
  input: AvailabilityQueryInput,
) {
  return answerOf(await prepare(deps, caller, input));
}

/** The engine's inputs as one digest: two equal ones give the same answer at the same instant. */
const fingerprintOf = ({ inputs, world }: Prepared) =>
  createHash('sha1')
    .update(JSON.stringify([inputs, world]))
    .digest('base64');

const queryAvailabilityJson = schemaSerializer(queryAvailabilityContract.response);

/**
 * `queryAvailability` as the route sends it: the bytes of an answer kept for the same request
 * (store.ts `availabilityAnswers`) while nothing it was made of has been written and the clock has not
 * reached the first instant at which time alone would change it (`AnswerNotes`), so it is what a fresh
 * answer would be. The key names all else it depends on: the site, whether the caller sees hidden
 * services, the request.
 */
export async function queryAvailabilityAnswer(
  deps: BookingsDeps,
  caller: Caller,
  input: AvailabilityQueryInput,
): Promise<RawJson> {
  const key = `${caller.siteId}\u0000${isAdmin(caller) ? 1 : 0}\u0000${JSON.stringify(input)}`;
  let read: Prepared | undefined;
  const kept = await deps.store.availabilityAnswers.get(
    key,
    async () => {
      const prepared = read ?? (await prepare(deps, caller, input));
      const notes: AnswerNotes = { until: prepared.req.now as number };
      const bytes = Buffer.from(queryAvailabilityJson(answerOf(prepared, notes)));
      return {
        answer: new RawJson(bytes),
        bytes: bytes.length,
        until: notes.until,
        fingerprint: fingerprintOf(prepared),
      };
    },
    // Something was written (here, or by another process: on SQLite the checkpointer's own write says
    // so every few seconds): the answer still holds when what it is made of reads the same. Reading it
    // costs a few statements; making a month of slots again, tens of milliseconds.
    async (old) => {
      if (old.until <= deps.clock.nowMs()) return false;
      read = await prepare(deps, caller, input);
      return fingerprintOf(read) === old.fingerprint;
    },
  );
  return kept.answer;
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
