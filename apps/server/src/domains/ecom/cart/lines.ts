/**
 * Line items: what a cart stores (catalog reference, quantity, a name snapshot), what the catalog
 * says about it now (a `LineSnapshot`, also frozen into checkouts) and its wire shape (map 9).
 */
import { canonicalJson } from '../../../lib/canonical-json.ts';
import {
  type CatalogContext,
  type CatalogItem,
  type CatalogLookup,
  isItem,
  type LookUpRequest,
  type PaymentOption,
} from '../catalog-provider.ts';
import type { AppLine, CatalogRegistry } from '../catalog-registry.ts';
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
  /** Same-item key: catalog, item and the provider's line key (or the options); see `itemKeyOf`. */
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
  itemType: CatalogItem['itemType'] | 'UNRECOGNISED';
  weight?: number;
  sku?: string;
  variantId?: string;
  // What a provider says of the line beyond a parcel (catalog-provider.ts); absent for store goods.
  fixedQuantity?: boolean;
  maxQuantity?: number;
  membersOnly?: boolean;
  paymentOption?: PaymentOption;
  /** Minor units. */
  depositAmount?: number;
  priceDescription?: string;
  policies?: CatalogItem['policies'];
  taxableAddressType?: CatalogItem['taxableAddressType'];
  serviceProperties?: CatalogItem['serviceProperties'];
  subscription?: CatalogItem['subscription'];
}

export const purchasable = (line: Pick<LineSnapshot, 'status'>) =>
  line.status === 'AVAILABLE' || line.status === 'PARTIALLY_AVAILABLE';
export const shippable = (line: Pick<LineSnapshot, 'itemType'>) => line.itemType === 'PHYSICAL';

/**
 * Lines of the same key are one line: adding the item again raises its quantity. The provider says
 * what makes an item the same (`lineKey`: a store variant stands for the choices that picked it);
 * without one, the options as given do.
 */
export function itemKeyOf(catalogs: CatalogRegistry, reference: CatalogReferenceInput, found: CatalogLookup) {
  const key =
    (isItem(found) && catalogs.lineKeyOf(reference.appId, lookUpRequest(reference), found)) ||
    canonicalJson(reference.options ?? {});
  return `${catalogs.keyOf(reference.appId)}|${reference.catalogItemId}|${key}`;
}

/** What each line's catalog says of it now (one look-up per line, in parallel). */
export function lookUpLines(
  catalogs: CatalogRegistry,
  context: CatalogContext,
  lines: readonly StoredLine[],
): Promise<CatalogLookup[]> {
  return Promise.all(
    lines.map((line) =>
      catalogs.lookUp(
        context,
        line.catalogReference.appId,
        lookUpRequest(line.catalogReference, line.quantity),
      ),
    ),
  );
}

/** What a catalog is asked about a reference: the item, its options whole, and how many are wanted. */
export function lookUpRequest(ref: CatalogReferenceInput, quantity?: number): LookUpRequest {
  const request: LookUpRequest = { catalogItemId: ref.catalogItemId, options: ref.options ?? {} };
  if (quantity !== undefined) request.quantity = quantity;
  return request;
}

/**
 * Whether two look-ups of one line describe it alike: both not found, or the same version of the item,
 * still valid at `nowMs`. A cart rendered from `before` is then still right.
 */
export function sameDescription(now: CatalogLookup, before: CatalogLookup, nowMs: number): boolean {
  if (!isItem(now) || !isItem(before)) return !isItem(now) && !isItem(before);
  return now.version === before.version && (now.validUntil === undefined || now.validUntil > nowMs);
}

/** What the providers commit or cancel of these lines (an order's or a checkout's). */
export function orderedLines(
  lines: ReadonlyArray<{
    id: string;
    catalogReference: { appId: string; catalogItemId: string; options?: Record<string, unknown> | undefined };
    variantId?: string | undefined;
    quantity: number;
  }>,
): AppLine[] {
  return lines.map((line) => ({
    appId: line.catalogReference.appId,
    id: line.id,
    catalogItemId: line.catalogReference.catalogItemId,
    options: line.catalogReference.options ?? {},
    quantity: line.quantity,
    ...(line.variantId ? { variantId: line.variantId } : {}),
  }));
}

/** A stored line as its catalog look-up (`lookUpLines`) describes it. */
export function snapshotOf(line: StoredLine, found: CatalogLookup): LineSnapshot {
  // Built from a literal, never from a spread base: on Node 20's V8, adding properties to an object
  // that began as a spread costs about a microsecond each, and every cart answer builds these.
  if (found.availability.status === 'NOT_FOUND' || !isItem(found))
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
  const item = found;
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
  if (item.fixedQuantity) snapshot.fixedQuantity = true;
  if (item.maxQuantity !== undefined) snapshot.maxQuantity = item.maxQuantity;
  if (item.membersOnly) snapshot.membersOnly = true;
  if (item.paymentOption) snapshot.paymentOption = item.paymentOption;
  if (item.depositAmount) snapshot.depositAmount = item.depositAmount.amount;
  if (item.priceDescription) snapshot.priceDescription = item.priceDescription;
  if (item.policies) snapshot.policies = item.policies;
  if (item.taxableAddressType) snapshot.taxableAddressType = item.taxableAddressType;
  if (item.serviceProperties) snapshot.serviceProperties = item.serviceProperties;
  if (item.subscription) snapshot.subscription = item.subscription;
  return snapshot;
}

export function paymentOptionOf(rules: StoreRules): PaymentOption {
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
    if (isItem(found)) catalogParts.set(found, part);
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
    paymentOption: line.paymentOption ?? paymentOptionOf(rules),
    priceDescription: text(line.priceDescription ?? ''),
    rootCatalogItemId: line.catalogReference.catalogItemId,
    customLineItem: false,
    priceUndetermined: false,
    fixedQuantity: line.fixedQuantity ?? false,
    savePaymentMethod: line.subscription !== undefined,
    membersOnly: line.membersOnly ?? false,
    taxableAddress: { addressType: line.taxableAddressType ?? rules.taxableAddressType },
    ...(line.depositAmount === undefined ? {} : { depositAmount: multiPrice(line.depositAmount, format) }),
    ...(line.policies
      ? { policies: line.policies.map((p) => ({ title: p.title ?? '', content: p.content })) }
      : {}),
    ...(line.serviceProperties ? { serviceProperties: line.serviceProperties } : {}),
    ...(line.subscription ? { subscriptionOptionInfo: subscriptionWire(line.subscription) } : {}),
  };
}

/** Map 9 `subscriptionOptionInfo`: the provider's plan terms with their texts translated. */
const subscriptionWire = (subscription: NonNullable<LineSnapshot['subscription']>) => ({
  subscriptionSettings: subscription.subscriptionSettings,
  title: text(subscription.title),
  description: text(subscription.description),
});

/**
 * What of a cart's lines an order did not take: lines added after its checkout was made, and units
 * added to a line since (the checkout's lines keep the ids of the cart's). A checkout line whose id the
 * cart no longer has was removed since: a line of the same item added after it is the buyer's still.
 */
export function linesNotOrdered(
  cartLines: readonly StoredLine[],
  ordered: ReadonlyArray<{ id: string; quantity: number }>,
): StoredLine[] {
  const orderedUnits = new Map<string, number>();
  for (const line of ordered) orderedUnits.set(line.id, (orderedUnits.get(line.id) ?? 0) + line.quantity);
  return cartLines.flatMap((line) => {
    const left = line.quantity - (orderedUnits.get(line.id) ?? 0);
    return left > 0 ? [{ ...line, quantity: left }] : [];
  });
}
