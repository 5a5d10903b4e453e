/**
 * The platform's shared machinery (SSO, capacity, leases, jobs, outbox consumers, webhooks), part of
 * `Schema` (schema.ts). `PlatformSchema` is declared once per part: declaration merging keeps each block
 * beside its tables.
 */
import type { Generated } from 'kysely';
import type { DocumentRow } from './schema.ts';

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

export interface PlatformSchema {
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

export interface PlatformSchema {
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

export interface PlatformSchema {
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

export interface PlatformSchema {
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

export interface PlatformSchema {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
