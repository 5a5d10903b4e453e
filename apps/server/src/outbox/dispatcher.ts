import type { Database } from '../db/connect.ts';
import type { Clock } from '../lib/clock.ts';
import { consumeBatch, type DurableConsumer, registerConsumer } from './consumers.ts';
import type { DomainEvent, DomainEventName } from './outbox.ts';
import { headPosition, type Position, readAfter } from './reader.ts';

export type { DurableConsumer } from './consumers.ts';

export type Subscriber = (event: DomainEvent) => void | Promise<void>;

export interface OutboxDispatcher {
  /**
   * Registers an in-process listener for one entity kind (or `*`) and one event (or `*`); returns an
   * unsubscribe function. Not durable (see createOutboxDispatcher).
   */
  subscribe(entityKind: string, event: DomainEventName | '*', handler: Subscriber): () => void;
  /**
   * Registers a durable consumer (consumers.ts) and gives it its cursor row when it has none; from then
   * on the outbox keeps every event until it has read it.
   */
  addConsumer(consumer: DurableConsumer): Promise<void>;
  /**
   * Hands every event there is now to the durable consumers and the listeners, oldest first; how many
   * events were read (a consumer's batch that failed or that another process holds is not counted).
   */
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
 * Reads the outbox for two kinds of reader.
 *
 * Durable consumers (`addConsumer`) each keep a cursor in the database and get every event at least once,
 * in the transaction that moves their cursor (consumers.ts); any number of processes may run them, one
 * of them moves a given consumer at a time.
 *
 * In-process listeners (`subscribe`) hear every event committed while this process runs, at most once:
 * the process follows the outbox from where it stood when the dispatcher was first used (`subscribe` or
 * `dispatchPending`), with its position in memory, and hands each event to the matching listeners after
 * reading it; while there are none, it keeps to the newest event without reading any. Every process
 * hears every event (a cache in each can be told), none hears what happened while it was down, and a
 * listener that fails is logged, not called again. Use a durable consumer for what must not be missed.
 */
export function createOutboxDispatcher(
  database: Database,
  deps: { clock: Clock; log: Logger; batchSize?: number },
): OutboxDispatcher {
  const subscribers: Array<{ entityKind: string; event: string; handler: Subscriber }> = [];
  const consumers: DurableConsumer[] = [];
  // Consumers that take a batch at once (webhooks) write its deliveries in a few statements.
  const batchSize = deps.batchSize ?? 500;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  // Where in-process listeners have heard up to; set when the dispatcher is first used.
  let heard: Promise<Position> | undefined;

  const skipToNewest = () => {
    const newest = headPosition(database.db, database.engine);
    heard = newest.catch((error: unknown) => {
      heard = undefined;
      throw error;
    });
    return heard;
  };
  const follow = () => heard ?? skipToNewest();

  async function tell(event: DomainEvent): Promise<void> {
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

  async function drainListeners(): Promise<number> {
    if (subscribers.length === 0) {
      // Nobody to tell: rather than read what no one hears, stand at the newest event for whoever comes.
      await skipToNewest();
      return 0;
    }
    let from = await follow();
    let read = 0;
    for (;;) {
      const batch = await readAfter(database.db, database.engine, from, batchSize);
      if (batch.length === 0) return read;
      from = batch.at(-1)!.position;
      heard = Promise.resolve(from);
      for (const { position: _position, ...event } of batch) await tell(event);
      read += batch.length;
      if (batch.length < batchSize) return read;
    }
  }

  async function drainConsumer(consumer: DurableConsumer): Promise<number> {
    let read = 0;
    for (;;) {
      const outcome = await consumeBatch(database, consumer, { clock: deps.clock, batchSize });
      if ('failed' in outcome) {
        // The batch is read again on the next pass; until it goes through, the consumer waits on it.
        deps.log.error({ err: outcome.failed, consumer: consumer.name }, 'outbox consumer failed');
        return read;
      }
      if ('busy' in outcome) return read;
      read += outcome.handled;
      if (outcome.handled < batchSize) return read;
    }
  }

  async function pass(): Promise<number> {
    let read = 0;
    for (const consumer of [...consumers]) read += await drainConsumer(consumer);
    return read + (await drainListeners());
  }

  const dispatcher: OutboxDispatcher = {
    subscribe(entityKind, event, handler) {
      follow().catch((error: unknown) => deps.log.error({ err: error }, 'outbox dispatch failed'));
      const entry = { entityKind, event, handler };
      subscribers.push(entry);
      return () => {
        const index = subscribers.indexOf(entry);
        if (index >= 0) subscribers.splice(index, 1);
      };
    },
    async addConsumer(consumer) {
      if (consumers.some((known) => known.name === consumer.name))
        throw new Error(`Outbox consumer ${consumer.name} is registered twice`);
      await registerConsumer(database, consumer, deps.clock.now().toISOString());
      consumers.push(consumer);
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
          total += await pass();
        } while (again);
        return total;
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    nudge() {
      if (subscribers.length === 0 && consumers.length === 0) return;
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
      await running?.catch(() => undefined);
    },
  };
  return dispatcher;
}
