/**
 * The events of the bench site, written through the service layer: 200 published events a day apart,
 * each ticketed with two ticket types (one limited, one not), as a site with a season of concerts has.
 * The events scenarios read them (query events, list available tickets) and reserve the first one's
 * unlimited tickets, which no load can sell out.
 */
import type { buildPlatform } from '../apps/server/src/deps.ts';
import { createEvent, createTicketDefinition } from '../apps/server/src/domains/events/index.ts';
import { createReservation } from '../apps/server/src/domains/events/service/reservations.ts';
import type { Caller } from '../apps/server/src/http/access.ts';
import { newId } from '../apps/server/src/lib/ids.ts';

type Platform = Awaited<ReturnType<typeof buildPlatform>>;

export const EVENTS = 200;
const DAY = 24 * 3600_000;

export interface EventsBench {
  /** The first event: its tickets are listed and reserved. */
  eventId: string;
  /** Its ticket type without a limit: reserving it never runs out. */
  ticketDefinitionId: string;
  /** A reservation of it as stored (its JSON): the document each reservation writes. */
  storedReservation: string;
}

export async function seedEvents(
  platform: Platform,
  owner: Caller,
  visitorToken: string,
): Promise<EventsBench> {
  const now = platform.clock.nowMs();
  let first: { eventId: string; ticketDefinitionId: string } | undefined;
  for (let i = 0; i < EVENTS; i++) {
    const start = new Date(now + (i + 1) * DAY);
    const { event } = await createEvent(platform.events, owner, {
      event: {
        title: `Bench concert ${i}`,
        shortDescription: `Concert number ${i} of the bench season, in the main hall.`,
        location: {
          type: 'VENUE',
          name: 'Bench Hall',
          address: { country: 'US', city: 'New York', addressLine: `${i + 1} Bench Street` },
        },
        dateAndTimeSettings: {
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3 * 3600_000).toISOString(),
          timeZoneId: 'America/New_York',
        },
        registration: { initialType: 'TICKETING' },
      },
    });
    const front = {
      eventId: event.id,
      name: 'Front row',
      pricingMethod: { fixedPrice: { value: '65.00' } },
      initialLimit: 40,
    };
    await createTicketDefinition(platform.events, owner, front);
    const { ticketDefinition } = await createTicketDefinition(platform.events, owner, {
      eventId: event.id,
      name: 'General admission',
      pricingMethod: { fixedPrice: { value: '25.00' } },
    });
    first ??= { eventId: event.id, ticketDefinitionId: ticketDefinition.id };
  }
  const visitor: Caller = {
    siteId: owner.siteId,
    kind: 'visitor',
    subjectId: newId(),
    clientId: undefined,
    accessToken: visitorToken,
  };
  const reservation = await createReservation(platform.events, visitor, {
    eventId: first!.eventId,
    ticketQuantities: [{ ticketDefinitionId: first!.ticketDefinitionId, quantity: 1 }],
  });
  const stored = await platform.events.store.reservations.forSite(owner.siteId).get(reservation.id);
  return { ...first!, storedReservation: JSON.stringify(stored) };
}
