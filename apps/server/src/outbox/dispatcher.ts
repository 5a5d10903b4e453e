import { sql } from 'kysely';
import type { Database } from '../db/connect.ts';
import type { Clock } from '../lib/clock.ts';
import type { DomainEvent, DomainEventName } from './outbox.ts';

export type Subscriber = (event: DomainEvent) => void | Promise<void>;

export interface OutboxDispatcher {
  /** Registers a handler for one entity kind (or `*`) and one event (or `*`); returns an unsubscribe function. */
  subscribe(entityKind: string, event: DomainEventName | '*', handler: Subscriber): () => void;
  /** Delivers every pending event to the subscribers, oldest first; returns how many were delivered. */
  dispatchPending(): Promise<number>;
  /** Asks for a dispatch soon; calls made while one is running coalesce into one more pass. */
  nudge(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** Where the outbox's background work reports a failure (the platform's error log). */
export interface Logger {
  error(details: object, message: string): void;
}

/**
 * Reads the outbox and hands events to in-process subscribers. Rows are claimed in a short
 * transaction (SKIP LOCKED on PostgreSQL, so several server processes share the work) and handled
 * after it commits: in-process delivery is at most once. Durable consumers (webhook delivery) record
 * their own attempts from here.
 */
export function createOutboxDispatcher(
  database: Database,
  deps: { clock: Clock; log: Logger; batchSize?: number },
): OutboxDispatcher {
  const subscribers: Array<{ entityKind: string; event: string; handler: Subscriber }> = [];
  const batchSize = deps.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function claimBatch(): Promise<DomainEvent[]> {
    const now = deps.clock.now().toISOString();
    const lock = database.engine === 'postgres' ? sql`for update skip locked` : sql``;
    const rows = await database.db
      .updateTable('outbox')
      .set({ dispatched_date: now })
      .where(
        'seq',
        'in',
        sql<number>`(select seq from outbox where dispatched_date is null order by seq limit ${batchSize} ${lock})`,
      )
      .returningAll()
      .execute();
    return rows
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .map((row) => ({
        seq: Number(row.seq),
        siteId: row.site_id,
        entityKind: row.entity_kind,
        entityId: row.entity_id,
        event: row.event,
        payload: JSON.parse(row.payload) as Record<string, unknown>,
        occurredDate: row.occurred_date,
      }));
  }

  async function deliver(event: DomainEvent): Promise<void> {
    for (const subscriber of subscribers) {
      if (subscriber.entityKind !== '*' && subscriber.entityKind !== event.entityKind) continue;
      if (subscriber.event !== '*' && subscriber.event !== event.event) continue;
      try {
        await subscriber.handler(event);
      } catch (error) {
        deps.log.error(
          { err: error, seq: event.seq, entityKind: event.entityKind },
          'outbox subscriber failed',
        );
      }
    }
  }

  async function drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claimBatch();
      for (const event of batch) await deliver(event);
      delivered += batch.length;
      if (batch.length < batchSize) return delivered;
    }
  }

  const dispatcher: OutboxDispatcher = {
    subscribe(entityKind, event, handler) {
      const entry = { entityKind, event, handler };
      subscribers.push(entry);
      return () => {
        const index = subscribers.indexOf(entry);
        if (index >= 0) subscribers.splice(index, 1);
      };
    },
    async dispatchPending() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        do {
          again = false;
          total += await drain();
        } while (again);
        return total;
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    nudge() {
      if (subscribers.length === 0) return;
      setImmediate(() => {
        dispatcher
          .dispatchPending()
          .catch((error) => deps.log.error({ err: error }, 'outbox dispatch failed'));
      });
    },
    start(intervalMs = 1000) {
      timer ??= setInterval(() => dispatcher.nudge(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return dispatcher;
}
