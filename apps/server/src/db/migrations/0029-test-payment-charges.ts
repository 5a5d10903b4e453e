import type { Migration } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * The `test` payment provider's charges by idempotency key (ecom/payments/test-provider.ts): a retry of
 * a payment, in any server process, is answered with the charge made for its key, as a real provider
 * answers, rather than charged again.
 */
export const testPaymentCharges = (): Migration => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('test_payment_charges')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('test_payment_charges_pk', ['site_id', 'idempotency_key'])
      .execute();
  },
});
