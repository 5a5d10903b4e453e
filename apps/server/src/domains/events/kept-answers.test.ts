import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp, buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { settings, shopSettings } from '../../../test/flows/ecom-fixtures.ts';
import { shopCalls, V1 } from './checkout.test-helper.ts';
import { concert, START } from './fixtures.test-helper.ts';
import { ANSWER_MS } from './store.ts';

/**
 * The visitors' lists (query events, the tickets on sale) are answered from kept bytes: what a write
 * changes must show in the next answer, in the process that wrote at once, in another one within
 * ANSWER_MS, and what the clock changes as soon as it changes.
 */
describe.each(engines)('events lists answered from kept bytes (%s)', (engine) => {
  let one: TestApp;
  let two: TestApp;
  let site: TestSite;
  let visitor: string;
  let eventId: string;
  let ga: string;
  const { define, reserve } = shopCalls(() => ({ t: one, site, eventId }));

  beforeAll(async () => {
    one = await buildTestApp(engine, { shared: true });
    one.clock.set('2026-02-01T00:00:00.000Z');
    two = await anotherApp(one);
    site = await one.createSite({ name: 'Kept' });
    await settings(one, site, shopSettings);
    visitor = await site.token('visitor');
    const made = await one.call({
      method: 'POST',
      url: '/events/v3/events',
      auth: site.adminKey,
      payload: { event: concert({ title: 'Kept Night' }) },
    });
    expect(made.statusCode, made.body).toBe(200);
    eventId = made.data.event.id;
    ga = await define({ name: 'GA', pricingMethod: { fixedPrice: { value: '25.00' } }, initialLimit: 150 });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const query = async (app: TestApp) => {
    const response = await app.call({
      method: 'POST',
      url: '/events/v3/events/query',
      auth: visitor,
      payload: {
        query: {
          filter: { status: { $in: ['UPCOMING', 'STARTED'] } },
          sort: [{ fieldName: 'dateAndTimeSettings.startDate', order: 'ASC' }],
          paging: { offset: 0, limit: 50 },
        },
        fields: ['DETAILS', 'REGISTRATION'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const titles = async (app: TestApp) =>
    (await query(app)).data.events.map((event: { title: string }) => event.title) as string[];
  const tickets = async (app: TestApp) => {
    const response = await app.call({
      method: 'GET',
      url: `${V1}/checkout/available-tickets?eventId=${eventId}&limit=10`,
      auth: visitor,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const reservedOf = async (app: TestApp) =>
    (await tickets(app)).data.definitions.find((d: { id: string }) => d.id === ga).dashboard.ticketsReserved;
  const admin = (method: 'PATCH' | 'POST', url: string, payload: object = {}) =>
    one.call({ method, url: `/events/v3/events${url}`, auth: site.adminKey, payload });

  it('sends the same answer again while nothing changed', async () => {
    const first = await query(one);
    const again = await query(one);
    expect(again.body).toBe(first.body);
    expect(first.data.events[0]).toMatchObject({ title: 'Kept Night', status: 'UPCOMING' });
    expect((await tickets(one)).body).toBe((await tickets(one)).body);
  });

  it('shows an update, a publish and a cancel at once in the process that made them', async () => {
    expect(await titles(one)).toEqual(['Kept Night']);
    const updated = await admin('PATCH', `/${eventId}`, { event: { id: eventId, title: 'Kept Night Live' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await titles(one)).toEqual(['Kept Night Live']);

    const later = {
      startDate: '2026-03-02T19:00:00.000Z',
      endDate: '2026-03-02T22:00:00.000Z',
      timeZoneId: 'Europe/Paris',
    };
    const draft = await admin('POST', '', {
      event: concert({ title: 'Kept Draft', dateAndTimeSettings: later }),
      draft: true,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(await titles(one)).toEqual(['Kept Night Live']);
    const published = await admin('POST', `/${draft.data.event.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(await titles(one)).toEqual(['Kept Night Live', 'Kept Draft']);

    const canceled = await admin('POST', `/${draft.data.event.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await titles(one)).toEqual(['Kept Night Live']);
  });

  it('shows a reservation at once in the tickets on sale', async () => {
    const before = await reservedOf(one);
    const made = await reserve(visitor, [{ ticketDefinitionId: ga, quantity: 2 }]);
    expect(made.statusCode, made.body).toBe(200);
    expect(await reservedOf(one)).toBe(before + 2);
  });

  it('shows what another process wrote once ANSWER_MS has passed', async () => {
    const reserved = await reservedOf(two);
    expect(await titles(two)).toEqual(['Kept Night Live']);
    const made = await reserve(visitor, [{ ticketDefinitionId: ga, quantity: 3 }]);
    expect(made.statusCode, made.body).toBe(200);
    const renamed = await admin('PATCH', `/${eventId}`, {
      event: { id: eventId, title: 'Kept Night Again' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    one.clock.advance(ANSWER_MS);
    expect(await reservedOf(two)).toBe(reserved + 3);
    expect(await titles(two)).toEqual(['Kept Night Again']);
  });

  it('frees held tickets in the answer the moment their reservations expire', async () => {
    // The reservations above were made ANSWER_MS ago and last the event's 20 minutes.
    const held = await reservedOf(one);
    expect(held).toBe(5);
    one.clock.advance(20 * 60_000 - ANSWER_MS - 1);
    for (const app of [one, two]) expect(await reservedOf(app)).toBe(held);
    one.clock.advance(1);
    for (const app of [one, two]) expect(await reservedOf(app)).toBe(0);
  });

  it('follows the clock: the answer from the instant an event starts says STARTED, in both processes', async () => {
    one.clock.set(new Date(Date.parse(START) - 1).toISOString());
    visitor = await site.token('visitor');
    for (const app of [one, two]) expect((await query(app)).data.events[0].status).toBe('UPCOMING');
    one.clock.advance(1);
    for (const app of [one, two]) expect((await query(app)).data.events[0].status).toBe('STARTED');
  });
});
