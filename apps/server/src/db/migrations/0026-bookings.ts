import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Bookings (domains/bookings): services, staff members, booking policies, categories and business
 * locations as documents, and one row per slug a service answers to, so that a slug belongs to one
 * service of a site whatever the race (its primary key).
 */
export const bookings = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    const truth = engine === 'postgres' ? sql`true` : sql`1`;

    await createDocumentTable(db, engine, 'bookings_services', (table) =>
      table
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('type', text, (c) => c.notNull())
        .addColumn('hidden', 'boolean', (c) => c.notNull())
        .addColumn('main_slug', text, (c) => c.notNull())
        .addColumn('category_id', text)
        .addColumn('policy_id', text),
    ).execute();
    await createDocumentIndexes(db, 'bookings_services');
    await db.schema
      .createIndex('bookings_services_site_slug')
      .on('bookings_services')
      .columns(['site_id', 'main_slug'])
      .unique()
      .execute();
    await db.schema
      .createIndex('bookings_services_site_policy')
      .on('bookings_services')
      .columns(['site_id', 'policy_id'])
      .execute();

    await db.schema
      .createTable('bookings_service_slugs')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('service_id', 'text', (c) => c.notNull())
      .addColumn('created_date', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('bookings_service_slugs_pk', ['site_id', 'name'])
      .execute();
    await db.schema
      .createIndex('bookings_service_slugs_service')
      .on('bookings_service_slugs')
      .columns(['site_id', 'service_id'])
      .execute();

    await createDocumentTable(db, engine, 'bookings_staff_members', (table) =>
      table.addColumn('name', text, (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'bookings_staff_members');

    await createDocumentTable(db, engine, 'bookings_categories', (table) =>
      table
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'bookings_categories');

    // One default policy and one default location per site: the partial unique indexes settle a race
    // between two first writes.
    await createDocumentTable(db, engine, 'bookings_policies', (table) =>
      table
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('is_default', 'boolean', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'bookings_policies');
    await sql`create unique index bookings_policies_site_default on bookings_policies (site_id) where is_default = ${truth}`.execute(
      db,
    );

    await createDocumentTable(db, engine, 'bookings_locations', (table) =>
      table
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('is_default', 'boolean', (c) => c.notNull())
        .addColumn('archived', 'boolean', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'bookings_locations');
    await sql`create unique index bookings_locations_site_default on bookings_locations (site_id) where is_default = ${truth}`.execute(
      db,
    );
  },
});
