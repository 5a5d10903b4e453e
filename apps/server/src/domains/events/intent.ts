/**
 * The `eventsCheckout {eventSlug, reservationId}` redirect intent: the hosted checkout page on a
 * checkout of that reservation's tickets, for the buyer who made the reservation.
 */
import type { Caller } from '../../http/access.ts';
import { invalidField } from '../../lib/errors.ts';
import { type EcomDeps, linesCheckoutIntent, ownerKeyOf } from '../ecom/index.ts';
import type { RedirectIntent } from '../redirects/index.ts';
import { EVENTS_APP_ID } from './catalog-provider.ts';
import { eventsErrors } from './errors.ts';
import type { StoredReservation, StoredTicketOrder } from './service/checkout-model.ts';
import type { EventsDeps, StoredEvent } from './service/context.ts';
import { statusAt } from './service/reservations.ts';

function field(given: Record<string, unknown>, name: string): string {
  const value = given[name];
  if (typeof value !== 'string' || value === '')
    throw invalidField(`eventsCheckout.${name}`, 'is required', 'REQUIRED_FIELD');
  if (value.length > 200)
    throw invalidField(`eventsCheckout.${name}`, 'must be at most 200 characters', 'MAX_LENGTH');
  return value;
}

/**
 * The session keeps the reservation's id beside its checkout's: the hosted ticket page reads the event
 * and the time left on the reservation by it (hosted.ts).
 */
export function eventsCheckoutIntent(ecom: EcomDeps, deps: EventsDeps): RedirectIntent {
  const lines = ticketLines(ecom, deps);
  return {
    page: lines.page,
    async check(caller, value) {
      const kept = await lines.check(caller, value);
      return { ...kept, reservationId: (value as { reservationId: string }).reservationId };
    },
  };
}

function ticketLines(ecom: EcomDeps, deps: EventsDeps): RedirectIntent {
  return linesCheckoutIntent(ecom, async (caller: Caller, value) => {
    const given = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const eventSlug = field(given, 'eventSlug');
    const reservationId = field(given, 'reservationId');
    const reservation = await deps.store.reservations
      .forSite(caller.siteId)
      .get<StoredReservation>(reservationId);
    // Only its buyer pays for a reservation: even an owner's key opens no one else's.
    if (!reservation || reservation.ownerKey !== ownerKeyOf(caller))
      throw eventsErrors.reservationNotFound(reservationId);
    const event = await deps.store.events.forSite(caller.siteId).get<StoredEvent>(reservation.eventId);
    if (!event || event.slug !== eventSlug)
      throw invalidField('eventsCheckout.eventSlug', 'is not the slug of the reservation’s event');
    const status = statusAt(reservation, deps.clock.nowMs());
    if (status !== 'RESERVATION_PENDING') throw eventsErrors.reservationClosed(reservationId, status);
    const found = await deps.store.orders
      .forSite(caller.siteId)
      .query({ filter: { reservationId }, paging: { limit: 1 } });
    const waiting = found.items[0] ? (JSON.parse(found.items[0]) as StoredTicketOrder) : undefined;
    return {
      lines: reservation.lines.map((line) => ({
        catalogReference: {
          appId: EVENTS_APP_ID,
          catalogItemId: line.ticketDefinitionId,
          options: { reservationId },
        },
        quantity: line.quantity,
      })),
      ...(waiting?.buyer.email ? { email: waiting.buyer.email } : {}),
    };
  });
}
