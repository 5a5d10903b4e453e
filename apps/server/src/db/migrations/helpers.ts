import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../connect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their point in history
export type MigrationDb = Kysely<any>;

/**
 * A document table: the shared columns of `DocumentRow` plus whatever real columns the kind
 * filters, sorts or counts on. `doc` is JSONB on PostgreSQL (indexable, queryable) and TEXT on SQLite.
 */
export function createDocumentTable(
  db: MigrationDb,
  engine: Engine,
  name: string,
  extra: (table: CreateTableBuilder<string, string>) => CreateTableBuilder<string, string> = (table) => table,
) {
  const text = byteOrderedText(engine);
  const base = db.schema
    .createTable(name)
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('id', text, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_date', text, (c) => c.notNull())
    .addColumn('updated_date', text, (c) => c.notNull())
    .addColumn('doc', engine === 'postgres' ? sql`jsonb` : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['site_id', 'id']);
  return extra(base);
}

/**
 * Text compared by bytes, as SQLite does. The query engine orders strings by UTF-8 bytes on both
 * engines; on PostgreSQL a column must carry `COLLATE "C"` for range filters and sorts on it to use
 * its index. Use it for every real string column that is filtered by range or sorted.
 */
export const byteOrderedText = (engine: Engine) =>
  engine === 'postgres' ? sql`text collate "C"` : sql`text`;

/** The index every document list uses: newest first within a site. */
export function createDocumentIndexes(db: MigrationDb, name: string) {
  return db.schema
    .createIndex(`${name}_site_created`)
    .on(name)
    .columns(['site_id', 'created_date', 'id'])
    .execute();
}
