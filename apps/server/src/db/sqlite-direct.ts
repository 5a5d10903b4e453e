import type SQLite from 'better-sqlite3';
import type { CompiledQuery, QueryResult } from 'kysely';
import { type WrittenTables, writtenTables } from './write-log.ts';

/**
 * Statements that must land together: the first is the guard, and when it changes no row (an UPDATE
 * whose `revision = ?` no longer matches) the rest are not run and the unit reports false.
 */
export type WriteUnit = readonly CompiledQuery[];

export interface DirectSqlite {
  /**
   * Runs one statement at once, synchronously, unless a transaction holds the connection (then
   * undefined: the caller takes Kysely's way, which waits for it).
   */
  tryRun<Row>(compiled: CompiledQuery): QueryResult<Row> | undefined;
  /** Runs `unit` in the next group commit (see directSqlite); true when its guard matched. */
  commit(unit: WriteUnit): Promise<boolean>;
  /** Commits what is queued now, before the connection closes (refused when it cannot be). */
  flush(): void;
}

interface Queued {
  unit: WriteUnit;
  resolve(applied: boolean): void;
  reject(error: unknown): void;
}

/**
 * The hot statements of SQLite, run on the connection without Kysely's machinery. Kysely hands the one
 * connection around behind a mutex with a chain of promises for every statement (~15–25 µs under load,
 * as much as SQLite takes for a small query); better-sqlite3 runs statements synchronously, so one
 * that starts when no transaction is open completes before any other code runs, and cannot interleave
 * with a Kysely transaction.
 *
 * Kysely's own statements never hold the connection across an await here: nothing streams rows
 * (`iterate`), which would keep better-sqlite3 busy between statements.
 *
 * Writes go through group commit: units queued in one turn of the event loop (every request whose
 * handler got that far) share one transaction and one COMMIT; a unit that fails is refused alone and
 * the others are written without it. A commit writes the pages the whole batch changed once instead of
 * once per request. Each unit's promise settles after the COMMIT, so an answer never reports a write
 * that is not in the database.
 */
export function directSqlite(
  sqlite: SQLite.Database,
  prepare: (sql: string) => SQLite.Statement,
  wrote: (tables: ReadonlySet<string> | 'all') => void,
  /** Runs `work` while holding Kysely's connection: when a Kysely transaction is open, after it ends. */
  whenFree: (work: () => void) => Promise<void>,
): DirectSqlite {
  let queue: Queued[] = [];
  let scheduled = false;

  function execute<Row>(compiled: CompiledQuery): QueryResult<Row> {
    const statement = prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as Row[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  const tell = (tables: Set<string> | 'all') => {
    if (tables === 'all' || tables.size > 0) wrote(tables);
  };
  const collect = (into: Set<string> | 'all', writes: WrittenTables): Set<string> | 'all' => {
    if (!writes || into === 'all') return into;
    if (writes === 'all') return 'all';
    for (const table of writes) into.add(table);
    return into;
  };

  /**
   * Runs `batch` in one transaction; never throws. Units run one after another without savepoints
   * (each costs two more statements per unit): when a unit fails, the transaction is rolled back and
   * the answer names that unit, for the batch to run again without it.
   */
  function attempt(
    batch: readonly Queued[],
    written: { tables: Set<string> | 'all' },
  ): { committed: boolean[] } | { failedUnit: number; error: unknown } | { error: unknown } {
    const applied: boolean[] = [];
    let current = -1;
    try {
      execute(BEGIN);
      for (current = 0; current < batch.length; current++) {
        const { unit } = batch[current]!;
        let matched = true;
        for (let i = 0; i < unit.length; i++) {
          const compiled = unit[i]!;
          const result = execute(compiled);
          if (i === 0 && Number(result.numAffectedRows ?? 0) === 0) {
            matched = false;
            break;
          }
          written.tables = collect(written.tables, writtenTables(compiled.query, compiled.sql));
        }
        applied.push(matched);
      }
      current = -1;
      execute(COMMIT);
      return { committed: applied };
    } catch (error) {
      try {
        if (sqlite.inTransaction) execute(ROLLBACK);
      } catch {
        // The statement's own error is the one to report.
      }
      return current >= 0 ? { failedUnit: current, error } : { error };
    }
  }

  /**
   * Runs every queued unit in one transaction; called when no transaction is open. Never throws: each
   * unit's promise settles with its own outcome. A unit that fails is refused with its error and the
   * others run again without it (failures are rare: a constraint, a full disk, which then refuses each
   * in turn); a failure of BEGIN or COMMIT (a deferred constraint) refuses the whole batch.
   */
  function commitQueued() {
    let batch = queue;
    queue = [];
    const written: { tables: Set<string> | 'all' } = { tables: new Set() };
    try {
      while (batch.length > 0) {
        const outcome = attempt(batch, written);
        if ('committed' in outcome) {
          batch.forEach((queued, i) => {
            queued.resolve(outcome.committed[i]!);
          });
          return;
        }
        if (!('failedUnit' in outcome)) {
          for (const queued of batch) queued.reject(outcome.error);
          return;
        }
        const failed = outcome.failedUnit;
        batch[failed]!.reject(outcome.error);
        batch = batch.filter((_, i) => i !== failed);
      }
    } finally {
      // Tables written by an attempt that was rolled back are told too: a cache then reads again for nothing.
      tell(written.tables);
    }
  }

  const closed = () => new Error('The database connection is closed');

  function flushQueued() {
    scheduled = false;
    if (!sqlite.open) {
      for (const queued of queue.splice(0)) queued.reject(closed());
      return;
    }
    if (!sqlite.inTransaction) {
      commitQueued();
      return;
    }
    whenFree(commitQueued).catch((error: unknown) => {
      for (const queued of queue.splice(0)) queued.reject(error);
    });
  }

  return {
    tryRun<Row>(compiled: CompiledQuery) {
      if (sqlite.inTransaction || !sqlite.open) return undefined;
      const writes = writtenTables(compiled.query, compiled.sql);
      try {
        return execute<Row>(compiled);
      } finally {
        if (writes) wrote(writes);
      }
    },
    commit(unit) {
      if (!sqlite.open) return Promise.reject(closed());
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ unit, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flushQueued);
        }
      });
    },
    flush() {
      if (queue.length === 0) return;
      if (sqlite.open && !sqlite.inTransaction) commitQueued();
      else for (const queued of queue.splice(0)) queued.reject(closed());
    },
  };
}

const raw = (sql: string): CompiledQuery => ({
  sql,
  parameters: [],
  query: undefined as never,
  queryId: undefined as never,
});
const BEGIN = raw('begin immediate');
const COMMIT = raw('commit');
const ROLLBACK = raw('rollback');
