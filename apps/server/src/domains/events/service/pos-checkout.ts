/** Point-of-sale checkout (owners): a reservation sold at the door, PAID (or FREE), channel OFFLINE_POS. */
import type { Caller } from '../../../http/access.ts';
import { eventsErrors } from '../errors.ts';
import { invoiceOf, type StoredReservation } from './checkout-model.ts';
import type { Raw } from './context.ts';
import { orderLinks } from './order-links.ts';
import {
  type CheckoutDeps,
  definitionsOf,
  eventFor,
  reservationFor,
  reservationView,
  statusAt,
} from './reservations.ts';
import { confirmHolds, orderView, placeOrder, taxOf } from './ticket-orders.ts';

export async function posCheckout(deps: CheckoutDeps, caller: Caller, input: Raw) {
  const { siteId } = caller;
  const now = deps.clock.now();
  const event = await eventFor(deps, caller, input.eventId);
  const definitions = new Map((await definitionsOf(deps, siteId, event.id)).map((d) => [d.id, d]));
  const read = await reservationFor(deps, caller, input.reservationId, event.id);
  const { grandMinor } = invoiceOf(read.lines, read.currency, { tax: taxOf(event) });
  const placed = await deps.store.transaction(async (trx) => {
    const reservation = await deps.store.reservations
      .forSite(siteId, trx)
      .update<StoredReservation>(read.id, {}, { expectedRevision: read.revision });
    const current = statusAt(reservation, now.getTime());
    if (current !== 'RESERVATION_PENDING') throw eventsErrors.reservationClosed(reservation.id, current);
    if (!(await confirmHolds(trx, siteId, reservation, now)))
      throw eventsErrors.reservationClosed(reservation.id, 'RESERVATION_EXPIRED');
    const order = await placeOrder(deps, trx, siteId, reservation, definitions, {
      status: grandMinor === 0 ? 'FREE' : 'PAID',
      channel: 'OFFLINE_POS',
      ownerKey: read.ownerKey,
      method: 'pos',
      paymentId: input.paymentDetailsId ?? undefined,
    });
    return { order, reservation };
  });
  const view = await reservationView(deps, siteId, placed.reservation, event);
  return {
    order: orderView(
      placed.order,
      placed.reservation,
      taxOf(event),
      orderLinks(deps.publicUrl, siteId, placed.order),
    ),
    reservations: view.reservations,
  };
}
