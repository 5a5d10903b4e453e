/**
 * Booking policies: owner-managed rules services point to. The site's default policy is made on
 * demand (by the first service or policy that needs one); a deleted policy's services move to it.
 */
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { commonErrors } from '../../../lib/errors.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, isObject, type Json, siteFacts, visibleTo } from './context.ts';
import { renderServices } from './view.ts';

/** Sub-policies as a new policy has them: each disabled, with the platform's usual amounts. */
const DEFAULTS: Json = {
  customPolicyDescription: { enabled: true, description: '' },
  limitEarlyBookingPolicy: { enabled: false, earliestBookingInMinutes: 10_080 },
  limitLateBookingPolicy: { enabled: false, latestBookingInMinutes: 1440 },
  bookAfterStartPolicy: { enabled: false },
  cancellationPolicy: {
    enabled: true,
    limitLatestCancellation: false,
    latestCancellationInMinutes: 1440,
    allowAnonymous: true,
  },
  reschedulePolicy: {
    enabled: true,
    limitLatestReschedule: false,
    latestRescheduleInMinutes: 1440,
    allowAnonymous: true,
  },
  waitlistPolicy: { enabled: false, capacity: 10, reservationTimeInMinutes: 10 },
  participantsPolicy: { maxParticipantsPerBooking: 1 },
  resourcesPolicy: { enabled: false, autoAssignAllowed: false },
  saveCreditCardPolicy: { enabled: false },
};
const SUB_POLICIES = Object.keys(DEFAULTS);

/** `input`'s sub-policies over `base`'s (each given one whole, its missing keys from the defaults), checked. */
export function policyFields(base: Json, input: Json): Json {
  const out: Json = { ...base };
  if (typeof input.name === 'string') out.name = input.name;
  for (const key of SUB_POLICIES) {
    const given = input[key];
    const fallback = DEFAULTS[key] as Json;
    if (isObject(given)) out[key] = { ...fallback, ...given };
    else if (!isObject(out[key])) out[key] = { ...fallback };
  }
  const late = out.limitLateBookingPolicy as Json;
  const early = out.limitEarlyBookingPolicy as Json;
  if (late.enabled && (out.bookAfterStartPolicy as Json).enabled) {
    throw bookingsErrors.invalid(
      'bookingPolicy.bookAfterStartPolicy.enabled',
      'cannot be on while limitLateBookingPolicy is',
      'INVALID_BOOKING_POLICY',
    );
  }
  if (
    late.enabled &&
    early.enabled &&
    Number(late.latestBookingInMinutes) >= Number(early.earliestBookingInMinutes)
  ) {
    throw bookingsErrors.invalid(
      'bookingPolicy.limitLateBookingPolicy.latestBookingInMinutes',
      'must be less than limitEarlyBookingPolicy.earliestBookingInMinutes',
      'INVALID_BOOKING_POLICY',
    );
  }
  return out;
}

async function findDefault(deps: BookingsDeps, siteId: string): Promise<string | undefined> {
  const page = await deps.store.policies
    .forSite(siteId)
    .query({ filter: { default: true }, paging: { limit: 1 } });
  return page.items[0] === undefined ? undefined : ((JSON.parse(page.items[0]) as Json).id as string);
}

/** The site's default policy, made when it has none; two requests making it at once get the same one. */
export async function defaultPolicyId(deps: BookingsDeps, siteId: string): Promise<string> {
  const known = await findDefault(deps, siteId);
  if (known) return known;
  try {
    const created = await deps.store.policies
      .forSite(siteId)
      .create({ ...policyFields({ name: 'Default policy' }, {}), default: true });
    return created.id;
  } catch (error) {
    const made = isUniqueViolation(error) ? await findDefault(deps, siteId) : undefined;
    if (!made) throw error;
    return made;
  }
}

/** A new policy; the site's default one (made first when missing, as the platform provisions it) stays. */
export async function createBookingPolicy(deps: BookingsDeps, caller: Caller, input: Json) {
  await defaultPolicyId(deps, caller.siteId);
  return deps.store.policies.forSite(caller.siteId).create({ ...policyFields({}, input), default: false });
}

export async function getBookingPolicy(deps: BookingsDeps, caller: Caller, id: string) {
  const policy = await deps.store.policies.forSite(caller.siteId).get<Json>(id);
  if (!policy) throw bookingsErrors.policyNotFound(id);
  return policy;
}

export async function updateBookingPolicy(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  revision: string,
  input: Json,
) {
  return deps.store.transaction(async (trx) => {
    const policies = deps.store.policies.forSite(caller.siteId, trx);
    const stored = await policies.get<Json>(id);
    if (!stored) throw bookingsErrors.policyNotFound(id);
    if (stored.revision !== revision)
      throw commonErrors.revisionMismatch('Booking policy', id, revision, stored.revision);
    return policies.replace({ ...stored, ...policyFields(stored, input) } as typeof stored);
  });
}

export async function deleteBookingPolicy(deps: BookingsDeps, caller: Caller, id: string) {
  const fallback = await defaultPolicyId(deps, caller.siteId);
  if (fallback === id) throw bookingsErrors.defaultPolicy(id);
  await deps.store.transaction(async (trx) => {
    if (!(await deps.store.policies.forSite(caller.siteId, trx).delete(id)))
      throw bookingsErrors.policyNotFound(id);
    const services = deps.store.services.forSite(caller.siteId, trx);
    for (;;) {
      const page = await services.query({ filter: { 'bookingPolicy.id': id }, paging: { limit: 100 } });
      for (const text of page.items) {
        const service = JSON.parse(text) as Json;
        await services.update(service.id as string, { bookingPolicy: { id: fallback } });
      }
      if (page.items.length < 100) break;
    }
  });
}

export function queryBookingPolicies(deps: BookingsDeps, caller: Caller, query: Json | undefined) {
  return deps.store.policies.forSite(caller.siteId).query(query ?? {}, { fieldPrefix: 'query' });
}

/** Services v2 `queryPolicies`: each policy with up to 5 of the services that use it, and their count. */
export async function queryPoliciesWithServices(deps: BookingsDeps, caller: Caller, query: Json | undefined) {
  const page = await queryBookingPolicies(deps, caller, query);
  const facts = await siteFacts(deps, caller.siteId);
  const services = deps.store.services.forSite(caller.siteId);
  const bookingPolicies = [];
  for (const text of page.items) {
    const { revision: _revision, ...bookingPolicy } = JSON.parse(text) as Json;
    const filter = visibleTo(caller, { 'bookingPolicy.id': bookingPolicy.id });
    const connected = await services.query({ filter, paging: { limit: 5 } });
    bookingPolicies.push({
      bookingPolicy,
      connectedServices: await renderServices(
        deps,
        caller.siteId,
        facts,
        connected.items.map((item) => JSON.parse(item) as Json),
      ),
      totalServiceCount: connected.metadata.total ?? connected.items.length,
    });
  }
  return { bookingPolicies, pagingMetadata: page.metadata };
}
