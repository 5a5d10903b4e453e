import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Bookings of slots (domains/bookings): documents whose slot is held with db/capacity.ts. Columns for
 * what the owner's and a member's lists filter and sort on: status, service, start, the member.
 */
export const bookingsBookings = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    await createDocumentTable(db, engine, 'bookings_bookings', (table) =>
      table
        .addColumn('status', text, (c) => c.notNull())
        .addColumn('service_id', text, (c) => c.notNull())
        .addColumn('start_date', text, (c) => c.notNull())
        .addColumn('member_id', text),
    ).execute();
    await createDocumentIndexes(db, 'bookings_bookings');
    await db.schema
      .createIndex('bookings_bookings_site_start')
      .on('bookings_bookings')
      .columns(['site_id', 'start_date', 'id'])
      .execute();
    await db.schema
      .createIndex('bookings_bookings_site_member')
      .on('bookings_bookings')
      .columns(['site_id', 'member_id', 'start_date'])
      .execute();
  },
});
