/**
 * The product's public JSON, its merchant-only data and its variants' rows, all derived from the
 * stored state plus live stock. Pure: same input, same output.
 */

import { NO_PRICE_PER_UNIT, unitSizes } from './measurement.ts';
import type {
  Dimensions,
  MediaItem,
  MerchantData,
  ProductState,
  StockMap,
  StockState,
  VariantState,
} from './model.ts';
import {
  changedByPercent,
  divideRounded,
  formatMoney,
  fromMinor,
  scaleBy,
  toMinor,
  WEIGHT_DIGITS,
} from './money.ts';

export interface RenderContext {
  productId: string;
  currency: string;
  lastUpdated: string;
  /** Storefront base URL for `productPageUrl.base` ('' when unknown). */
  siteUrl: string;
}

export interface RenderedVariantRow {
  variantId: string;
  quantity: number | null;
  inStock: boolean;
  visible: boolean;
  doc: Record<string, unknown>;
}

export interface RenderedProduct {
  doc: Record<string, unknown>;
  merchant: MerchantData;
  variantRows: RenderedVariantRow[];
}

export function discounted(minor: number, state: Pick<ProductState, 'discount' | 'digits'>): number {
  const { type, value } = state.discount;
  if (type === 'AMOUNT') return Math.max(0, minor - toMinor(value, state.digits));
  if (type === 'PERCENT') return Math.max(0, changedByPercent(minor, -value));
  return minor;
}

/** The price of `baseQuantity` base units when `final` buys `totalQuantity` total units. */
function perUnit(final: number, state: ProductState): number | undefined {
  const data = state.pricePerUnitData;
  if (!data) return undefined;
  const [baseSize, totalSize] = unitSizes(data);
  return scaleBy(final, [data.baseQuantity, baseSize], [data.totalQuantity, totalSize]);
}

const NO_DIMENSIONS: Dimensions = { unit: 'UNKNOWN_DIMENSIONS_UNIT' };

export function priceData(minor: number, state: ProductState, currency: string) {
  const { digits } = state;
  const final = discounted(minor, state);
  const unit = perUnit(final, state);
  return {
    currency,
    price: fromMinor(minor, digits),
    discountedPrice: fromMinor(final, digits),
    ...(unit === undefined ? {} : { pricePerUnit: fromMinor(unit, digits) }),
    formatted: {
      price: formatMoney(minor, currency, digits),
      discountedPrice: formatMoney(final, currency, digits),
      ...(unit === undefined ? {} : { pricePerUnit: formatMoney(unit, currency, digits) }),
    },
  };
}

export function costAndProfit(priceMinor: number, costMinor: number, state: ProductState, currency: string) {
  const { digits } = state;
  const final = discounted(priceMinor, state);
  const profit = final - costMinor;
  const margin = final > 0 ? Number(divideRounded(BigInt(profit) * 10_000n, BigInt(final))) / 10_000 : 0;
  return {
    itemCost: fromMinor(costMinor, digits),
    formattedItemCost: formatMoney(costMinor, currency, digits),
    profit: fromMinor(profit, digits),
    formattedProfit: formatMoney(profit, currency, digits),
    profitMargin: margin,
  };
}

const range = (values: number[], digits: number) =>
  values.length === 0
    ? { minValue: 0, maxValue: 0 }
    : { minValue: fromMinor(Math.min(...values), digits), maxValue: fromMinor(Math.max(...values), digits) };

export const variantPrice = (variant: VariantState, state: ProductState) => variant.price ?? state.price;
const variantCost = (variant: VariantState, state: ProductState) => variant.cost ?? state.cost;
const variantWeight = (variant: VariantState, state: ProductState) => variant.weight ?? state.weight;

/** Stock of a variant as sent: tracked variants are in stock while quantity > 0. */
export function stockOf(variant: VariantState, stock: StockMap, state: ProductState) {
  const live: StockState = stock.get(variant.id) ?? {
    quantity: state.trackInventory ? 0 : null,
    inStock: true,
  };
  const tracked = live.quantity !== null;
  return {
    trackQuantity: tracked,
    ...(tracked ? { quantity: live.quantity as number } : {}),
    inStock: tracked ? (live.quantity as number) > 0 : live.inStock,
  };
}

/** The product's `stock`: a summary of its visible variants' (of all when none is visible). */
export function stockSummary(state: ProductState, stocks: ReadonlyArray<ReturnType<typeof stockOf>>) {
  const counted = state.variants.some((v) => v.visible)
    ? stocks.filter((_, i) => state.variants[i]!.visible)
    : stocks;
  const inStockCount = counted.filter((s) => s.inStock).length;
  return {
    trackInventory: state.trackInventory,
    ...(state.trackInventory ? { quantity: counted.reduce((sum, s) => sum + (s.quantity ?? 0), 0) } : {}),
    inStock: inStockCount > 0,
    inventoryStatus:
      inStockCount === counted.length
        ? 'IN_STOCK'
        : inStockCount === 0
          ? 'OUT_OF_STOCK'
          : 'PARTIALLY_OUT_OF_STOCK',
  };
}

function mediaOf(items: MediaItem[]) {
  return items.length > 0 ? { mainMedia: items[0], items } : { items };
}

/** The media items of the variant's chosen choices, else the product's. */
function variantMedia(variant: VariantState, state: ProductState): MediaItem[] {
  for (const option of state.productOptions) {
    const choice = option.choices.find((c) => c.description === variant.choices[option.name]);
    const items = (choice?.mediaIds ?? [])
      .map((id) => state.media.find((m) => m.id === id))
      .filter((m): m is MediaItem => m !== undefined);
    if (items.length > 0) return items;
  }
  return state.media;
}

export function renderProduct(state: ProductState, stock: StockMap, context: RenderContext): RenderedProduct {
  const { currency } = context;
  const { digits } = state;
  const variantsWire: Array<Record<string, unknown>> = [];
  const merchantVariants: Record<string, Record<string, unknown>> = {};
  const variantRows: RenderedVariantRow[] = [];
  const stocks = state.variants.map((variant) => stockOf(variant, stock, state));

  state.variants.forEach((variant, index) => {
    const price = priceData(variantPrice(variant, state), state, currency);
    const weight = variantWeight(variant, state);
    const sku = variant.sku ?? state.sku;
    const cost = variantCost(variant, state);
    if (cost !== undefined) {
      merchantVariants[variant.id] = costAndProfit(variantPrice(variant, state), cost, state, currency);
    }
    const variantStock = stocks[index]!;
    variantsWire.push({
      id: variant.id,
      choices: variant.choices,
      variant: {
        priceData: price,
        convertedPriceData: price,
        ...(weight === undefined ? {} : { weight: fromMinor(weight, WEIGHT_DIGITS) }),
        ...(sku === undefined ? {} : { sku }),
        visible: variant.visible,
        productDimensions: variant.productDimensions ?? state.productDimensions ?? NO_DIMENSIONS,
        packageDimensions: variant.packageDimensions ?? state.packageDimensions ?? NO_DIMENSIONS,
      },
      stock: variantStock,
    });
    const item = variantMedia(variant, state)[0];
    const image = item?.image;
    variantRows.push({
      variantId: variant.id,
      quantity: variantStock.trackQuantity ? (variantStock.quantity ?? 0) : null,
      inStock: variantStock.inStock,
      visible: state.visible && variant.visible,
      doc: {
        id: `${context.productId}-${variant.id}`,
        variantId: variant.id,
        productId: context.productId,
        variantName: Object.values(variant.choices).join(' | ') || state.name,
        productName: state.name,
        managedVariant: state.manageVariants,
        ...(sku === undefined ? {} : { sku }),
        stock: variantStock,
        choices: variant.choices,
        collectionIds: state.collectionIds,
        media: image
          ? {
              image: {
                id: item!.id,
                url: image.url,
                width: image.width,
                height: image.height,
                altText: image.altText ?? state.name,
                filename: image.url.split('/').pop(),
              },
            }
          : {},
        preorderInfo: { enabled: false },
        visible: state.visible && variant.visible,
      },
    });
  });

  const productStock = stockSummary(state, stocks);

  const productOptions = state.productOptions.map((option) => ({
    optionType: option.optionType,
    name: option.name,
    choices: option.choices.map((choice) => {
      const indexes = state.variants
        .map((variant, i) => (variant.choices[option.name] === choice.description ? i : -1))
        .filter((i) => i >= 0);
      const items = choice.mediaIds
        .map((id) => state.media.find((m) => m.id === id))
        .filter((m): m is MediaItem => m !== undefined);
      return {
        value: choice.value,
        description: choice.description,
        ...(items.length > 0 ? { media: mediaOf(items) } : {}),
        inStock: indexes.some((i) => stocks[i]!.inStock),
        visible: indexes.some((i) => state.variants[i]!.visible),
      };
    }),
  }));

  const price = priceData(state.price, state, currency);
  const prices = state.variants.map((v) => variantPrice(v, state));
  const weights = state.variants.map((v) => variantWeight(v, state) ?? 0);
  const costs = state.variants.map((v) => variantCost(v, state)).filter((c): c is number => c !== undefined);
  const doc: Record<string, unknown> = {
    name: state.name,
    slug: state.slug,
    visible: state.visible,
    productType: state.productType,
    ...(state.description === undefined ? {} : { description: state.description }),
    ...(state.sku === undefined ? {} : { sku: state.sku }),
    ...(state.weight === undefined ? {} : { weight: fromMinor(state.weight, WEIGHT_DIGITS) }),
    weightRange: range(weights, WEIGHT_DIGITS),
    productDimensions: state.productDimensions ?? NO_DIMENSIONS,
    packageDimensions: state.packageDimensions ?? NO_DIMENSIONS,
    stock: productStock,
    price,
    priceData: price,
    convertedPriceData: price,
    priceRange: range(prices, digits),
    pricePerUnitData: state.pricePerUnitData ?? NO_PRICE_PER_UNIT,
    additionalInfoSections: state.additionalInfoSections,
    ribbons: state.ribbon ? [{ text: state.ribbon }] : [],
    ...(state.ribbon === undefined ? {} : { ribbon: state.ribbon }),
    ...(state.brand === undefined ? {} : { brand: state.brand }),
    media: mediaOf(state.media),
    customTextFields: [],
    manageVariants: state.manageVariants,
    productOptions,
    productPageUrl: { base: context.siteUrl, path: `/product-page/${state.slug}` },
    numericId: state.numericId,
    inventoryItemId: state.inventoryItemId,
    discount: state.discount,
    collectionIds: state.collectionIds,
    variants: variantsWire,
    seoData: { tags: [], ...state.seoData },
    lastUpdated: context.lastUpdated,
  };
  const merchant: MerchantData = {
    ...(state.cost === undefined
      ? {}
      : { costAndProfitData: costAndProfit(state.price, state.cost, state, currency) }),
    ...(costs.length > 0 ? { costRange: range(costs, digits) } : {}),
    variants: merchantVariants,
  };
  return { doc, merchant, variantRows };
}

/** The public product with the merchant data put back (admins only). */
export function withMerchantData(publicJson: string, merchantJson: string | null): Record<string, unknown> {
  const product = JSON.parse(publicJson) as Record<string, unknown>;
  if (!merchantJson) return product;
  const merchant = JSON.parse(merchantJson) as MerchantData;
  if (merchant.costAndProfitData) product.costAndProfitData = merchant.costAndProfitData;
  if (merchant.costRange) product.costRange = merchant.costRange;
  for (const variant of (product.variants ?? []) as Array<{ id: string; variant: Record<string, unknown> }>) {
    const data = merchant.variants[variant.id];
    if (data) variant.variant.costAndProfitData = data;
  }
  return product;
}
