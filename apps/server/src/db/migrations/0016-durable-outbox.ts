import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * Durable outbox consumers (outbox/consumers.ts): a cursor per consumer instead of one flag per event.
 * `dispatched_date` and its index go: nothing claims events any more, and the index was one more entry
 * written with every change in Plaza.
 *
 * PostgreSQL: `tx_id` records the transaction that inserted the event. `bigserial` numbers rows as they
 * are inserted, not as they commit, so a cursor over `seq` alone would step past a row whose transaction
 * commits later; readers go by `(tx_id, seq)` instead and only read rows of transactions no longer
 * running (outbox/reader.ts). The rows already there get 0, before any other, without rewriting the
 * table. SQLite commits one writer at a time: `seq` order is commit order there.
 */
export const durableOutbox = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('outbox_consumers')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_tx', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('last_seq', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('updated_date', 'text', (c) => c.notNull())
      .execute();
    await db.schema.dropIndex('outbox_pending').execute();
    await db.schema.alterTable('outbox').dropColumn('dispatched_date').execute();
    if (engine !== 'postgres') return;
    await sql`alter table outbox add column tx_id xid8 not null default '0'`.execute(db);
    await sql`alter table outbox alter column tx_id set default pg_current_xact_id()`.execute(db);
    await db.schema.createIndex('outbox_commit_order').on('outbox').columns(['tx_id', 'seq']).execute();
  },
});
