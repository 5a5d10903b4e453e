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

export interface OutboxTable {
  seq: Generated<number>;
  site_id: string;
  entity_kind: string;
  entity_id: string;
  event: 'created' | 'updated' | 'deleted';
  /** JSON: `{entity}` for created/updated, `{id}` for deleted. */
  payload: string;
  occurred_date: string;
  dispatched_date: string | null;
}

export interface OAuthAppsTable extends DocumentRow {}

export interface Schema {
  sites: SitesTable;
  site_owners: SiteOwnersTable;
  api_keys: ApiKeysTable;
  signing_keys: SigningKeysTable;
  outbox: OutboxTable;
  oauth_apps: OAuthAppsTable;
}
