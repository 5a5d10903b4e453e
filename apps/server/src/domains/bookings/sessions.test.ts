import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { createService, createStaff, SERVICES } from './bookings.test-helper.ts';
import { bookingCalls, violations } from './checkout.test-helper.ts';

/** Weekly session rules of classes and courses (`schedule.weeklySessions`): checked, then offered. */
describe.each(engines)('bookings: class and course sessions (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let visitor: string;
  const calls = () => bookingCalls(t, () => site);
  const make = (service: object) =>
    t.call({ method: 'POST', url: SERVICES, auth: site.adminKey, payload: { service } });
  const free = { rateType: 'NO_FEE' };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    site = await t.createSite({ timeZone: 'Europe/London' });
    visitor = await site.token('visitor');
  }, 60_000);
  afterAll(() => t.close());

  it('refuses rules on an appointment, a course without its dates, dates out of order and unknown staff', async () => {
    const rule = { weekday: 'MONDAY', startTime: '18:00', durationInMinutes: 60 };
    const cases: Array<[object, string]> = [
      [{ type: 'APPOINTMENT', schedule: { weeklySessions: [rule] } }, 'service.schedule.weeklySessions'],
      [
        { type: 'COURSE', schedule: { weeklySessions: [rule] } },
        'service.schedule.weeklySessions[0].endDate',
      ],
      [
        {
          type: 'CLASS',
          schedule: { weeklySessions: [{ ...rule, startDate: '2026-04-01', endDate: '2026-03-01' }] },
        },
        'service.schedule.weeklySessions[0].endDate',
      ],
      [
        { type: 'CLASS', schedule: { weeklySessions: [{ ...rule, staffMemberId: 'nobody' }] } },
        'service.schedule.weeklySessions[0].staffMemberId',
      ],
      [
        { type: 'CLASS', schedule: { weeklySessions: [{ ...rule, startTime: '7pm' }] } },
        'service.schedule.weeklySessions[0].startTime',
      ],
    ];
    for (const [service, field] of cases) {
      const response = await make({ name: 'Bad', payment: free, ...service });
      expect([response.statusCode, violations(response)], JSON.stringify(service)).toEqual([400, [field]]);
    }
  });

  it('a class meets weekly at its local time (in the site zone, across the clocks going forward), with its own capacity', async () => {
    const coach = await createStaff(t, site, 'Robin');
    const spin = await createService(t, site, {
      name: 'Evening spin',
      type: 'CLASS',
      defaultCapacity: 8,
      staffMemberIds: [coach.id],
      payment: free,
      schedule: {
        weeklySessions: [
          {
            weekday: 'SUNDAY',
            startTime: '18:30',
            durationInMinutes: 45,
            staffMemberId: coach.id,
            capacity: 4,
          },
        ],
      },
    });
    const entries = await calls().slots(visitor, spin.id, 28);
    // London moves to summer time on 29 March: the class stays at 18:30 local.
    expect(entries.map((e) => e.slot.startDate)).toEqual([
      '2026-03-08T18:30:00',
      '2026-03-15T18:30:00',
      '2026-03-22T18:30:00',
      '2026-03-29T17:30:00',
    ]);
    expect(entries[0]).toMatchObject({ totalSpots: 4, openSpots: 4, slot: { resource: { id: coach.id } } });
  });

  it('a course is booked whole: one entry, its places taken by each booking', async () => {
    const course = await createService(t, site, {
      name: 'Wheel basics',
      type: 'COURSE',
      defaultCapacity: 2,
      payment: free,
      schedule: {
        weeklySessions: [
          {
            weekday: 'SATURDAY',
            startTime: '10:00',
            durationInMinutes: 120,
            startDate: '2026-03-07',
            endDate: '2026-04-11',
          },
        ],
      },
    });
    const [entry] = await calls().slots(visitor, course.id, 30);
    expect(entry).toMatchObject({ totalSpots: 2, openSpots: 2, slot: { startDate: '2026-03-07T10:00:00' } });
    for (const _ of [1, 2])
      expect((await calls().create(await site.token('visitor'), entry!.slot)).statusCode).toBe(200);
    const full = await calls().create(visitor, entry!.slot);
    expect(full.statusCode).toBe(409);
    expect(await calls().slots(visitor, course.id, 30)).toEqual([]);
  });
});
