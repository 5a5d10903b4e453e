/** SQL of pricing plans: plans and plan orders (document kinds), and the reads beside them. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import { readCache } from '../../db/read-cache.ts';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RawJson } from '../../lib/raw-json.ts';

/**
 * How long a public plans answer is sent again at most: the bound on how late another process's write
 * is seen (this process's own writes make every kept answer stale at once; SQLite tells of another
 * connection's commit, so there the answer is read again at once too).
 */
export const PUBLIC_ANSWER_MS = 1000;
const PUBLIC_ANSWERS_KEPT = 200;

export const planKind: DocumentKind = {
  table: 'plans',
  entity: 'plan',
  label: 'Plan',
  notFoundCode: 'plan_not_found',
  columns: {
    slug: { column: 'slug', type: 'string', nullable: false },
    public: { column: 'public', type: 'boolean', nullable: false },
    archived: { column: 'archived', type: 'boolean', nullable: false },
    primary: { column: 'is_primary', type: 'boolean', nullable: false },
  },
  decimals: ['pricing.price.value'],
};

export const planOrderKind: DocumentKind = {
  table: 'plan_orders',
  entity: 'planOrder',
  label: 'Plan order',
  notFoundCode: 'order_not_found',
  columns: {
    planId: { column: 'plan_id', type: 'string', nullable: false },
    'buyer.memberId': { column: 'member_id', type: 'string', nullable: false },
    orderId: { column: 'order_id', type: 'string', nullable: false },
    status: { column: 'status', type: 'string', nullable: false },
    endDate: { column: 'end_date', type: 'string', nullable: true },
  },
};

export function plansStore(database: Database, clock: Clock) {
  const db: Kysely<Schema> = database.db;
  return {
    db,
    plans: documentStore(database, planKind, { clock }),
    orders: documentStore(database, planOrderKind, { clock }),
    /**
     * The public plans answers (list and query), as sent, by site and request: a storefront's plans page
     * asks for the same list on every visit. They are made of the plans alone (no `hasOrders`).
     */
    publicAnswers: readCache<RawJson>(database.writes, ['plans'], {
      ttlMs: PUBLIC_ANSWER_MS,
      limit: PUBLIC_ANSWERS_KEPT,
      clock,
      shareReads: true,
    }),
    transaction: <T>(work: (trx: Kysely<Schema>) => Promise<T>) => db.transaction().execute(work),

    /** Ids of the site's primary plans: one at most (a unique index), listed to be turned off. */
    async primaryIds(siteId: string, executor: Kysely<Schema> = db): Promise<string[]> {
      const rows = await executor
        .selectFrom('plans')
        .select('id')
        .where('site_id', '=', siteId)
        .where('is_primary', '=', database.engine === 'sqlite' ? 1 : true)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Which of `planIds` were bought at least once (any status). */
    async withOrders(siteId: string, planIds: readonly string[]): Promise<Set<string>> {
      if (planIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('plan_orders')
        .select('plan_id')
        .distinct()
        .where('site_id', '=', siteId)
        .where('plan_id', 'in', planIds)
        .execute();
      return new Set(rows.map((row) => row.plan_id));
    },

    /** Slugs of the site that `base` or `base-<n>` could clash with. */
    async slugsLike(siteId: string, base: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('plans')
        .select('slug')
        .where('site_id', '=', siteId)
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return new Set(rows.map((row) => row.slug));
    },

    async countPlans(siteId: string): Promise<number> {
      const row = await db
        .selectFrom('plans')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The site's plan orders, and how many of them are ACTIVE (one scan of the site's rows). */
    async countOrders(siteId: string): Promise<{ total: number; active: number }> {
      const row = await db
        .selectFrom('plan_orders')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'ACTIVE').then(1).else(0).end()).as('active'),
        ])
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), active: Number(row.active ?? 0) };
    },

    /** The plan orders an ecom order committed. */
    async ordersOf(siteId: string, orderId: string, executor: Kysely<Schema> = db): Promise<string[]> {
      const rows = await executor
        .selectFrom('plan_orders')
        .select('id')
        .where('site_id', '=', siteId)
        .where('order_id', '=', orderId)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type PlansStore = ReturnType<typeof plansStore>;
