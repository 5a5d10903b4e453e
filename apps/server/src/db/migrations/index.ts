import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database, Engine } from '../connect.ts';
import { platform } from './0001-platform.ts';

/** One ordered history for both engines. Add new files at the end; never edit a released one. */
const history = (engine: Engine): Record<string, Migration> => ({
  '0001-platform': platform(engine),
});

export async function migrate(database: Database): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => history(database.engine) };
  // Kysely looks for its bookkeeping tables across every schema unless told which one: name it,
  // or a database holding several Plaza schemas (tests, shared clusters) confuses it.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
