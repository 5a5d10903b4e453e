/**
 * The outbox keeps each event for a while after it occurred and then drops it: every write adds a row,
 * and without this the table would grow for as long as the site runs. By then in-process listeners
 * have long heard it (the dispatcher runs every second). An event a durable consumer (consumers.ts) has
 * not read yet stays, however old, until every consumer has read it: a consumer that stops for good
 * must be dropped (`dropConsumer`), or the outbox grows behind it.
 *
 * The newest row is always kept: SQLite numbers a plain INTEGER PRIMARY KEY from the highest one present
 * (migration 0007), so an emptied table would hand out numbers already used.
 */
import { sql } from 'kysely';
import type { Database } from '../db/connect.ts';
import type { Jobs } from '../jobs/loop.ts';
import type { Clock } from '../lib/clock.ts';
import { readByAll } from './consumers.ts';

/** Orders two PostgreSQL transaction ids (decimal text of 64-bit numbers). */
const compareTx = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Drops the events that occurred before `before` and that every durable consumer has read, oldest
 * first, `batchSize` rows per statement, and stops at the first one to keep (events are numbered in the
 * order they occurred). Several processes may prune at once: each DELETE re-checks the date and the
 * consumers' position, so a row committed meanwhile is never taken.
 */
export async function pruneOutbox(database: Database, before: string, batchSize = 1000): Promise<number> {
  const postgres = database.engine === 'postgres';
  // Read before the rows: cursors only move forward, so what it says read stays read.
  const readUpTo = await readByAll(database);
  const unread = (row: { seq: number; tx: string }) =>
    readUpTo !== undefined &&
    (postgres ? compareTx(row.tx, readUpTo.tx) || row.seq - readUpTo.seq : row.seq - readUpTo.seq) > 0;
  let dropped = 0;
  for (;;) {
    // One row past the batch says whether the batch's last row is the newest one, which stays.
    const rows = await database.db
      .selectFrom('outbox')
      .select([
        'seq',
        'occurred_date',
        postgres ? sql<string>`tx_id::text`.as('tx') : sql<string>`'0'`.as('tx'),
      ])
      .orderBy('seq')
      .limit(batchSize + 1)
      .execute();
    const candidates = (rows.length > batchSize ? rows.slice(0, batchSize) : rows.slice(0, -1)).map(
      (row) => ({
        seq: Number(row.seq),
        tx: row.tx,
        occurred: row.occurred_date,
      }),
    );
    const kept = candidates.findIndex((row) => row.occurred >= before || unread(row));
    const count = kept === -1 ? candidates.length : kept;
    if (count === 0) return dropped;
    const result = await database.db
      .deleteFrom('outbox')
      .where('seq', '<=', candidates[count - 1]!.seq)
      .where('occurred_date', '<', before)
      .$if(readUpTo !== undefined, (query) =>
        query.where(
          postgres
            ? sql<boolean>`(tx_id, seq) <= (${readUpTo!.tx}::xid8, ${readUpTo!.seq})`
            : sql<boolean>`seq <= ${readUpTo!.seq}`,
        ),
      )
      .executeTakeFirst();
    dropped += Number(result.numDeletedRows);
    if (count < batchSize) return dropped;
  }
}

/**
 * Prunes every `intervalMs` (ten minutes), once per interval across every server process (a periodic
 * job), what is older than `retentionMs` on the platform's clock.
 */
export function scheduleOutboxRetention(
  jobs: Jobs,
  database: Database,
  deps: { clock: Clock; retentionMs: number },
  intervalMs = 10 * 60_000,
): void {
  jobs.every('outbox-retention', intervalMs, async () => {
    await pruneOutbox(database, new Date(deps.clock.nowMs() - deps.retentionMs).toISOString());
  });
}
