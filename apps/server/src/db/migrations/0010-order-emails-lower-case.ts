import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import type { MigrationDb } from './helpers.ts';

/** Orders read and rewritten per batch: the rows' e-mails only, so a large shop's memory stays small. */
const BATCH = 1000;

/**
 * Orders keep their buyer's e-mail in lower case, and a search by e-mail lower-cases its operand
 * (ecom/orders.ts): orders placed before that kept the e-mail as typed and were not found. Their
 * column and document are lower-cased here, the way JavaScript does it (SQLite's `lower()` knows
 * ASCII only); nothing else of them changes, their revision included.
 */
export const orderEmailsLowerCase = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    let after = { site_id: '', id: '' };
    for (;;) {
      const rows: Array<{ site_id: string; id: string; buyer_email: string }> = await db
        .selectFrom('ecom_orders')
        .select(['site_id', 'id', 'buyer_email'])
        .where('buyer_email', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('site_id', '>', after.site_id),
            eb.and([eb('site_id', '=', after.site_id), eb('id', '>', after.id)]),
          ]),
        )
        .orderBy('site_id')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const email = row.buyer_email.toLowerCase();
        if (email === row.buyer_email) continue;
        const doc =
          engine === 'postgres'
            ? sql`jsonb_set(doc, '{buyerInfo,email}', to_jsonb(${email}::text))`
            : sql`json_set(doc, '$.buyerInfo.email', ${email})`;
        await db
          .updateTable('ecom_orders')
          .set({ buyer_email: email, doc })
          .where('site_id', '=', row.site_id)
          .where('id', '=', row.id)
          .execute();
      }
      if (rows.length < BATCH) return;
      after = rows.at(-1)!;
    }
  },
});
