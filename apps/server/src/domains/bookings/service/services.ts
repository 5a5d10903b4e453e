/** Services: create, read, update with its revision, delete, query and count. */

import type { SystemFields } from '../../../db/documents.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { commonErrors } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { bookingsErrors } from '../errors.ts';
import type { Executor } from '../store.ts';
import {
  BOOKINGS_APP_ID,
  type BookingsDeps,
  isAdmin,
  isObject,
  type Json,
  type SiteFacts,
  siteFacts,
  visibleTo,
} from './context.ts';
import { defaultPolicyId } from './policies.ts';
import { mergeWritable, normaliseService } from './service-input.ts';
import { adoptSlug, freeSlug, slugFrom } from './slugs.ts';
import { type RenderOptions, renderService, renderServices } from './view.ts';

type StoredService = Json & SystemFields;

/** Two requests may pick the same free slug at once: the later one's insert fails and it picks again. */
async function retryingSlugRaces<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 3) throw error;
    }
  }
}

/** Writes a new service (the fields already merged) in `trx`: its slug from its name, its own schedule. */
export async function insertService(
  deps: BookingsDeps,
  trx: Executor,
  caller: Caller,
  facts: SiteFacts,
  merged: Json,
  policyId: string,
): Promise<StoredService> {
  const siteId = caller.siteId;
  const id = newId();
  const now = deps.clock.now().toISOString();
  // Without locations of its own, a new service is offered at the site's default business location.
  const defaultLocation =
    merged.locations === undefined
      ? (
          await deps.store.locations
            .forSite(siteId, trx)
            .query({ filter: { default: true }, paging: { limit: 1 } })
        ).items[0]
      : undefined;
  const located = defaultLocation
    ? {
        ...merged,
        locations: [{ type: 'BUSINESS', business: { id: (JSON.parse(defaultLocation) as Json).id } }],
      }
    : merged;
  const document = await normaliseService(deps, trx, siteId, facts, located, undefined, policyId);
  const appId = (document.appId as string | undefined) ?? BOOKINGS_APP_ID;
  const service: Json = {
    id,
    ...document,
    appId,
    createdByAppId: caller.kind === 'app' ? caller.subjectId : appId,
    supportedSlugs: [],
    addOnGroups: [],
    addOnDetails: [],
  };
  const slug = await freeSlug(deps, trx, siteId, slugFrom(String(document.name)), id);
  await adoptSlug(deps, trx, siteId, service, slug, false, now);
  const { id: _id, ...fields } = service;
  return deps.store.services.forSite(siteId, trx).create(fields, { id, now });
}

export async function createService(deps: BookingsDeps, caller: Caller, input: Json) {
  const facts = await siteFacts(deps, caller.siteId);
  const policyId = await defaultPolicyId(deps, caller.siteId);
  const created = await retryingSlugRaces(() =>
    deps.store.transaction((trx) =>
      insertService(deps, trx, caller, facts, mergeWritable({}, input, undefined), policyId),
    ),
  );
  return renderService(deps, caller.siteId, facts, created);
}

export async function getService(
  deps: BookingsDeps,
  caller: Caller,
  serviceId: string,
  options: RenderOptions = {},
) {
  const service = await deps.store.services.forSite(caller.siteId).get<Json>(serviceId);
  if (!service || (service.hidden === true && !isAdmin(caller)))
    throw bookingsErrors.serviceNotFound(serviceId);
  return renderService(deps, caller.siteId, await siteFacts(deps, caller.siteId), service, options);
}

/**
 * The service `patch` changes, written in `trx` if `revision` is still the stored one. A new name
 * gives a service whose slug was made from its name a new slug (the old one keeps working).
 */
export async function reviseService(
  deps: BookingsDeps,
  trx: Executor,
  siteId: string,
  facts: SiteFacts,
  serviceId: string,
  patch: Json,
  options: { revision?: string | undefined; mask?: readonly string[] | undefined; policyId: string },
): Promise<StoredService> {
  const services = deps.store.services.forSite(siteId, trx);
  const stored = await services.get<Json>(serviceId);
  if (!stored) throw bookingsErrors.serviceNotFound(serviceId);
  if (options.revision !== undefined && options.revision !== stored.revision) {
    throw commonErrors.revisionMismatch('Service', serviceId, options.revision, stored.revision);
  }
  const merged = mergeWritable(stored, patch, options.mask);
  const currentPolicy = isObject(stored.bookingPolicy)
    ? (stored.bookingPolicy.id as string)
    : options.policyId;
  const document = await normaliseService(deps, trx, siteId, facts, merged, stored, currentPolicy);
  const next: Json = {
    id: stored.id,
    revision: stored.revision,
    createdDate: stored.createdDate,
    updatedDate: stored.updatedDate,
    ...document,
    appId: stored.appId,
    createdByAppId: stored.createdByAppId,
    supportedSlugs: stored.supportedSlugs,
    mainSlug: stored.mainSlug,
    addOnGroups: stored.addOnGroups ?? [],
    addOnDetails: stored.addOnDetails ?? [],
  };
  const customSlug = isObject(stored.mainSlug) && stored.mainSlug.custom === true;
  if (document.name !== stored.name && !customSlug) {
    const slug = await freeSlug(deps, trx, siteId, slugFrom(String(document.name)), serviceId);
    await adoptSlug(deps, trx, siteId, next, slug, false, deps.clock.now().toISOString());
  }
  return services.replace(next as StoredService);
}

export async function updateService(
  deps: BookingsDeps,
  caller: Caller,
  serviceId: string,
  patch: Json,
  options: { revision?: string; mask?: readonly string[] | undefined },
) {
  const facts = await siteFacts(deps, caller.siteId);
  const policyId = await defaultPolicyId(deps, caller.siteId);
  const updated = await retryingSlugRaces(() =>
    deps.store.transaction((trx) =>
      reviseService(deps, trx, caller.siteId, facts, serviceId, patch, { ...options, policyId }),
    ),
  );
  return renderService(deps, caller.siteId, facts, updated);
}

/** Deletes the service in `trx` and frees its slugs; false when there was none. */
export async function removeService(deps: BookingsDeps, trx: Executor, siteId: string, serviceId: string) {
  const removed = await deps.store.services.forSite(siteId, trx).delete(serviceId);
  if (removed) await deps.store.releaseSlugs(trx, siteId, serviceId);
  return removed;
}

export async function deleteService(deps: BookingsDeps, caller: Caller, serviceId: string) {
  const removed = await deps.store.transaction((trx) => removeService(deps, trx, caller.siteId, serviceId));
  if (!removed) throw bookingsErrors.serviceNotFound(serviceId);
}

export async function queryServices(
  deps: BookingsDeps,
  caller: Caller,
  query: Json | undefined,
  options: RenderOptions = {},
) {
  const given = query ?? {};
  const page = await deps.store.services
    .forSite(caller.siteId)
    .query({ ...given, filter: visibleTo(caller, given.filter) }, { fieldPrefix: 'query' });
  const facts = await siteFacts(deps, caller.siteId);
  const services = await renderServices(
    deps,
    caller.siteId,
    facts,
    page.items.map((text) => JSON.parse(text) as Json),
    options,
  );
  return { services, pagingMetadata: page.metadata };
}

export function countServices(deps: BookingsDeps, caller: Caller, filter: unknown) {
  return deps.store.services.forSite(caller.siteId).count(visibleTo(caller, filter), 'filter');
}
