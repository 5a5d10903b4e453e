import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * SSO (identity/sso): OpenID Connect identity-provider connections per site, the pending sign-ins
 * (state, nonce, PKCE verifier and continuation; single use), the links of IdP subjects to members,
 * and the ID tokens already used by `login-with-token-params` (no replay). Secret values are
 * SHA-256 hashes but `client_secret` (needed in clear for the token exchange; never returned) and
 * `code_verifier` (kept server-side only, for 10 minutes).
 */
export const sso = (_engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('idp_connections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('updated_date', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('idp_connections_site')
      .on('idp_connections')
      .columns(['site_id', 'created_date'])
      .execute();

    await db.schema
      .createTable('sso_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('idp_connection_id', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('redirect_session_id', 'text')
      .addColumn('redirect_url', 'text')
      .addColumn('app_state', 'text')
      .addColumn('visitor_id', 'text')
      .addColumn('custom_payload', 'text', (c) => c.notNull())
      .addColumn('identity_id', 'text')
      .addColumn('session_token_hash', 'text')
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('expires_date', 'text', (c) => c.notNull())
      .addColumn('idp_date', 'text')
      .addColumn('continued_date', 'text')
      .execute();

    await db.schema
      .createTable('sso_links')
      .addColumn('idp_connection_id', 'text', (c) => c.notNull())
      .addColumn('idp_user_id', 'text', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('identity_id', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sso_links_pk', ['idp_connection_id', 'idp_user_id'])
      .execute();

    await db.schema
      .createTable('sso_used_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('expires_date', 'text', (c) => c.notNull())
      .execute();
  },
});
