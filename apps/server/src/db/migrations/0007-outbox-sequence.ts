import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * SQLite: the outbox's `seq` without AUTOINCREMENT. AUTOINCREMENT keeps the highest number ever used
 * in `sqlite_sequence`, one more row written and one more page at the commit of every change in
 * Plaza; it only matters when the newest rows are deleted, and retention (outbox/retention.ts) always
 * keeps the newest one, so a plain INTEGER PRIMARY KEY gives the same ascending numbers. SQLite
 * cannot drop AUTOINCREMENT from a table: the table is rebuilt, in one transaction. PostgreSQL's
 * bigserial has no such cost: unchanged.
 */
export const outboxSequence = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    if (engine !== 'sqlite') return;
    await db.transaction().execute(async (trx) => {
      await sql`create table outbox_rebuilt (
        seq integer primary key,
        site_id text not null,
        entity_kind text not null,
        entity_id text not null,
        event text not null,
        payload text not null,
        occurred_date text not null,
        dispatched_date text
      )`.execute(trx);
      await sql`insert into outbox_rebuilt select seq, site_id, entity_kind, entity_id, event, payload, occurred_date, dispatched_date from outbox`.execute(
        trx,
      );
      await sql`drop table outbox`.execute(trx);
      await sql`alter table outbox_rebuilt rename to outbox`.execute(trx);
      await trx.schema
        .createIndex('outbox_pending')
        .on('outbox')
        .columns(['dispatched_date', 'seq'])
        .execute();
    });
  },
});
