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
  const base = db.schema
    .createTable(name)
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addColumn('doc', engine === 'postgres' ? sql`jsonb` : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['site_id', 'id']);
  return extra(base);
}

/** The index every document list uses: newest first within a site. */
export function createDocumentIndexes(db: MigrationDb, name: string) {
  return db.schema
    .createIndex(`${name}_site_created`)
    .on(name)
    .columns(['site_id', 'created_date', 'id'])
    .execute();
}
