/** Variant writes (update, reset) and reads (per product, across the site, options availability). */
import type { RequestOf, updateProductVariants } from '@plaza/contracts';
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { rawJson, wrapRaw, wrapRawList } from '../../../lib/raw-json.ts';
import { storesErrors } from '../errors.ts';
import type { MediaItem, ProductState, VariantState } from '../model.ts';
import { toMinor, weightOf } from '../money.ts';
import { withMerchantData } from '../render.ts';
import { findChoice, matchesChoices } from '../variants.ts';
import { isAdmin, merchantView, mutateProduct, type StoresDeps } from './context.ts';
import { checkAmountDiscount, dimensionsOf } from './product-input.ts';
import { scopedQuery } from './products.ts';

type VariantUpdates = RequestOf<typeof updateProductVariants>['variants'];

function checkSelection(state: ProductState, selection: Record<string, string>, field: string) {
  for (const [option, choice] of Object.entries(selection)) {
    if (!findChoice(state.productOptions, option, choice))
      throw storesErrors.unknownOption(`${field}.${option}`, `${option}: ${choice}`);
  }
}

function targets(state: ProductState, update: VariantUpdates[number], field: string): VariantState[] {
  if (update.variantIds && update.variantIds.length > 0) {
    const found = state.variants.filter((v) => update.variantIds!.includes(v.id));
    if (found.length !== new Set(update.variantIds).size)
      throw invalidField(`${field}.variantIds`, 'names a variant the product does not have');
    return found;
  }
  if (update.choices) {
    checkSelection(state, update.choices, `${field}.choices`);
    return state.variants.filter((v) => matchesChoices(v, update.choices!, state.productOptions));
  }
  return state.variants;
}

/**
 * Stock is counted per product (`trackInventory`), for all its variants or for none. Refuses stock
 * that contradicts itself, and a write that would switch the counting while naming the stock of only
 * some variants: the others would silently become counted at 0 (unsellable) or uncounted. Answers
 * whether the product counts its stock after the write (undefined when no entry sets stock).
 */
function checkStockUpdates(
  state: ProductState,
  updates: VariantUpdates,
  targeted: readonly VariantState[][],
): boolean | undefined {
  let tracking: boolean | undefined;
  let switchedAt = -1;
  const named = new Set<string>();
  updates.forEach((update, index) => {
    const s = update.stock;
    if (!s) return;
    const at = `variants[${index}].stock`;
    if (s.trackQuantity === false && s.quantity !== undefined)
      throw invalidField(
        `${at}.quantity`,
        'is counted only while trackQuantity is true: leave it out, or set trackQuantity: true',
      );
    const tracks = s.trackQuantity ?? (s.quantity !== undefined ? true : (tracking ?? state.trackInventory));
    if (tracks && s.inStock !== undefined && (s.quantity === undefined || s.inStock !== s.quantity > 0))
      throw invalidField(
        `${at}.inStock`,
        'follows the quantity while stock is counted: set quantity (0 for out of stock)',
      );
    if (tracking !== undefined && tracks !== tracking)
      throw invalidField(
        `${at}.trackQuantity`,
        'differs from an earlier variant of this call: stock is counted for every variant of a product or for none',
      );
    tracking = tracks;
    if (tracks !== state.trackInventory && switchedAt < 0) switchedAt = index;
    for (const variant of targeted[index]!) named.add(variant.id);
  });
  const others = state.variants.length - named.size;
  if (switchedAt >= 0 && others > 0)
    throw invalidField(
      `variants[${switchedAt}].stock`,
      `would ${tracking ? 'start' : 'stop'} counting the stock of the whole product, ${others} variant(s) not named here included: give every variant's stock in one call, or set the product's stock`,
    );
  return tracking;
}

export async function updateVariants(
  deps: StoresDeps,
  siteId: string,
  productId: string,
  updates: VariantUpdates,
) {
  const saved = await mutateProduct(deps, siteId, productId, (state, stock) => {
    const targeted = updates.map((update, index) => targets(state, update, `variants[${index}]`));
    const tracking = checkStockUpdates(state, updates, targeted);
    if (tracking !== undefined) state.trackInventory = tracking;
    state.manageVariants = true;
    updates.forEach((update, index) => {
      const weight =
        update.weight === undefined ? undefined : weightOf(update.weight, `variants[${index}].weight`);
      for (const variant of targeted[index]!) {
        if (update.price !== undefined) variant.price = toMinor(update.price, state.digits);
        if (update.cost !== undefined) variant.cost = toMinor(update.cost, state.digits);
        if (weight !== undefined) variant.weight = weight;
        if (update.sku !== undefined) variant.sku = update.sku;
        if (update.visible !== undefined) variant.visible = update.visible;
        if (update.productDimensions) variant.productDimensions = dimensionsOf(update.productDimensions);
        if (update.packageDimensions) variant.packageDimensions = dimensionsOf(update.packageDimensions);
        const s = update.stock;
        if (!s) continue;
        const current = stock.get(variant.id) ?? { quantity: null, inStock: true };
        stock.set(variant.id, {
          quantity: s.quantity ?? (state.trackInventory ? (current.quantity ?? 0) : null),
          inStock: s.inStock ?? current.inStock,
        });
      }
      if (update.price !== undefined) checkAmountDiscount(state, `variants[${index}].price`);
    });
  });
  const product = merchantView(saved) as { variants: unknown[] };
  return rawJson(JSON.stringify({ variants: product.variants }));
}

export const resetVariants = (deps: StoresDeps, siteId: string, productId: string) =>
  mutateProduct(deps, siteId, productId, (state) => {
    state.variants = state.variants.map((variant) => ({
      id: variant.id,
      choices: variant.choices,
      visible: true,
    }));
  });

async function readable(deps: StoresDeps, caller: Caller, productId: string) {
  const loaded = await deps.store.load(deps.store.db, caller.siteId, productId);
  if (!loaded || (!loaded.state.visible && !isAdmin(caller))) throw storesErrors.productNotFound(productId);
  return loaded;
}

interface WireVariant {
  id: string;
  choices: Record<string, string>;
  variant: Record<string, unknown> & { visible: boolean };
  stock: { trackQuantity: boolean; quantity?: number; inStock: boolean };
}

export async function queryProductVariants(
  deps: StoresDeps,
  caller: Caller,
  input: {
    id: string;
    choices?: Record<string, string>;
    variantIds?: string[];
    paging?: { limit?: number; offset?: number };
    includeMerchantSpecificData?: boolean;
  },
) {
  const loaded = await readable(deps, caller, input.id);
  const admin = isAdmin(caller);
  const merchant = admin && input.includeMerchantSpecificData === true;
  const product = merchant
    ? withMerchantData(loaded.doc, (await deps.store.read(caller.siteId, input.id))?.merchant ?? null)
    : (JSON.parse(loaded.doc) as Record<string, unknown>);
  if (input.choices) checkSelection(loaded.state, input.choices, 'choices');
  const matching = (product.variants as WireVariant[]).filter((wire, index) => {
    const variant = loaded.state.variants[index]!;
    if (!admin && !wire.variant.visible) return false;
    if (input.variantIds && input.variantIds.length > 0 && !input.variantIds.includes(wire.id)) return false;
    return !input.choices || matchesChoices(variant, input.choices, loaded.state.productOptions);
  });
  const offset = input.paging?.offset ?? 0;
  const limit = input.paging?.limit ?? 100;
  const page = matching.slice(offset, offset + limit);
  return rawJson(
    JSON.stringify({
      variants: page,
      metadata: { items: page.length, offset },
      totalResults: matching.length,
    }),
  );
}

export async function optionsAvailability(
  deps: StoresDeps,
  caller: Caller,
  productId: string,
  selection: Record<string, string>,
) {
  const { state, doc } = await readable(deps, caller, productId);
  checkSelection(state, selection, 'options');
  const product = JSON.parse(doc) as {
    variants: WireVariant[];
    media: { items: MediaItem[] };
    productOptions: Array<{ name: string; choices: Array<Record<string, unknown>> }>;
  };
  const admin = isAdmin(caller);
  const usable = state.variants
    .map((variant, index) => ({ variant, wire: product.variants[index]! }))
    .filter(({ wire }) => admin || wire.variant.visible);
  const allChosen = state.productOptions.every((option) => selection[option.name] !== undefined);
  const selected = allChosen
    ? usable.find(({ variant }) => matchesChoices(variant, selection, state.productOptions))
    : undefined;

  const productOptions = product.productOptions.map((option) => {
    const others = Object.fromEntries(Object.entries(selection).filter(([name]) => name !== option.name));
    return {
      ...option,
      choices: option.choices.map((choice) => {
        // The choice by its description, which variants keep: named as a selection, it could be taken
        // for another choice whose value it is.
        const candidates = usable.filter(
          ({ variant }) =>
            variant.choices[option.name] === choice.description &&
            matchesChoices(variant, others, state.productOptions),
        );
        return {
          ...choice,
          inStock: candidates.some(({ wire }) => wire.stock.inStock),
          visible: candidates.some(({ wire }) => wire.variant.visible),
        };
      }),
    };
  });

  let media = product.media;
  for (const [name, wanted] of Object.entries(selection)) {
    const found = findChoice(state.productOptions, name, wanted);
    const items = (found?.choice.mediaIds ?? [])
      .map((id) => state.media.find((m) => m.id === id))
      .filter((m): m is MediaItem => m !== undefined);
    if (items.length > 0) {
      media = { ...(items[0] ? { mainMedia: items[0] } : {}), items } as typeof media;
      break;
    }
  }

  const wire = selected?.wire;
  return rawJson(
    JSON.stringify({
      ...(wire
        ? {
            selectedVariant: {
              id: wire.id,
              price: wire.variant.priceData,
              convertedPriceData: wire.variant.convertedPriceData,
              ...(wire.variant.weight === undefined ? {} : { weight: wire.variant.weight }),
              ...(wire.variant.sku === undefined ? {} : { sku: wire.variant.sku }),
              ...(wire.stock.quantity === undefined ? {} : { quantity: wire.stock.quantity }),
              inStock: wire.stock.inStock,
              visible: wire.variant.visible,
              productDimensions: wire.variant.productDimensions,
              packageDimensions: wire.variant.packageDimensions,
            },
          }
        : {}),
      media,
      productOptions,
      availableForPurchase: Boolean(wire && state.visible && wire.variant.visible && wire.stock.inStock),
    }),
  );
}

export async function queryStoreVariants(deps: StoresDeps, caller: Caller, query: unknown) {
  const page = await deps.store.variants.forSite(caller.siteId).query(scopedQuery(query, isAdmin(caller)));
  return wrapRawList('variants', page.items, { metadata: page.metadata });
}

export async function getStoreVariant(deps: StoresDeps, caller: Caller, id: string) {
  const text = await deps.store.variants.forSite(caller.siteId).getRaw(id);
  if (text === undefined || (!isAdmin(caller) && !(JSON.parse(text) as { visible: boolean }).visible)) {
    throw storesErrors.variantNotFound(id);
  }
  return wrapRaw('variant', text);
}
