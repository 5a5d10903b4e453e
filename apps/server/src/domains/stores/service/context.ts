/** What every catalog use case shares: dependencies, the caller's view, and the product write cycle. */
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import type { Clock } from '../../../lib/clock.ts';
import { getSite, type SitesDeps } from '../../sites/index.ts';
import { storesErrors } from '../errors.ts';
import type { MediaStorage } from '../media-storage.ts';
import type { ProductState, StockMap } from '../model.ts';
import { type RenderedProduct, renderProduct, withMerchantData } from '../render.ts';
import type { CatalogStore, Executor } from '../store.ts';

export interface StoresDeps {
  store: CatalogStore;
  sites: SitesDeps;
  clock: Clock;
  media: MediaStorage;
}

export interface SiteInfo {
  currency: string;
  siteUrl: string;
}

export const isAdmin = (caller: Pick<Caller, 'kind'>) => caller.kind === 'admin' || caller.kind === 'app';

export async function siteInfo(deps: StoresDeps, siteId: string): Promise<SiteInfo> {
  const site = await getSite(deps.sites, siteId);
  const siteUrl = typeof site.settings.siteUrl === 'string' ? site.settings.siteUrl : '';
  return { currency: site.currency, siteUrl };
}

/** Variant stock follows the product's `trackInventory`: counted (0 when new) or not (NULL). */
export function normaliseStock(state: ProductState, stock: StockMap) {
  for (const variant of state.variants) {
    const current = stock.get(variant.id) ?? { quantity: null, inStock: true };
    if (state.trackInventory && current.quantity === null)
      stock.set(variant.id, { quantity: 0, inStock: false });
    else if (!state.trackInventory && current.quantity !== null) {
      stock.set(variant.id, { quantity: null, inStock: current.quantity > 0 });
    } else stock.set(variant.id, current);
  }
}

export type Mutation = (state: ProductState, stock: StockMap) => void | Promise<void>;

/**
 * The variants whose stock a write changed (set explicitly, or counted or not since it changed
 * `trackInventory`): only their live stock is written, so the write never puts back a quantity read
 * earlier over the stock orders change meanwhile.
 */
function stockChanges(before: StockMap, after: StockMap): Set<string> {
  const changed = new Set<string>();
  for (const [variantId, stock] of after) {
    const old = before.get(variantId);
    if (!old || old.quantity !== stock.quantity || old.inStock !== stock.inStock) changed.add(variantId);
  }
  return changed;
}

export interface SavedProduct {
  product: Record<string, unknown>;
  rendered: RenderedProduct;
}

/**
 * The write cycle of a product inside `trx`: lock, load, change, re-derive every computed field,
 * save (document, state, variant rows, events). The slug must already be free (checked here).
 */
export async function mutateInTransaction(
  deps: StoresDeps,
  trx: Executor,
  siteId: string,
  productId: string,
  site: SiteInfo,
  mutate: Mutation,
): Promise<SavedProduct> {
  await deps.store.lockProduct(trx, siteId, productId);
  const loaded = await deps.store.load(trx, siteId, productId);
  if (!loaded) throw storesErrors.productNotFound(productId);
  const { state, stock } = loaded;
  const slugBefore = state.slug;
  const stockBefore: StockMap = new Map([...stock].map(([id, entry]) => [id, { ...entry }]));
  await mutate(state, stock);
  normaliseStock(state, stock);
  if (
    state.slug !== slugBefore &&
    (await deps.store.slugTaken(trx, 'store_products', siteId, state.slug, productId))
  ) {
    throw storesErrors.slugTaken('product', state.slug);
  }
  const rendered = renderProduct(state, stock, {
    productId,
    currency: site.currency,
    siteUrl: site.siteUrl,
    lastUpdated: deps.clock.now().toISOString(),
  });
  const saved = await deps.store.saveProduct(trx, siteId, productId, loaded.doc, rendered, state, {
    stockSet: stockChanges(stockBefore, stock),
  });
  return { product: saved, rendered };
}

export async function mutateProduct(
  deps: StoresDeps,
  siteId: string,
  productId: string,
  mutate: Mutation,
): Promise<SavedProduct> {
  const site = await siteInfo(deps, siteId);
  try {
    return await deps.store.transaction((trx) =>
      mutateInTransaction(deps, trx, siteId, productId, site, mutate),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw storesErrors.slugTaken('product', '');
    throw error;
  }
}

/** The saved product as an admin sees it (cost and profit included). */
export const merchantView = (saved: SavedProduct) =>
  withMerchantData(JSON.stringify(saved.product), JSON.stringify(saved.rendered.merchant));
