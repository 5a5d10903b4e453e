/**
 * Kysely's view of the database: the platform tables here, each domain's document tables in its
 * own store.ts, merged below. Document tables share `DocumentRow`.
 */
import type { Generated } from 'kysely';

export interface DocumentRow {
  site_id: string;
  id: string;
  revision: number;
  created_date: string;
  updated_date: string;
  /** The entity's public JSON, exactly as the API returns it. */
  doc: string;
}

export interface SitesTable {
  id: string;
  name: string;
  currency: string;
  time_zone: string;
  /** JSON array of installed app names. */
  installed_apps: string;
  /** JSON object of site settings. */
  settings: string;
  created_date: string;
  updated_date: string;
}

export interface SiteOwnersTable {
  id: string;
  site_id: string;
  email: string;
  password_hash: string;
  created_date: string;
  /** When the owner turned the e-mail sign-in code on (migration 0049); null: off. */
  email_factor_date?: string | null;
}

export interface ApiKeysTable {
  id: string;
  site_id: string;
  name: string;
  /** SHA-256 of the key; the key itself is shown once, at creation. */
  key_hash: string;
  key_prefix: string;
  created_date: string;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_date: string;
  retired_date: string | null;
}

/**
 * Domain events (outbox/outbox.ts). On PostgreSQL also `tx_id xid8`, the inserting transaction, filled by
 * its default and read through raw SQL only (outbox/reader.ts): SQLite has no such column.
 */
export interface OutboxTable {
  seq: Generated<number>;
  site_id: string;
  entity_kind: string;
  entity_id: string;
  /** A `DomainEventName`. */
  event: string;
  /** JSON, see `DomainEvent.payload`. */
  payload: string;
  occurred_date: string;
  /** Who acted (migration 0038): an `Actor` type and id, null for background work. */
  actor_type: string | null;
  actor_id: string | null;
}

export interface OAuthAppsTable extends DocumentRow {}

export interface Schema {
  sites: SitesTable;
  site_owners: SiteOwnersTable;
  api_keys: ApiKeysTable;
  signing_keys: SigningKeysTable;
  outbox: OutboxTable;
  oauth_apps: OAuthAppsTable;
  identities: IdentitiesTable;
  refresh_tokens: RefreshTokensTable;
  authorization_codes: AuthorizationCodesTable;
  identity_tickets: IdentityTicketsTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_throttles: SignInThrottlesTable;
  sign_in_addresses: SignInAddressesTable;
  mail_messages: MailMessagesTable;
  redirect_sessions: RedirectSessionsTable;
}

/** Members (migration 0002). `doc` is the public Identity; the password hash never enters it. */
export interface IdentitiesTable extends DocumentRow {
  /** Login e-mail, lower-cased (the document holds the same value); unique per site. */
  email: string;
  status: string;
  password_hash: string | null;
}

export interface RefreshTokensTable {
  id: string;
  /** SHA-256 of the token string. */
  token_hash: string;
  site_id: string;
  client_id: string | null;
  subject_type: 'visitor' | 'member';
  subject_id: string;
  role: 'visitor' | 'member';
  created_date: string;
  expires_date: string;
  revoked_date: string | null;
}

export interface AuthorizationCodesTable {
  code_hash: string;
  site_id: string;
  client_id: string;
  identity_id: string;
  redirect_uri: string;
  /** PKCE S256 challenge. */
  code_challenge: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

/** One-time secrets of the sign-in flows: session, state (with a mailed code) and recovery tokens. */
export interface IdentityTicketsTable {
  id: string;
  token_hash: string;
  kind: 'session' | 'state' | 'recovery';
  /** What completing it does, e.g. `email` (verify the e-mail), `mfa`, `reset`, `activation`, `login`. */
  purpose: string;
  site_id: string;
  identity_id: string;
  code_hash: string | null;
  attempts: number;
  sends: number;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

export interface SignInFailuresTable {
  id: string;
  /** `identity:<site>:<email>` or `address:<site>:<ip>`. */
  key: string;
  created_date: string;
}

/** The sign-in throttle (migration 0038): failures since the last success per key. */
export interface SignInThrottlesTable {
  /** `account:<site>:<email>` or `address:<site>:<ip>`. */
  key: string;
  failures: number;
  last_failure_date: string;
  /** The next attempt waits until then (null: it need not wait). */
  blocked_until: string | null;
}

/** Addresses each member signed in from (migration 0038). */
export interface SignInAddressesTable {
  site_id: string;
  email: string;
  address: string;
  signed_in_date: string;
}

export interface MailMessagesTable {
  /** Insertion order (newest first in the mailbox). */
  seq: Generated<number>;
  id: string;
  site_id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_date: string;
}

export interface RedirectSessionsTable {
  id: string;
  site_id: string;
  intent: string;
  client_id: string | null;
  caller_kind: string;
  caller_id: string;
  /** Refresh-token session of the caller's access token, when it had one (logout ends it). */
  caller_session_id: string | null;
  /** JSON of the creating request. */
  request: string;
  created_date: string;
  expires_date: string;
  completed_date: string | null;
}

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

/** Merged into `Schema` above (declaration merging keeps this file append-only per domain). */
export interface Schema {
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

export interface Schema {
  ecom_carts: EcomCartsTable;
  ecom_checkouts: EcomCheckoutsTable;
  ecom_orders: EcomOrdersTable;
  ecom_coupons: EcomCouponsTable;
  ecom_order_numbers: EcomOrderNumbersTable;
  ecom_payment_attempts: EcomPaymentAttemptsTable;
}

/** SSO (migration 0005, domains/identity/sso). `client_secret` is write-only: never answered. */
export interface IdpConnectionsTable {
  id: string;
  site_id: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string | null;
  /** JSON array of scope names. */
  scopes: string;
  /** 1 or 0 (an integer on both engines). */
  enabled: number;
  created_date: string;
  updated_date: string;
}

/** A started SSO sign-in; `idp_date` marks the IdP leg done, `continued_date` the continuation. */
export interface SsoStatesTable {
  state_hash: string;
  site_id: string;
  idp_connection_id: string;
  nonce: string;
  code_verifier: string;
  redirect_session_id: string | null;
  redirect_url: string | null;
  app_state: string | null;
  visitor_id: string | null;
  /** JSON object of the `customPayload` query map. */
  custom_payload: string;
  identity_id: string | null;
  session_token_hash: string | null;
  created_date: string;
  expires_date: string;
  idp_date: string | null;
  continued_date: string | null;
}

export interface SsoLinksTable {
  idp_connection_id: string;
  idp_user_id: string;
  site_id: string;
  identity_id: string;
  created_date: string;
}

export interface SsoUsedTokensTable {
  token_hash: string;
  site_id: string;
  expires_date: string;
}

export interface Schema {
  idp_connections: IdpConnectionsTable;
  sso_states: SsoStatesTable;
  sso_links: SsoLinksTable;
  sso_used_tokens: SsoUsedTokensTable;
}

/** Capacity counters and holds (migration 0012, db/capacity.ts). */
export interface CapacityCountersTable {
  site_id: string;
  resource_key: string;
  capacity: number;
  /** Units taken by holds in state HELD (interval holds excluded). */
  held: number;
  /** Units taken by holds in state CONFIRMED (interval holds excluded). */
  confirmed: number;
}

export type HoldState = 'HELD' | 'CONFIRMED' | 'RELEASED' | 'EXPIRED';

export interface CapacityHoldsTable {
  site_id: string;
  hold_id: string;
  resource_key: string;
  quantity: number;
  /** Whose hold it is, in the caller's terms (e.g. `visitor:<id>`, a checkout id). */
  owner_key: string;
  state: HoldState;
  expires_at: string;
  /** [starts_at, ends_at) of an interval hold; null for a counted hold. */
  starts_at: string | null;
  ends_at: string | null;
  created_date: string;
  updated_date: string;
}

export interface Schema {
  capacity_counters: CapacityCountersTable;
  capacity_holds: CapacityHoldsTable;
}

/** Leases on named subjects (migration 0013, db/leases.ts); payment claims are leases. */
export interface LeasesTable {
  site_id: string;
  subject: string;
  subject_id: string;
  token: string;
  leased_until: string;
}

/** Background jobs (migration 0014, jobs/queue.ts). */
export interface JobsTable {
  id: string;
  /** The site the job works for; null for the platform's own work. */
  site_id: string | null;
  kind: string;
  /** At most one job of a kind per key; null for none. */
  unique_key: string | null;
  run_at: string;
  /** Times leased to run, the run under way included. */
  attempts: Generated<number>;
  lease_token: string | null;
  leased_until: string | null;
  /** JSON. */
  payload: string;
  last_error: string | null;
  created_date: string;
  /** Set when the job was given up on; it then never runs again. */
  failed_date: string | null;
}

export interface Schema {
  leases: LeasesTable;
  jobs: JobsTable;
}

/** Durable outbox consumers (migration 0016, outbox/consumers.ts): where each has read up to. */
export interface OutboxConsumersTable {
  name: string;
  /** With `last_seq`, the last event read (outbox/reader.ts `Position`); `'0'` on SQLite. */
  last_tx: string;
  last_seq: number;
  created_date: string;
  updated_date: string;
}

export interface Schema {
  outbox_consumers: OutboxConsumersTable;
}

/** Webhooks (migration 0017, domains/webhooks). `secret` is sealed (lib/secret-box.ts), never answered. */
export interface WebhooksTable extends DocumentRow {
  url: string;
  enabled: boolean | number;
  secret: string | null;
  /** When its deliveries started failing without one succeeding since; null while they succeed. */
  failing_since: string | null;
}

export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'CANCELED';

export interface WebhookDeliveriesTable {
  seq: Generated<number>;
  id: string;
  site_id: string;
  webhook_id: string;
  event_id: string;
  /** The outbox event's `seq`. */
  event_seq: number;
  entity_kind: string;
  entity_id: string;
  event: string;
  /** The entity's revision the event carries; null for events without one. */
  revision: number | null;
  /** The request body, as sent on every attempt. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_date: string | null;
  /** The delivery this one sends again (a replay). */
  replay_of: string | null;
  created_date: string;
  updated_date: string;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  site_id: string;
  url: string;
  started_date: string;
  duration_ms: number;
  /** Null when no answer came (refused address, connection error, timeout). */
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
}

export interface Schema {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
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

export interface Schema {
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

export interface Schema {
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

export interface Schema {
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
export interface Schema {
  bookings_bookings: DocumentRow & {
    status: string;
    service_id: string;
    start_date: string;
    member_id: string | null;
  };
}

/** Ticket checkout (migration 0031, domains/events): reservations and ticketing orders (id: order number). */
export interface Schema {
  events_reservations: DocumentRow & { event_id: string; status: string };
  events_orders: DocumentRow & { event_id: string; reservation_id: string; status: string };
}

/** Dashboard sessions of site owners (migration 0040, domains/identity/owners). */
export interface OwnerSessionsTable {
  id: string;
  /** SHA-256 of the cookie's token. */
  token_hash: string;
  /** The owner's e-mail, lower-cased. */
  email: string;
  /** JSON array: the sites whose owner row the password opened at sign-in. */
  site_ids: string;
  /** The site the session acts on (one of `site_ids`). */
  site_id: string;
  created_date: string;
  expires_date: string;
  revoked_date: string | null;
  /** 1 while the session waits for the owner's e-mailed code (migration 0049); it acts only at 0. */
  awaiting_code: number;
}

export interface Schema {
  owner_sessions: OwnerSessionsTable;
}
