import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { directSqliteOf } from './connect.ts';
import type { Schema } from './schema.ts';

interface Template<Row> {
  compiled: CompiledQuery<Row>;
  /** For each parameter of the compiled query: the index of the value it takes, or undefined (a constant). */
  slots: Array<number | undefined>;
}

/**
 * A statement built and compiled by Kysely once per database, then run with new values. Kysely builds
 * and compiles every query anew, and for the small statements of the hot paths (a product by id, a
 * cart by owner, the outbox insert) that costs ~20–40 µs each: as much as SQLite takes to run them.
 * The engine sees the same SQL text each time (SQLite reuses its prepared statement, see connect.ts).
 *
 * `build(db, ...placeholders)` gets `arity` placeholders (put each where its value goes, typed as a
 * string whatever the column) and returns the query; `bind(executor, ...values)` puts the values in
 * their places and `run(executor, ...values)` runs it: on SQLite outside a transaction straight on the
 * connection (sqlite-direct.ts). Templates are kept per dialect adapter: a database and its
 * transactions share one.
 */
export function prepared<Row>(
  arity: number,
  build: (db: Kysely<Schema>, ...placeholders: string[]) => Compilable<Row>,
) {
  const templates = new WeakMap<object, Template<Row>>();

  function compile(executor: Kysely<Schema>): Template<Row> {
    const marks = Array.from({ length: arity }, (_, i) => `\u0000plaza-prepared-${i}\u0000`);
    const compiled = build(executor, ...marks).compile();
    const slots = compiled.parameters.map((value) => {
      const index = marks.indexOf(value as string);
      return index >= 0 ? index : undefined;
    });
    for (let i = 0; i < arity; i++) {
      if (!slots.includes(i)) throw new Error(`prepared: placeholder ${i} is not used by the query`);
    }
    return { compiled, slots };
  }

  function bind(executor: Kysely<Schema>, ...values: unknown[]): CompiledQuery<Row> {
    if (values.length !== arity) throw new Error(`prepared: expected ${arity} values, got ${values.length}`);
    const adapter = executor.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compile(executor);
      templates.set(adapter, template);
    }
    const { compiled, slots } = template;
    const parameters = compiled.parameters.map((constant, i) => {
      const slot = slots[i];
      return slot === undefined ? constant : values[slot];
    });
    return { ...compiled, parameters };
  }

  return {
    bind,
    async run(executor: Kysely<Schema>, ...values: unknown[]): Promise<QueryResult<Row>> {
      const compiled = bind(executor, ...values);
      return directSqliteOf(executor)?.tryRun<Row>(compiled) ?? executor.executeQuery<Row>(compiled);
    },
  };
}
