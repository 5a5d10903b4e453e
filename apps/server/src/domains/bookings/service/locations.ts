/**
 * Business locations (modelled on the platform's Locations API) and where services are offered:
 * services v2 `setServiceLocations` and `queryLocations`.
 */
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { commonErrors } from '../../../lib/errors.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, defined, isObject, type Json, siteFacts } from './context.ts';
import { defaultPolicyId } from './policies.ts';
import { reviseService } from './services.ts';
import { servicesMatching } from './sets.ts';
import { businessServiceLocation, renderService } from './view.ts';

const FIELDS = ['name', 'description', 'email', 'phone', 'fax', 'timeZone', 'address', 'businessSchedule'];
const pick = (input: Json) => defined(Object.fromEntries(FIELDS.map((key) => [key, input[key]])));

function checkTimeZone(timeZone: unknown) {
  if (timeZone === undefined) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: String(timeZone) });
  } catch {
    throw bookingsErrors.invalid(
      'location.timeZone',
      'is not an IANA time zone such as Europe/London',
      'INVALID_TIME_ZONE',
    );
  }
}

async function hasDefault(deps: BookingsDeps, siteId: string) {
  const page = await deps.store.locations
    .forSite(siteId)
    .query({ filter: { default: true }, paging: { limit: 1 } });
  return page.items.length > 0;
}

/** The site's first location becomes its default one. */
export async function createBusinessLocation(deps: BookingsDeps, caller: Caller, input: Json) {
  checkTimeZone(input.timeZone);
  const { timeZone } = await siteFacts(deps, caller.siteId);
  const fields = { timeZone, ...pick(input), status: 'ACTIVE', archived: false };
  const first = !(await hasDefault(deps, caller.siteId));
  const locations = deps.store.locations.forSite(caller.siteId);
  try {
    return await locations.create({ ...fields, default: first });
  } catch (error) {
    if (!first || !isUniqueViolation(error)) throw error;
    return locations.create({ ...fields, default: false });
  }
}

export async function getBusinessLocation(deps: BookingsDeps, caller: Caller, id: string) {
  const location = await deps.store.locations.forSite(caller.siteId).get<Json>(id);
  if (!location) throw bookingsErrors.locationNotFound(id);
  return location;
}

export async function updateBusinessLocation(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  revision: string,
  input: Json,
) {
  checkTimeZone(input.timeZone);
  const locations = deps.store.locations.forSite(caller.siteId);
  const stored = await getBusinessLocation(deps, caller, id);
  if (stored.archived) throw bookingsErrors.archivedLocation(id);
  if (stored.revision !== revision)
    throw commonErrors.revisionMismatch('Location', id, revision, String(stored.revision));
  return locations.update<Json>(id, pick(input), { expectedRevision: revision });
}

export async function archiveBusinessLocation(deps: BookingsDeps, caller: Caller, id: string) {
  const stored = await getBusinessLocation(deps, caller, id);
  if (stored.default) throw bookingsErrors.defaultLocation(id);
  if (stored.archived) return stored;
  return deps.store.locations.forSite(caller.siteId).update<Json>(id, { archived: true });
}

export function queryBusinessLocations(deps: BookingsDeps, caller: Caller, query: Json | undefined) {
  return deps.store.locations.forSite(caller.siteId).query(query ?? {}, { fieldPrefix: 'query' });
}

/** Whether `location` (a request's V2Location) is one of `locations` (as stored). */
function listed(location: Json, locations: Json[]) {
  const type = location.type ?? (location.business ? 'BUSINESS' : 'CUSTOM');
  if (type === 'BUSINESS') {
    const id = isObject(location.business) ? location.business.id : undefined;
    return locations.some((l) => l.type === 'BUSINESS' && l.id === id);
  }
  if (type === 'CUSTOM') {
    const id = isObject(location.custom) ? location.custom.id : undefined;
    return locations.some((l) => l.type === 'CUSTOM' && (id === undefined || l.id === id));
  }
  return locations.some((l) => l.type === 'CUSTOMER');
}

/**
 * Replaces the service's locations. The removed-location action is checked here (MOVE_TO_LOCATION
 * must name one of the new locations); it governs the service's sessions at a removed location.
 */
export async function setServiceLocations(
  deps: BookingsDeps,
  caller: Caller,
  serviceId: string,
  locations: Json[],
  action: Json | undefined,
) {
  const facts = await siteFacts(deps, caller.siteId);
  const policyId = await defaultPolicyId(deps, caller.siteId);
  const updated = await deps.store.transaction(async (trx) => {
    const service = await reviseService(
      deps,
      trx,
      caller.siteId,
      facts,
      serviceId,
      { locations },
      { policyId },
    );
    if (action?.action === 'MOVE_TO_LOCATION') {
      const target = isObject(action.moveToLocationOptions)
        ? action.moveToLocationOptions.newLocation
        : undefined;
      if (!isObject(target) || !listed(target, service.locations as Json[])) {
        throw bookingsErrors.invalid(
          'removedLocationSessionsAction.moveToLocationOptions.newLocation',
          'must be one of the locations the service is given',
          'INVALID_LOCATIONS',
        );
      }
    }
    return service;
  });
  return renderService(deps, caller.siteId, facts, updated);
}

/**
 * Services v2 `queryLocations`: the site's active business locations (those named, when named) and,
 * for business, custom and customer locations, whether a service the filter matches is offered there.
 */
export async function queryServiceLocations(deps: BookingsDeps, caller: Caller, filter: Json | undefined) {
  const ids = Array.isArray(filter?.businessLocationIds)
    ? (filter.businessLocationIds as string[])
    : undefined;
  const services = await servicesMatching(deps, caller, filter?.services ?? {}, { field: 'filter.services' });
  const offered = services.flatMap((service) =>
    Array.isArray(service.locations) ? (service.locations as Json[]) : [],
  );
  const documents = deps.store.locations.forSite(caller.siteId);
  const business: Json[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await documents.query({ filter: { archived: false }, paging: { limit: 100, offset } });
    for (const text of page.items) {
      const location = JSON.parse(text) as Json;
      if (!ids || ids.includes(location.id as string)) business.push(location);
    }
    if (page.items.length < 100) break;
  }
  const businessIds = new Set(business.map((location) => location.id));
  return {
    businessLocations: {
      exists: offered.some((l) => l.type === 'BUSINESS' && businessIds.has(l.id)),
      locations: business.map(businessServiceLocation),
    },
    customLocations: { exists: offered.some((l) => l.type === 'CUSTOM') },
    customerLocations: { exists: offered.some((l) => l.type === 'CUSTOMER') },
  };
}
