import { type Kysely, type RawBuilder, sql } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Schema } from '../db/schema.ts';

export type DomainEventName = 'created' | 'updated' | 'deleted';

/** A change to an entity, written in the same transaction as the change itself. */
export interface DomainEvent {
  readonly seq: number;
  readonly siteId: string;
  readonly entityKind: string;
  readonly entityId: string;
  readonly event: DomainEventName;
  /** `{entity}` for created and updated, `{id}` for deleted. */
  readonly payload: Record<string, unknown>;
  readonly occurredDate: string;
}

export interface NewDomainEvent {
  siteId: string;
  entityKind: string;
  entityId: string;
  event: DomainEventName;
  /** Created and updated documents record their events with `entityEventInsert` instead. */
  payload: Record<string, unknown>;
  occurredDate: string;
}

/**
 * An event's INSERT, built and compiled once (db/prepared.ts): every write runs one. `payload` makes the
 * column's value from the value given for it.
 */
const outboxInsert = (payload: (given: string) => string | RawBuilder<string>) =>
  prepared(6, (db, siteId, entityKind, entityId, event, given, occurredDate) =>
    db.insertInto('outbox').values({
      site_id: siteId,
      entity_kind: entityKind,
      entity_id: entityId,
      event: event as DomainEventName,
      payload: payload(given),
      occurred_date: occurredDate,
      dispatched_date: null,
    }),
  );

const insertEvent = outboxInsert((payload) => payload);

// The events of a created or updated document carry it as stored: the database writes `{"entity":…}`
// around the JSON it is given, so that the document's text is not copied into a second string first.
const insertEntityEvent = outboxInsert(
  (entityJson) => sql<string>`${sql.lit('{"entity":')} || ${entityJson} || ${sql.lit('}')}`,
);

/** An event whose payload is `{entity}`, the entity given as its stored JSON. */
export interface NewEntityEvent extends Omit<NewDomainEvent, 'payload' | 'event'> {
  event: 'created' | 'updated';
  entityJson: string;
}

/**
 * The INSERT that records `event` (see `insertEntityEvent`): to run in the transaction of the change,
 * or in its unit of statements committed together (db/sqlite-direct.ts).
 */
export function entityEventInsert(executor: Kysely<Schema>, event: NewEntityEvent) {
  return insertEntityEvent.bind(
    executor,
    event.siteId,
    event.entityKind,
    event.entityId,
    event.event,
    event.entityJson,
    event.occurredDate,
  );
}

/** Call inside the transaction that makes the change, so the event exists exactly when the change does. */
export async function recordDomainEvent(executor: Kysely<Schema>, event: NewDomainEvent): Promise<void> {
  await executor.executeQuery(
    insertEvent.bind(
      executor,
      event.siteId,
      event.entityKind,
      event.entityId,
      event.event,
      JSON.stringify(event.payload),
      event.occurredDate,
    ),
  );
}
