import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type OperationNode,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.ts';
import type { Schema } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  readonly engine: Engine;
  readonly db: Kysely<Schema>;
  /** What this process has written, per table: lets read caches know when they are out of date. */
  readonly writes: WriteLog;
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
  // The log is copied back by a worker thread (checkpointer.ts); a commit only does it itself when the
  // log has grown past ~40 MB, should the worker ever fall that far behind, or past SQLite's usual
  // 1,000 pages again if the worker fails.
  const checkpointer =
    file === ':memory:'
      ? undefined
      : startCheckpointer(file, () => sqlite.pragma('wal_autocheckpoint = 1000'));
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 10000');
  const writes = writeLog();
  const dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Schema>({ dialect: trackingWrites(dialect, writes) });
  const close = async () => {
    await checkpointer?.stop();
    await db.destroy();
  };
  return { engine: 'sqlite', db, writes, close };
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
  const writes = writeLog();
  const db = new Kysely<Schema>({ dialect: trackingWrites(new PostgresDialect({ pool }), writes) });
  return { engine: 'postgres', db, writes, pgSchema: schema, close: () => db.destroy() };
}

/**
 * Per-table counters of the writes made through this process's connection(s). A cache of something
 * read from a table (a query's total, say) notes `version(table)` before it reads and is current while
 * the version is unchanged. A table's version moves after every statement that may have written it
 * has run and again when a transaction that wrote it commits or rolls back, so a read that overlaps a
 * write, or sees a transaction that is not yet committed, is never kept as current. Other processes'
 * writes are not seen: such caches also expire after a short time.
 */
export interface WriteLog {
  version(table: string): number;
}

function writeLog(): WriteLog & { wrote(tables: ReadonlySet<string> | 'all'): void } {
  const versions = new Map<string, number>();
  let everything = 0;
  return {
    version: (table) => everything + (versions.get(table) ?? 0),
    wrote(tables) {
      if (tables === 'all') everything++;
      else for (const table of tables) versions.set(table, (versions.get(table) ?? 0) + 1);
    },
  };
}

const READ_ONLY_SQL = /^\s*(select|pragma|explain)\b/i;

const tableName = (target: OperationNode | undefined): string | undefined => {
  const table = target as { kind?: string; table?: { identifier?: { name?: string } }; node?: OperationNode };
  if (table?.kind === 'AliasNode') return tableName(table.node);
  return table?.kind === 'TableNode' ? table.table?.identifier?.name : undefined;
};

const oneTable = (target: OperationNode | undefined): ReadonlySet<string> | 'all' => {
  const name = tableName(target);
  return name ? new Set([name]) : 'all';
};

/**
 * Tables a statement may write: none for a SELECT, 'all' when the statement does not say (raw SQL,
 * DDL). Runs for every statement: no closures made per call (the module loader wraps each in a naming
 * helper that costs more than the check).
 */
function writtenTables(node: OperationNode, sql: string): ReadonlySet<string> | 'all' | undefined {
  const query = node as {
    kind: string;
    into?: OperationNode;
    table?: OperationNode;
    from?: { froms: OperationNode[] };
  };
  switch (query.kind) {
    case 'SelectQueryNode':
      return undefined;
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return oneTable(query.into);
    case 'UpdateQueryNode':
      return oneTable(query.table);
    case 'DeleteQueryNode': {
      const names = new Set<string>();
      for (const from of query.from?.froms ?? []) {
        const name = tableName(from);
        if (!name) return 'all';
        names.add(name);
      }
      return names;
    }
    case 'RawNode':
      return READ_ONLY_SQL.test(sql) ? undefined : 'all';
    default:
      return 'all';
  }
}

/** The dialect with its connections reporting what they write to `log` (see WriteLog). */
function trackingWrites(dialect: Dialect, log: ReturnType<typeof writeLog>): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
      /** Tables written by each connection's open transaction. */
      const pending = new WeakMap<DatabaseConnection, Set<string> | 'all'>();
      const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
      const wrap = (connection: DatabaseConnection): DatabaseConnection => {
        let tracked = wrapped.get(connection);
        if (!tracked) {
          const self: DatabaseConnection = {
            async executeQuery(compiled) {
              const tables = writtenTables(compiled.query, compiled.sql);
              try {
                return await connection.executeQuery(compiled);
              } finally {
                if (tables) {
                  log.wrote(tables);
                  const open = pending.get(self);
                  if (open === 'all' || tables === 'all') {
                    if (open) pending.set(self, 'all');
                  } else if (open) for (const table of tables) open.add(table);
                }
              }
            },
            streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
          };
          tracked = self;
          wrapped.set(connection, tracked);
          inner.set(tracked, connection);
        }
        return tracked;
      };
      const ended = (connection: DatabaseConnection) => {
        const tables = pending.get(connection);
        pending.delete(connection);
        if (tables && (tables === 'all' || tables.size > 0)) log.wrote(tables);
      };
      return {
        init: () => driver.init(),
        acquireConnection: async () => wrap(await driver.acquireConnection()),
        async beginTransaction(connection, settings) {
          pending.set(connection, new Set());
          await driver.beginTransaction(unwrap(connection), settings);
        },
        async commitTransaction(connection) {
          try {
            await driver.commitTransaction(unwrap(connection));
          } finally {
            ended(connection);
          }
        },
        async rollbackTransaction(connection) {
          try {
            await driver.rollbackTransaction(unwrap(connection));
          } finally {
            ended(connection);
          }
        },
        ...(driver.savepoint
          ? { savepoint: (connection, name, compile) => driver.savepoint!(unwrap(connection), name, compile) }
          : {}),
        ...(driver.rollbackToSavepoint
          ? {
              rollbackToSavepoint: (connection, name, compile) =>
                driver.rollbackToSavepoint!(unwrap(connection), name, compile),
            }
          : {}),
        ...(driver.releaseSavepoint
          ? {
              releaseSavepoint: (connection, name, compile) =>
                driver.releaseSavepoint!(unwrap(connection), name, compile),
            }
          : {}),
        releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
        destroy: () => driver.destroy(),
      };
    },
  };
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
