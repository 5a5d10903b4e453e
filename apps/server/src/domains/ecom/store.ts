/**
 * SQL of the ecom domain: four document kinds plus the order-number counter, coupon usage, pay
 * attempts and payment claims.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { giveBackLease, takeLease } from '../../db/leases.ts';
import { prepared } from '../../db/prepared.ts';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { salesQueries } from './sales-store.ts';

export const cartKind: DocumentKind = {
  table: 'ecom_carts',
  entity: 'cart',
  label: 'Cart',
  notFoundCode: 'CART_NOT_FOUND',
  columns: { ownerKey: { column: 'owner_key', type: 'string', nullable: false } },
  // Every cart call writes the cart: its updated events name it rather than write it a second time.
  slimUpdatedEvents: true,
};

export const checkoutKind: DocumentKind = {
  table: 'ecom_checkouts',
  entity: 'checkout',
  label: 'Checkout',
  notFoundCode: 'CHECKOUT_NOT_FOUND',
  columns: { 'internal.ownerKey': { column: 'owner_key', type: 'string', nullable: false } },
  // The server's own part (owner key, frozen lines, total to charge) stays out of events as out of answers.
  eventView: ({ internal: _internal, ...checkout }) => checkout,
};

export const orderKind: DocumentKind = {
  table: 'ecom_orders',
  entity: 'order',
  label: 'Order',
  notFoundCode: 'ORDER_NOT_FOUND',
  columns: {
    number: { column: 'number', type: 'string', nullable: false },
    checkoutId: { column: 'checkout_id', type: 'string', nullable: false },
    status: { column: 'status', type: 'string', nullable: false },
    paymentStatus: { column: 'payment_status', type: 'string', nullable: false },
    'buyerInfo.email': { column: 'buyer_email', type: 'string', nullable: true },
    'buyerInfo.memberId': { column: 'member_id', type: 'string', nullable: true },
  },
  decimals: [
    'number',
    ...['subtotal', 'shipping', 'tax', 'discount', 'total'].map((k) => `priceSummary.${k}.amount`),
  ],
  // Orders by what they sell (store, bookings, events, plans), as the platform's search filters them.
  elementFields: {
    'lineItems.catalogReference.appId': { array: ['lineItems'], path: ['catalogReference', 'appId'] },
    'lineItems.catalogReference.catalogItemId': {
      array: ['lineItems'],
      path: ['catalogReference', 'catalogItemId'],
    },
  },
};

export const couponKind: DocumentKind = {
  table: 'ecom_coupons',
  entity: 'coupon',
  label: 'Coupon',
  notFoundCode: 'COUPON_NOT_FOUND',
  columns: {
    code: { column: 'code', type: 'string', nullable: false },
    type: { column: 'type', type: 'string', nullable: false },
    active: { column: 'active', type: 'boolean', nullable: false },
    usageLimit: { column: 'usage_limit', type: 'number', nullable: true },
    numberOfUsages: { column: 'times_used', type: 'number', nullable: false, derived: true },
  },
  decimals: ['amount', 'minimumSubtotal'],
};

export type AttemptStatus = 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED';

/** What a payment claim guards: a checkout being paid, or an order being marked paid or cancelled. */
export type ClaimSubject = 'checkout' | 'order';

// Every cart call looks the caller's cart up: built and compiled once (db/prepared.ts).
const selectCart = prepared(2, (db, site, owner) =>
  db.selectFrom('ecom_carts').select('doc').where('site_id', '=', site).where('owner_key', '=', owner),
);
const selectCartRevision = prepared(2, (db, site, owner) =>
  db
    .selectFrom('ecom_carts')
    .select(['id', 'revision'])
    .where('site_id', '=', site)
    .where('owner_key', '=', owner),
);

export function ecomStore(database: Database, clock: Clock) {
  const db: Kysely<Schema> = database.db;
  return {
    db,
    carts: documentStore(database, cartKind, { clock }),
    checkouts: documentStore(database, checkoutKind, { clock }),
    orders: documentStore(database, orderKind, { clock }),
    coupons: documentStore(database, couponKind, { clock }),
    sales: salesQueries(database),
    transaction: <T>(work: (trx: Kysely<Schema>) => Promise<T>) => db.transaction().execute(work),

    /** The stored JSON of the cart `ownerKey` owns, or undefined. */
    async cartOf(siteId: string, ownerKey: string): Promise<string | undefined> {
      return (await selectCart.run(db, siteId, ownerKey)).rows[0]?.doc;
    },

    /** Id and revision of the cart `ownerKey` owns (without its document), or undefined. */
    async cartRevisionOf(
      siteId: string,
      ownerKey: string,
    ): Promise<{ id: string; revision: string } | undefined> {
      const row = (await selectCartRevision.run(db, siteId, ownerKey)).rows[0];
      return row && { id: row.id, revision: String(row.revision) };
    },

    async couponByCode(siteId: string, code: string) {
      const row = await db
        .selectFrom('ecom_coupons')
        .select(['doc', 'times_used'])
        .where('site_id', '=', siteId)
        .where('code', '=', code.toUpperCase())
        .executeTakeFirst();
      return row ? { doc: row.doc, timesUsed: Number(row.times_used) } : undefined;
    },

    async timesUsed(siteId: string, ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('ecom_coupons')
        .select(['id', 'times_used'])
        .where('site_id', '=', siteId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, Number(row.times_used)]));
    },

    /** One use of a coupon, refused (false) when its limit is reached. */
    async useCoupon(trx: Kysely<Schema>, siteId: string, couponId: string): Promise<boolean> {
      const result = await trx
        .updateTable('ecom_coupons')
        .set({ times_used: sql`times_used + 1` })
        .where('site_id', '=', siteId)
        .where('id', '=', couponId)
        .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** `useCoupon` undone (an order canceled): never below no use; a deleted coupon has nothing to get back. */
    async returnCoupon(trx: Kysely<Schema>, siteId: string, couponId: string): Promise<void> {
      await trx
        .updateTable('ecom_coupons')
        .set({ times_used: sql`times_used - 1` })
        .where('site_id', '=', siteId)
        .where('id', '=', couponId)
        .where('times_used', '>', 0)
        .execute();
    },

    /** The next order number of a site (10001, 10002, …), in the order's transaction. */
    async nextOrderNumber(trx: Kysely<Schema>, siteId: string): Promise<number> {
      const row = await trx
        .insertInto('ecom_order_numbers')
        .values({ site_id: siteId, last_number: 10001 })
        .onConflict((oc) =>
          oc.column('site_id').doUpdateSet({ last_number: sql`ecom_order_numbers.last_number + 1` }),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    /**
     * Claims an idempotency key; answers the existing attempt when the key was seen before. An attempt
     * of the same checkout still in progress since before `staleBefore` was left by a process that died
     * mid-pay: it is taken over (one statement, so two retries never both take it), and the provider,
     * given the same key, tells a charge it already made.
     */
    async claimAttempt(
      siteId: string,
      key: string,
      checkoutId: string,
      requestHash: string,
      staleBefore: string,
    ) {
      const now = clock.now().toISOString();
      try {
        await db
          .insertInto('ecom_payment_attempts')
          .values({
            site_id: siteId,
            idempotency_key: key,
            checkout_id: checkoutId,
            status: 'IN_PROGRESS',
            response: null,
            request_hash: requestHash,
            created_date: now,
            updated_date: now,
          })
          .execute();
        return undefined;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const takenOver = await db
          .updateTable('ecom_payment_attempts')
          .set({ updated_date: now, request_hash: requestHash })
          .where('site_id', '=', siteId)
          .where('idempotency_key', '=', key)
          .where('checkout_id', '=', checkoutId)
          // An attempt left from before migration 0009 has no digest: any request may take it over,
          // else its key would answer PAYMENT_IN_PROGRESS for good.
          .where((eb) => eb.or([eb('request_hash', '=', requestHash), eb('request_hash', 'is', null)]))
          .where('status', '=', 'IN_PROGRESS')
          .where('updated_date', '<', staleBefore)
          .executeTakeFirst();
        if (Number(takenOver.numUpdatedRows) === 1) return undefined;
        const row = await db
          .selectFrom('ecom_payment_attempts')
          .selectAll()
          .where('site_id', '=', siteId)
          .where('idempotency_key', '=', key)
          .executeTakeFirstOrThrow();
        return {
          checkoutId: row.checkout_id,
          requestHash: row.request_hash,
          status: row.status as AttemptStatus,
          response: row.response,
        };
      }
    },

    async finishAttempt(siteId: string, key: string, status: AttemptStatus, response: string) {
      await db
        .updateTable('ecom_payment_attempts')
        .set({ status, response, updated_date: clock.now().toISOString() })
        .where('site_id', '=', siteId)
        .where('idempotency_key', '=', key)
        .execute();
    },

    /**
     * Takes the payment claim of `subjectId` for `token` (a lease, db/leases.ts): true when it was
     * free, or taken before `staleBefore` (its holder is taken to be dead). The lease lasts as long
     * as claimers wait before calling a claim stale, so a claim lapses exactly when it did as a date.
     */
    async claimPayment(
      siteId: string,
      subject: ClaimSubject,
      subjectId: string,
      token: string,
      staleBefore: string,
    ): Promise<boolean> {
      const now = clock.nowMs();
      const lease = { siteId, subject: `payment:${subject}`, subjectId, token };
      return takeLease(db, lease, now, now - Date.parse(staleBefore));
    },

    /** Gives a claim back, unless it was taken over meanwhile (then it is no longer ours to free). */
    async releasePayment(siteId: string, subject: ClaimSubject, subjectId: string, token: string) {
      await giveBackLease(db, { siteId, subject: `payment:${subject}`, subjectId, token });
    },

    /** Forgets an attempt that failed for a reason worth retrying (a server error). */
    async dropAttempt(siteId: string, key: string) {
      await db
        .deleteFrom('ecom_payment_attempts')
        .where('site_id', '=', siteId)
        .where('idempotency_key', '=', key)
        .execute();
    },
  };
}

export type EcomStore = ReturnType<typeof ecomStore>;
