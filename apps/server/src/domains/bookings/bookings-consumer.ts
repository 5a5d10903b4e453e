/**
 * The `bookings` outbox consumer: an ecom order that paid for bookings gives them its buyer's contact
 * details (the catalog's commit runs before ecom writes the order, so it cannot know them), in the
 * transaction that moves the consumer's cursor. A booking that already names a contact keeps it.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { DurableConsumer } from '../../outbox/dispatcher.ts';
import type { DomainEvent } from '../../outbox/outbox.ts';
import type { StoredBooking } from './service/bookings.ts';
import { BOOKINGS_APP_ID, type BookingsDeps, defined } from './service/context.ts';

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

export function bookingsConsumer(deps: BookingsDeps): DurableConsumer {
  return {
    name: 'bookings',
    async handle(event, trx) {
      if (event.entityKind === 'order' && event.event === 'created') await nameContact(deps, event, trx);
    },
  };
}
