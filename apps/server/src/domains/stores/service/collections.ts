/** Collections: CRUD, membership (kept on each product's `collectionIds`) and the slug read. */
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { wrapRaw, wrapRawList } from '../../../lib/raw-json.ts';
import { storesErrors } from '../errors.ts';
import { isAdmin, mutateInTransaction, type StoresDeps, siteInfo } from './context.ts';
import { freeSlug, recountCollection, scopedQuery } from './products.ts';

export interface CollectionInput {
  name?: string;
  slug?: string;
  visible?: boolean;
  description?: string;
}

async function withSlugCheck<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw storesErrors.slugTaken('collection', slug ?? '');
    throw error;
  }
}

export function createCollection(
  deps: StoresDeps,
  siteId: string,
  input: CollectionInput & { name: string },
) {
  return withSlugCheck(input.slug, () =>
    deps.store.transaction(async (trx) => {
      const slug = await freeSlug(
        (candidate) => deps.store.slugTaken(trx, 'store_collections', siteId, candidate),
        'collection',
        input.slug,
        input.name,
      );
      return deps.store.collections.forSite(siteId, trx).create({
        name: input.name,
        slug,
        visible: input.visible ?? true,
        ...(input.description === undefined ? {} : { description: input.description }),
        media: { items: [] },
        numberOfProducts: 0,
      });
    }),
  );
}

export function updateCollection(deps: StoresDeps, siteId: string, id: string, input: CollectionInput) {
  return withSlugCheck(input.slug, () =>
    deps.store.transaction(async (trx) => {
      if (
        input.slug !== undefined &&
        (await deps.store.slugTaken(trx, 'store_collections', siteId, input.slug, id))
      ) {
        throw storesErrors.slugTaken('collection', input.slug);
      }
      // The writable fields only: `media` and `numberOfProducts` are the catalog's, and a client may send
      // back the whole collection it read (or anything else beside it).
      const { name, slug, visible, description } = input;
      const patch = Object.fromEntries(
        Object.entries({ name, slug, visible, description }).filter(([, value]) => value !== undefined),
      );
      return deps.store.collections.forSite(siteId, trx).update<Record<string, unknown>>(id, patch);
    }),
  );
}

export async function deleteCollection(deps: StoresDeps, siteId: string, id: string) {
  const site = await siteInfo(deps, siteId);
  await deps.store.transaction(async (trx) => {
    if (!(await deps.store.collections.forSite(siteId, trx).delete(id)))
      throw storesErrors.collectionNotFound(id);
    const productIds = await deps.store.productIdsIn(trx, siteId, id);
    await deps.store.lockProducts(trx, siteId, productIds);
    for (const productId of productIds) {
      await mutateInTransaction(deps, trx, siteId, productId, site, (state) => {
        state.collectionIds = state.collectionIds.filter((c) => c !== id);
      });
    }
  });
}

/** Adds (or removes) products to a collection; unknown products refuse the whole call. */
export async function changeMembership(
  deps: StoresDeps,
  siteId: string,
  id: string,
  productIds: string[],
  add: boolean,
) {
  const site = await siteInfo(deps, siteId);
  await deps.store.transaction(async (trx) => {
    if (!(await deps.store.collections.forSite(siteId, trx).get(id)))
      throw storesErrors.collectionNotFound(id);
    await deps.store.lockProducts(trx, siteId, productIds);
    for (const productId of [...productIds].sort()) {
      await mutateInTransaction(deps, trx, siteId, productId, site, (state) => {
        const others = state.collectionIds.filter((c) => c !== id);
        state.collectionIds = add ? [...others, id] : others;
      });
    }
    await recountCollection(deps, trx, siteId, id);
  });
}

export async function getCollectionBySlug(deps: StoresDeps, caller: Caller, slug: string) {
  const page = await deps.store.collections
    .forSite(caller.siteId)
    .query({ filter: { slug }, paging: { limit: 1 } }, { fieldPrefix: 'slug' });
  const text = page.items[0];
  if (text === undefined) throw storesErrors.collectionSlugNotFound(slug);
  if (isAdmin(caller)) return wrapRaw('collection', text);
  const collection = JSON.parse(text) as { id: string; visible: boolean; numberOfProducts: number };
  if (!collection.visible) throw storesErrors.collectionSlugNotFound(slug);
  // The stored count is the owner's, hidden products included; a visitor is told of those it can see.
  const visible = await deps.store.products
    .forSite(caller.siteId)
    .count({ $and: [{ collectionIds: { $hasSome: [collection.id] } }, { visible: true }] });
  if (visible === collection.numberOfProducts) return wrapRaw('collection', text);
  return wrapRaw('collection', JSON.stringify({ ...collection, numberOfProducts: visible }));
}

/**
 * A page of collections. Owners read each one's stored count; a visitor sees visible collections only,
 * each counting the visible products it holds (one count per collection of the page).
 */
export async function queryCollections(deps: StoresDeps, caller: Caller, query: unknown) {
  const admin = isAdmin(caller);
  const page = await deps.store.collections.forSite(caller.siteId).query(scopedQuery(query, admin));
  if (admin) return wrapRawList('collections', page.items, { metadata: page.metadata });
  const products = deps.store.products.forSite(caller.siteId);
  const items = await Promise.all(
    page.items.map(async (text) => {
      const collection = JSON.parse(text) as { id: string; numberOfProducts: number };
      const visible = await products.count({
        $and: [{ collectionIds: { $hasSome: [collection.id] } }, { visible: true }],
      });
      return visible === collection.numberOfProducts
        ? text
        : JSON.stringify({ ...collection, numberOfProducts: visible });
    }),
  );
  return wrapRawList('collections', items, { metadata: page.metadata });
}
