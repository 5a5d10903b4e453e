import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, type MigrationDb } from './helpers.ts';

/**
 * Capacity that expires when not confirmed (db/capacity.ts): a counter row per resource and a row per
 * hold. The counters are what a hold takes with one conditional UPDATE; the hold rows say whose it is
 * and until when. Interval holds (one staff member's appointments) carry `starts_at`/`ends_at` and
 * leave the counters alone: the counter row is only their lock. Times are ISO strings compared as
 * bytes, hence the "C" collation on PostgreSQL.
 */
export const capacityHolds = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const time = byteOrderedText(engine);
    await db.schema
      .createTable('capacity_counters')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('resource_key', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('capacity_counters_pk', ['site_id', 'resource_key'])
      // A bug that gives back more than was taken fails its transaction instead of minting capacity.
      .addCheckConstraint(
        'capacity_counters_non_negative',
        sql`capacity >= 0 and held >= 0 and confirmed >= 0`,
      )
      .execute();
    await db.schema
      .createTable('capacity_holds')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('hold_id', 'text', (c) => c.notNull())
      .addColumn('resource_key', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('owner_key', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('expires_at', time, (c) => c.notNull())
      .addColumn('starts_at', time)
      .addColumn('ends_at', time)
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('updated_date', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('capacity_holds_pk', ['site_id', 'hold_id'])
      .addCheckConstraint(
        'capacity_holds_valid',
        sql`quantity > 0 and state in ('HELD', 'CONFIRMED', 'RELEASED', 'EXPIRED')
          and (starts_at is null) = (ends_at is null) and (starts_at is null or starts_at < ends_at)`,
      )
      .execute();
    // Live holds only: what a sweep finds due, oldest first, across sites.
    await db.schema
      .createIndex('capacity_holds_due')
      .on('capacity_holds')
      .columns(['expires_at'])
      .where(sql<boolean>`state = 'HELD'`)
      .execute();
    // One resource's live holds: the due ones a short hold frees, and the availability read.
    await db.schema
      .createIndex('capacity_holds_resource_due')
      .on('capacity_holds')
      .columns(['site_id', 'resource_key', 'expires_at'])
      .where(sql<boolean>`state = 'HELD'`)
      .execute();
    // Overlap checks: a staff member's past appointments end before the asked start and are skipped.
    await db.schema
      .createIndex('capacity_holds_interval')
      .on('capacity_holds')
      .columns(['site_id', 'resource_key', 'ends_at'])
      .where('ends_at', 'is not', null)
      .execute();
  },
});
