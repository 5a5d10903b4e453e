/**
 * The catalog contract: what the cart, checkout and orders need of anything sold through them (the
 * store's products today; bookings' slots, events' reservations and plans next). A selling domain
 * implements `CatalogProvider` and registers it (ecom `catalogs.register`); ecom knows nothing else of
 * it. Money is in minor units with its currency.
 *
 * Life of a line: `lookUp` describes it each time a cart or checkout is read or changed (the
 * description is frozen into a checkout) → at pay, after the charge, `commit` runs in the order's
 * transaction (stock taken, a hold turned into a booking, ticket order or membership) and may refuse
 * with one of ecom's line errors (the charge is then given back) → `cancel` runs in the transaction
 * of every cancellation of the order (a seat or slot is always freed; restocking goods is the
 * provider's own choice, told by `restock`).
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

/** Who is buying, when: every look-up, commit and cancel is asked in this context. */
export interface CatalogContext {
  siteId: string;
  buyer: {
    /** `visitor:<id>`, `member:<id>` or `admin:<id>`: whose cart or order the line is in. */
    ownerKey: string;
    visitorId?: string;
    memberId?: string;
  };
  now: Date;
  /**
   * The look-up is frozen into a checkout (the price charged): answer from the database, never from a
   * cache another server process's change could leave stale.
   */
  readThrough?: boolean;
}

/** `catalogReference.options` as the line carries it, whole: each provider reads its own keys. */
export type CatalogOptions = Readonly<Record<string, unknown>> & {
  /** Stores: option name → choice (description or value), e.g. `{Size: 'M'}`. */
  readonly options?: Readonly<Record<string, string>>;
  /** Stores: the variant picked. */
  readonly variantId?: string;
};

export interface LookUpRequest {
  catalogItemId: string;
  options: CatalogOptions;
  /** Quantity wanted, for PARTIALLY_AVAILABLE. */
  quantity?: number;
}

export type AvailabilityStatus = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';

/** Map 9 `paymentOption`: how the line is paid for. */
export type PaymentOption =
  | 'FULL_PAYMENT_ONLINE'
  | 'FULL_PAYMENT_OFFLINE'
  | 'MEMBERSHIP'
  | 'DEPOSIT_ONLINE'
  | 'MEMBERSHIP_OFFLINE';

/** Map 9 `subscriptionOptionInfo` of a plan line. */
export interface SubscriptionInfo {
  subscriptionSettings: {
    frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR' | 'UNDEFINED';
    interval: number;
    autoRenewal: boolean;
    /** Cycles billed; absent: until cancelled. */
    billingCycles?: number;
    enableCustomerCancellation: boolean;
    freeTrialPeriod?: { frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval: number };
    startDate?: string;
  };
  title: string;
  description: string;
}

export interface CatalogItem {
  catalogItemId: string;
  name: string;
  /** Price to pay (after the catalog's own discount). */
  price: CatalogMoney;
  /** Price before that discount. */
  fullPrice: CatalogMoney;
  image?: { id: string; url: string; width: number; height: number; altText?: string };
  descriptionLines: ReadonlyArray<{ name: string; value: string; colorCode?: string }>;
  availability: { status: Exclude<AvailabilityStatus, 'NOT_FOUND'>; quantityAvailable?: number };
  /** `SERVICE` for a booked slot or a ticket; a plan is `DIGITAL` with `subscription`. */
  itemType: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  /** The quantity is the provider's (a reservation's tickets): the buyer cannot change it. */
  fixedQuantity?: boolean;
  /** Units one line may hold (a plan: 1); the cart's own limit applies as well. */
  maxQuantity?: number;
  membersOnly?: boolean;
  /** Absent: the site's default (online when a provider is enabled, else offline). */
  paymentOption?: PaymentOption;
  /** Due now when `paymentOption` is DEPOSIT_ONLINE; the rest is paid later. */
  depositAmount?: CatalogMoney;
  priceDescription?: string;
  policies?: ReadonlyArray<{ title?: string; content: string }>;
  /** Absent: the site's setting. */
  taxableAddressType?: 'BUSINESS' | 'BILLING' | 'SHIPPING';
  serviceProperties?: { scheduledDate: string; endDate?: string; numberOfParticipants?: number };
  subscription?: SubscriptionInfo;
  variantId?: string;
  /** Float in the store's weight unit. */
  weight?: number;
  sku?: string;
  /**
   * Names what the description was made from: two look-ups of one line with equal versions describe it
   * alike (a cart rendered from the first is still right). It changes with every change of the item,
   * stock included.
   */
  version: string;
  /** Milliseconds since the epoch after which the description must be looked up again (a hold's expiry). */
  validUntil?: number;
}

/** An item that does not exist, is hidden, or whose options name nothing this catalog sells. */
export interface CatalogItemNotFound {
  catalogItemId: string;
  availability: { status: 'NOT_FOUND' };
}

export type CatalogLookup = CatalogItem | CatalogItemNotFound;

/** A line of an order as its provider commits or cancels it. */
export interface OrderedLine {
  /** The line's id, the same in cart, checkout and order. */
  id: string;
  catalogItemId: string;
  options: CatalogOptions;
  variantId?: string;
  quantity: number;
}

/** The order a commit or cancel belongs to. */
export interface OrderRef {
  id: string;
  number: string;
  /**
   * At commit: whether the order is paid as it is placed (false for an offline payment, or an
   * authorisation not yet captured). Absent at cancel.
   */
  paid?: boolean;
  /** At commit: the card was authorised, not charged (the order is AUTHORIZED until captured). */
  authorized?: boolean;
  /**
   * At commit: how it was paid, and the method saved for later charges when a line renews
   * (`subscription.subscriptionSettings.autoRenewal`) and the provider keeps one.
   */
  payment?: {
    provider: 'test' | 'offline';
    savedMethodId?: string;
    card?: { brand: string; last4: string };
  };
}

export interface CatalogProvider {
  /** `catalogReference.appId` values served by this provider (the first names it). */
  readonly appIds: readonly string[];
  /** Describes one item as it is now for this buyer. The answer may be shared: read it only. */
  lookUp(context: CatalogContext, request: LookUpRequest): Promise<CatalogLookup>;
  /**
   * Lines of the same key (within one provider and item) are one line: adding the item again raises its
   * quantity. Absent: the options as given are the key. A provider whose lines never merge (a
   * reservation, a slot) answers a key of its own per hold.
   */
  lineKey?(request: LookUpRequest, found: CatalogItem): string;
  /**
   * Makes the lines the order's, in the order's transaction `trx`: takes what they hold for good. Throws
   * one of ecom's line errors (`ecomErrors.insufficientStock`, `lineHeldByOther`, `lineHoldExpired`),
   * having taken nothing, when a line cannot be had.
   */
  commit(
    context: CatalogContext,
    lines: readonly OrderedLine[],
    order: OrderRef,
    trx: Kysely<Schema>,
  ): Promise<void>;
  /** Gives back what the order's lines hold, in the cancellation's transaction. Never refuses a line. */
  cancel(
    context: CatalogContext,
    lines: readonly OrderedLine[],
    order: OrderRef,
    trx: Kysely<Schema>,
    options: { restock: boolean },
  ): Promise<void>;
}

/** Whether a look-up found an item the cart can describe. */
export const isItem = (found: CatalogLookup): found is CatalogItem => 'price' in found;
