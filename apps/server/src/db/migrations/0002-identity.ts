import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Members and sign-in: identities (document table with a per-site unique e-mail), refresh tokens,
 * authorization codes, one-time tickets (session, state, recovery tokens), sign-in failures for
 * rate limiting, the dev mailbox and redirect sessions. Secrets are stored as SHA-256 hashes;
 * dates are ISO-8601 text; "flags" are nullable dates (`revoked_date`, `used_date`).
 */
export const identity = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await createDocumentTable(db, engine, 'identities', (table) =>
      table
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text'),
    ).execute();
    await createDocumentIndexes(db, 'identities');
    await db.schema
      .createIndex('identities_site_email')
      .on('identities')
      .columns(['site_id', 'email'])
      .unique()
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('expires_date', 'text', (c) => c.notNull())
      .addColumn('revoked_date', 'text')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_subject')
      .on('refresh_tokens')
      .columns(['site_id', 'subject_id'])
      .execute();

    await db.schema
      .createTable('authorization_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('identity_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('expires_date', 'text', (c) => c.notNull())
      .addColumn('used_date', 'text')
      .execute();

    await db.schema
      .createTable('identity_tickets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('identity_id', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('sends', 'integer', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('expires_date', 'text', (c) => c.notNull())
      .addColumn('used_date', 'text')
      .execute();

    await db.schema
      .createTable('sign_in_failures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sign_in_failures_key')
      .on('sign_in_failures')
      .columns(['key', 'created_date'])
      .execute();

    await db.schema
      .createTable('mail_messages')
      .addColumn('seq', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
        engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text')
      .addColumn('created_date', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mail_messages_site_seq')
      .on('mail_messages')
      .columns(['site_id', 'seq'])
      .execute();

    await db.schema
      .createTable('redirect_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('intent', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('caller_kind', 'text', (c) => c.notNull())
      .addColumn('caller_id', 'text', (c) => c.notNull())
      .addColumn('caller_session_id', 'text')
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('expires_date', 'text', (c) => c.notNull())
      .addColumn('completed_date', 'text')
      .execute();
  },
});
