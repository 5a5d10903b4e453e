/** Service categories (categories v2): owner-managed, named by services; services v2 `queryCategories`. */
import type { Caller } from '../../../http/access.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, defined, isObject, type Json } from './context.ts';
import { servicesMatching } from './sets.ts';
import { documentsById } from './view.ts';

export function createCategory(deps: BookingsDeps, caller: Caller, input: Json) {
  return deps.store.categories
    .forSite(caller.siteId)
    .create(defined({ name: input.name, sortOrder: (input.sortOrder as number | undefined) ?? 0 }));
}

export async function getCategory(deps: BookingsDeps, caller: Caller, id: string) {
  const category = await deps.store.categories.forSite(caller.siteId).get<Json>(id);
  if (!category) throw bookingsErrors.categoryNotFound(id);
  return category;
}

export async function updateCategory(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  revision: string,
  input: Json,
) {
  const categories = deps.store.categories.forSite(caller.siteId);
  if (!(await categories.get(id))) throw bookingsErrors.categoryNotFound(id);
  return categories.update<Json>(id, defined({ name: input.name, sortOrder: input.sortOrder }), {
    expectedRevision: revision,
  });
}

/** Deletes a category; its services are left without one. */
export async function deleteCategory(deps: BookingsDeps, caller: Caller, id: string) {
  await deps.store.transaction(async (trx) => {
    if (!(await deps.store.categories.forSite(caller.siteId, trx).delete(id)))
      throw bookingsErrors.categoryNotFound(id);
    const services = deps.store.services.forSite(caller.siteId, trx);
    for (;;) {
      const page = await services.query({ filter: { 'category.id': id }, paging: { limit: 100 } });
      for (const text of page.items) {
        const service = JSON.parse(text) as Json;
        const { category: _category, ...rest } = service;
        await services.replace(
          rest as typeof service & { id: string; revision: string; createdDate: string; updatedDate: string },
        );
      }
      if (page.items.length < 100) break;
    }
  });
}

export function queryCategoriesV2(deps: BookingsDeps, caller: Caller, query: Json | undefined) {
  return deps.store.categories.forSite(caller.siteId).query(query ?? {}, { fieldPrefix: 'query' });
}

const view = (category: Json) => ({ id: category.id, name: category.name, sortOrder: category.sortOrder });
const bySortOrder = (a: Json, b: Json) =>
  Number(a.sortOrder) - Number(b.sortOrder) || String(a.name).localeCompare(String(b.name));

/**
 * Services v2 `queryCategories`: the site's categories (those of `categoryIds`), or with a `services`
 * filter the categories of the services it matches, ordered by sortOrder.
 */
export async function queryServiceCategories(deps: BookingsDeps, caller: Caller, filter: Json | undefined) {
  const ids = Array.isArray(filter?.categoryIds) ? (filter.categoryIds as string[]) : undefined;
  const documents = deps.store.categories.forSite(caller.siteId);
  let found: Json[];
  if (filter?.services !== undefined && filter.services !== null) {
    const services = await servicesMatching(deps, caller, filter.services, { field: 'filter.services' });
    const used = services
      .map((service) => (isObject(service.category) ? (service.category.id as string) : undefined))
      .filter((id): id is string => id !== undefined && (!ids || ids.includes(id)));
    found = [...(await documentsById(documents, used)).values()];
  } else if (ids) {
    found = [...(await documentsById(documents, ids)).values()];
  } else {
    found = [];
    for (let offset = 0; ; offset += 100) {
      const page = await documents.query({ paging: { limit: 100, offset } });
      found.push(...page.items.map((text) => JSON.parse(text) as Json));
      if (page.items.length < 100) break;
    }
  }
  return { categories: found.sort(bySortOrder).map(view) };
}
