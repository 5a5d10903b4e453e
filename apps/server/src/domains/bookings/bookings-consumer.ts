/**
 * The `bookings` outbox consumer, in the transaction that moves its cursor:
 * - an ecom order that paid for bookings gives them its buyer's contact details (the catalog's commit
 *   runs before ecom writes the order, so it cannot know them); a booking that already names a contact
 *   keeps it;
 * - a slot's hold freed past its expiry (the hold-expiry sweep's `capacity_hold` `expired` event, or
 *   one a booking that found it expired recorded, booking-slots.ts) cancels its booking when that was
 *   still CREATED: the checkout was never paid, the slot is free again, and the booking is no longer
 *   among the customer's or the owner's live ones.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { DurableConsumer } from '../../outbox/dispatcher.ts';
import type { DomainEvent } from '../../outbox/outbox.ts';
import type { StoredBooking } from './service/bookings.ts';
import { BOOKINGS_APP_ID, type BookingsDeps, defined } from './service/context.ts';
import { SLOT_RESOURCES } from './store.ts';

interface EcomOrderPayload {
  entity?: {
    buyerInfo?: { email?: string };
    billingInfo?: { contactDetails?: { firstName?: string; lastName?: string; phone?: string } };
    lineItems?: Array<{ catalogReference?: { appId?: string; catalogItemId?: string } }>;
  };
}

async function nameContact(deps: BookingsDeps, event: DomainEvent, trx: Kysely<Schema>) {
  const order = (event.payload as EcomOrderPayload).entity;
  const ids = (order?.lineItems ?? [])
    .filter((line) => line.catalogReference?.appId === BOOKINGS_APP_ID)
    .map((line) => line.catalogReference?.catalogItemId)
    .filter((id): id is string => typeof id === 'string');
  if (!order || ids.length === 0) return;
  const contact = order.billingInfo?.contactDetails;
  const contactDetails = defined({
    firstName: contact?.firstName || undefined,
    lastName: contact?.lastName || undefined,
    email: order.buyerInfo?.email || undefined,
    phone: contact?.phone || undefined,
  });
  if (Object.keys(contactDetails).length === 0) return;
  const bookings = deps.store.bookings.forSite(event.siteId, trx);
  for (const id of ids) {
    const booking = await bookings.get<StoredBooking>(id);
    if (!booking || booking.contactDetails) continue;
    await bookings.update(id, { contactDetails }, { expectedRevision: booking.revision });
  }
}

interface HoldPayload {
  hold?: { id?: string; resourceKey?: string };
}

async function lapse(deps: BookingsDeps, event: DomainEvent, trx: Kysely<Schema>) {
  const hold = (event.payload as HoldPayload).hold;
  if (!hold?.id || !hold.resourceKey?.startsWith(SLOT_RESOURCES)) return;
  // A booking's first hold has its id; a rescheduled one `<id>:<revision>` (confirmed at once).
  const bookings = deps.store.bookings.forSite(event.siteId, trx);
  const booking = await bookings.get<StoredBooking>(hold.id.split(':')[0]!);
  if (!booking || booking.holdId !== hold.id || booking.status !== 'CREATED') return;
  await bookings.update(booking.id, { status: 'CANCELED' }, { expectedRevision: booking.revision });
}

export function bookingsConsumer(deps: BookingsDeps): DurableConsumer {
  return {
    name: 'bookings',
    async handle(event, trx) {
      if (event.entityKind === 'order' && event.event === 'created') await nameContact(deps, event, trx);
      else if (event.entityKind === 'capacity_hold' && event.event === 'expired')
        await lapse(deps, event, trx);
    },
  };
}
