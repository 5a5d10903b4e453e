import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, type MigrationDb } from './helpers.ts';

/**
 * The sign-in throttle (domains/identity): one row per throttled key (a member's e-mail or a client
 * address, per site) with its failures since the last success and the time before which the next
 * attempt waits; and the addresses each member has signed in from, whose attempts that member's own
 * throttle does not slow down. The webhook delivery log gets an index by age for its retention, and
 * each outbox event the actor of the call that recorded it (none for background work), which webhook
 * deliveries name.
 */
export const signInThrottles = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    await db.schema
      .createTable('sign_in_throttles')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('last_failure_date', text, (c) => c.notNull())
      .addColumn('blocked_until', text)
      .execute();
    await db.schema
      .createIndex('sign_in_throttles_age')
      .on('sign_in_throttles')
      .column('last_failure_date')
      .execute();
    await db.schema
      .createTable('sign_in_addresses')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('signed_in_date', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('sign_in_addresses_pk', ['site_id', 'email', 'address'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_age')
      .on('webhook_deliveries')
      .column('created_date')
      .execute();
    await db.schema.alterTable('outbox').addColumn('actor_type', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('actor_id', 'text').execute();
  },
});
