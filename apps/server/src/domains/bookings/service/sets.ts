/** Every service a filter matches, for calls that work on the whole set (search, by-filter bulk calls). */
import type { Caller } from '../../../http/access.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, type Json, SERVICE_SET_LIMIT, visibleTo } from './context.ts';

/**
 * The stored services `filter` matches, as the caller may see them, in `sort` order: read 100 at a
 * time after counting them, and refused past SERVICE_SET_LIMIT (a site's services are a few dozen).
 */
export async function servicesMatching(
  deps: BookingsDeps,
  caller: Caller,
  filter: unknown,
  options: { field: string; sort?: unknown },
): Promise<Json[]> {
  const documents = deps.store.services.forSite(caller.siteId);
  const scoped = visibleTo(caller, filter);
  const total = await documents.count(scoped, options.field);
  if (total > SERVICE_SET_LIMIT) throw bookingsErrors.tooManyServices(options.field, SERVICE_SET_LIMIT);
  const found: Json[] = [];
  for (let offset = 0; offset < total; offset += 100) {
    const page = await documents.query(
      { filter: scoped, sort: options.sort, paging: { limit: 100, offset } },
      { fieldPrefix: options.field.replace(/\.filter$/, '') },
    );
    for (const text of page.items) found.push(JSON.parse(text) as Json);
    if (page.items.length < 100) break;
  }
  return found;
}
