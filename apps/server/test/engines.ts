import { randomBytes } from 'node:crypto';
import { connect, type Database, dropPgSchema, type Engine } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrations/index.ts';

/**
 * The engines a test file runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL (or
 * DATABASE_URL) is set. With PLAZA_REQUIRE_POSTGRES=1 (CI) a missing URL fails instead of skipping.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

if (process.env.PLAZA_REQUIRE_POSTGRES === '1' && !postgresUrl) {
  throw new Error('PLAZA_REQUIRE_POSTGRES=1 but neither TEST_DATABASE_URL nor DATABASE_URL is set');
}

export const engines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends Database {
  /** Closes the connection and removes the PostgreSQL schema made for this database. */
  dispose(): Promise<void>;
}

/** A fresh, migrated, empty database on `engine`: in-memory SQLite, or a new PostgreSQL schema. */
export async function freshDatabase(
  engine: Engine,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  let database: Database;
  let schema: string | undefined;
  if (engine === 'postgres') {
    if (!postgresUrl) throw new Error('No PostgreSQL URL for the postgres engine');
    schema = `t_${randomBytes(6).toString('hex')}`;
    database = await connect({ databaseUrl: postgresUrl, pgSchema: schema, poolSize: 5 });
  } else {
    database = await connect({ sqliteFile: ':memory:' });
  }
  if (options.migrated !== false) await migrate(database);
  return {
    ...database,
    async dispose() {
      await database.close();
      if (schema && postgresUrl) await dropPgSchema(postgresUrl, schema);
    },
  };
}
