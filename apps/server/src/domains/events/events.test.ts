import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { concert, END, START } from './fixtures.test-helper.ts';

const EVENTS = '/events/v3/events';
const ALIAS = '/_api/events-events-v3-adapter/v3/events';

describe.each(engines)('events v3 (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let visitor: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-02-01T00:00:00.000Z');
    site = await t.createSite({ name: 'Events', timeZone: 'UTC' });
    visitor = await site.token('visitor');
  });
  afterAll(() => t.close());

  const create = async (event: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const response = await t.call({
      method: 'POST',
      url: EVENTS,
      auth: site.adminKey,
      payload: { event, ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.event;
  };
  const get = (id: string, auth = site.adminKey, query = '') =>
    t.call({ method: 'GET', url: `${EVENTS}/${id}?eventId=${id}${query}`, auth });

  it('createEvent: published, with a slug from the title; the default answer leaves the optional parts out', async () => {
    const event = await create(concert());
    expect(event).toMatchObject({
      title: 'Jazz Night',
      slug: 'jazz-night',
      status: 'UPCOMING',
      revision: '1',
      location: { type: 'VENUE', name: 'Blue Hall' },
      registration: { type: 'TICKETING', status: 'CLOSED_AUTOMATICALLY', initialType: 'TICKETING' },
      dateAndTimeSettings: {
        startDate: START,
        timeZoneId: 'Europe/Paris',
        recurrenceStatus: 'ONE_TIME',
        recurringEvents: { individualEventDates: [] },
        // 19:00 UTC is 20:00 in Paris in March.
        formatted: { startDate: 'March 1, 2026', startTime: '8:00 PM', endTime: '11:00 PM' },
      },
      publishedDate: '2026-02-01T00:00:00.000Z',
      instanceId: site.id,
    });
    for (const part of ['shortDescription', 'form', 'calendarUrls', 'eventPageUrl', 'summaries', 'lifecycle'])
      expect(event).not.toHaveProperty(part);
    expect(event.registration).not.toHaveProperty('tickets');
  });

  it('fields decide what the answer carries, at every path alias', async () => {
    const { id } = await create(concert({ title: 'Fields' }));
    const fields = [
      'DETAILS',
      'TEXTS',
      'REGISTRATION',
      'URLS',
      'FORM',
      'DASHBOARD',
      'FEED',
      'SEO_SETTINGS',
      'AGENDA',
      'CATEGORIES',
    ];
    const query = fields.map((f) => `&fields=${f}`).join('');
    for (const base of [EVENTS, ALIAS]) {
      const response = await t.call({
        method: 'GET',
        url: `${base}/${id}?eventId=${id}${query}`,
        auth: site.adminKey,
      });
      expect(response.statusCode).toBe(200);
      const event = response.data.event;
      expect(event.shortDescription).toBe('Live jazz');
      expect(event.calendarUrls.google).toMatch(
        /^https:\/\/calendar\.google\.com\/.*dates=20260301T190000Z%2F20260301T220000Z/,
      );
      expect(decodeURIComponent(event.calendarUrls.ics)).toContain('SUMMARY:Fields');
      expect(event.registration.tickets).toMatchObject({
        currency: 'USD',
        ticketLimitPerOrder: 20,
        soldOut: false,
      });
      expect(event.eventPageUrl.path).toBe('/event-details/fields');
      expect(event.form.controls.map((c: { type: string }) => c.type)).toEqual(['NAME', 'INPUT']);
      expect(event.form.messages.checkout.title).toBe('Add your details');
      expect(event.summaries.tickets).toMatchObject({ ticketsSold: 0, revenue: { value: '0.00' } });
      expect(event.feed.token).toMatch(/^[0-9a-f]{32}$/);
      expect(event.seoSettings.slug).toBe('fields');
      expect(event.agendaSettings.pageUrl.path).toBe('/event-details/fields/agenda');
      expect(event.categories).toEqual({ categories: [] });
    }
    // Dashboard data is the owner's.
    const asVisitor = await get(id, visitor, '&fields=DASHBOARD&fields=REGISTRATION');
    expect(asVisitor.data.event).not.toHaveProperty('summaries');
    expect(asVisitor.data.event.registration.tickets).toBeDefined();
  });

  it('drafts: seen by owners only, until published', async () => {
    const draft = await create(concert({ title: 'Draft gig' }), { draft: true });
    expect(draft.status).toBe('DRAFT');
    expect(draft).not.toHaveProperty('publishedDate');
    expect((await get(draft.id, visitor)).statusCode).toBe(404);
    const bySlug = await t.call({
      method: 'GET',
      url: `${EVENTS}/slug/draft-gig?slug=draft-gig`,
      auth: visitor,
    });
    expect(bySlug.statusCode).toBe(404);
    const listed = async (auth: string, includeDrafts?: boolean) =>
      (
        await t.call({
          method: 'POST',
          url: `${EVENTS}/query`,
          auth,
          payload: { query: { filter: { id: draft.id } }, includeDrafts },
        })
      ).data.events.length;
    expect(await listed(visitor, true)).toBe(0);
    expect(await listed(site.adminKey)).toBe(0);
    expect(await listed(site.adminKey, true)).toBe(1);

    const published = await t.call({
      method: 'POST',
      url: `${EVENTS}/${draft.id}/publish`,
      auth: site.adminKey,
      payload: {},
    });
    expect(published.data.event).toMatchObject({
      status: 'UPCOMING',
      publishedDate: '2026-02-01T00:00:00.000Z',
    });
    expect((await get(draft.id, visitor)).data.event.status).toBe('UPCOMING');
    const again = await t.call({
      method: 'POST',
      url: `${EVENTS}/${draft.id}/publish`,
      auth: site.adminKey,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.data.details.applicationError.code).toBe('EVENT_NOT_DRAFT');
  });

  it('slugs are unique per site: a number is added, a chosen one that is taken is refused', async () => {
    const first = await create(concert({ title: 'Same Title' }));
    const second = await create(concert({ title: 'Same Title' }));
    expect([first.slug, second.slug]).toEqual(['same-title', 'same-title-2']);
    const bySlug = await t.call({
      method: 'GET',
      url: `${EVENTS}/slug/same-title-2?slug=same-title-2`,
      auth: visitor,
    });
    expect(bySlug.data.event.id).toBe(second.id);
    const taken = await t.call({
      method: 'POST',
      url: EVENTS,
      auth: site.adminKey,
      payload: { event: concert({ seoSettings: { slug: 'same-title' } }) },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.data.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
    const illegal = await t.call({
      method: 'POST',
      url: EVENTS,
      auth: site.adminKey,
      payload: { event: concert({ seoSettings: { slug: 'Not OK!' } }) },
    });
    expect(illegal.statusCode).toBe(400);
    // Another site may use the same slug.
    const elsewhere = await t.createSite({ name: 'Elsewhere' });
    const there = await t.call({
      method: 'POST',
      url: EVENTS,
      auth: elsewhere.adminKey,
      payload: { event: concert({ title: 'Same Title' }) },
    });
    expect(there.data.event.slug).toBe('same-title');
  });

  it('updateEvent merges what is sent; cloneEvent copies; deleteEvent removes', async () => {
    const event = await create(concert({ title: 'Original' }));
    const updated = await t.call({
      method: 'PATCH',
      url: `${EVENTS}/${event.id}`,
      auth: site.adminKey,
      payload: {
        event: { id: event.id, title: 'Renamed', location: { name: 'Red Hall' }, status: 'ENDED' },
        fields: ['DETAILS'],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.data.event).toMatchObject({
      title: 'Renamed',
      slug: 'original',
      status: 'UPCOMING',
      revision: '2',
      location: { name: 'Red Hall', type: 'VENUE', address: { city: 'Paris' } },
      shortDescription: 'Live jazz',
    });
    const retyped = await t.call({
      method: 'PATCH',
      url: `${EVENTS}/${event.id}`,
      auth: site.adminKey,
      payload: { event: { id: event.id, registration: { initialType: 'RSVP' } } },
    });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.data.details.validationError.fieldViolations[0].field).toBe(
      'event.registration.initialType',
    );

    const clone = await t.call({
      method: 'POST',
      url: `${EVENTS}/${event.id}/clone`,
      auth: site.adminKey,
      payload: { event: { title: 'Renamed' }, draft: true },
    });
    expect(clone.data.event).toMatchObject({ title: 'Renamed', slug: 'renamed', status: 'DRAFT' });
    expect(clone.data.event.id).not.toBe(event.id);

    const removed = await t.call({
      method: 'DELETE',
      url: `${EVENTS}/${event.id}?eventId=${event.id}`,
      auth: site.adminKey,
    });
    expect(removed.data).toEqual({ eventId: event.id });
    expect((await get(event.id)).statusCode).toBe(404);
    const again = await t.call({
      method: 'DELETE',
      url: `${EVENTS}/${event.id}?eventId=${event.id}`,
      auth: site.adminKey,
    });
    expect(again.data.details.applicationError.code).toBe('EVENT_NOT_FOUND');

    const bulk = await t.call({
      method: 'POST',
      url: '/events/v3/bulk/events/delete-by-filter',
      auth: site.adminKey,
      payload: { filter: { id: clone.data.event.id } },
    });
    expect(bulk.statusCode).toBe(200);
    expect((await get(clone.data.event.id)).statusCode).toBe(404);
  });

  it('venue or online, time zone, recurring dates, RSVP settings, categories and a form of its own', async () => {
    const event = await create(
      {
        title: 'Workshop series',
        location: { type: 'ONLINE' },
        dateAndTimeSettings: {
          timeZoneId: 'America/New_York',
          recurringEvents: {
            individualEventDates: [
              { startDate: '2026-03-08T15:00:00.000Z', endDate: '2026-03-08T17:00:00.000Z' },
              { startDate: '2026-03-01T15:00:00.000Z', endDate: '2026-03-01T17:00:00.000Z' },
            ],
          },
        },
        registration: {
          initialType: 'RSVP',
          rsvp: { limit: 30, waitlistEnabled: true, responseType: 'YES_AND_NO' },
        },
        onlineConferencing: { enabled: true, type: 'WEBINAR' },
        categories: { categories: [{ name: 'Learning' }] },
        form: {
          controls: [
            { type: 'NAME', inputs: [{ name: 'firstName', label: 'First', mandatory: true }] },
            {
              type: 'DROPDOWN',
              inputs: [{ name: 'level', label: 'Level', options: ['Beginner', 'Expert'] }],
            },
            { type: 'DATE', inputs: [{ name: 'birthday', label: 'Birthday' }] },
          ],
        },
      },
      { fields: ['REGISTRATION', 'CATEGORIES', 'FORM', 'ONLINE_CONFERENCING_SESSION'] },
    );
    expect(event).toMatchObject({
      location: { type: 'ONLINE' },
      dateAndTimeSettings: {
        startDate: '2026-03-01T15:00:00.000Z',
        endDate: '2026-03-08T17:00:00.000Z',
        recurrenceStatus: 'RECURRING',
        formatted: { startTime: '10:00 AM' },
      },
      registration: { type: 'RSVP', status: 'OPEN_RSVP', rsvp: { limit: 30, responseType: 'YES_AND_NO' } },
      onlineConferencing: { enabled: true, type: 'WEBINAR', session: { sessionCreated: true } },
      categories: { categories: [{ name: 'Learning', type: 'MANUAL' }] },
    });
    expect(event.dateAndTimeSettings.recurringEvents.individualEventDates[0].startDate).toBe(
      '2026-03-01T15:00:00.000Z',
    );
    expect(event.form.controls.map((c: { inputs: Array<{ type: string }> }) => c.inputs[0]!.type)).toEqual([
      'TEXT',
      'TEXT',
      'DATE_TIME',
    ]);
    const asVisitor = await get(event.id, visitor, '&fields=ONLINE_CONFERENCING_SESSION');
    expect(asVisitor.data.event.onlineConferencing).not.toHaveProperty('session');
  });

  it('refuses bad input with field violations', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...concert(), title: undefined }, 'event.title'],
      [
        concert({ dateAndTimeSettings: { startDate: END, endDate: START } }),
        'event.dateAndTimeSettings.endDate',
      ],
      [concert({ dateAndTimeSettings: { startDate: START } }), 'event.dateAndTimeSettings.endDate'],
      [
        concert({ dateAndTimeSettings: { startDate: START, endDate: END, timeZoneId: 'Mars/Base' } }),
        'event.dateAndTimeSettings.timeZoneId',
      ],
      [concert({ registration: {} }), 'event.registration.initialType'],
      [
        concert({ form: { controls: [{ type: 'RADIO', inputs: [{ name: 'x' }] }] } }),
        'event.form.controls.0.inputs.0.options',
      ],
      [concert({ title: 'x'.repeat(121) }), 'event.title'],
    ];
    for (const [event, field] of cases) {
      const response = await t.call({ method: 'POST', url: EVENTS, auth: site.adminKey, payload: { event } });
      expect(response.statusCode, field).toBe(400);
      const fields = response.data.details.validationError.fieldViolations.map(
        (v: { field: string }) => v.field,
      );
      expect(fields).toContain(field);
    }
    const badFilter = await t.call({
      method: 'POST',
      url: `${EVENTS}/query`,
      auth: visitor,
      payload: { query: { filter: { status: 'SOON' } } },
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.data.details.validationError.fieldViolations[0].field).toBe('query.filter.status');
  });

  it('visitors read published events but may not write: 403', async () => {
    const denied = await t.call({
      method: 'POST',
      url: EVENTS,
      auth: visitor,
      payload: { event: concert() },
    });
    expect(denied.statusCode).toBe(403);
    const member = await site.token('member');
    const cancel = await t.call({ method: 'POST', url: `${EVENTS}/x/cancel`, auth: member, payload: {} });
    expect(cancel.statusCode).toBe(403);
    const list = await t.call({
      method: 'POST',
      url: `${EVENTS}/query`,
      auth: visitor,
      payload: { query: { paging: { limit: 2 } } },
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.pagingMetadata).toMatchObject({ count: 2, offset: 0 });
    expect(list.data.pagingMetadata.total).toBeGreaterThan(2);
  });
});
