/**
 * Reading the outbox in commit order, after a position, on both engines.
 *
 * SQLite commits one writer at a time, so an event numbered higher committed later: the position is the
 * event's `seq`.
 *
 * PostgreSQL numbers rows as they are inserted (`bigserial`) and commits transactions in any order: a row
 * can become visible after one numbered above it has been read, and a cursor over `seq` would step past it
 * for good. So each row records its transaction (`tx_id`, migration 0016) and readers go by `(tx_id, seq)`,
 * reading only rows of transactions older than the oldest one still running
 * (`pg_snapshot_xmin(pg_current_snapshot())`): every such transaction has ended, so no row can appear below
 * that line later, and everything read so far lies below it. What a running transaction writes is read once
 * it, and every transaction begun before it, has ended; a transaction left open holds readers back (not
 * writers) until it ends.
 */
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import type { DomainEvent, DomainEventName } from './outbox.ts';

/** Where a reader has read up to: the last event's transaction (`'0'` on SQLite) and number. */
export interface Position {
  readonly tx: string;
  readonly seq: number;
}

export const START: Position = { tx: '0', seq: 0 };

export interface ReadEvent extends DomainEvent {
  readonly position: Position;
}

interface Row {
  seq: number | string;
  tx: string | number;
  site_id: string;
  entity_kind: string;
  entity_id: string;
  event: string;
  payload: string;
  occurred_date: string;
  actor_type: string | null;
  actor_id: string | null;
}

const columns = sql`seq, site_id, entity_kind, entity_id, event, payload, occurred_date, actor_type, actor_id`;

// Only rows every reader can see for good (see above).
const settled = sql`tx_id < pg_snapshot_xmin(pg_current_snapshot())`;

/** Up to `limit` events after `after`, in commit order. */
export async function readAfter(
  executor: Kysely<Schema>,
  engine: Engine,
  after: Position,
  limit: number,
): Promise<ReadEvent[]> {
  const query =
    engine === 'postgres'
      ? sql<Row>`select tx_id::text as tx, ${columns} from outbox
          where (tx_id, seq) > (${after.tx}::xid8, ${after.seq}) and ${settled}
          order by tx_id, seq limit ${limit}`
      : sql<Row>`select '0' as tx, ${columns} from outbox where seq > ${after.seq} order by seq limit ${limit}`;
  const { rows } = await query.execute(executor);
  return rows.map((row) => ({
    position: { tx: String(row.tx), seq: Number(row.seq) },
    seq: Number(row.seq),
    siteId: row.site_id,
    entityKind: row.entity_kind,
    entityId: row.entity_id,
    event: row.event as DomainEventName,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    occurredDate: row.occurred_date,
    ...(row.actor_type && row.actor_id
      ? { actor: { type: row.actor_type as Actor['type'], id: row.actor_id } }
      : {}),
  }));
}

/** The position of the last event a reader can read now: a reader starting there reads what comes next. */
export async function headPosition(executor: Kysely<Schema>, engine: Engine): Promise<Position> {
  const query =
    engine === 'postgres'
      ? sql<{ tx: string; seq: number | string }>`select tx_id::text as tx, seq from outbox
          where ${settled} order by tx_id desc, seq desc limit 1`
      : sql<{
          tx: string;
          seq: number | string;
        }>`select '0' as tx, seq from outbox order by seq desc limit 1`;
  const row = (await query.execute(executor)).rows[0];
  return row ? { tx: String(row.tx), seq: Number(row.seq) } : START;
}
