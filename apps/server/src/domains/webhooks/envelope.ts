/**
 * The body of a delivery, modelled on the webhook envelope of the official packages (`EventMetadata`
 * and `DomainEvent`: `entityFqdn`, `slug`, `entityId`, `eventTime`, `entityEventSequence`, the entity in
 * `createdEvent.entity`, `updatedEvent.currentEntity`, `deletedEvent.deletedEntity` or
 * `actionEvent.body`, the acting `identity` with its `WebhookIdentityType` and id). One difference: `data` and the entity are JSON objects, not
 * JSON strings inside JSON, so a receiver parses once.
 */
import { createHash } from 'node:crypto';
import type { DomainEvent } from '../../outbox/outbox.ts';

/** `WebhookIdentityType` of the seed. */
export type WebhookIdentityType = 'UNKNOWN' | 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP';

export interface WebhookEnvelope {
  /** The event's id: the same on every delivery and replay of the event, to every endpoint. */
  id: string;
  /** `<entityFqdn>_<slug>`, e.g. `plaza.v1.order_paid`. */
  eventType: string;
  /** The site. */
  instanceId: string;
  /** Who acted, as the official envelope's `IdentificationData` names them; `UNKNOWN` for background work. */
  identity: WebhookIdentity;
  data: {
    id: string;
    entityFqdn: string;
    slug: string;
    entityId: string;
    eventTime: string;
    /** The entity's revision after the change: apply an entity's events in this order. */
    entityEventSequence?: string;
    revision?: string;
    createdEvent?: { entity: unknown };
    updatedEvent?: { currentEntity: unknown };
    deletedEvent?: { deletedEntity: unknown };
    actionEvent?: { body: unknown };
  };
}

export interface WebhookIdentity {
  identityType: WebhookIdentityType;
  anonymousVisitorId?: string;
  memberId?: string;
  /** The site owner (a dashboard session or an admin API key). */
  wixUserId?: string;
  appId?: string;
}

/** The acting identity of an event: the caller of the call that recorded it (outbox/actor.ts). */
export function identityOf(event: Pick<DomainEvent, 'actor'>): WebhookIdentity {
  const actor = event.actor;
  switch (actor?.type) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: actor.id };
    case 'member':
      return { identityType: 'MEMBER', memberId: actor.id };
    case 'admin':
      return { identityType: 'WIX_USER', wixUserId: actor.id };
    case 'app':
      return { identityType: 'APP', appId: actor.id };
    default:
      return { identityType: 'UNKNOWN' };
  }
}

/** A stable UUID-shaped id for the event `seq` of `siteId`. */
export function eventId(siteId: string, seq: number): string {
  const hex = createHash('sha256').update(`${siteId}:${seq}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The revision an event carries (`{entity: {revision}}`, or `{revision}` when deleted), if any. */
export function revisionOf(event: DomainEvent): number | null {
  const payload = event.payload as { entity?: { revision?: unknown }; revision?: unknown };
  const revision = payload.entity?.revision ?? payload.revision;
  const number = typeof revision === 'string' || typeof revision === 'number' ? Number(revision) : Number.NaN;
  return Number.isSafeInteger(number) ? number : null;
}

export function envelopeOf(event: DomainEvent): WebhookEnvelope {
  const id = eventId(event.siteId, event.seq);
  const entityFqdn = `plaza.v1.${event.entityKind}`;
  const revision = revisionOf(event);
  const payload = event.payload as { entity?: unknown };
  const body =
    event.event === 'created'
      ? { createdEvent: { entity: payload.entity } }
      : event.event === 'updated'
        ? { updatedEvent: { currentEntity: payload.entity } }
        : event.event === 'deleted'
          ? { deletedEvent: { deletedEntity: event.payload } }
          : { actionEvent: { body: event.payload } };
  return {
    id,
    eventType: `${entityFqdn}_${event.event}`,
    instanceId: event.siteId,
    identity: identityOf(event),
    data: {
      id,
      entityFqdn,
      slug: event.event,
      entityId: event.entityId,
      eventTime: event.occurredDate,
      ...(revision === null ? {} : { entityEventSequence: String(revision), revision: String(revision) }),
      ...body,
    },
  };
}

/** Whether an endpoint listening for `filters` (`kind/event`, `*` for any) wants `event`. */
export function wants(filters: readonly string[], event: Pick<DomainEvent, 'entityKind' | 'event'>): boolean {
  return filters.some((filter) => {
    const slash = filter.indexOf('/');
    const kind = filter.slice(0, slash);
    const name = filter.slice(slash + 1);
    return (kind === '*' || kind === event.entityKind) && (name === '*' || name === event.event);
  });
}
