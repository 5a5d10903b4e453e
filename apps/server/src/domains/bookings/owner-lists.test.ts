import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { ok, SERVICES } from './bookings.test-helper.ts';
import { bookingCalls, EXTENDED, studio } from './checkout.test-helper.ts';

const STAFF = '/bookings/v1/staff-members';

/**
 * The lists of the owner's bookings console, as the dashboard asks for them: a week of live bookings
 * of one staff member (a path of the booked slot, filtered by the server), the bookings waiting for
 * approval with their total, services by name and type, the services a staff member gives, and a
 * service's duration changed through `mask`.
 */
describe.each(engines)('bookings: the owner console lists (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  let staff: Record<string, string>;
  let visitor: string;
  const calls = () => bookingCalls(t, () => site);
  const week = { $gte: '2026-03-02T00:00:00.000Z', $lt: '2026-03-09T00:00:00.000Z' };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    ({ site, services } = await studio(t));
    const listed = await ok(t, site, 'POST', `${STAFF}/query`, { query: {} });
    staff = Object.fromEntries(
      (listed.staffMembers as { name: string; id: string }[]).map((s) => [s.name, s.id]),
    );
    visitor = await site.token('visitor');
  }, 60_000);
  afterAll(() => t.close());

  it("a week of one staff member's live bookings, paged with a total; cancelled ones left out", async () => {
    const entries = await calls().slots(visitor, services.Haircut!, 2);
    // Two of Alex's slots apart (the haircut keeps 15 minutes after it), and one of Sam's.
    const alexSlots = entries.filter((e) => e.slot.resource.id === staff['Alex Morgan']);
    const alex = [alexSlots[0]!, alexSlots[3]!];
    const sam = entries.find((e) => e.slot.resource.id === staff['Sam Rivera']);
    const ids = [];
    for (const entry of [...alex, sam!]) ids.push((await calls().bookAndPay(visitor, entry)).bookingId);
    await ok(t, site, 'POST', `/bookings/v2/bookings/${ids[1]}/cancel`, {});

    const query = (resource: string, extra: object = {}) =>
      ok(t, site, 'POST', EXTENDED, {
        query: {
          filter: {
            startDate: week,
            status: { $in: ['CONFIRMED', 'PENDING'] },
            'bookedEntity.slot.resource.id': resource,
          },
          sort: [{ fieldName: 'startDate', order: 'ASC' }],
          paging: { offset: 0, limit: 100 },
          ...extra,
        },
      });
    const ofAlex = await query(staff['Alex Morgan']!);
    expect(ofAlex.extendedBookings.map((e: { booking: { id: string } }) => e.booking.id)).toEqual([ids[0]]);
    expect(ofAlex.pagingMetadata).toMatchObject({ count: 1, total: 1 });
    const ofSam = await query(staff['Sam Rivera']!);
    expect(ofSam.extendedBookings.map((e: { booking: { id: string } }) => e.booking.id)).toEqual([ids[2]]);

    const nextWeek = await ok(t, site, 'POST', EXTENDED, {
      query: { filter: { startDate: { $gte: week.$lt } }, paging: { limit: 10 } },
    });
    expect(nextWeek.pagingMetadata.total).toBe(0);

    // Another site's owner sees none of them; a visitor may not list bookings at all.
    const other = await t.createSite();
    const theirs = await ok(t, other, 'POST', EXTENDED, { query: { filter: { startDate: week } } });
    expect(theirs.extendedBookings).toEqual([]);
    const refused = await t.call({ method: 'POST', url: EXTENDED, auth: visitor, payload: { query: {} } });
    expect(refused.statusCode).toBe(403);
  });

  it('the bookings waiting for approval, soonest first, with their total', async () => {
    const id = services['Free consultation']!;
    const current = (await ok(t, site, 'GET', `${SERVICES}/${id}`)).service;
    await ok(t, site, 'PATCH', `${SERVICES}/${id}`, {
      service: {
        id,
        revision: current.revision,
        onlineBooking: { enabled: true, requireManualApproval: true },
      },
      mask: 'onlineBooking',
    });
    const [first, second, third] = await calls().slots(visitor, id, 2);
    const later = (await calls().bookAndPay(visitor, third!)).bookingId;
    const sooner = (await calls().bookAndPay(visitor, first!)).bookingId;
    await calls().bookAndPay(visitor, second!);
    const page = await ok(t, site, 'POST', EXTENDED, {
      query: {
        filter: { status: 'PENDING' },
        sort: [{ fieldName: 'startDate', order: 'ASC' }],
        paging: { offset: 0, limit: 2 },
      },
    });
    expect(page.pagingMetadata).toMatchObject({ count: 2, total: 3 });
    expect(page.extendedBookings[0].booking.id).toBe(sooner);
    const rest = await ok(t, site, 'POST', EXTENDED, {
      query: {
        filter: { status: 'PENDING' },
        sort: [{ fieldName: 'startDate', order: 'ASC' }],
        paging: { offset: 2, limit: 2 },
      },
    });
    expect(rest.extendedBookings.map((e: { booking: { id: string } }) => e.booking.id)).toEqual([later]);
  });

  it("services by name and type; a staff member's services; a duration changed through mask", async () => {
    const query = async (filter: object) =>
      (
        await ok(t, site, 'POST', `${SERVICES}/query`, {
          query: { filter, sort: [{ fieldName: 'name', order: 'ASC' }], paging: { offset: 0, limit: 20 } },
          conditionalFields: ['STAFF_MEMBER_DETAILS'],
        })
      ).services.map((s: { name: string }) => s.name);
    expect(await query({ name: { $contains: 'CUT' } })).toEqual(['Haircut']);
    expect(await query({ type: 'CLASS' })).toEqual(['Yoga Flow']);
    expect(await query({ name: { $contains: 'o' }, type: 'APPOINTMENT' })).toEqual(['Free consultation']);
    expect(await query({ staffMemberIds: { $hasSome: [staff['Alex Morgan']] } })).toEqual([
      'Free consultation',
      'Haircut',
    ]);

    const id = services.Haircut!;
    const current = (await ok(t, site, 'GET', `${SERVICES}/${id}`)).service;
    const changed = await ok(t, site, 'PATCH', `${SERVICES}/${id}`, {
      service: {
        id,
        revision: current.revision,
        name: 'Haircut',
        payment: { ...current.payment, rateType: 'FIXED', fixed: { price: { value: '50' } } },
        schedule: {
          ...current.schedule,
          availabilityConstraints: { ...current.schedule.availabilityConstraints, sessionDurations: [30] },
        },
      },
      mask: 'name,payment,schedule',
    });
    expect(changed.service.schedule.availabilityConstraints).toMatchObject({
      sessionDurations: [30],
      timeBetweenSessions: 15,
    });
    expect(changed.service.payment).toMatchObject({
      rateType: 'FIXED',
      fixed: { price: { value: '50.00' } },
      options: { online: true, inPerson: true },
    });
    const bad = await t.call({
      method: 'PATCH',
      url: `${SERVICES}/${id}`,
      auth: site.adminKey,
      payload: {
        service: {
          id,
          revision: changed.service.revision,
          payment: { rateType: 'FIXED', fixed: { price: { value: 'twenty' } } },
        },
        mask: 'payment',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.details.validationError.fieldViolations[0].field).toMatch(
      /^service\.payment\.fixed\.price/,
    );
  });
});
