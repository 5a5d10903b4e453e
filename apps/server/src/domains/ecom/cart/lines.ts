/**
 * Line items: what a cart stores (catalog reference, quantity, a name snapshot), what the catalog
 * says about it now (a `LineSnapshot`, also frozen into checkouts) and its wire shape (map 9).
 */
import type { CatalogItem, CatalogItemOptions, CatalogLookup } from '../../stores/index.ts';
import type { CatalogRegistry } from '../catalog-registry.ts';
import { type MoneyFormat, multiPrice, multiPriceJson } from '../money.ts';
import type { StoreRules } from '../settings.ts';

export interface CatalogReferenceInput {
  appId: string;
  catalogItemId: string;
  options?: { options?: Record<string, string>; variantId?: string; [key: string]: unknown } | undefined;
}

export interface StoredLine {
  id: string;
  catalogReference: CatalogReferenceInput;
  quantity: number;
  /** Name when added, shown if the item disappears from the catalog. */
  name: string;
  variantId?: string;
  /** Same-item key: catalog, item and variant (or options), and the options the variant does not stand for. */
  itemKey: string;
}

export type LineStatus = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';

/** A line as the catalog describes it now, in minor units. */
export interface LineSnapshot {
  id: string;
  catalogReference: CatalogReferenceInput;
  quantity: number;
  name: string;
  unitPrice: number;
  fullPrice: number;
  status: LineStatus;
  quantityAvailable?: number;
  image?: CatalogItem['image'];
  descriptionLines: CatalogItem['descriptionLines'];
  itemType: 'PHYSICAL' | 'DIGITAL' | 'UNRECOGNISED';
  weight?: number;
  sku?: string;
  variantId?: string;
}

export const purchasable = (line: Pick<LineSnapshot, 'status'>) =>
  line.status === 'AVAILABLE' || line.status === 'PARTIALLY_AVAILABLE';
export const shippable = (line: Pick<LineSnapshot, 'itemType'>) => line.itemType === 'PHYSICAL';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Lines of the same key are one line: adding the item again raises its quantity. A variant stands for
 * the choices that picked it (`options.options` or `options.variantId`), not for the rest of the
 * options (a text the buyer typed, say): the same variant with other such options is another line.
 */
export function itemKeyOf(catalogs: CatalogRegistry, reference: CatalogReferenceInput, variantId?: string) {
  let options: string;
  if (variantId) {
    const { options: _choices, variantId: _picked, ...rest } = reference.options ?? {};
    // Without other options the key is the variant alone, as in carts stored before they counted.
    options =
      Object.keys(rest).length === 0 ? `variant:${variantId}` : `variant:${variantId}|${canonical(rest)}`;
  } else {
    options = canonical(reference.options ?? {});
  }
  return `${catalogs.keyOf(reference.appId)}|${reference.catalogItemId}|${options}`;
}

/** What each line's catalog says of it now (one look-up per line, in parallel). */
export function lookUpLines(
  catalogs: CatalogRegistry,
  siteId: string,
  lines: readonly StoredLine[],
): Promise<CatalogLookup[]> {
  return Promise.all(
    lines.map((line) => {
      const ref = line.catalogReference;
      return catalogs.lookUp(siteId, ref.appId, ref.catalogItemId, lookUpOptions(ref, line.quantity));
    }),
  );
}

/** What a catalog is asked about a reference: its choices or variant, and how many are wanted. */
export function lookUpOptions(ref: CatalogReferenceInput, quantity?: number): CatalogItemOptions {
  const options: CatalogItemOptions = {};
  if (ref.options?.options) options.options = ref.options.options;
  if (ref.options?.variantId) options.variantId = ref.options.variantId;
  if (quantity !== undefined) options.quantity = quantity;
  return options;
}

/** A stored line as its catalog look-up (`lookUpLines`) describes it. */
export function snapshotOf(line: StoredLine, found: CatalogLookup): LineSnapshot {
  // Built from a literal, never from a spread base: on Node 20's V8, adding properties to an object
  // that began as a spread costs about a microsecond each, and every cart answer builds these.
  if (found.availability.status === 'NOT_FOUND' || !('price' in found))
    return {
      id: line.id,
      catalogReference: line.catalogReference,
      quantity: line.quantity,
      name: line.name,
      unitPrice: 0,
      fullPrice: 0,
      status: 'NOT_FOUND',
      descriptionLines: [],
      itemType: 'UNRECOGNISED',
    };
  const item = found as CatalogItem;
  const snapshot: LineSnapshot = {
    id: line.id,
    catalogReference: line.catalogReference,
    quantity: line.quantity,
    name: item.name,
    unitPrice: item.price.amount,
    fullPrice: item.fullPrice.amount,
    status: item.availability.status,
    descriptionLines: item.descriptionLines,
    itemType: item.itemType,
  };
  if (item.availability.quantityAvailable !== undefined)
    snapshot.quantityAvailable = item.availability.quantityAvailable;
  if (item.image) snapshot.image = item.image;
  if (item.weight !== undefined) snapshot.weight = item.weight;
  if (item.sku !== undefined) snapshot.sku = item.sku;
  if (item.variantId !== undefined) snapshot.variantId = item.variantId;
  return snapshot;
}

export function paymentOptionOf(rules: StoreRules) {
  return !rules.payments.test && rules.payments.offline ? 'FULL_PAYMENT_OFFLINE' : 'FULL_PAYMENT_ONLINE';
}

const text = (original: string) => ({ original, translated: original });

const renderReference = (ref: CatalogReferenceInput) => ({
  appId: ref.appId,
  catalogItemId: ref.catalogItemId,
  ...(ref.options ? { options: ref.options } : {}),
});

/** `JSON.stringify(renderReference(ref))`, written directly (every line of every cart answer has one). */
export const referenceJson = (ref: CatalogReferenceInput): string =>
  `{"appId":${JSON.stringify(ref.appId)},"catalogItemId":${JSON.stringify(ref.catalogItemId)}${
    ref.options ? `,"options":${JSON.stringify(ref.options)}` : ''
  }}`;

/**
 * The JSON of each look-up's catalog part of a line (`renderLine` from `productName` on), by the rules
 * it was rendered with. A look-up is one object for as long as its item is unchanged (catalogs answer
 * the same object), so every cart holding the item shares it; on Node 20, serialising that part is
 * most of what answering a cart costs.
 */
const catalogParts = new WeakMap<CatalogLookup, { rules: StoreRules; json: string }>();

/** `JSON.stringify(renderLine(line, rules))`, the catalog part of it serialised once per look-up. */
export function lineJson(line: LineSnapshot, found: CatalogLookup, rules: StoreRules): string {
  let part = catalogParts.get(found);
  if (part?.rules !== rules) {
    const { id, quantity, catalogReference, lineItemPrice, ...catalogPart } = renderLine(line, rules);
    part = { rules, json: JSON.stringify(catalogPart).slice(1) };
    // A line of an item not found shows the name it was added with: its part is its own.
    if ('price' in found) catalogParts.set(found, part);
  }
  const price = multiPriceJson(line.unitPrice * line.quantity, rules.money);
  return `{"id":${JSON.stringify(line.id)},"quantity":${line.quantity},"catalogReference":${referenceJson(line.catalogReference)},"lineItemPrice":${price},${part.json}`;
}

/** The wire line item of map 9, with every field the SDK types mark as always present. */
export function renderLine(line: LineSnapshot, rules: StoreRules, format: MoneyFormat = rules.money) {
  const unit = multiPrice(line.unitPrice, format);
  return {
    id: line.id,
    quantity: line.quantity,
    catalogReference: renderReference(line.catalogReference),
    lineItemPrice: multiPrice(line.unitPrice * line.quantity, format),
    // From here on, the line as its catalog describes it (lineJson).
    productName: text(line.name),
    price: unit,
    fullPrice: multiPrice(line.fullPrice, format),
    priceBeforeDiscounts: unit,
    descriptionLines: line.descriptionLines.map((d) =>
      d.colorCode
        ? {
            name: text(d.name),
            colorInfo: { original: d.value, translated: d.value, code: d.colorCode },
            lineType: 'COLOR',
          }
        : { name: text(d.name), plainText: text(d.value), lineType: 'PLAIN_TEXT' },
    ),
    ...(line.image
      ? {
          image: {
            id: line.image.id,
            url: line.image.url,
            width: line.image.width,
            height: line.image.height,
            altText: line.image.altText ?? line.name,
            filename: line.image.id,
          },
        }
      : {}),
    availability: {
      status: line.status,
      ...(line.quantityAvailable === undefined ? {} : { quantityAvailable: line.quantityAvailable }),
    },
    physicalProperties: {
      shippable: shippable(line),
      ...(line.weight === undefined ? {} : { weight: line.weight }),
      ...(line.sku === undefined ? {} : { sku: line.sku }),
    },
    itemType: { preset: line.itemType, custom: '' },
    paymentOption: paymentOptionOf(rules),
    priceDescription: text(''),
    rootCatalogItemId: line.catalogReference.catalogItemId,
    customLineItem: false,
    priceUndetermined: false,
    fixedQuantity: false,
    savePaymentMethod: false,
    membersOnly: false,
    taxableAddress: { addressType: rules.taxableAddressType },
  };
}

/**
 * What of a cart's lines an order did not take: lines added after its checkout was made, and units
 * added to a line since (the checkout's lines keep the ids of the cart's). A checkout line given with its
 * `itemKey` whose id the cart does not have takes its units from the cart's line of the same item: the
 * cart it was made from was merged into this one at sign-in, where its lines joined their items' lines.
 * Without `itemKey` (a checkout of this very cart) such a line was removed since, and a line of the
 * same item added after it is the buyer's still.
 */
export function linesNotOrdered(
  cartLines: readonly StoredLine[],
  ordered: ReadonlyArray<{ id: string; quantity: number; itemKey?: string | undefined }>,
): StoredLine[] {
  const ids = new Set(cartLines.map((line) => line.id));
  const orderedUnits = new Map<string, number>();
  const add = (key: string, units: number) => orderedUnits.set(key, (orderedUnits.get(key) ?? 0) + units);
  for (const line of ordered) {
    if (ids.has(line.id)) add(line.id, line.quantity);
    else if (line.itemKey !== undefined) {
      const same = cartLines.find((cartLine) => cartLine.itemKey === line.itemKey);
      if (same) add(same.id, line.quantity);
    }
  }
  return cartLines.flatMap((line) => {
    const left = line.quantity - (orderedUnits.get(line.id) ?? 0);
    return left > 0 ? [{ ...line, quantity: left }] : [];
  });
}
