import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  /** Closes the connection and removes the PostgreSQL schema (or SQLite file) made for this database. */
  dispose(): Promise<void>;
  /**
   * Another connection to the same data, as another server process holds one: its own caches and its
   * own write log. Only for databases made with `{shared: true}`; closed by `dispose`.
   */
  another(): Promise<Database>;
}

/**
 * A fresh, migrated, empty database on `engine`: in-memory SQLite (a temporary file when `shared`, so
 * that `another` can open it again), or a new PostgreSQL schema.
 */
export async function freshDatabase(
  engine: Engine,
  options: { migrated?: boolean; shared?: boolean } = {},
): Promise<TestDatabase> {
  let open: () => Promise<Database>;
  let schema: string | undefined;
  let folder: string | undefined;
  if (engine === 'postgres') {
    if (!postgresUrl) throw new Error('No PostgreSQL URL for the postgres engine');
    const pgSchema = `t_${randomBytes(6).toString('hex')}`;
    schema = pgSchema;
    open = () => connect({ databaseUrl: postgresUrl, pgSchema, poolSize: 5 });
  } else if (options.shared) {
    folder = mkdtempSync(join(tmpdir(), 'plaza-test-db-'));
    const sqliteFile = join(folder, 'plaza.sqlite');
    open = () => connect({ sqliteFile });
  } else {
    open = () => connect({ sqliteFile: ':memory:' });
  }
  const database = await open();
  const others: Database[] = [];
  if (options.migrated !== false) await migrate(database);
  return {
    ...database,
    async another() {
      if (engine === 'sqlite' && !folder) throw new Error('another(): make the database with {shared: true}');
      const other = await open();
      others.push(other);
      return other;
    },
    async dispose() {
      for (const other of others) await other.close();
      await database.close();
      if (schema && postgresUrl) await dropPgSchema(postgresUrl, schema);
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}
