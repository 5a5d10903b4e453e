/** The query side of the document store (documents.ts): pages in the API's query language, and counts. */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Clock } from '../lib/clock.ts';
import { invalidField } from '../lib/errors.ts';
import { compileFilter, pagingMetadata, resolveQuery } from '../query/index.ts';
import { keysetCondition, keyValues, reversedTerms } from '../query/keyset.ts';
import { compileSortTerms, orderByTerm } from '../query/sort.ts';
import type { KeyValue, QueryTarget, ResolvedQuery, SortTerm } from '../query/types.ts';
import type { Database } from './connect.ts';
import type { DocumentKind } from './documents.ts';
import { readCache } from './read-cache.ts';
import type { DocumentRow, Schema } from './schema.ts';

export interface QueryPage {
  /** Stored JSON of each entity on the page, in order. */
  readonly items: readonly string[];
  readonly metadata: ReturnType<typeof pagingMetadata>;
  /**
   * Cursor paging: each item's sort-term values and the terms' orders (query/keyset.ts `compareKeys`),
   * for a caller that pages a list it keeps in memory.
   */
  readonly positions?: {
    readonly keys: readonly (readonly KeyValue[])[];
    readonly terms: readonly Pick<SortTerm, 'order' | 'kind' | 'nullable'>[];
  };
}

/** A sort-term value as the driver hands it back, kept in a cursor (PostgreSQL's bigint and numeric come as text). */
function asKeyValue(value: unknown): KeyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/**
 * How long a query's page and total may be reused, for a kind that remembers them (`cachePages`): other
 * processes' writes are not seen before (see pageOf).
 */
const QUERY_CACHE_MS = 1000;
const COUNT_CACHE_LIMIT = 500;
/** Pages hold whole documents (a storefront's 50 products: ~250 KB): fewer of them are kept. */
const PAGE_CACHE_LIMIT = 100;
const QUERY_PLANS_LIMIT = 500;
/** Sites one frozen query is remembered for (the same storefront query runs on every site). */
const FROZEN_PLANS_PER_QUERY = 100;

interface QueryPlan {
  page: CompiledQuery<PageRow>;
  count: CompiledQuery<{ total: number }>;
  /** The read-cache keys of `page` and `count`, made once with the plan; only for a kind that remembers pages. */
  keys: { page: string; count: string } | undefined;
  /** Sort-term values each row brings (cursor paging), 0 otherwise. */
  termCount: number;
  /** The query's sort terms in its own order (not turned around for a page before a cursor). */
  terms: readonly Pick<SortTerm, 'order' | 'kind' | 'nullable'>[];
}

/** A page's row: its document and, under cursor paging, its sort-term values (`k0`, `k1`, …). */
type PageRow = { doc: string } & Record<string, unknown>;

/** A page as read: documents in order, and each row's sort-term values under cursor paging. */
interface PageRows {
  readonly docs: string[];
  readonly keys: KeyValue[][] | undefined;
}

/** A statement's read-cache key: its SQL and its parameters. */
const keyOf = (compiled: CompiledQuery) => `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;

type DocumentDb = Kysely<Record<string, DocumentRow & Record<string, unknown>>>;

export function documentQueries(database: Database, kind: DocumentKind, target: QueryTarget, clock: Clock) {
  const totals = kind.cachePages
    ? readCache<number>(database.writes, [kind.table], {
        ttlMs: QUERY_CACHE_MS,
        limit: COUNT_CACHE_LIMIT,
        clock,
      })
    : undefined;
  const pages = kind.cachePages
    ? readCache<PageRows>(database.writes, [kind.table], {
        ttlMs: QUERY_CACHE_MS,
        limit: PAGE_CACHE_LIMIT,
        clock,
      })
    : undefined;
  const sortPlans = new Map<string, boolean>();
  const queryPlans = new Map<string, QueryPlan>();
  /**
   * Frozen queries (the same remembered request, e.g. a storefront's list: products.ts `decodeDotR`)
   * resolved and planned, by site and options: such a query never changes, and resolving it and making
   * its plan key (a JSON of its filter) is most of what a cached read of its page costs.
   */
  const frozenPlans = new WeakMap<object, Map<string, { resolved: ResolvedQuery; plan: QueryPlan }>>();

  /**
   * SQLite only: whether the engine would sort the page's rows, documents included, to pick the page
   * (no index gives the order under the filter, e.g. a price range listed newest first). It then reads
   * and copies the document of every matching row (1,500 products for a price range: ~4 ms), where
   * sorting row ids and reading the documents of the page alone costs a fifth of that. A page read in
   * index order is better read in one statement. Known from the plan, once per statement text.
   */
  async function sortsDocuments(executor: Kysely<Schema>, page: CompiledQuery): Promise<boolean> {
    let sorts = sortPlans.get(page.sql);
    if (sorts === undefined) {
      const plan = await executor.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
      );
      sorts = plan.rows.some((row) => /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(row.detail));
      if (sortPlans.size >= COUNT_CACHE_LIMIT) sortPlans.clear();
      sortPlans.set(page.sql, sorts);
    }
    return sorts;
  }

  return {
    forSite(siteId: string, executor: Kysely<Schema>) {
      const db = executor as unknown as DocumentDb;

      /**
       * A query's page of documents and its total. For a kind that opts in (`cachePages`), outside
       * transactions, each is remembered while nothing in this process has written the table since
       * (`database.writes`) and for QUERY_CACHE_MS at most (writes of other processes): a storefront
       * asks for the same lists again and again, and reading a page costs reading every document on it
       * (50 products: ~0.5 ms on SQLite, most of the call), counting a scan of every matching index
       * entry (~0.6 ms for 10,000 products). Any other kind, and any transaction, reads afresh.
       */
      async function pageOf({ page, keys, termCount }: QueryPlan): Promise<PageRows> {
        const read = async (): Promise<PageRows> => {
          const rows = (await executor.executeQuery(page)).rows;
          const docs = rows.map((row) => row.doc);
          if (termCount === 0) return { docs, keys: undefined };
          const keyOfRow = (row: PageRow) =>
            Array.from({ length: termCount }, (_, i) => asKeyValue(row[`k${i}`]));
          return { docs, keys: rows.map(keyOfRow) };
        };
        return pages && keys && !executor.isTransaction ? pages.get(keys.page, read) : read();
      }

      async function countOf({ count, keys }: QueryPlan): Promise<number> {
        const counted = async () => Number((await executor.executeQuery(count)).rows[0]?.total);
        return totals && keys && !executor.isTransaction ? totals.get(keys.count, counted) : counted();
      }

      /**
       * A query's page and count statements, compiled once per site and query (the same lists are asked
       * for again and again; building and compiling them with Kysely cost more than running the count).
       */
      async function queryPlan(resolved: ResolvedQuery, prefix: string): Promise<QueryPlan> {
        const keyset = resolved.keyset;
        const key = `${siteId}\u0000${JSON.stringify([resolved.filter, resolved.sort, resolved.limit, resolved.offset, resolved.mode, keyset])}`;
        const known = queryPlans.get(key);
        if (known) return known;
        const where = compileFilter(resolved.filter, target, `${prefix}.filter`);
        const filtered = db.selectFrom(kind.table).where('site_id', '=', siteId).where(where);
        const cursorPaged = resolved.mode === 'cursor';
        const sorted = compileSortTerms(resolved.sort, target, `${prefix}.sort`);
        // A page before a cursor is read in the opposite order, then turned around (query below).
        const terms = keyset?.backward ? reversedTerms(sorted) : sorted;
        const base = keyset ? filtered.where(keysetAfter(terms, keyset.values, prefix)) : filtered;
        const orders = terms.map((term) => orderByTerm(term, target.engine));
        const ordered = <Q extends { orderBy(order: never): Q }>(query: Q) =>
          orders.reduce((q, order) => q.orderBy(order as never), query);
        // Under cursor paging each row brings its sort-term values (the next cursor starts from the
        // last), and one row more than the page is read to know whether another page follows.
        const keyColumns = cursorPaged ? terms.map((term, i) => sql`${term.value}`.as(`k${i}`)) : [];
        // The limit is written into the SQL (a validated integer): with a known LIMIT, SQLite prefers an
        // index that gives the ORDER BY to sorting everything the filter matches (a price range listed
        // newest first: ~330 index entries read instead of 1,500 sorted).
        const limit = sql.lit(cursorPaged ? resolved.limit + 1 : resolved.limit);
        let page = ordered(base.select(['doc', ...keyColumns] as never))
          .limit(limit)
          .offset(resolved.offset)
          .compile() as CompiledQuery<PageRow>;
        if (database.engine === 'sqlite' && resolved.limit > 0 && (await sortsDocuments(executor, page))) {
          // The page's rows picked by their sort keys alone, then their documents: see sortsDocuments.
          page = ordered(
            db
              .selectFrom(kind.table)
              .select(['doc', ...keyColumns] as never)
              .where(
                sql.ref('rowid'),
                'in',
                ordered(base.select(sql.ref('rowid').as('rowid')))
                  .limit(limit)
                  .offset(resolved.offset),
              ),
          ).compile() as CompiledQuery<PageRow>;
        }
        const count = filtered.select((eb) => eb.fn.countAll<number>().as('total')).compile();
        const keys = kind.cachePages ? { page: keyOf(page), count: keyOf(count) } : undefined;
        const shapes = sorted.map(({ order, kind, nullable }) => ({ order, kind, nullable }));
        const plan: QueryPlan = { page, count, keys, termCount: keyColumns.length, terms: shapes };
        if (queryPlans.size >= QUERY_PLANS_LIMIT) queryPlans.clear();
        queryPlans.set(key, plan);
        return plan;
      }

      /** The keyset condition of a cursor's values, or a 400 when they do not fit this query's terms. */
      function keysetAfter(
        terms: ReturnType<typeof compileSortTerms>,
        values: readonly unknown[],
        prefix: string,
      ) {
        const checked = keyValues(terms, values, target.engine);
        if (!checked)
          throw invalidField(
            `${prefix}.cursorPaging.cursor`,
            'Malformed cursor: use a cursor from a previous response',
            'FORMAT',
          );
        return keysetCondition(terms, checked);
      }

      return {
        /** One page of a query in the API's language (map section 5), with paging metadata including `total`. */
        async query(
          input: unknown,
          options: { fieldPrefix?: string; defaultLimit?: number; maxLimit?: number } = {},
        ): Promise<QueryPage> {
          const frozen = typeof input === 'object' && input !== null && Object.isFrozen(input);
          const key = frozen
            ? `${siteId}\u0000${options.fieldPrefix}\u0000${options.defaultLimit}\u0000${options.maxLimit}`
            : '';
          const known = frozen ? frozenPlans.get(input)?.get(key) : undefined;
          const resolved =
            known?.resolved ??
            resolveQuery(input as Parameters<typeof resolveQuery>[0], { ...options, scope: kind.table });
          const plan = known?.plan ?? (await queryPlan(resolved, options.fieldPrefix ?? 'query'));
          if (frozen && !known) {
            const bySite = frozenPlans.get(input) ?? new Map();
            if (bySite.size >= FROZEN_PLANS_PER_QUERY) bySite.clear();
            bySite.set(key, { resolved, plan });
            frozenPlans.set(input, bySite);
          }
          const read = resolved.limit === 0 ? { docs: [], keys: undefined } : await pageOf(plan);
          const more = read.docs.length > resolved.limit;
          const backward = resolved.keyset?.backward === true;
          // A remembered page is shared: cut and turned around on a copy.
          const turn = <T>(rows: T[]) => {
            const kept = more ? rows.slice(0, resolved.limit) : rows;
            return backward ? [...kept].reverse() : kept;
          };
          const items = turn(read.docs);
          const keys = read.keys ? turn(read.keys) : undefined;
          // A page that is not full, read from the start, needs no count: the total is where it ends.
          const total =
            !resolved.keyset && items.length > 0 && items.length < resolved.limit
              ? resolved.offset + items.length
              : await countOf(plan);
          const metadata = pagingMetadata(resolved, {
            count: items.length,
            total,
            first: keys?.[0],
            last: keys?.at(-1),
            // Backwards, the rows the cursor came from follow; forwards, those before it precede.
            hasNext: backward ? items.length > 0 : more,
            hasPrev: backward ? more : resolved.keyset !== undefined && items.length > 0,
          });
          return { items, metadata, ...(keys ? { positions: { keys, terms: plan.terms } } : {}) };
        },

        async count(filter: unknown, fieldPrefix = 'filter'): Promise<number> {
          const where = compileFilter(filter ?? {}, target, fieldPrefix);
          const counted = await db
            .selectFrom(kind.table)
            .where('site_id', '=', siteId)
            .where(where)
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .executeTakeFirstOrThrow();
          return Number(counted.total);
        },
      };
    },
  };
}
