import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * The request digests 0009 began to keep were made from the whole card, security code included,
 * which must not be kept in any form. Digests are now made from what may be kept of a card
 * (ecom/checkout/pay.ts `requestHashOf`); the old ones are dropped, and their attempts are answered as
 * those recorded before 0009 are: by their key alone.
 */
export const paymentAttemptCardDigests = (_engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db
      .updateTable('ecom_payment_attempts')
      .set({ request_hash: null })
      .where('request_hash', 'is not', null)
      .execute();
  },
});
