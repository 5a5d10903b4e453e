/**
 * Kysely's view of the database: identity and the sites here, the selling domains' tables in
 * schema-commerce.ts, the shared machinery in schema-platform.ts, merged into `Schema`. Document tables
 * share `DocumentRow`.
 */
import type { Generated } from 'kysely';
import type { CommerceSchema } from './schema-commerce.ts';
import type { PlatformSchema } from './schema-platform.ts';

export type * from './schema-commerce.ts';
export type * from './schema-platform.ts';

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

export interface Schema extends CommerceSchema, PlatformSchema {
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
