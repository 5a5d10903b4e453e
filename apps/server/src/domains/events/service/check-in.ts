/**
 * Checking tickets in at the door (`@wix/events` tickets' `checkInTickets` / `deleteTicketCheckIns`).
 * The owner names the event and the ticket numbers; a ticket's number names its order
 * (order-links.ts), which keeps when each of its tickets was checked in. All the tickets of a request
 * change in one transaction, or none: one refused ticket refuses the request.
 */
import type { Caller } from '../../../http/access.ts';
import { commonErrors } from '../../../lib/errors.ts';
import { eventsErrors } from '../errors.ts';
import type { StoredTicketOrder } from './checkout-model.ts';
import { type EventsDeps, isAdmin, type Raw } from './context.ts';
import { orderNumberOfTicket } from './order-links.ts';
import { viewsOf } from './orders.ts';

/** Orders whose tickets let someone in: paid, free, authorised, or to be paid at the door. */
const ADMITS = new Set(['PAID', 'FREE', 'AUTHORIZED', 'OFFLINE_PENDING']);

/** The ticket numbers of a request by their order number, each once, in the order given. */
function byOrder(numbers: readonly string[]) {
  const orders = new Map<string, string[]>();
  for (const ticketNumber of new Set(numbers)) {
    const orderNumber = orderNumberOfTicket(ticketNumber);
    if (!orderNumber) throw eventsErrors.ticketNotFound(ticketNumber);
    orders.set(orderNumber, [...(orders.get(orderNumber) ?? []), ticketNumber]);
  }
  return orders;
}

async function changeCheckIns(deps: EventsDeps, caller: Caller, input: Raw, checkIn: boolean) {
  if (!isAdmin(caller)) throw commonErrors.insufficientPermissions('owner (admin)');
  const { siteId } = caller;
  const eventId: string = input.eventId;
  const numbers: string[] = input.ticketNumber;
  const now = deps.clock.now().toISOString();
  const changed = await deps.store.transaction(async (trx) => {
    const orders = deps.store.orders.forSite(siteId, trx);
    const result: StoredTicketOrder[] = [];
    for (const [orderNumber, ticketNumbers] of byOrder(numbers)) {
      const order = await orders.get<StoredTicketOrder>(orderNumber);
      if (!order || order.eventId !== eventId) throw eventsErrors.ticketNotFound(ticketNumbers[0]!);
      const tickets = order.tickets.map((ticket) => {
        if (!ticketNumbers.includes(ticket.ticketNumber)) return ticket;
        if (!checkIn) {
          const { checkIn: _, ...rest } = ticket;
          return rest;
        }
        if (ticket.checkIn) throw eventsErrors.alreadyCheckedIn(ticket.ticketNumber, ticket.checkIn.created);
        if (ticket.canceled || !ADMITS.has(order.status))
          throw eventsErrors.ticketNotValid(ticket.ticketNumber, ticket.canceled ? 'CANCELED' : order.status);
        return { ...ticket, checkIn: { created: now } };
      });
      const missing = ticketNumbers.find((n) => !order.tickets.some((t) => t.ticketNumber === n));
      if (missing) throw eventsErrors.ticketNotFound(missing);
      // The revision guard: of two check-ins of one order at once, the second is refused, not lost.
      result.push(
        await orders.update<StoredTicketOrder>(order.id, { tickets }, { expectedRevision: order.revision }),
      );
    }
    return result;
  });
  const wanted = new Set(numbers);
  const views = await viewsOf(deps, siteId, changed);
  return { tickets: views.flatMap((view) => (view.tickets ?? []).filter((t) => wanted.has(t.ticketNumber))) };
}

export const checkInTickets = (deps: EventsDeps, caller: Caller, input: Raw) =>
  changeCheckIns(deps, caller, input, true);

export const deleteTicketCheckIns = (deps: EventsDeps, caller: Caller, input: Raw) =>
  changeCheckIns(deps, caller, input, false);
