/**
 * The selling domains' tables (stores, ecom, plans, events, bookings), part of `Schema` (schema.ts).
 * `CommerceSchema` is declared once per domain: declaration merging keeps each block beside its tables.
 */
import type { Generated } from 'kysely';
import type { DocumentRow } from './schema.ts';

/** Stores catalog (migration 0003). `doc` is the public product; cost data lives in `merchant`. */
export interface StoreProductsTable extends DocumentRow {
  name: string;
  slug: string;
  price: number;
  visible: boolean | number;
  product_type: string;
  last_updated: string;
  /** JSON of the inputs the public document is derived from (domains/stores/model.ts); set in the insert's transaction. */
  state: string;
  /** JSON of cost and profit data, spliced in for admins only. */
  merchant: string | null;
}

export interface StoreCollectionsTable extends DocumentRow {
  name: string;
  slug: string;
  visible: boolean | number;
}

/** One row per product variant; `quantity` is the live stock (NULL when not tracked). */
export interface StoreVariantsTable extends DocumentRow {
  product_id: string;
  variant_id: string;
  quantity: number | null;
  in_stock: boolean | number;
  visible: boolean | number;
}

export interface CommerceSchema {
  store_products: StoreProductsTable;
  store_collections: StoreCollectionsTable;
  store_variants: StoreVariantsTable;
}

/** eCommerce (migration 0004). `owner_key` is `visitor:<id>`, `member:<id>` or `admin:<id>`. */
export interface EcomCartsTable extends DocumentRow {
  owner_key: string;
}

export interface EcomCheckoutsTable extends DocumentRow {
  owner_key: string;
}

export interface EcomOrdersTable extends DocumentRow {
  number: string;
  checkout_id: string;
  status: string;
  payment_status: string;
  buyer_email: string | null;
  member_id: string | null;
}

/** `times_used` is counted outside the document (conditional UPDATE against `usage_limit`). */
export interface EcomCouponsTable extends DocumentRow {
  code: string;
  type: string;
  active: boolean | number;
  usage_limit: number | null;
  times_used: Generated<number>;
}

export interface EcomOrderNumbersTable {
  site_id: string;
  last_number: number;
}

/** One row per idempotency key of `pay`: IN_PROGRESS, then SUCCEEDED or FAILED with its answer. */
export interface EcomPaymentAttemptsTable {
  site_id: string;
  idempotency_key: string;
  checkout_id: string;
  status: 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED';
  response: string | null;
  /** Fingerprint of the request the key was first used for (migration 0009); null before it. */
  request_hash: string | null;
  created_date: string;
  updated_date: string;
}

export interface CommerceSchema {
  ecom_carts: EcomCartsTable;
  ecom_checkouts: EcomCheckoutsTable;
  ecom_orders: EcomOrdersTable;
  ecom_coupons: EcomCouponsTable;
  ecom_order_numbers: EcomOrderNumbersTable;
  ecom_payment_attempts: EcomPaymentAttemptsTable;
}

/** Pricing plans (migration 0020). `is_primary`: at most one per site (partial unique index). */
export interface PlansTable extends DocumentRow {
  slug: string;
  public: boolean | number;
  archived: boolean | number;
  is_primary: boolean | number;
}

/** Purchases of plans, one per plan line of an ecom order. */
export interface PlanOrdersTable extends DocumentRow {
  plan_id: string;
  member_id: string;
  order_id: string;
  status: string;
  /** Migration 0034: when the order ends (null: until cancelled). */
  end_date: string | null;
}

export interface CommerceSchema {
  plans: PlansTable;
  plan_orders: PlanOrdersTable;
}

/** Events v3 (migration 0023, domains/events): the status follows from `lifecycle` and the dates. */
export interface EventsEventsTable extends DocumentRow {
  slug: string;
  title: string;
  lifecycle: string;
  start_date: string | null;
  end_date: string | null;
}

export interface EventsTicketDefinitionsTable extends DocumentRow {
  event_id: string;
  hidden: boolean | number;
}

export interface CommerceSchema {
  events_events: EventsEventsTable;
  events_ticket_definitions: EventsTicketDefinitionsTable;
}

/** Bookings (migration 0026, domains/bookings). */
export interface BookingsServicesTable extends DocumentRow {
  name: string;
  type: string;
  hidden: boolean | number;
  main_slug: string;
  category_id: string | null;
  policy_id: string | null;
}

/** Every slug a service answers to: one service per slug and site (the primary key). */
export interface BookingsServiceSlugsTable {
  site_id: string;
  name: string;
  service_id: string;
  created_date: string;
}

export interface CommerceSchema {
  bookings_services: BookingsServicesTable;
  bookings_service_slugs: BookingsServiceSlugsTable;
  bookings_staff_members: DocumentRow & { name: string };
  bookings_categories: DocumentRow & { name: string; sort_order: number };
  bookings_policies: DocumentRow & { name: string; is_default: boolean | number };
  bookings_locations: DocumentRow & {
    name: string;
    is_default: boolean | number;
    archived: boolean | number;
  };
}

/** Bookings of slots (migration 0035, domains/bookings). */
export interface CommerceSchema {
  bookings_bookings: DocumentRow & {
    status: string;
    service_id: string;
    start_date: string;
    member_id: string | null;
  };
}

/** Ticket checkout (migration 0031, domains/events): reservations and ticketing orders (id: order number). */
export interface CommerceSchema {
  events_reservations: DocumentRow & { event_id: string; status: string };
  events_orders: DocumentRow & { event_id: string; reservation_id: string; status: string };
}
