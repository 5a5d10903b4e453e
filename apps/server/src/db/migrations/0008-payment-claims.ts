import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * Claims on the money of one checkout or one order (ecom/claims.ts): a pay, a mark-as-paid or a
 * cancel takes the row before it asks the payment provider for anything, so a racing call is
 * refused instead of charging or capturing a second time. The row lives only while the call runs;
 * `claimed_date` lets a claim left by a dead process be taken over. Same on both engines.
 */
export const paymentClaims = (_engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('ecom_payment_claims')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('claimed_date', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ecom_payment_claims_pk', ['site_id', 'subject', 'subject_id'])
      .execute();
  },
});
