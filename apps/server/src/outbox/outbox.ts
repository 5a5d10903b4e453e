import type { Kysely } from 'kysely';
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

/** Call inside the transaction that makes the change, so the event exists exactly when the change does. */
export async function recordDomainEvent(executor: Kysely<Schema>, event: NewDomainEvent): Promise<void> {
  await executor
    .insertInto('outbox')
    .values({
      site_id: event.siteId,
      entity_kind: event.entityKind,
      entity_id: event.entityId,
      event: event.event,
      payload: typeof event.payload === 'string' ? event.payload : JSON.stringify(event.payload),
      occurred_date: event.occurredDate,
      dispatched_date: null,
    })
    .execute();
}
