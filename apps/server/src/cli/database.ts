import { join } from 'node:path';
import type { Config } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrations/index.ts';
import { removeSqliteData } from './start.ts';

/** `plaza migrate`: runs the migrations not yet run. */
export async function migrateOnly(config: Config): Promise<string> {
  const database = await connect({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: join(config.DATA_DIR, 'plaza.sqlite'),
  });
  try {
    const applied = await migrate(database);
    return applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.';
  } finally {
    await database.close();
  }
}

/** `plaza reset`: removes every table (PostgreSQL) or the SQLite file and the demo credentials. */
export async function reset(config: Config): Promise<string> {
  let done: string;
  if (config.DATABASE_URL) {
    const database = await connect({ databaseUrl: config.DATABASE_URL });
    await database.db.schema.dropSchema('public').ifExists().cascade().execute();
    await database.db.schema.createSchema('public').execute();
    await database.close();
    done = 'Dropped every table in the PostgreSQL database.';
  } else {
    done = `Removed the data in ${removeSqliteData(config.DATA_DIR)}.`;
  }
  return `${done}\nThe next start seeds the demo site again.`;
}
