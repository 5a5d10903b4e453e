import { type Kysely, type RawBuilder, sql } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Schema } from '../db/schema.ts';
import { type Actor, currentActor } from './actor.ts';

/**
 * What happened to an entity. Every document write records `created`, `updated` or `deleted`; a domain
 * records a name of its own (`recordEntityEvent`) beside them, in the same transaction, when a change
 * means more than "updated" to whoever listens: an order `paid`, a reservation `expired`, a booking
 * `confirmed`. Add a name here when a domain starts to record it.
 */
export type DomainEventName =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'paid'
  | 'canceled'
  | 'expired'
  | 'confirmed'
  | 'approved'
  | 'declined'
  | 'renewed';

/**
 * A change to an entity, written in the same transaction as the change itself.
 *
 * Order: events are read in the order their transactions became visible (outbox/reader.ts), which is
 * not the order in which two transactions changed one entity (a transaction numbered earlier can
 * write the entity later). A receiver orders one entity's events by its `revision`, which every
 * document event carries, and ignores one older than what it has already applied.
 */
export interface DomainEvent {
  readonly seq: number;
  readonly siteId: string;
  readonly entityKind: string;
  readonly entityId: string;
  readonly event: DomainEventName;
  /**
   * `{entity}` for created, updated and named events: the entity as stored after the change, with its
   * `revision` (a kind's `eventView` may leave its server-only part out). A kind with `slimUpdatedEvents`
   * (carts, changed on every cart call) has its updates carry `{entity: {id, revision}}` only: a
   * receiver that wants the rest reads the entity, and compares revisions. `{id, revision}` for
   * deleted: the revision the entity had when it was deleted. Events of what is not a document
   * (a product's variants) carry their own payload.
   */
  readonly payload: Record<string, unknown>;
  readonly occurredDate: string;
  /** The caller of the call that recorded the event; absent for background work (jobs, expiries). */
  readonly actor?: Actor | undefined;
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
 * column's value from the value given for it. On PostgreSQL the row's `tx_id` is filled by its default
 * (migration 0016), which readers need to see events in commit order.
 */
const outboxInsert = (payload: (given: string) => string | RawBuilder<string>) =>
  prepared(8, (db, siteId, entityKind, entityId, event, given, occurredDate, actorType, actorId) =>
    db.insertInto('outbox').values({
      site_id: siteId,
      entity_kind: entityKind,
      entity_id: entityId,
      event,
      payload: payload(given),
      occurred_date: occurredDate,
      actor_type: actorType,
      actor_id: actorId,
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
    ...actorValues(),
  );
}

/** The actor columns of an event recorded now (outbox/actor.ts). */
function actorValues(): [string | null, string | null] {
  const actor = currentActor();
  return actor ? [actor.type, actor.id] : [null, null];
}

/** The `entity` of an event that names the entity without carrying it (`slimUpdatedEvents`). */
export const entityReferenceJson = (id: string, revision: number | string): string =>
  JSON.stringify({ id, revision: String(revision) });

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
      ...actorValues(),
    ),
  );
}

/**
 * Records a named event (`paid`, `expired`…) about `entity` as the change left it, in the transaction
 * of the change (`executor`), beside the document store's own created or updated event. `entity` as its
 * answers show it: a kind's `eventView` is not applied here.
 */
export function recordEntityEvent(
  executor: Kysely<Schema>,
  siteId: string,
  entityKind: string,
  event: DomainEventName,
  entity: { id: string; revision: string; updatedDate: string },
): Promise<void> {
  return recordDomainEvent(executor, {
    siteId,
    entityKind,
    entityId: entity.id,
    event,
    payload: { entity },
    occurredDate: entity.updatedDate,
  });
}
