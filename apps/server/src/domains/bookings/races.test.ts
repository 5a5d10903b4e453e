import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { availability } from '../../db/capacity.ts';
import { createService } from './bookings.test-helper.ts';
import { bookingCalls, code, studio } from './checkout.test-helper.ts';
import { sessionResource, staffResource } from './store.ts';

const BUYERS = 40;
const PLACES = 5;

/**
 * No double booking: many buyers asking for one staff member's slot at once get exactly one booking,
 * and a class with C places gives exactly C, whatever the interleaving, on both engines.
 */
describe.each(engines)('bookings: races for one slot (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  let visitors: string[];
  const calls = () => bookingCalls(t, () => site);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    ({ site, services } = await studio(t));
    visitors = await Promise.all(Array.from({ length: BUYERS }, () => site.token('visitor')));
  }, 120_000);
  afterAll(() => t.close());

  const tally = (responses: { statusCode: number; data: unknown }[]) => {
    const out = new Map<string, number>();
    for (const r of responses) {
      const key = r.statusCode === 200 ? '200' : `${r.statusCode} ${code(r)}`;
      out.set(key, (out.get(key) ?? 0) + 1);
    }
    return Object.fromEntries(out);
  };

  it("buyers racing for one staff member's slot: exactly one booking, the rest told it is taken", async () => {
    const [entry] = await calls().slots(visitors[0]!, services.Haircut!);
    const responses = await Promise.all(visitors.map((auth) => calls().create(auth, entry!.slot)));
    expect(tally(responses)).toEqual({ '200': 1, '409 SLOT_NOT_AVAILABLE': BUYERS - 1 });
    const live = await t.platform.database.db
      .selectFrom('capacity_holds')
      .select('hold_id')
      .where('site_id', '=', site.id)
      .where('resource_key', '=', staffResource(entry!.slot.resource.id))
      .where('state', '=', 'HELD')
      .execute();
    expect(live).toHaveLength(1);
    // Through the redirect as well: the slot is gone for every other buyer.
    const redirects = await Promise.all(visitors.slice(1, 11).map((auth) => calls().redirect(auth, entry!)));
    expect(tally(redirects)).toEqual({ '409 SLOT_NOT_AVAILABLE': 10 });
  });

  it(`a class with ${PLACES} places: exactly ${PLACES} bookings under concurrency, then none bookable`, async () => {
    const spin = await createService(t, site, {
      name: 'Spin',
      type: 'CLASS',
      defaultCapacity: PLACES,
      payment: { rateType: 'NO_FEE' },
      schedule: {
        weeklySessions: [{ weekday: 'TUESDAY', startTime: '18:00', durationInMinutes: 50 }],
      },
    });
    const [session] = await calls().slots(visitors[0]!, spin.id, 2);
    expect(session).toMatchObject({
      slot: { startDate: '2026-03-03T18:00:00', endDate: '2026-03-03T18:50:00' },
      totalSpots: PLACES,
      openSpots: PLACES,
    });
    const responses = await Promise.all(visitors.map((auth) => calls().create(auth, session!.slot)));
    expect(tally(responses)).toEqual({ '200': PLACES, '409 SLOT_NOT_AVAILABLE': BUYERS - PLACES });
    const key = sessionResource(spin.schedule.id, '2026-03-03T18:00:00.000Z');
    expect(await availability(t.platform.database.db, site.id, key, t.clock.now())).toMatchObject({
      capacity: PLACES,
      held: PLACES,
      available: 0,
    });
    expect(await calls().slots(visitors[0]!, spin.id, 2)).toEqual([]);
    // Each one paid (free) keeps its place; the held places are its, the counter says so.
    const booked = responses.find((r) => r.statusCode === 200)!;
    expect(booked.data.booking).toMatchObject({
      status: 'CREATED',
      totalParticipants: 1,
      bookedEntity: { tags: ['CLASS'], slot: { serviceId: spin.id, startDate: '2026-03-03T18:00:00' } },
    });
  });
});
