/**
 * Durable consumers: each has a row in `outbox_consumers` with the position it has read up to, and reads
 * the events after it at least once. A batch is read, handled and the cursor moved past it in one
 * transaction, which the handler gets: what the consumer writes of its own (webhook deliveries) commits
 * exactly when the cursor moves. A handler that throws rolls all of it back, and the batch is read again
 * on the next pass. Effects outside the database (a call out) can happen twice; do them from the rows
 * written here, leased and retried on their own.
 *
 * One process at a time moves a consumer: the batch's transaction locks the consumer's row first, on
 * PostgreSQL with SKIP LOCKED (another process finds it taken and moves on), on SQLite by beginning
 * IMMEDIATE (one writer at a time; another process waits for it). The lock ends with the transaction or
 * its connection, so a process that dies holds nothing: no lease to run out.
 *
 * Events stay in the outbox until every consumer with a row has read them (outbox/retention.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { DomainEvent } from './outbox.ts';
import { headPosition, type Position, readAfter, START } from './reader.ts';

export interface DurableConsumer {
  /** Names its cursor: keep it across releases, or it starts over. */
  readonly name: string;
  /**
   * Where a consumer seen for the first time starts: at the oldest event kept (the default) or after the
   * newest one.
   */
  readonly startAt?: 'oldest' | 'newest';
  /**
   * Called for each event after the cursor, oldest first, inside the transaction `trx` that moves the
   * cursor past it; write through `trx`. Every event comes: a consumer skips those it has no use for. An
   * event may come again after a failure (its batch rolled back), never after a committed batch.
   */
  handle(event: DomainEvent, trx: Kysely<Schema>): Promise<void>;
  /**
   * Instead of `handle` once per event, when present: the whole batch at once, oldest first, so that a
   * consumer writes what it makes of many events in a few statements rather than a round trip each.
   */
  handleBatch?(events: readonly DomainEvent[], trx: Kysely<Schema>): Promise<void>;
}

/** Gives `consumer` its row, unless it has one; the first time at the position `startAt` says. */
export async function registerConsumer(
  database: Database,
  consumer: Pick<DurableConsumer, 'name' | 'startAt'>,
  now: string,
): Promise<void> {
  const from = consumer.startAt === 'newest' ? await headPosition(database.db, database.engine) : START;
  await database.db
    .insertInto('outbox_consumers')
    .values({
      name: consumer.name,
      last_tx: from.tx,
      last_seq: from.seq,
      created_date: now,
      updated_date: now,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Forgets a consumer that is gone for good: the outbox stops keeping events for it. */
export async function dropConsumer(database: Database, name: string): Promise<void> {
  await database.db.deleteFrom('outbox_consumers').where('name', '=', name).execute();
}

/** What one batch came to: events handled and committed, or why none were. */
export type BatchOutcome = { handled: number } | { busy: true } | { failed: unknown };

/**
 * Reads, handles and commits one batch of up to `batchSize` events for `consumer`. Busy when another
 * process holds the consumer (PostgreSQL) or it has no row.
 */
export async function consumeBatch(
  database: Database,
  consumer: DurableConsumer,
  deps: { clock: Clock; batchSize: number },
): Promise<BatchOutcome> {
  const lock = database.engine === 'postgres' ? sql`for update skip locked` : sql``;
  try {
    // Most passes find nothing new: a read says so without taking the consumer's lock (on SQLite the
    // write lock of the whole file, which every process and every other consumer then waits for).
    if (!(await hasUnread(database, consumer.name))) return { handled: 0 };
    return await database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ last_tx: string; last_seq: number | string }>`
        select last_tx, last_seq from outbox_consumers where name = ${consumer.name} ${lock}`.execute(trx);
      const cursor = rows[0];
      if (!cursor) return { busy: true } as const;
      const from: Position = { tx: cursor.last_tx, seq: Number(cursor.last_seq) };
      const events = await readAfter(trx, database.engine, from, deps.batchSize);
      if (events.length === 0) return { handled: 0 };
      const plain = events.map(({ position: _position, ...event }) => event);
      if (consumer.handleBatch) await consumer.handleBatch(plain, trx);
      else for (const event of plain) await consumer.handle(event, trx);
      const last = events.at(-1)!.position;
      await trx
        .updateTable('outbox_consumers')
        .set({ last_tx: last.tx, last_seq: last.seq, updated_date: deps.clock.now().toISOString() })
        .where('name', '=', consumer.name)
        .execute();
      return { handled: events.length };
    });
  } catch (error) {
    return { failed: error };
  }
}

/** Whether an event comes after `name`'s cursor (false too when it has no row). */
async function hasUnread(database: Database, name: string): Promise<boolean> {
  const { rows } = await sql<{ last_tx: string; last_seq: number | string }>`
    select last_tx, last_seq from outbox_consumers where name = ${name}`.execute(database.db);
  const cursor = rows[0];
  if (!cursor) return false;
  const next = await readAfter(
    database.db,
    database.engine,
    { tx: cursor.last_tx, seq: Number(cursor.last_seq) },
    1,
  );
  return next.length > 0;
}

/**
 * The position every consumer has read up to, the slowest one's; undefined when there is no consumer.
 * Cursors only move forward: a position read here stays read by all.
 */
export async function readByAll(database: Database): Promise<Position | undefined> {
  const order = database.engine === 'postgres' ? sql`last_tx::xid8, last_seq` : sql`last_seq`;
  const { rows } = await sql<{ last_tx: string; last_seq: number | string }>`
    select last_tx, last_seq from outbox_consumers order by ${order} limit 1`.execute(database.db);
  const slowest = rows[0];
  return slowest && { tx: slowest.last_tx, seq: Number(slowest.last_seq) };
}

export interface ConsumerLag {
  name: string;
  /** Age of the oldest event the consumer has not read yet, on `now`'s clock; 0 when it is caught up. */
  seconds: number;
}

/** How far behind each durable consumer is (for the metrics). */
export async function consumerLag(database: Database, now: Date): Promise<ConsumerLag[]> {
  const cursors = await database.db
    .selectFrom('outbox_consumers')
    .select(['name', 'last_tx', 'last_seq'])
    .execute();
  return Promise.all(
    cursors.map(async (cursor) => {
      const [next] = await readAfter(
        database.db,
        database.engine,
        { tx: cursor.last_tx, seq: Number(cursor.last_seq) },
        1,
      );
      const seconds = next ? Math.max(0, (now.getTime() - Date.parse(next.occurredDate)) / 1000) : 0;
      return { name: cursor.name, seconds };
    }),
  );
}
