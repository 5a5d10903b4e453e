/**
 * Demo events, dated from the clock so that a ticket is always on sale: an upcoming concert with two
 * paid ticket types (the front row limited to a few seats), a free RSVP meetup, a past event and a draft.
 */
import type { Platform } from '../deps.ts';
import { createEvent, createTicketDefinition } from '../domains/events/index.ts';
import type { Caller } from '../http/access.ts';

const DAY = 24 * 3600_000;

export async function seedEvents(platform: Platform, siteId: string) {
  const owner: Caller = {
    siteId,
    kind: 'admin',
    subjectId: 'seed',
    clientId: undefined,
    accessToken: undefined,
  };
  const now = platform.clock.nowMs();
  /** `days` from now at 19:00 UTC, lasting `hours`. */
  const dates = (days: number, hours: number) => {
    const start = new Date(Math.floor((now + days * DAY) / DAY) * DAY + 19 * 3600_000);
    return {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + hours * 3600_000).toISOString(),
    };
  };
  const venue = {
    type: 'VENUE',
    name: 'Plaza Hall',
    address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '1 Plaza Way' },
  };
  const event = (title: string, shortDescription: string, extra: Record<string, unknown>, draft = false) =>
    createEvent(platform.events, owner, {
      event: { title, shortDescription, location: venue, ...extra },
      draft,
    }).then((answer) => answer.event.id);

  const concert = await event('Summer Jazz Night', 'A night of live jazz with the Plaza Quartet.', {
    dateAndTimeSettings: { ...dates(30, 3), timeZoneId: 'America/New_York' },
    registration: { initialType: 'TICKETING' },
  });
  for (const ticket of [
    { name: 'Front row', description: 'The best seats: only a few left.', price: '65.00', initialLimit: 4 },
    { name: 'General admission', description: 'Standing, bar access.', price: '25.00', initialLimit: 150 },
  ])
    await createTicketDefinition(platform.events, owner, {
      eventId: concert,
      name: ticket.name,
      description: ticket.description,
      pricingMethod: { fixedPrice: { value: ticket.price } },
      initialLimit: ticket.initialLimit,
    });
  await event('Makers Meetup', 'Free monthly meetup of local makers. RSVP to save a spot.', {
    dateAndTimeSettings: { ...dates(14, 2), timeZoneId: 'America/New_York' },
    registration: { initialType: 'RSVP', rsvp: { limit: 40, waitlistEnabled: true } },
  });
  await event('Spring Warehouse Sale', 'Our yearly sale, now over.', {
    dateAndTimeSettings: { ...dates(-60, 6), timeZoneId: 'America/New_York' },
    registration: { initialType: 'RSVP' },
  });
  await event(
    'Autumn Workshop (draft)',
    'Not announced yet.',
    {
      dateAndTimeSettings: { ...dates(90, 4), timeZoneId: 'America/New_York' },
      registration: { initialType: 'TICKETING' },
    },
    true,
  );
}
