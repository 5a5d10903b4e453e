import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, type MigrationDb } from './helpers.ts';

/**
 * Dashboard sessions of site owners (domains/identity/owners): the SHA-256 of the cookie's token, the
 * owner's e-mail (an owner is a `site_owners` row per site), the sites the password opened at sign-in
 * and the one the session acts on.
 */
export const ownerSessions = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    await db.schema
      .createTable('owner_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', text, (c) => c.notNull())
      .addColumn('site_ids', 'text', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('created_date', text, (c) => c.notNull())
      .addColumn('expires_date', text, (c) => c.notNull())
      .addColumn('revoked_date', text)
      .execute();
    await db.schema.createIndex('owner_sessions_email').on('owner_sessions').column('email').execute();
  },
});
