/** Product writes (create, update, delete, small removals) and the product reads. */
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { freezeJson } from '../../../lib/json-freeze.ts';
import { isObject } from '../../../lib/paths.ts';
import { type RawJson, rawJson, wrapRaw, wrapRawList } from '../../../lib/raw-json.ts';
import { NEWEST_FIRST, parseFilter, withDefaultSort } from '../../../query/index.ts';
import { storesErrors } from '../errors.ts';
import type { StockMap } from '../model.ts';
import { currencyDigits } from '../money.ts';
import { renderProduct, stockOf, stockSummary, withMerchantData } from '../render.ts';
import type { Executor, ProductRead } from '../store.ts';
import { regenerateVariants } from '../variants.ts';
import {
  isAdmin,
  merchantView,
  mutateProduct,
  normaliseStock,
  type StoresDeps,
  siteInfo,
} from './context.ts';
import {
  applyProductInput,
  applyStockInput,
  newProductState,
  type ProductInput,
  slugify,
} from './product-input.ts';

/** A free slug: the given one (409 when taken) or one made from the name, with -2, -3… as needed. */
export async function freeSlug(
  taken: (slug: string) => Promise<boolean>,
  entity: 'product' | 'collection',
  given: string | undefined,
  name: string,
): Promise<string> {
  if (given !== undefined) {
    if (await taken(given)) throw storesErrors.slugTaken(entity, given);
    return given;
  }
  const base = slugify(name);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

export async function createProduct(deps: StoresDeps, siteId: string, input: ProductInput) {
  // The SDK's type requires it: a product created without one would sell for nothing.
  if (input.priceData?.price === undefined && input.price?.price === undefined)
    throw invalidField(
      'product.priceData.price',
      'is required: the price the product sells at (0 for a free one)',
    );
  const site = await siteInfo(deps, siteId);
  const now = deps.clock.now();
  const state = newProductState(input, currencyDigits(site.currency), now);
  const productId = newId();
  const stock: StockMap = new Map();
  applyStockInput(state, stock, input.stock);
  normaliseStock(state, stock);
  try {
    return await deps.store.transaction(async (trx) => {
      state.slug = await freeSlug(
        (slug) => deps.store.slugTaken(trx, 'store_products', siteId, slug),
        'product',
        input.slug,
        state.name,
      );
      const rendered = renderProduct(state, stock, {
        productId,
        currency: site.currency,
        siteUrl: site.siteUrl,
        lastUpdated: now.toISOString(),
      });
      const product = await deps.store.insertProduct(trx, siteId, productId, rendered, state);
      return merchantView({ product, rendered });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw storesErrors.slugTaken('product', state.slug);
    throw error;
  }
}

export async function updateProduct(
  deps: StoresDeps,
  siteId: string,
  productId: string,
  input: ProductInput,
) {
  const saved = await mutateProduct(deps, siteId, productId, (state, stock) => {
    const before = stockSummary(
      state,
      state.variants.map((variant) => stockOf(variant, stock, state)),
    );
    applyProductInput(state, input);
    applyStockInput(state, stock, input.stock, before);
  });
  return merchantView(saved);
}

export async function deleteProduct(deps: StoresDeps, siteId: string, productId: string) {
  await deps.store.transaction(async (trx) => {
    await deps.store.lockProduct(trx, siteId, productId);
    const loaded = await deps.store.load(trx, siteId, productId);
    if (!loaded) throw storesErrors.productNotFound(productId);
    await deps.store.deleteProduct(trx, siteId, productId);
    for (const collectionId of loaded.state.collectionIds)
      await recountCollection(deps, trx, siteId, collectionId);
  });
}

/** Stores `numberOfProducts` of a collection (gone collections are skipped). */
export async function recountCollection(
  deps: StoresDeps,
  trx: Executor,
  siteId: string,
  collectionId: string,
) {
  const collections = deps.store.collections.forSite(siteId, trx);
  const current = await collections.get<{ numberOfProducts: number }>(collectionId);
  if (!current) return;
  const count = await deps.store.products
    .forSite(siteId, trx)
    .count({ collectionIds: { $hasSome: [collectionId] } });
  if (current.numberOfProducts !== count) await collections.update(collectionId, { numberOfProducts: count });
}

export const removeBrand = (deps: StoresDeps, siteId: string, id: string) =>
  mutateProduct(deps, siteId, id, (state) => {
    delete state.brand;
  });

export const removeRibbon = (deps: StoresDeps, siteId: string, id: string) =>
  mutateProduct(deps, siteId, id, (state) => {
    delete state.ribbon;
  });

export const deleteProductOptions = (deps: StoresDeps, siteId: string, id: string) =>
  mutateProduct(deps, siteId, id, (state) => {
    state.productOptions = [];
    state.variants = regenerateVariants([], state.variants);
  });

// --- reads ------------------------------------------------------------------------------------

/** The public answer of each product read (reads are remembered, see store.read): made once per read. */
const publicAnswers = new WeakMap<ProductRead, RawJson>();

export async function getProduct(deps: StoresDeps, caller: Caller, id: string, includeMerchant: boolean) {
  const row = await deps.store.read(caller.siteId, id);
  if (!row || (!row.visible && !isAdmin(caller))) throw storesErrors.productNotFound(id);
  if (includeMerchant && isAdmin(caller)) {
    return rawJson(JSON.stringify({ product: withMerchantData(row.doc, row.merchant) }));
  }
  let answer = publicAnswers.get(row);
  if (!answer) {
    answer = wrapRaw('product', row.doc);
    publicAnswers.set(row, answer);
  }
  return answer;
}

interface WireQuery {
  filter?: unknown;
  sort?: unknown;
  paging?: unknown;
  cursorPaging?: { cursor?: unknown; limit?: unknown } | null;
}

/**
 * A query narrowed to what the caller may see: visitors get `visible: true` added to the filter
 * (and cursors made from such a filter only); without a sort the newest come first.
 */
export function scopedQuery(query: unknown, admin: boolean, prefix = 'query'): WireQuery {
  const remembered = prefix === 'query' && isObject(query) && Object.isFrozen(query);
  if (remembered) {
    const known = scopedQueries.get(query)?.[admin ? 1 : 0];
    if (known) return known;
  }
  const wire = scopeQuery(query, admin, prefix);
  if (remembered) {
    const both = scopedQueries.get(query) ?? [undefined, undefined];
    both[admin ? 1 : 0] = freezeJson(wire);
    scopedQueries.set(query, both);
  }
  return wire;
}

/**
 * The scoped queries of frozen queries (remembered `.r` requests, see decodeDotR), for visitors and for
 * admins: the same query object gets the same frozen wire query, which the document store's plans are
 * remembered by in turn.
 */
const scopedQueries = new WeakMap<object, [WireQuery | undefined, WireQuery | undefined]>();

function scopeQuery(query: unknown, admin: boolean, prefix: string): WireQuery {
  if (query !== undefined && query !== null && !isObject(query))
    throw invalidField(prefix, 'Expected a query object');
  const wire = { ...((query ?? {}) as WireQuery) };
  const cursor = wire.cursorPaging?.cursor;
  if (cursor !== undefined && cursor !== null && cursor !== '') {
    if (!admin && !cursorIsScoped(cursor)) {
      throw invalidField(
        `${prefix}.cursorPaging.cursor`,
        'Malformed cursor: use a cursor from a previous response',
        'FORMAT',
      );
    }
    return wire;
  }
  parseFilter(wire.filter, `${prefix}.filter`);
  if (!admin) {
    const filter = wire.filter;
    const empty =
      filter === undefined || filter === null || (isObject(filter) && Object.keys(filter).length === 0);
    wire.filter = empty ? { $and: [{ visible: true }] } : { $and: [filter, { visible: true }] };
  }
  return withDefaultSort(wire, NEWEST_FIRST) as WireQuery;
}

function cursorIsScoped(cursor: unknown): boolean {
  try {
    const decoded = JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8')) as {
      filter?: { $and?: unknown[] };
    };
    const last = decoded.filter?.$and?.at(-1);
    return JSON.stringify(last) === '{"visible":true}';
  } catch {
    return false;
  }
}

/**
 * Requests of the GET form by their `.r`, decoded and frozen: a storefront sends the same few lists
 * again and again, and decoding, scoping and planning a query cost as much as the rest of a cached read.
 */
const decodedRequests = new Map<string, Record<string, unknown>>();
const DECODED_LIMIT = 500;
/** Longer `.r` values are decoded each time rather than kept. */
const DECODED_MAX_LENGTH = 4096;

const malformedDotR = () =>
  invalidField('.r', 'must be base64url-encoded JSON of the request, e.g. {"query":{}}', 'FORMAT');

/**
 * `.r` of the GET form: base64url JSON of the whole request (`{query}`), map 2.3; frozen, shared.
 * `check` is the POST form's check of its body: both forms accept the same requests.
 */
export function decodeDotR(value: unknown, check: (request: unknown) => void): Record<string, unknown> {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') throw malformedDotR();
  // Only well-formed values are kept: one found needs no check.
  const known = decodedRequests.get(value);
  if (known) return known;
  if (!/^[A-Za-z0-9_=-]*$/.test(value)) throw malformedDotR();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw malformedDotR();
  }
  if (!isObject(decoded)) throw malformedDotR();
  check(decoded);
  freezeJson(decoded);
  if (value.length <= DECODED_MAX_LENGTH) {
    if (decodedRequests.size >= DECODED_LIMIT) decodedRequests.clear();
    decodedRequests.set(value, decoded);
  }
  return decoded;
}

export async function queryProducts(
  deps: StoresDeps,
  caller: Caller,
  request: { query?: unknown; includeMerchantSpecificData?: unknown },
): Promise<RawJson> {
  const admin = isAdmin(caller);
  const page = await deps.store.products.forSite(caller.siteId).query(scopedQuery(request.query, admin));
  let items = page.items;
  if (admin && request.includeMerchantSpecificData === true) {
    const ids = items.map((text) => (JSON.parse(text) as { id: string }).id);
    const merchant = await deps.store.readMerchant(caller.siteId, ids);
    items = items.map((text, i) => JSON.stringify(withMerchantData(text, merchant.get(ids[i]!) ?? null)));
  }
  return wrapRawList('products', items, { metadata: page.metadata });
}
