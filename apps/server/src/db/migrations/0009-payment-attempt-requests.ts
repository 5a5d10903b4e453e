import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * What a pay's idempotency key was first used for (ecom/checkout/pay.ts): a fingerprint of the
 * request, so that the key used again with another request is refused instead of answered with
 * the first one's outcome. Attempts recorded before it have none and are answered as before.
 */
export const paymentAttemptRequests = (_engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('ecom_payment_attempts').addColumn('request_hash', 'text').execute();
  },
});
