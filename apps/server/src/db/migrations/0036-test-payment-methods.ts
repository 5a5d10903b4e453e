import type { Migration } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * Cards the `test` payment provider keeps for later charges (ecom/payments/test-provider.ts): what a
 * renewal of a membership charges. Never the card's number: its brand, last four digits, expiry, and
 * how the test card makes later charges end (`behaviour`, `declines_left`).
 */
export const testPaymentMethods = (): Migration => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('test_payment_methods')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('card', 'text', (c) => c.notNull())
      .addColumn('behaviour', 'text', (c) => c.notNull())
      .addColumn('declines_left', 'integer', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('test_payment_methods_pk', ['site_id', 'id'])
      .execute();
  },
});
