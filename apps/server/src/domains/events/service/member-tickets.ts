/**
 * The events section (EVENTS) of a member's hosted account: the ticket orders the member placed, newest
 * first, with each event's title and start and the tickets' numbers. Orders still being filled in
 * (INITIATED) are not the member's tickets yet.
 */

import type { StoredTicketOrder } from './checkout-model.ts';
import type { EventsDeps, StoredEvent } from './context.ts';

const ACCOUNT_LIMIT = 50;

export async function memberAccountTickets(deps: EventsDeps, siteId: string, memberId: string) {
  const page = await deps.store.orders.forSite(siteId).query(
    {
      filter: { memberId, status: { $ne: 'INITIATED' } },
      sort: [
        { fieldName: 'createdDate', order: 'DESC' },
        { fieldName: 'id', order: 'DESC' },
      ],
      paging: { limit: ACCOUNT_LIMIT },
    },
    { defaultLimit: ACCOUNT_LIMIT },
  );
  const events = deps.store.events.forSite(siteId);
  const seen = new Map<string, StoredEvent | undefined>();
  const answer = [];
  for (const text of page.items) {
    const order = JSON.parse(text) as StoredTicketOrder;
    if (!seen.has(order.eventId)) seen.set(order.eventId, await events.get<StoredEvent>(order.eventId));
    const event = seen.get(order.eventId);
    const startDate = event?.dateAndTimeSettings.startDate;
    answer.push({
      orderNumber: order.orderNumber,
      eventTitle: event?.title ?? '',
      ...(startDate ? { eventDate: startDate } : {}),
      status: order.status,
      tickets: order.tickets
        .filter((ticket) => !ticket.canceled)
        .map((ticket) => ({ ticketNumber: ticket.ticketNumber, name: ticket.name })),
    });
  }
  return answer;
}
