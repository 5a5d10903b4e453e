/** The stores catalog as the cart sees it: ecom's catalog contract (ecom/catalog-provider.ts). */
import type { Kysely } from 'kysely';
import { readCache } from '../../db/read-cache.ts';
import type { Schema } from '../../db/schema.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import {
  type CatalogItem,
  type CatalogLookup,
  type CatalogMoney,
  type CatalogProvider,
  ecomErrors,
  type OrderedLine,
  type UnavailableItem,
} from '../ecom/index.ts';
import type { MediaItem, ProductState, StockMap, VariantState } from './model.ts';
import { formatMoney, fromMinor, toDecimalString, WEIGHT_DIGITS } from './money.ts';
import { discounted, renderProduct, stockOf, variantPrice } from './render.ts';
import type { StoresDeps } from './service/context.ts';
import type { Executor, LoadedProduct } from './store.ts';
import { matchesChoices } from './variants.ts';

/** The installed app (sites) this catalog belongs to. */
const STORES_APP = 'stores';

/** Map 17: both Wix Stores app ids name this catalog. */
export const STORES_APP_IDS = [
  '1380b703-ce81-ff05-f115-39571d94dfcd',
  '215238eb-22a5-4c36-9e7b-e7c08025e04e',
] as const;

function money(minor: number, currency: string, digits: number): CatalogMoney {
  const decimal = toDecimalString(minor, digits);
  return { amount: minor, currency, decimal, formatted: formatMoney(minor, currency, digits) };
}

/** Which item of a product a line means: its choices or its variant, and how many are wanted. */
export interface CatalogItemOptions {
  /** Option name → choice (description or value), e.g. `{Size: 'M'}`. */
  options?: Record<string, string> | undefined;
  variantId?: string | undefined;
  quantity?: number | undefined;
}

/** Units of one item to take or give back. */
export interface StockLine {
  catalogItemId: string;
  options?: CatalogItemOptions['options'];
  variantId?: string | undefined;
  quantity: number;
}

/** The stores catalog: ecom's contract, plus stock taken and given back outside an order (owner tools, tests). */
export interface StoresCatalog extends CatalogProvider {
  reserve(siteId: string, items: readonly StockLine[], trx?: Kysely<Schema>): Promise<void>;
  release(siteId: string, items: readonly StockLine[], trx?: Kysely<Schema>): Promise<void>;
}

/** An order's line as stock: the variant it was sold as, else the choices it names. */
const stockLineOf = (line: OrderedLine): StockLine => ({
  catalogItemId: line.catalogItemId,
  quantity: line.quantity,
  ...(line.variantId
    ? { variantId: line.variantId }
    : line.options.variantId
      ? { variantId: line.options.variantId }
      : line.options.options
        ? { options: { ...line.options.options } }
        : {}),
});

function pickVariant(state: ProductState, options: CatalogItemOptions): VariantState | undefined {
  if (options.variantId) return state.variants.find((v) => v.id === options.variantId);
  const selection = options.options ?? {};
  if (!state.productOptions.every((o) => selection[o.name] !== undefined)) return undefined;
  return state.variants.find((v) => matchesChoices(v, selection, state.productOptions));
}

function imageOf(state: ProductState, variant: VariantState): MediaItem | undefined {
  for (const option of state.productOptions) {
    const choice = option.choices.find((c) => c.description === variant.choices[option.name]);
    const id = choice?.mediaIds[0];
    const item = id ? state.media.find((m) => m.id === id) : undefined;
    if (item?.image) return item;
  }
  return state.media.find((m) => m.image);
}

/** What a cart needs of a product to describe its items: the stored inputs, live stock and currency. */
export interface SellableProduct {
  state: ProductState;
  stock: StockMap;
  currency: string;
  version: string;
}

export function describeItem(
  product: SellableProduct,
  catalogItemId: string,
  options: CatalogItemOptions,
  wanted: number,
): CatalogLookup {
  const { state, stock, currency, version } = product;
  const variant = state.visible ? pickVariant(state, options) : undefined;
  if (!variant) return { catalogItemId, availability: { status: 'NOT_FOUND' } };
  const full = variantPrice(variant, state);
  const live = stockOf(variant, stock, state);
  const availability: CatalogItem['availability'] =
    !variant.visible || !live.inStock
      ? { status: 'NOT_AVAILABLE', ...(live.trackQuantity ? { quantityAvailable: 0 } : {}) }
      : !live.trackQuantity
        ? { status: 'AVAILABLE' }
        : {
            status: (live.quantity ?? 0) >= wanted ? 'AVAILABLE' : 'PARTIALLY_AVAILABLE',
            quantityAvailable: live.quantity ?? 0,
          };
  const media = imageOf(state, variant);
  const weight = variant.weight ?? state.weight;
  const sku = variant.sku ?? state.sku;
  return {
    catalogItemId,
    name: state.name,
    price: money(discounted(full, state), currency, state.digits),
    fullPrice: money(full, currency, state.digits),
    ...(media?.image
      ? {
          image: {
            id: media.id,
            url: media.image.url,
            width: media.image.width,
            height: media.image.height,
            altText: media.image.altText ?? state.name,
          },
        }
      : {}),
    descriptionLines: state.productOptions.map((option) => {
      const choice = option.choices.find((c) => c.description === variant.choices[option.name])!;
      return {
        name: option.name,
        value: choice.description,
        ...(option.optionType === 'color' ? { colorCode: choice.value } : {}),
      };
    }),
    availability,
    itemType: state.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
    variantId: variant.id,
    ...(weight === undefined ? {} : { weight: fromMinor(weight, WEIGHT_DIGITS) }),
    ...(sku === undefined ? {} : { sku }),
    version,
  };
}

const DESCRIPTIONS_PER_PRODUCT = 64;
const descriptions = new WeakMap<SellableProduct, Map<string, CatalogLookup>>();

/** Which item `options` choose: the variant asked for, or the choices in their order. */
function choiceKey(options: CatalogItemOptions): string {
  let key = options.variantId ?? '';
  const chosen = options.options;
  // A choice given as undefined matches no variant: it keys apart from every text.
  if (chosen) for (const name in chosen) key += `\u0000${name}\u0001${chosen[name] ?? '\u0002'}`;
  return key;
}

/**
 * `describeItem`, made once per product as cached (`sellables` below) and choice of item: while the
 * product is unchanged a look-up answers the same object, which callers only read. The cart keeps a
 * rendered cart while the look-ups of its lines answer the objects it was rendered from.
 *
 * The quantity wanted only tells whether the stock covers it, so every quantity the stock covers answers
 * the one object, and every quantity it does not answers another: a line whose quantity changes keeps
 * its description.
 */
function describedItem(product: SellableProduct, catalogItemId: string, options: CatalogItemOptions) {
  let known = descriptions.get(product);
  if (!known) {
    known = new Map();
    descriptions.set(product, known);
  }
  const key = choiceKey(options);
  const item = remembered(known, key, product, catalogItemId, options, 1);
  const wanted = options.quantity ?? 1;
  const { status, quantityAvailable } = item.availability as CatalogItem['availability'];
  const covered = status !== 'AVAILABLE' || quantityAvailable === undefined || wanted <= quantityAvailable;
  return covered ? item : remembered(known, `${key}\u0000short`, product, catalogItemId, options, wanted);
}

function remembered(
  known: Map<string, CatalogLookup>,
  key: string,
  product: SellableProduct,
  catalogItemId: string,
  options: CatalogItemOptions,
  wanted: number,
) {
  let item = known.get(key);
  if (!item) {
    if (known.size >= DESCRIPTIONS_PER_PRODUCT) known.clear();
    item = describeItem(product, catalogItemId, options, wanted);
    known.set(key, item);
  }
  return item;
}

/** How long a look-up may be reused at most: writes of other server processes are not seen before. */
const LOOKUP_CACHE_MS = 1000;
const LOOKUP_CACHE_LIMIT = 2000;

export function storesCatalog(deps: StoresDeps): StoresCatalog {
  const { store } = deps;

  /**
   * Products as the cart looks them up, remembered while this process has written neither products nor
   * stock since (`store.writes`), and LOOKUP_CACHE_MS at most. Every cart call describes each of its
   * lines (an add-to-cart looks its product up twice: to add the line, then to answer the cart); each
   * look-up cost two queries and parsing the product's stored state and its 5 KB public document, for
   * the currency. Stock is only ever taken inside a transaction that reads it afresh (`reserve`), so a
   * look-up that is a moment old can show a line as available but never sell what is not there.
   *
   * A stale entry is first checked against the product's stored version (one small read): unchanged, it
   * is kept as the same object, so its descriptions, and the cart renders made from them, stay valid.
   */
  const sellables = readCache<SellableProduct | undefined>(
    store.writes,
    ['store_products', 'store_variants'],
    { ttlMs: LOOKUP_CACHE_MS, limit: LOOKUP_CACHE_LIMIT, clock: deps.clock },
  );
  const readSellable = async (siteId: string, productId: string): Promise<SellableProduct | undefined> => {
    const loaded = await store.load(store.db, siteId, productId);
    return (
      loaded && {
        state: loaded.state,
        stock: loaded.stock,
        currency: (JSON.parse(loaded.doc) as { priceData: { currency: string } }).priceData.currency,
        version: loaded.version,
      }
    );
  };
  const sellable = (siteId: string, productId: string) =>
    sellables.get(
      `${siteId}\u0000${productId}`,
      () => readSellable(siteId, productId),
      async (known) => known !== undefined && (await store.versionOf(siteId, productId)) === known.version,
    );

  /** Re-derives a product's stock summary after its variant rows changed (variant rows untouched). */
  async function refresh(trx: Executor, siteId: string, productId: string) {
    await store.lockProduct(trx, siteId, productId, false);
    const loaded = await store.load(trx, siteId, productId);
    if (!loaded) return;
    const previous = JSON.parse(loaded.doc) as {
      priceData: { currency: string };
      productPageUrl: { base: string };
    };
    const rendered = renderProduct(loaded.state, loaded.stock, {
      productId,
      currency: previous.priceData.currency,
      siteUrl: previous.productPageUrl.base,
      lastUpdated: deps.clock.now().toISOString(),
    });
    await store.saveProduct(trx, siteId, productId, loaded.doc, rendered, loaded.state, { docOnly: true });
  }

  /**
   * The variant rows of `items`, one per variant with the quantities summed; `missing` the items with no
   * such product or variant, and, when `forSale`, those hidden since the line was made: a hidden
   * product is no longer sold, whatever an older checkout holds. Stock still comes back to it.
   */
  async function resolve(
    trx: Executor,
    siteId: string,
    items: readonly StockLine[],
    options: { forSale: boolean },
  ) {
    const lines = new Map<
      string,
      { productId: string; variantId: string; quantity: number; loaded: LoadedProduct }
    >();
    const missing: UnavailableItem[] = [];
    for (const item of items) {
      const loaded = await store.load(trx, siteId, item.catalogItemId);
      const variant = loaded && pickVariant(loaded.state, item);
      const hidden = options.forSale && (!loaded?.state.visible || !variant?.visible);
      if (!loaded || !variant || hidden) {
        missing.push({
          catalogItemId: item.catalogItemId,
          variantId: variant?.id ?? item.variantId ?? '',
          requested: item.quantity,
          reason: !loaded || !variant ? 'NOT_FOUND' : 'NOT_FOR_SALE',
        });
        continue;
      }
      const rowId = `${item.catalogItemId}-${variant.id}`;
      const line = lines.get(rowId);
      if (line) line.quantity += item.quantity;
      else
        lines.set(rowId, {
          productId: item.catalogItemId,
          variantId: variant.id,
          quantity: item.quantity,
          loaded,
        });
    }
    return { lines: [...lines.entries()].sort(([a], [b]) => (a < b ? -1 : 1)), missing };
  }

  /**
   * Whether the site has the stores app: without it the catalog reads answer APP_NOT_INSTALLED, and
   * the cart finds none of its items, as it finds none of a catalog nobody serves (NOT_FOUND lines,
   * no checkout). A cart's look-up may see the site a moment old; a checkout's reads it afresh, and
   * an order's commit in its own transaction.
   */
  const sells = async (siteId: string, fresh: boolean | undefined, trx?: Kysely<Schema>) => {
    const site = await (fresh || trx
      ? deps.sites.store.getSite(siteId, trx)
      : deps.sites.store.getSiteCached(siteId));
    return site?.installedApps.includes(STORES_APP) ?? false;
  };

  const within = <T>(trx: Kysely<Schema> | undefined, work: (trx: Executor) => Promise<T>) =>
    trx ? work(trx) : store.transaction(work);

  const catalog: StoresCatalog = {
    appIds: STORES_APP_IDS,

    async lookUp({ siteId, readThrough }, { catalogItemId, options, quantity }) {
      const product =
        (await sells(siteId, readThrough)) &&
        (await (readThrough ? readSellable : sellable)(siteId, catalogItemId));
      if (!product) return { catalogItemId, availability: { status: 'NOT_FOUND' } };
      const choice: CatalogItemOptions = {};
      if (options.options) choice.options = options.options as Record<string, string>;
      if (options.variantId) choice.variantId = options.variantId;
      if (quantity !== undefined) choice.quantity = quantity;
      return describedItem(product, catalogItemId, choice);
    },

    /**
     * A variant stands for the choices that picked it (`options.options` or `options.variantId`), not for
     * the rest of the options (a text the buyer typed, say): the same variant with other such options is
     * another line. Without other options the key is the variant alone, as in carts stored before they
     * counted.
     */
    lineKey({ options }, found) {
      if (!found.variantId) return canonicalJson(options);
      const { options: _choices, variantId: _picked, ...rest } = options;
      return Object.keys(rest).length === 0
        ? `variant:${found.variantId}`
        : `variant:${found.variantId}|${canonicalJson(rest)}`;
    },

    // A checkout made while the app was installed is frozen: the app removed since, nothing is sold.
    commit: async (context, lines, _order, trx) => {
      if (!(await sells(context.siteId, true, trx)))
        throw ecomErrors.insufficientStock(
          lines.map((line) => ({
            catalogItemId: line.catalogItemId,
            variantId: line.variantId ?? line.options.variantId ?? '',
            requested: line.quantity,
            reason: 'NOT_FOR_SALE',
          })),
        );
      await catalog.reserve(context.siteId, lines.map(stockLineOf), trx);
    },

    // Goods go back to stock only when the owner says so (they may have shipped).
    cancel: async (context, lines, _order, trx, { restock }) => {
      if (restock) await catalog.release(context.siteId, lines.map(stockLineOf), trx);
    },

    reserve: (siteId, items, trx) =>
      within(trx, async (executor) => {
        const { lines, missing } = await resolve(executor, siteId, items, { forSale: true });
        const short = [...missing];
        const touched = new Set<string>();
        for (const [rowId, line] of lines) {
          const result = await store.takeStock(executor, siteId, rowId, line.quantity);
          const variant = line.loaded.state.variants.find((v) => v.id === line.variantId)!;
          const untrackedInStock =
            result === 'untracked' && stockOf(variant, line.loaded.stock, line.loaded.state).inStock;
          if (result === 'taken') touched.add(line.productId);
          else if (!untrackedInStock)
            short.push({
              catalogItemId: line.productId,
              variantId: line.variantId,
              requested: line.quantity,
              reason: 'OUT_OF_STOCK',
            });
        }
        if (short.length > 0) throw ecomErrors.insufficientStock(short);
        for (const productId of [...touched].sort()) await refresh(executor, siteId, productId);
      }),

    release: (siteId, items, trx) =>
      within(trx, async (executor) => {
        const { lines } = await resolve(executor, siteId, items, { forSale: false });
        const touched = new Set<string>();
        for (const [rowId, line] of lines) {
          // 'missing': the variant (or its product) was deleted since the order, so its units have
          // nowhere to go. Product writes keep the rows of the variants they keep (variant-rows.ts),
          // and returnStock fails rather than miss a row that is there.
          const result = await store.returnStock(executor, siteId, rowId, line.quantity);
          if (result === 'returned') touched.add(line.productId);
        }
        for (const productId of [...touched].sort()) await refresh(executor, siteId, productId);
      }),
  };
  return catalog;
}
