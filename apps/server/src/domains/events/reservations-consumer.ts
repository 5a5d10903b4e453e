/**
 * The `events-reservations` outbox consumer: a ticket hold's expiry (the hold-expiry sweep's
 * `capacity_hold` `expired` event, or one a sale that found the hold expired recorded) makes its
 * reservation RESERVATION_EXPIRED, with a `reservation` `expired` event, in the transaction that moves
 * the consumer's cursor. An ecom order that paid for tickets gives their order its buyer (the catalog's
 * commit runs before ecom writes the order, so it cannot know them).
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { DurableConsumer } from '../../outbox/dispatcher.ts';
import type { DomainEvent } from '../../outbox/outbox.ts';
import { EVENTS_APP_ID } from './catalog-provider.ts';
import {
  reservationIdOfHold,
  type StoredReservation,
  type StoredTicketOrder,
} from './service/checkout-model.ts';
import type { EventsDeps } from './service/context.ts';
import { closeReservation, statusAt } from './service/reservations.ts';

const TICKETS = 'events:ticket-definition:';

interface HoldPayload {
  hold?: { id?: string; resourceKey?: string };
}

interface EcomOrderPayload {
  entity?: {
    id?: string;
    buyerInfo?: { email?: string };
    billingInfo?: { contactDetails?: { firstName?: string; lastName?: string } };
    lineItems?: Array<{ catalogReference?: { appId?: string; options?: { reservationId?: unknown } } }>;
  };
}

async function expire(deps: EventsDeps, event: DomainEvent, trx: Kysely<Schema>) {
  const hold = (event.payload as HoldPayload).hold;
  if (!hold?.id || !hold.resourceKey?.startsWith(TICKETS)) return;
  const reservations = deps.store.reservations.forSite(event.siteId, trx);
  const reservation = await reservations.get<StoredReservation>(reservationIdOfHold(hold.id));
  if (!reservation || statusAt(reservation, Date.parse(event.occurredDate)) !== 'RESERVATION_EXPIRED') return;
  // Stored PENDING yet past its expiry: this is the event that records it.
  if (reservation.status === 'RESERVATION_PENDING')
    await closeReservation(deps, trx, event.siteId, reservation, 'RESERVATION_EXPIRED');
}

async function nameBuyer(deps: EventsDeps, event: DomainEvent, trx: Kysely<Schema>) {
  const order = (event.payload as EcomOrderPayload).entity;
  const reservationIds = new Set(
    (order?.lineItems ?? [])
      .filter((line) => line.catalogReference?.appId === EVENTS_APP_ID)
      .map((line) => line.catalogReference?.options?.reservationId)
      .filter((id): id is string => typeof id === 'string'),
  );
  if (!order?.id || reservationIds.size === 0) return;
  const orders = deps.store.orders.forSite(event.siteId, trx);
  for (const reservationId of reservationIds) {
    const found = await orders.query({ filter: { reservationId }, paging: { limit: 1 } });
    const ticketOrder = found.items[0] ? (JSON.parse(found.items[0]) as StoredTicketOrder) : undefined;
    if (!ticketOrder || ticketOrder.ecomOrderId !== order.id || ticketOrder.buyer.email) continue;
    const contact = order.billingInfo?.contactDetails;
    await orders.update(ticketOrder.id, {
      buyer: {
        firstName: contact?.firstName ?? '',
        lastName: contact?.lastName ?? '',
        email: order.buyerInfo?.email ?? '',
      },
    });
  }
}

export function reservationsConsumer(deps: EventsDeps): DurableConsumer {
  return {
    name: 'events-reservations',
    async handle(event, trx) {
      if (event.entityKind === 'capacity_hold' && event.event === 'expired') await expire(deps, event, trx);
      else if (event.entityKind === 'order' && event.event === 'created') await nameBuyer(deps, event, trx);
    },
  };
}
