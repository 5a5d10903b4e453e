import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Events v3 and their ticket definitions (domains/events). An event's status is not stored: it follows
 * from `lifecycle` (DRAFT, PUBLISHED, CANCELED) and its dates at the time of asking, so those are
 * columns for the status filters and the default order. The slug is unique per site. A definition's
 * quantity lives in `capacity_counters` (one resource per definition), not here.
 */
export const events = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    await createDocumentTable(db, engine, 'events_events', (table) =>
      table
        .addColumn('slug', text, (c) => c.notNull())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('lifecycle', text, (c) => c.notNull())
        .addColumn('start_date', text)
        .addColumn('end_date', text),
    ).execute();
    await createDocumentIndexes(db, 'events_events');
    await db.schema
      .createIndex('events_events_site_slug')
      .on('events_events')
      .columns(['site_id', 'slug'])
      .unique()
      .execute();
    await db.schema
      .createIndex('events_events_site_start')
      .on('events_events')
      .columns(['site_id', 'start_date', 'id'])
      .execute();

    await createDocumentTable(db, engine, 'events_ticket_definitions', (table) =>
      table
        .addColumn('event_id', text, (c) => c.notNull())
        .addColumn('hidden', 'boolean', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'events_ticket_definitions');
    await db.schema
      .createIndex('events_ticket_definitions_site_event')
      .on('events_ticket_definitions')
      .columns(['site_id', 'event_id', 'created_date', 'id'])
      .execute();
  },
});
