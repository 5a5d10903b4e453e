import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, type MigrationDb } from './helpers.ts';

/**
 * Background jobs (jobs/queue.ts): one row per job to run, leased by the process running it. A job
 * given up on keeps its row, with `failed_date` and its last error, out of the due index.
 */
export const jobs = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const date = byteOrderedText(engine);
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('unique_key', 'text')
      .addColumn('run_at', date, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lease_token', 'text')
      .addColumn('leased_until', date)
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('failed_date', 'text')
      .execute();
    // Jobs without a key never conflict: both engines hold NULLs distinct in a unique index.
    await db.schema
      .createIndex('jobs_kind_key')
      .on('jobs')
      .columns(['kind', 'unique_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('jobs_due')
      .on('jobs')
      .column('run_at')
      .where(sql.ref('failed_date'), 'is', null)
      .execute();
  },
});
