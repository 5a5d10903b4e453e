import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Ticket checkout (domains/events): reservations, whose tickets are capacity holds (db/capacity.ts), and
 * ticketing orders, keyed by their order number. One order per reservation: a unique index, so that two
 * checkouts of one reservation racing cannot both make one.
 */
export const eventsCheckout = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    await createDocumentTable(db, engine, 'events_reservations', (table) =>
      table.addColumn('event_id', text, (c) => c.notNull()).addColumn('status', text, (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'events_reservations');

    await createDocumentTable(db, engine, 'events_orders', (table) =>
      table
        .addColumn('event_id', text, (c) => c.notNull())
        .addColumn('reservation_id', text, (c) => c.notNull())
        .addColumn('status', text, (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'events_orders');
    await db.schema
      .createIndex('events_orders_site_reservation')
      .on('events_orders')
      .columns(['site_id', 'reservation_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('events_orders_site_event')
      .on('events_orders')
      .columns(['site_id', 'event_id', 'created_date', 'id'])
      .execute();
  },
});
