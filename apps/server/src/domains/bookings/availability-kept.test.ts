import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp, buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { ok, SERVICES } from './bookings.test-helper.ts';
import { bookingCalls, type Entry, studio } from './checkout.test-helper.ts';
import { queryAvailabilityAnswer } from './service/availability.ts';
import { AVAILABILITY_ANSWER_MS } from './store.ts';

const QUERY = '/_api/availability-calendar/v1/availability/query';
const MINUTE = 60_000;

/**
 * Availability is answered from kept bytes (service/availability.ts): what a write changes shows in
 * the next answer, in the process that wrote at once and in another within AVAILABILITY_ANSWER_MS, and
 * what the clock changes (a start passing, a checkout's hold lapsing) as soon as it changes.
 */
describe.each(engines)('availability answered from kept bytes (%s)', (engine) => {
  let one: TestApp;
  let two: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  let visitor: string;
  const calls = () => bookingCalls(one, () => site);

  beforeAll(async () => {
    one = await buildTestApp(engine, { shared: true });
    one.clock.set('2026-03-02T08:00:00.000Z');
    two = await anotherApp(one);
    ({ site, services } = await studio(one));
    visitor = await site.token('visitor');
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  /** The haircut's entries of one fixed day (the same request each time), as `auth` sees them. */
  const dayRequest = () => ({
    query: {
      filter: {
        serviceId: [services.Haircut],
        startDate: '2026-03-02T00:00:00Z',
        endDate: '2026-03-03T00:00:00Z',
      },
    },
    timezone: 'UTC',
  });
  const day = async (app: TestApp, auth = visitor) => {
    const response = await app.call({ method: 'POST', url: QUERY, auth, payload: dayRequest() });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const starts = async (app: TestApp) =>
    ((await day(app)).data.availabilityEntries as Entry[]).map(
      (entry) => `${entry.slot.startDate} ${entry.slot.resource.id}`,
    );
  const keyOf = (entry: Entry) => `${entry.slot.startDate} ${entry.slot.resource.id}`;

  it('sends the same bytes again while nothing changed, and a slot booked here is gone at once', async () => {
    const first = await day(one);
    expect(first.data.availabilityEntries.length).toBeGreaterThan(4);
    expect((await day(one)).body).toBe(first.body);
    const entry = first.data.availabilityEntries[3] as Entry;
    const booked = await calls().create(visitor, entry.slot);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await starts(one)).not.toContain(keyOf(entry));
  });

  it("drops a slot once its start has passed, and offers a slot again once a checkout's hold on it lapses", async () => {
    const [soonest] = (await day(one)).data.availabilityEntries as Entry[];
    const later = ((await day(one)).data.availabilityEntries as Entry[]).at(-1)!;
    const held = await calls().create(visitor, later.slot);
    expect(held.statusCode, held.body).toBe(200);
    expect(await starts(one)).not.toContain(keyOf(later));

    one.clock.set(`${soonest!.slot.startDate}.001Z`);
    const now = await starts(one);
    expect(now).not.toContain(keyOf(soonest!));
    expect(now).not.toContain(keyOf(later));
    // The hold lapses after 20 minutes, swept or not: its time is free again.
    one.clock.advance(21 * MINUTE);
    expect(await starts(one)).toContain(keyOf(later));
  });

  it('shows what another process booked within AVAILABILITY_ANSWER_MS', async () => {
    const entries = (await day(one)).data.availabilityEntries as Entry[];
    const target = entries.at(-2)!;
    const other = await two.call({
      method: 'POST',
      url: '/bookings/v2/bookings',
      auth: visitor,
      payload: { booking: { bookedEntity: { slot: target.slot } } },
    });
    expect(other.statusCode, other.body).toBe(200);
    one.clock.advance(AVAILABILITY_ANSWER_MS);
    expect(await starts(one)).not.toContain(keyOf(target));
  });

  it('keeps the answer when a write changes nothing it is made of (here a staff member of no service)', async () => {
    const visitorCaller = {
      siteId: site.id,
      kind: 'visitor' as const,
      subjectId: 'kept-visitor',
      clientId: undefined,
      accessToken: undefined,
    };
    const input = dayRequest();
    const first = await queryAvailabilityAnswer(one.platform.bookings, visitorCaller, input);
    const added = await two.call({
      method: 'POST',
      url: '/bookings/v1/staff-members',
      auth: site.adminKey,
      payload: { staffMember: { name: 'Not on any service' } },
    });
    expect(added.statusCode, added.body).toBe(200);
    one.clock.advance(AVAILABILITY_ANSWER_MS);
    expect(await queryAvailabilityAnswer(one.platform.bookings, visitorCaller, input)).toBe(first);
    const entry = ((await day(one)).data.availabilityEntries as Entry[]).find((e) => e.bookable);
    const booked = await two.call({
      method: 'POST',
      url: '/bookings/v2/bookings',
      auth: visitor,
      payload: { booking: { bookedEntity: { slot: entry!.slot } } },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    one.clock.advance(AVAILABILITY_ANSWER_MS);
    expect(await queryAvailabilityAnswer(one.platform.bookings, visitorCaller, input)).not.toBe(first);
  });

  it('keeps a visitor and the owner apart: a hidden service is the owner’s only', async () => {
    expect((await day(one, site.adminKey)).data.availabilityEntries.length).toBeGreaterThan(0);
    expect((await day(one)).data.availabilityEntries.length).toBeGreaterThan(0);
    const current = await ok(one, site, 'GET', `${SERVICES}/${services.Haircut}`);
    await ok(one, site, 'PATCH', `${SERVICES}/${services.Haircut}`, {
      service: { revision: current.service.revision, hidden: true },
    });
    expect((await day(one, site.adminKey)).data.availabilityEntries.length).toBeGreaterThan(0);
    const refused = await one.call({ method: 'POST', url: QUERY, auth: visitor, payload: dayRequest() });
    expect(refused.statusCode, refused.body).toBe(400);
  });
});
