/**
 * What the tickets example shows of an event and its ticket types, and what a choice of quantities
 * comes to. Pure: the page and its tests share it. Shapes are the v3 event and the v1 ticket
 * definition of the API (map sections 10 and 11), read loosely.
 */

export interface EventLike {
  title?: string;
  shortDescription?: string | null;
  dateAndTimeSettings?: { formatted?: { dateAndTime?: string } };
  location?: { name?: string | null; type?: string; address?: { formatted?: string; city?: string } | null };
  registration?: { type?: string; status?: string };
}

export interface TicketLike {
  id: string;
  name: string;
  description?: string;
  free?: boolean;
  price: { amount: string; currency: string };
  limitPerCheckout?: number;
  saleStatus?: string;
  dashboard?: { unsold?: number };
}

/** `Plaza Hall, New York`, `Online`, or nothing when the event names no place. */
export function eventPlace(event: EventLike): string {
  const { location } = event;
  if (!location) return '';
  if (location.type === 'ONLINE') return 'Online';
  const where = location.address?.formatted || location.address?.city || '';
  return [location.name, where].filter(Boolean).join(', ');
}

/** Whether the event sells tickets here; RSVP events, closed or external registration do not. */
export function sellsTickets(event: EventLike): boolean {
  return event.registration?.type === 'TICKETING';
}

/** Why an event shows no "Get tickets": in words for its card. */
export function registrationNote(event: EventLike): string | undefined {
  const registration = event.registration;
  if (!registration) return undefined;
  if (registration.type === 'RSVP') return 'Free entry: RSVP on the site.';
  if (registration.type === 'TICKETING' && registration.status === 'CLOSED_AUTOMATICALLY') return 'Sold out';
  if (registration.type === 'TICKETING' && registration.status === 'CLOSED_MANUALLY')
    return 'Ticket sales are closed';
  if (registration.type === 'EXTERNAL') return 'Registration on another site';
  return undefined;
}

export function formatMoney(amount: string, currency: string): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

export const ticketPrice = (ticket: TicketLike) =>
  ticket.free ? 'Free' : formatMoney(ticket.price.amount, ticket.price.currency);

/** How many of a ticket one order may take now: its limit per checkout, which counts what is left. */
export function maxQuantity(ticket: TicketLike): number {
  if (ticket.saleStatus && ticket.saleStatus !== 'SALE_STARTED') return 0;
  return Math.max(0, Math.min(ticket.limitPerCheckout ?? 0, 10));
}

/** `Only 3 left`, `Sold out`, `Sales have not started`, or nothing when plenty are left. */
export function availabilityNote(ticket: TicketLike): string | undefined {
  if (ticket.saleStatus === 'SALE_SCHEDULED') return 'Sales have not started';
  if (ticket.saleStatus === 'SALE_ENDED') return 'Sales have ended';
  const unsold = ticket.dashboard?.unsold;
  if (unsold === 0 || maxQuantity(ticket) === 0) return 'Sold out';
  if (unsold !== undefined && unsold <= 10) return `Only ${unsold} left`;
  return undefined;
}

/** The count and price of the chosen tickets (in minor units, to add without floats). */
export function selectionTotal(tickets: readonly TicketLike[], quantities: Record<string, number>) {
  let count = 0;
  let minor = 0;
  let currency = tickets[0]?.price.currency ?? 'USD';
  for (const ticket of tickets) {
    const quantity = quantities[ticket.id] ?? 0;
    if (quantity <= 0) continue;
    count += quantity;
    currency = ticket.price.currency;
    minor += Math.round(Number(ticket.price.amount) * 100) * quantity;
  }
  return { count, formatted: formatMoney((minor / 100).toFixed(2), currency) };
}

/** A refused reservation in words a visitor can act on; undefined for the API's own message. */
export function reservationRefusal(code: string | undefined): string | undefined {
  switch (code) {
    case 'TICKET_SOLD_OUT':
      return 'Not enough of these tickets are left. Choose fewer, or another ticket.';
    case 'TICKETS_NOT_ON_SALE':
      return 'These tickets are not on sale right now.';
    case 'ONLINE_PAYMENTS_NOT_ENABLED':
      return 'This site cannot take payments yet.';
    default:
      return undefined;
  }
}
