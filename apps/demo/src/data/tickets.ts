/**
 * The tickets example's reads and writes, as the original example does them: the events still to
 * come, an event's tickets on sale (the available-tickets call), and buying them: a reservation that
 * holds them, then an `eventsCheckout` redirect session to the hosted "Add your details" page.
 */
import { type Client, client } from '../api.ts';
import { cache } from '../lib/cache.ts';
import { loading } from '../lib/loading.ts';

export type TicketEvent = Awaited<ReturnType<ReturnType<Client['events']['queryEvents']>['find']>>['items'][number];
export type TicketType = Awaited<ReturnType<Client['events']['listAvailableTickets']>>['definitions'][number];

export const EVENTS_KEY = 'tickets:events';
export const ticketsKey = (eventId: string) => `tickets:event:${eventId}`;
const MAX_AGE_MS = 30_000;

/** Events still to come or going on, soonest first: past ones sell nothing, drafts are not shown. */
export const loadEvents = (): Promise<TicketEvent[]> =>
  cache.load(
    EVENTS_KEY,
    async () =>
      (
        await client.events
          .queryEvents({ fields: ['DETAILS', 'REGISTRATION'] })
          .in('status', ['UPCOMING', 'STARTED'])
          .ascending('dateAndTimeSettings.startDate')
          .find()
      ).items,
    MAX_AGE_MS,
  );

/** The tickets of `eventId` on sale now, in the owner's order, with how many are left. */
export const loadTickets = (eventId: string): Promise<TicketType[]> =>
  cache.load(
    ticketsKey(eventId),
    async () => (await client.events.listAvailableTickets({ eventId, limit: 100 })).definitions,
    MAX_AGE_MS,
  );

/** The browser is on its way to another page: keep the overlay up until it has left. */
const leaving = () => new Promise<void>((resolve) => setTimeout(resolve, 10_000));

/**
 * Holds the chosen tickets (`quantities`: ticket definition id → how many) and sends the browser to
 * the hosted page to add the buyer's details and pay; it comes back to this page (`postFlowUrl`).
 * Rejects with the API's error (sold out meanwhile, a limit per order…).
 */
export async function reserveTickets(event: TicketEvent, quantities: Record<string, number>): Promise<void> {
  await loading.track(
    (async () => {
      const ticketQuantities = Object.entries(quantities)
        .filter(([, quantity]) => quantity > 0)
        .map(([ticketDefinitionId, quantity]) => ({ ticketDefinitionId, quantity }));
      const reservation = await client.events.createReservation({ eventId: event.id, ticketQuantities });
      // The tickets left changed: the list is read again when the buyer comes back.
      cache.invalidate(ticketsKey(event.id));
      const {
        redirectSession: { fullUrl },
      } = await client.redirects.createRedirectSession({
        eventsCheckout: { eventSlug: event.slug, reservationId: reservation.id },
        callbacks: { postFlowUrl: window.location.href },
      });
      window.location.href = fullUrl;
      await leaving();
    })(),
  );
}
