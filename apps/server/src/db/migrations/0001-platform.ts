import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

export const platform = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('sites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('installed_apps', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('updated_date', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('site_owners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addUniqueConstraint('site_owners_site_email', ['site_id', 'email'])
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('retired_date', 'text')
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('seq', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
        engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('entity_kind', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('occurred_date', 'text', (c) => c.notNull())
      .addColumn('dispatched_date', 'text')
      .execute();
    await db.schema.createIndex('outbox_pending').on('outbox').columns(['dispatched_date', 'seq']).execute();

    await createDocumentTable(db, engine, 'oauth_apps').execute();
    await createDocumentIndexes(db, 'oauth_apps');
  },
});
