import type { Migration } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * The e-mail factor of site owners (domains/identity/owners): when an owner row turned it on (null: off),
 * and dashboard sessions that a password opened but that wait for the mailed code before they act.
 */
export const ownerEmailFactor = (): Migration => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('site_owners').addColumn('email_factor_date', 'text').execute();
    await db.schema
      .alterTable('owner_sessions')
      .addColumn('awaiting_code', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
