/**
 * What the cart and checkout need of a catalog (stores today; bookings, plans later): look an item
 * up by `catalogReference {appId, catalogItemId, options}` and take or give back its stock. Money
 * is in minor units with its currency; `reserve` runs in the caller's transaction when given one
 * (so an order and its stock commit together) and throws INSUFFICIENT_STOCK, taking nothing, when
 * any item is short.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

export interface CatalogMoney {
  /** Integer count of the currency's minor unit (cents). */
  amount: number;
  currency: string;
  /** The same as a decimal string ("19.99") and formatted ("$19.99"). */
  decimal: string;
  formatted: string;
}

export type AvailabilityStatus = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';

export interface CatalogItemOptions {
  /** Option name → choice (description or value), e.g. `{Size: 'M'}`. */
  options?: Record<string, string>;
  variantId?: string;
  /** Quantity wanted, for PARTIALLY_AVAILABLE. */
  quantity?: number;
}

export interface CatalogItem {
  catalogItemId: string;
  name: string;
  /** Price to pay (after the product discount). */
  price: CatalogMoney;
  /** Price before the discount. */
  fullPrice: CatalogMoney;
  image?: { id: string; url: string; width: number; height: number; altText?: string };
  descriptionLines: Array<{ name: string; value: string; colorCode?: string }>;
  availability: { status: Exclude<AvailabilityStatus, 'NOT_FOUND'>; quantityAvailable?: number };
  itemType: 'PHYSICAL' | 'DIGITAL';
  variantId?: string;
  /** Float in the store's weight unit. */
  weight?: number;
  sku?: string;
}

/** An item that does not exist, is hidden, or whose options name no variant. */
export interface CatalogItemNotFound {
  catalogItemId: string;
  availability: { status: 'NOT_FOUND' };
}

export type CatalogLookup = CatalogItem | CatalogItemNotFound;

export interface StockLine {
  catalogItemId: string;
  options?: CatalogItemOptions['options'];
  variantId?: string;
  quantity: number;
}

export interface CatalogProvider {
  /** `catalogReference.appId` values served by this provider. */
  readonly appIds: readonly string[];
  /** The answer may be the one given to an earlier look-up (while the item is unchanged): read it only. */
  lookUp(siteId: string, catalogItemId: string, options?: CatalogItemOptions): Promise<CatalogLookup>;
  reserve(siteId: string, items: readonly StockLine[], trx?: Kysely<Schema>): Promise<void>;
  release(siteId: string, items: readonly StockLine[], trx?: Kysely<Schema>): Promise<void>;
}
