/** Every service a filter matches, for calls that work on the whole set (search, by-filter bulk calls). */
import type { QueryPage } from '../../../db/document-queries.ts';
import type { Caller } from '../../../http/access.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, type Json, SERVICE_SET_LIMIT, visibleTo } from './context.ts';

/**
 * The stored services `filter` matches, as the caller may see them, in `sort` order: refused past
 * SERVICE_SET_LIMIT (a site's services are a few dozen).
 */
export async function servicesMatching(
  deps: BookingsDeps,
  caller: Caller,
  filter: unknown,
  options: { field: string; sort?: unknown },
): Promise<Json[]> {
  return (await servicesInOrder(deps, caller, filter, options)).services;
}

/**
 * servicesMatching with each service's place in the order: its sort-term values and the terms
 * (query/keyset.ts), which a search pages by.
 */
export async function servicesInOrder(
  deps: BookingsDeps,
  caller: Caller,
  filter: unknown,
  options: { field: string; sort?: unknown },
): Promise<{ services: Json[]; positions: NonNullable<QueryPage['positions']> }> {
  const documents = deps.store.services.forSite(caller.siteId);
  const scoped = visibleTo(caller, filter);
  const total = await documents.count(scoped, options.field);
  if (total > SERVICE_SET_LIMIT) throw bookingsErrors.tooManyServices(options.field, SERVICE_SET_LIMIT);
  // One read of them all, in cursor mode for their places (a page of at least one).
  const page = await documents.query(
    {
      filter: scoped,
      sort: options.sort,
      cursorPaging: { limit: Math.max(1, Math.min(total, SERVICE_SET_LIMIT)) },
    },
    { fieldPrefix: options.field.replace(/\.filter$/, ''), maxLimit: SERVICE_SET_LIMIT },
  );
  return {
    services: page.items.map((text) => JSON.parse(text) as Json),
    positions: page.positions ?? { keys: [], terms: [] },
  };
}
