import { sql } from 'kysely';
import type { Database } from '../connect.ts';

/** Kysely's record of the migrations that ran, one row per name. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * The database was migrated by a newer Plaza than this one: code older than its schema could
 * misread or damage what the newer code writes, so nothing starts on it.
 */
export class NewerDatabaseError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `This database was upgraded by a newer version of Plaza: it has run ${
        unknown.length === 1 ? 'a migration' : 'migrations'
      } this version does not know (${unknown.join(', ')}).
Plaza does not start on a database newer than its code. Run the newer version again, or restore a backup
taken before the upgrade.`,
    );
    this.name = 'NewerDatabaseError';
  }
}

/** Refuses (NewerDatabaseError) a database that has run a migration not among `known`. */
export async function refuseNewerDatabase(database: Database, known: readonly string[]): Promise<void> {
  const ran = await migrationsRun(database);
  const knownNames = new Set(known);
  const unknown = ran.filter((name) => !knownNames.has(name));
  if (unknown.length > 0) throw new NewerDatabaseError(unknown);
}

async function migrationsRun(database: Database): Promise<string[]> {
  const { db, engine, pgSchema } = database;
  const exists =
    engine === 'postgres'
      ? sql<{
          found: string | null;
        }>`select to_regclass(${pgSchema ? `${pgSchema}.${MIGRATION_TABLE}` : MIGRATION_TABLE})::text as found`
      : sql<{
          found: string | null;
        }>`select name as found from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`;
  const { rows } = await exists.execute(db);
  if (!rows[0]?.found) return [];
  const table = pgSchema ? sql.table(`${pgSchema}.${MIGRATION_TABLE}`) : sql.table(MIGRATION_TABLE);
  const { rows: names } = await sql<{ name: string }>`select name from ${table} order by name`.execute(db);
  return names.map((row) => row.name);
}
