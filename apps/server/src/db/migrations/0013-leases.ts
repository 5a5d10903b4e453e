import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, type MigrationDb } from './helpers.ts';

/** How long a payment claim held when this migration was written (ecom/claims.ts). */
const CLAIM_MS = 2 * 60_000;

/**
 * Leases on named subjects (db/leases.ts), generalised from the payment claims of migration 0008:
 * a lease says until when it holds instead of when it was taken, so each kind of work picks its own
 * term. Claims held while the migration runs (a process of the previous version mid-pay) are carried
 * over with the term they had, so a racing pay is still refused until the claim is given back or lapses.
 */
export const leases = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('leases')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('leased_until', byteOrderedText(engine), (c) => c.notNull())
      .addPrimaryKeyConstraint('leases_pk', ['site_id', 'subject', 'subject_id'])
      .execute();
    const claims = await db
      .selectFrom('ecom_payment_claims')
      .select(['site_id', 'subject', 'subject_id', 'token', 'claimed_date'])
      .execute();
    for (const claim of claims)
      await db
        .insertInto('leases')
        .values({
          site_id: claim.site_id,
          subject: `payment:${claim.subject}`,
          subject_id: claim.subject_id,
          token: claim.token,
          leased_until: new Date(Date.parse(String(claim.claimed_date)) + CLAIM_MS).toISOString(),
        })
        .execute();
    await db.schema.dropTable('ecom_payment_claims').execute();
  },
});
