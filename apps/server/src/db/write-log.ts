import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode } from 'kysely';

/**
 * Per-table counters of the writes made through this process's connection(s). A cache of something
 * read from a table (a query's total, say) notes `version(table)` before it reads and is current while
 * the version is unchanged. A table's version moves after every statement that may have written it
 * has run and again when a transaction that wrote it commits or rolls back, so a read that overlaps a
 * write, or sees a transaction that is not yet committed, is never kept as current. Other processes'
 * writes are seen through `othersVersion` where the engine offers it; elsewhere such caches also expire
 * after a short time.
 */
export interface WriteLog {
  version(table: string): number;
  /**
   * A counter that moves whenever another connection (another process) has committed to the database,
   * when the engine can tell at no cost (SQLite's `data_version`); absent on PostgreSQL. While it stands
   * still, a cache whose own `version` stands still is current, however old.
   */
  readonly othersVersion: (() => number) | undefined;
}

export type WriteLogWriter = WriteLog & { wrote(tables: ReadonlySet<string> | 'all'): void };

export function writeLog(othersVersion?: () => number): WriteLogWriter {
  const versions = new Map<string, number>();
  let everything = 0;
  return {
    othersVersion,
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

// One set per table, made once: every write asks.
const tableSets = new Map<string, ReadonlySet<string>>();

const oneTable = (target: OperationNode | undefined): ReadonlySet<string> | 'all' => {
  const name = tableName(target);
  if (!name) return 'all';
  let set = tableSets.get(name);
  if (!set) {
    set = new Set([name]);
    tableSets.set(name, set);
  }
  return set;
};

/**
 * Tables a statement may write: none for a SELECT, 'all' when the statement does not say (raw SQL,
 * DDL). Runs for every statement.
 */
export type WrittenTables = ReadonlySet<string> | 'all' | undefined;

export function writtenTables(node: OperationNode, sql: string): WrittenTables {
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
export function trackingWrites(
  dialect: Dialect,
  log: WriteLogWriter,
  /** Begins a transaction instead of the driver's own way, given the connection's way to run a statement. */
  begin?: (execute: (query: CompiledQuery) => Promise<unknown>) => Promise<void>,
): Dialect {
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
          const raw = unwrap(connection);
          if (begin) await begin((query) => raw.executeQuery(query));
          else await driver.beginTransaction(unwrap(connection), settings);
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
