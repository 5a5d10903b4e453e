import { type Kysely, sql } from 'kysely';
import type { Database } from './connect.ts';
import type { Schema } from './schema.ts';

/**
 * Every table with a `site_id` column, read from the database itself rather than listed here: a table
 * a later migration adds is covered without anyone remembering this file.
 */
export async function siteTables(executor: Kysely<Schema>, engine: Database['engine']): Promise<string[]> {
  const { rows } =
    engine === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.columns
          where column_name = 'site_id' and table_schema = current_schema() order by table_name`.execute(
          executor,
        )
      : await sql<{ name: string }>`select m.name as name from sqlite_master m, pragma_table_info(m.name) c
          where m.type = 'table' and c.name = 'site_id' order by m.name`.execute(executor);
  return rows.map((row) => row.name).filter((name) => name !== 'sites');
}

/**
 * Removes a site and every row of it, in one transaction: all of it goes, or nothing does. Answers the
 * rows removed per table (tables without any left out); undefined when there is no such site.
 */
export async function deleteSiteRows(
  database: Database,
  siteId: string,
): Promise<Record<string, number> | undefined> {
  return database.db.transaction().execute(async (trx) => {
    const site = await trx.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst();
    if (!site) return undefined;
    const removed: Record<string, number> = {};
    for (const table of await siteTables(trx, database.engine)) {
      const result = await sql`delete from ${sql.table(table)} where site_id = ${siteId}`.execute(trx);
      const count = Number(result.numAffectedRows ?? 0);
      if (count > 0) removed[table] = count;
    }
    await trx.deleteFrom('sites').where('id', '=', siteId).execute();
    return removed;
  });
}
