import type { Kysely } from 'kysely';
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
  payload: Record<string, unknown> | string;
  occurredDate: string;
}

// Every write runs this insert: built and compiled once (db/prepared.ts).
const insertEvent = prepared(6, (db, siteId, entityKind, entityId, event, payload, occurredDate) =>
  db.insertInto('outbox').values({
    site_id: siteId,
    entity_kind: entityKind,
    entity_id: entityId,
    event: event as DomainEventName,
    payload,
    occurred_date: occurredDate,
    dispatched_date: null,
  }),
);

/** Call inside the transaction that makes the change, so the event exists exactly when the change does. */
export async function recordDomainEvent(executor: Kysely<Schema>, event: NewDomainEvent): Promise<void> {
  await executor.executeQuery(domainEventInsert(executor, event));
}

/** The INSERT that records `event`, for a unit of statements committed together (db/sqlite-direct.ts). */
export function domainEventInsert(executor: Kysely<Schema>, event: NewDomainEvent) {
  return insertEvent.bind(
    executor,
    event.siteId,
    event.entityKind,
    event.entityId,
    event.event,
    typeof event.payload === 'string' ? event.payload : JSON.stringify(event.payload),
    event.occurredDate,
  );
}
