import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Schema } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  readonly engine: Engine;
  readonly db: Kysely<Schema>;
  /** PostgreSQL schema the connection works in, when not the default one. */
  readonly pgSchema?: string | undefined;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL connection string; SQLite is used when absent. */
  databaseUrl?: string | undefined;
  /** SQLite file path, or `:memory:`. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (created when missing); tests get a fresh one each. */
  pgSchema?: string;
  poolSize?: number;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options);
  return connectSqlite(options.sqliteFile ?? ':memory:');
}

function connectSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { engine: 'sqlite', db, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement anew; on SQLite preparing costs about as much as running a
 * small query. The same SQL text (parameters are bound separately) reuses its prepared statement.
 * Statements run synchronously to completion, so one is never in use twice at a time.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_JSON = 114;
const PG_JSONB = 3802;

async function connectPostgres(url: string, options: ConnectOptions): Promise<Database> {
  const schema = options.pgSchema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad PostgreSQL schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        // Counts and sums come back as numbers; JSON stays the text Postgres sent, so stored
        // documents can be written into responses without a parse and re-serialise.
        if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
        if (oid === PG_JSON || oid === PG_JSONB) return (value: string) => value;
        return pg.types.getTypeParser(oid, format ?? 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { engine: 'postgres', db, pgSchema: schema, close: () => db.destroy() };
}

/** Drops a PostgreSQL schema made for a test run. */
export async function dropPgSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}
