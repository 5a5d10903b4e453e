/** A document table for the query tests, made like the platform's (createDocumentTable), plus helpers. */
import { type Kysely, sql } from 'kysely';
import type { TestDatabase } from '../../test/engines.ts';
import type { Engine } from '../db/connect.ts';
import { createDocumentTable } from '../db/migrations/helpers.ts';
import type { Schema } from '../db/schema.ts';
import { compileFilter } from './filter.ts';
import { keysetCondition, keyValues, reversedTerms } from './keyset.ts';
import type { Doc } from './reference.test-helper.ts';
import { compileOrderBy, compileSortTerms, orderByTerm } from './sort.ts';
import type { KeyValue, QueryTarget, SortKey } from './types.ts';

export const TABLE = 'query_docs';
export const SITE = 'site_1';
export const CREATED_INDEX = 'query_docs_site_created';

interface QueryDocRow {
  site_id: string;
  id: string;
  revision: number;
  created_date: string;
  updated_date: string;
  doc: string;
  rank: number | null;
  featured: number | boolean | null;
}

export type QueryDb = Kysely<Schema & { query_docs: QueryDocRow }>;

/** `id` and `createdDate` are never missing; `rank` and `featured` are missing or of their type (never JSON null). */
export function queryTarget(engine: Engine): QueryTarget {
  return {
    engine,
    table: TABLE,
    docColumn: 'doc',
    columns: {
      id: { column: 'id', type: 'string', nullable: false },
      createdDate: { column: 'created_date', type: 'string', nullable: false },
      rank: { column: 'rank', type: 'number', nullable: true },
      featured: { column: 'featured', type: 'boolean', nullable: true },
    },
  };
}

export async function createQueryTable(database: TestDatabase): Promise<QueryDb> {
  const { db, engine } = database;
  await createDocumentTable(db, engine, TABLE, (table) =>
    table
      .addColumn('rank', engine === 'postgres' ? 'double precision' : 'real')
      .addColumn('featured', engine === 'postgres' ? 'boolean' : 'integer'),
  ).execute();
  await db.schema.createIndex(CREATED_INDEX).on(TABLE).columns(['site_id', 'created_date']).execute();
  return db.withTables<{ query_docs: QueryDocRow }>();
}

/** Replaces every row with `docs` (in SITE), plus one row of another site that must never show. */
export async function replaceDocs(db: QueryDb, docs: readonly Doc[]): Promise<void> {
  await db.deleteFrom(TABLE).execute();
  const outsider: Doc = { id: 'other-site', createdDate: '', rank: 0 };
  const rows = [...docs.map((doc) => ({ doc, site: SITE })), { doc: outsider, site: 'site_2' }];
  await db
    .insertInto(TABLE)
    .values(
      rows.map(({ doc, site }) => ({
        site_id: site,
        id: doc.id,
        revision: 1,
        created_date: String(doc.createdDate),
        updated_date: String(doc.createdDate),
        doc: JSON.stringify(doc),
        rank: typeof doc.rank === 'number' ? doc.rank : null,
        // 1/0: SQLite cannot bind booleans, and PostgreSQL reads '1'/'0' as boolean input.
        featured: typeof doc.featured === 'boolean' ? Number(doc.featured) : null,
      })),
    )
    .execute();
}

export interface TestQuery {
  readonly filter?: unknown;
  readonly sort?: readonly SortKey[];
  readonly offset?: number;
  readonly limit?: number;
}

/** Ids the compiled query returns, in the database's order. */
export async function selectIds(db: QueryDb, target: QueryTarget, query: TestQuery): Promise<string[]> {
  let select = db
    .selectFrom(TABLE)
    .select('id')
    .where('site_id', '=', SITE)
    .where(compileFilter(query.filter, target));
  for (const term of compileOrderBy(query.sort ?? [], target)) select = select.orderBy(term);
  if (query.limit !== undefined) select = select.limit(query.limit).offset(query.offset ?? 0);
  const rows = await select.execute();
  return rows.map((row) => row.id);
}

/**
 * One keyset page as the document store reads it (db/document-queries.ts): the rows after `after`
 * (before, `backward`), each with its sort-term values; undefined when the values do not fit the terms.
 */
export async function selectKeysetPage(
  db: QueryDb,
  target: QueryTarget,
  query: {
    filter?: unknown;
    sort?: readonly SortKey[];
    limit: number;
    after?: readonly unknown[];
    backward?: boolean;
  },
): Promise<{ ids: string[]; keys: KeyValue[][] } | undefined> {
  const sorted = compileSortTerms(query.sort ?? [], target);
  const terms = query.backward ? reversedTerms(sorted) : sorted;
  let select = db
    .selectFrom(TABLE)
    .select(['id', ...terms.map((term, i) => sql`${term.value}`.as(`k${i}`))] as never)
    .where('site_id', '=', SITE)
    .where(compileFilter(query.filter, target));
  if (query.after) {
    const values = keyValues(terms, query.after, target.engine);
    if (!values) return undefined;
    select = select.where(keysetCondition(terms, values));
  }
  for (const term of terms) select = select.orderBy(orderByTerm(term, target.engine));
  const rows = (await select.limit(query.limit).execute()) as Array<Record<string, unknown>>;
  if (query.backward) rows.reverse();
  return {
    ids: rows.map((row) => String(row.id)),
    keys: rows.map((row) => terms.map((_, i) => (row[`k${i}`] ?? null) as KeyValue)),
  };
}
