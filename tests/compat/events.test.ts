import { wixEventsV2 as events, ticketDefinitionsV2 as tickets } from '@wix/events';
import { createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/events` `wixEventsV2` (events v3, map 11) and `ticketDefinitionsV2`, unchanged, against
 * Plaza: the owner through an API key (www host), a visitor through the OAuth strategy (edge host),
 * and a client of a custom API host (the `_api` paths).
 */
const modules = { events, tickets };
let owner: ReturnType<typeof ownerClient>;
let visitor: ReturnType<typeof visitorClient>;
let custom: ReturnType<typeof customHostClient>;

const ownerClient = () =>
  createClient({
    modules,
    auth: demoOwnerAuth(),
    fetch: plaza.fetch,
  });
const visitorClient = () => createClient({ modules, auth: demoVisitorAuth(), fetch: plaza.fetch });
const customHostClient = () =>
  createClient({
    modules,
    auth: demoVisitorAuth(),
    host: { apiBaseUrl: CUSTOM_HOST },
    useCDN: false,
    fetch: plaza.fetch,
  } as Parameters<typeof createClient>[0]);

usePlazaPerFile(() => {
  owner = ownerClient();
  visitor = visitorClient();
  custom = customHostClient();
});

const BULK = ['Compat Bulk 1', 'Compat Bulk 2'];
const lastCall = () => plaza.requests.at(-1)!;
const inAYear = (hours: number) => new Date(Date.now() + 365 * 24 * 3600_000 + hours * 3600_000);

const concert = (title: string) => ({
  title,
  location: { type: 'VENUE' as const, name: 'Blue Hall', address: { city: 'Lyon', country: 'FR' } },
  dateAndTimeSettings: { startDate: inAYear(0), endDate: inAYear(3), timeZoneId: 'Europe/Paris' },
  registration: { initialType: 'TICKETING' as const },
  shortDescription: 'Live on stage',
});

describe('events v3 (wixEventsV2)', () => {
  it('the demo site lists its events: an upcoming concert on sale, a meetup, a past event, no draft', async () => {
    const listed = await visitor.events.queryEvents({ fields: ['REGISTRATION'] }).find();
    const byTitle = new Map(listed.items.map((event) => [event.title, event]));
    expect([...byTitle.keys()].sort()).toEqual([
      'Makers Meetup',
      'Spring Warehouse Sale',
      'Summer Jazz Night',
    ]);
    expect(byTitle.get('Summer Jazz Night')).toMatchObject({
      status: 'UPCOMING',
      registration: {
        status: 'OPEN_TICKETS',
        tickets: { lowestPrice: { value: '25.00' }, highestPrice: { value: '65.00' } },
      },
    });
    expect(byTitle.get('Makers Meetup')?.registration?.status).toBe('OPEN_RSVP');
    expect(byTitle.get('Spring Warehouse Sale')?.status).toBe('ENDED');
  });

  it('createEvent, getEvent, getEventBySlug, updateEvent: the SDK view of an event', async () => {
    const created = await owner.events.createEvent(concert('Compat Concert'), { fields: ['DETAILS'] });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      host: 'www.wixapis.com',
      pathAndQuery: '/events/v3/events',
      status: 200,
    });
    expect(created).toMatchObject({ title: 'Compat Concert', slug: 'compat-concert', status: 'UPCOMING' });
    expect(created._id).toEqual(expect.any(String));
    expect(created.dateAndTimeSettings?.startDate).toBeInstanceOf(Date);
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created.calendarUrls?.google).toMatch(/^https:\/\/calendar\.google\.com/);

    const read = await visitor.events.getEvent(created._id!, { fields: ['URLS', 'REGISTRATION'] });
    expect(lastCall()).toMatchObject({ method: 'GET', host: 'edge.wixapis.com' });
    expect(lastCall().pathAndQuery).toBe(
      `/events/v3/events/${created._id}?eventId=${created._id}&fields=URLS&fields=REGISTRATION`,
    );
    // The SDK joins the page URL's base and path into one string.
    expect(read.eventPageUrl).toMatch(/\/event-details\/compat-concert$/);
    expect(read.registration).toMatchObject({ type: 'TICKETING', initialType: 'TICKETING' });

    const bySlug = await custom.events.getEventBySlug('compat-concert');
    expect(lastCall().pathAndQuery).toBe(
      '/_api/events-events-v3-adapter/v3/events/slug/compat-concert?slug=compat-concert',
    );
    expect(bySlug.event?._id).toBe(created._id);

    const updated = await owner.events.updateEvent(created._id!, {
      event: { title: 'Compat Concert (late show)' },
    });
    expect(lastCall()).toMatchObject({ method: 'PATCH', pathAndQuery: `/events/v3/events/${created._id}` });
    expect(updated).toMatchObject({ title: 'Compat Concert (late show)', slug: 'compat-concert' });
  });

  it('drafts, publishDraftEvent, cloneEvent, cancelEvent, deleteEvent', async () => {
    const draft = await owner.events.createEvent(concert('Compat Draft'), { draft: true });
    expect(draft.status).toBe('DRAFT');
    await expect(visitor.events.getEvent(draft._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'EVENT_NOT_FOUND' } },
    });
    const published = await owner.events.publishDraftEvent(draft._id!);
    expect(published.event?.status).toBe('UPCOMING');

    const clone = await owner.events.cloneEvent(draft._id!, {
      event: { title: 'Compat Clone' },
      draft: true,
    });
    expect(lastCall().pathAndQuery).toBe(`/events/v3/events/${draft._id}/clone`);
    expect(clone.event).toMatchObject({ title: 'Compat Clone', status: 'DRAFT' });

    const canceled = await owner.events.cancelEvent(draft._id!);
    expect(canceled.event?.status).toBe('CANCELED');
    expect(canceled.event?.registration?.status).toBe('CLOSED_AUTOMATICALLY');

    const removed = await owner.events.deleteEvent(clone.event!._id!);
    expect(lastCall()).toMatchObject({ method: 'DELETE', status: 200 });
    expect(removed.eventId).toBe(clone.event!._id);
  });

  it('queryEvents (builder), countEventsByStatus, bulk cancel and delete by filter', async () => {
    for (const title of BULK) await owner.events.createEvent(concert(title));
    const found = await visitor.events
      .queryEvents()
      .in('title', BULK)
      .eq('status', 'UPCOMING')
      .limit(1)
      .find();
    expect(lastCall()).toMatchObject({
      method: 'POST',
      host: 'edge.wixapis.com',
      pathAndQuery: '/events/v3/events/query',
    });
    expect(found.items).toHaveLength(1);
    expect(found.totalCount).toBe(2);
    expect(found.hasNext()).toBe(true);
    const next = await found.next();
    expect(next.items[0]?.title).not.toBe(found.items[0]?.title);

    const counted = await visitor.events.countEventsByStatus({ facet: ['status'] });
    expect(counted.facets?.status?.counts?.UPCOMING).toBeGreaterThanOrEqual(2);

    await owner.events.bulkCancelEventsByFilter({
      filter: { filter: { title: { $startsWith: 'Compat Bulk' } } },
    });
    const canceled = await owner.events.queryEvents().in('title', BULK).eq('status', 'CANCELED').find();
    expect(canceled.totalCount).toBe(2);
    await owner.events.bulkDeleteEventsByFilter({
      filter: { filter: { title: { $startsWith: 'Compat Bulk' } } },
    });
    const gone = await owner.events.queryEvents({ includeDrafts: true }).in('title', BULK).find();
    expect(gone.totalCount).toBe(0);
  });

  it('bad input and a visitor writing come back as the SDK errors', async () => {
    await expect(
      owner.events.createEvent({
        ...concert('Compat Bad'),
        dateAndTimeSettings: { startDate: inAYear(3), endDate: inAYear(0) },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(visitor.events.createEvent(concert('Compat Visitor'))).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('ticket definitions (ticketDefinitionsV2)', () => {
  it('create, update, get, query, query available, delete', async () => {
    const event = await owner.events.createEvent(concert('Compat Tickets'));
    const vip = await owner.tickets.createTicketDefinition(
      {
        eventId: event._id!,
        name: 'VIP',
        feeType: 'FEE_ADDED_AT_CHECKOUT',
        pricingMethod: { fixedPrice: { value: '80', currency: 'USD' } },
        initialLimit: 50,
      },
      { fields: ['SALES_DETAILS'] },
    );
    expect(lastCall()).toMatchObject({
      method: 'POST',
      host: 'www.wixapis.com',
      pathAndQuery: '/events-ticket-definitions/v3/ticket-definitions',
    });
    expect(vip).toMatchObject({
      name: 'VIP',
      limited: true,
      saleStatus: 'SALE_STARTED',
      pricingMethod: {
        fixedPrice: { value: '80.00', currency: 'USD' },
        pricingType: 'STANDARD',
        free: false,
      },
      salesDetails: { unsoldCount: 50, soldCount: 0 },
    });
    expect(vip._createdDate).toBeInstanceOf(Date);
    const free = await owner.tickets.createTicketDefinition({
      eventId: event._id!,
      name: 'Free',
      feeType: 'NO_FEE',
      pricingMethod: { fixedPrice: { value: '0', currency: 'USD' } },
    });
    expect(free.pricingMethod?.free).toBe(true);

    const updated = await owner.tickets.updateTicketDefinition(vip._id!, {
      revision: vip.revision!,
      name: 'VIP Gold',
    });
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/events-ticket-definitions/v3/ticket-definitions/${vip._id}`,
    });
    expect(updated).toMatchObject({ name: 'VIP Gold', revision: '2' });

    const got = await owner.tickets.getTicketDefinition(vip._id!, { fields: ['EVENT_DETAILS'] });
    expect(got.eventDetails?.title).toBe('Compat Tickets');

    const all = await owner.tickets.queryTicketDefinitions().eq('eventId', event._id!).find();
    expect(all.items.map((d) => d.name)).toEqual(['VIP Gold', 'Free']);

    const available = await visitor.tickets.queryAvailableTicketDefinitions({
      filter: { eventId: event._id },
    });
    expect(lastCall()).toMatchObject({ host: 'edge.wixapis.com', status: 200 });
    expect((available.ticketDefinitions ?? []).map((d) => d.name)).toEqual(['VIP Gold', 'Free']);
    const listed = await visitor.events.getEvent(event._id!, { fields: ['REGISTRATION'] });
    expect(listed.registration).toMatchObject({
      status: 'OPEN_TICKETS',
      tickets: { lowestPrice: { value: '0.00' }, highestPrice: { value: '80.00' } },
    });

    await owner.tickets.deleteTicketDefinition(free._id!);
    expect(lastCall()).toMatchObject({ method: 'DELETE', status: 200 });
    await expect(owner.tickets.getTicketDefinition(free._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'TICKET_DEFINITION_NOT_FOUND' } },
    });
    await expect(
      visitor.tickets.createTicketDefinition({
        eventId: event._id!,
        name: 'Nope',
        feeType: 'NO_FEE',
        pricingMethod: { fixedPrice: { value: '0', currency: 'USD' } },
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
