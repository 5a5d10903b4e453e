import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import {
  createCategory,
  createLocation,
  createPolicy,
  createService,
  createStaff,
  haircut,
  ok,
  SERVICES,
} from './bookings.test-helper.ts';

const STAFF = '/bookings/v1/staff-members';
const POLICIES = '/bookings/v1/booking-policies';
const CATEGORIES = '/bookings/v2/categories';
const LOCATIONS = '/locations/v1/locations';

describe.each(engines)('bookings owner entities (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ timeZone: 'Europe/Lisbon' });
  });
  afterAll(() => t.close());

  it('staff members: working hours per weekday, time off, contact details for owners only', async () => {
    const ana = await createStaff(t, site, 'Ana', {
      email: 'ana@salon.example',
      workingHours: {
        periods: [
          { openDay: 'MONDAY', openTime: '09:00', closeDay: 'MONDAY', closeTime: '17:00' },
          { openDay: 'FRIDAY', openTime: '22:00', closeDay: 'SATURDAY', closeTime: '02:00' },
        ],
      },
      timeOff: [{ startDate: '2026-08-01T00:00:00Z', endDate: '2026-08-15T00:00:00Z', comment: 'Holidays' }],
    });
    expect(ana).toMatchObject({
      name: 'Ana',
      resourceId: ana.id,
      serviceProvider: true,
      revision: '1',
      timeOff: [
        {
          id: expect.any(String),
          startDate: '2026-08-01T00:00:00.000Z',
          endDate: '2026-08-15T00:00:00.000Z',
        },
      ],
    });
    const service = await createService(t, site, haircut({ staffMemberIds: [ana.id] }));

    const visitor = await site.token('visitor');
    const seen = await t.call({
      method: 'GET',
      url: `/_api/staff-members/v1/staff-members/${ana.id}`,
      auth: visitor,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.data.staffMember.email).toBeUndefined();
    expect((await ok(t, site, 'GET', `${STAFF}/${ana.id}`)).staffMember.email).toBe('ana@salon.example');

    const updated = await ok(t, site, 'PATCH', `${STAFF}/${ana.id}`, {
      staffMember: { id: ana.id, revision: '1', name: 'Ana Sousa' },
    });
    expect(updated.staffMember).toMatchObject({
      name: 'Ana Sousa',
      revision: '2',
      workingHours: ana.workingHours,
    });
    const stale = await t.call({
      method: 'PATCH',
      url: `${STAFF}/${ana.id}`,
      auth: site.adminKey,
      payload: { staffMember: { id: ana.id, revision: '1', name: 'Late' } },
    });
    expect(stale.statusCode).toBe(409);

    for (const [staffMember, field] of [
      [
        {
          name: 'B',
          workingHours: {
            periods: [{ openDay: 'MONDAY', openTime: '10:00', closeDay: 'MONDAY', closeTime: '09:00' }],
          },
        },
        'staffMember.workingHours.periods[0].closeTime',
      ],
      [
        {
          name: 'B',
          workingHours: {
            periods: [{ openDay: 'MONDAY', openTime: '25:00', closeDay: 'MONDAY', closeTime: '26:00' }],
          },
        },
        'staffMember.workingHours.periods[0].openTime',
      ],
      [
        { name: 'B', timeOff: [{ startDate: '2026-08-02T00:00:00Z', endDate: '2026-08-01T00:00:00Z' }] },
        'staffMember.timeOff[0].endDate',
      ],
    ] as const) {
      const response = await t.call({
        method: 'POST',
        url: STAFF,
        auth: site.adminKey,
        payload: { staffMember },
      });
      expect(response.statusCode).toBe(400);
      expect(
        response.data.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
      ).toContain(field);
    }

    const page = await ok(t, site, 'POST', `${STAFF}/query`, {
      query: { filter: { name: { $startsWith: 'Ana' } } },
    });
    expect(page.staffMembers.map((s: { name: string }) => s.name)).toEqual(['Ana Sousa']);
    expect((await ok(t, site, 'POST', `${STAFF}/count`, {})).count).toBe(1);

    await ok(t, site, 'DELETE', `${STAFF}/${ana.id}`);
    expect((await ok(t, site, 'GET', `${SERVICES}/${service.id}`)).service.staffMemberIds).toEqual([]);
    expect((await t.call({ method: 'GET', url: `${STAFF}/${ana.id}`, auth: site.adminKey })).statusCode).toBe(
      404,
    );
  });

  it('booking policies: defaults filled, rules checked, the default kept, services moved on delete', async () => {
    const policy = await createPolicy(t, site, {
      name: 'Flexible',
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 43_200 },
      cancellationPolicy: { enabled: true, limitLatestCancellation: true, latestCancellationInMinutes: 60 },
      participantsPolicy: { maxParticipantsPerBooking: 4 },
      waitlistPolicy: { enabled: true, capacity: 5 },
    });
    expect(policy).toMatchObject({
      name: 'Flexible',
      default: false,
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 43_200 },
      limitLateBookingPolicy: { enabled: false, latestBookingInMinutes: 1440 },
      bookAfterStartPolicy: { enabled: false },
      cancellationPolicy: { enabled: true, limitLatestCancellation: true, latestCancellationInMinutes: 60 },
      participantsPolicy: { maxParticipantsPerBooking: 4 },
      waitlistPolicy: { enabled: true, capacity: 5, reservationTimeInMinutes: 10 },
    });
    const conflicting = await t.call({
      method: 'POST',
      url: POLICIES,
      auth: site.adminKey,
      payload: {
        bookingPolicy: {
          name: 'Bad',
          limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 60 },
          bookAfterStartPolicy: { enabled: true },
        },
      },
    });
    expect(conflicting.statusCode).toBe(400);

    const service = await createService(
      t,
      site,
      haircut({ name: 'Policy cut', bookingPolicy: { id: policy.id } }),
    );
    expect(service.bookingPolicy).toMatchObject({ id: policy.id, name: 'Flexible' });
    const renamed = await ok(t, site, 'PATCH', `/_api${POLICIES}/${policy.id}`, {
      bookingPolicy: { id: policy.id, revision: '1', name: 'Relaxed' },
    });
    expect(renamed.bookingPolicy).toMatchObject({
      name: 'Relaxed',
      revision: '2',
      participantsPolicy: { maxParticipantsPerBooking: 4 },
    });
    expect((await ok(t, site, 'GET', `${SERVICES}/${service.id}`)).service.bookingPolicy.name).toBe(
      'Relaxed',
    );

    const all = await ok(t, site, 'POST', `${POLICIES}/query`, { query: { filter: { default: true } } });
    const defaultPolicy = all.bookingPolicies[0];
    expect(defaultPolicy).toMatchObject({ name: 'Default policy', default: true });
    const refused = await t.call({
      method: 'DELETE',
      url: `${POLICIES}/${defaultPolicy.id}`,
      auth: site.adminKey,
    });
    expect(refused.statusCode).toBe(409);
    await ok(t, site, 'DELETE', `${POLICIES}/${policy.id}`);
    expect((await ok(t, site, 'GET', `${SERVICES}/${service.id}`)).service.bookingPolicy.id).toBe(
      defaultPolicy.id,
    );
  });

  it('categories: CRUD, the GET form of the query, services left without a deleted one', async () => {
    const category = await createCategory(t, site, 'Nails', 5);
    const service = await createService(
      t,
      site,
      haircut({ name: 'Gel nails', category: { id: category.id } }),
    );
    const renamed = await ok(t, site, 'PATCH', `${CATEGORIES}/${category.id}`, {
      category: { id: category.id, revision: '1', name: 'Nail care' },
    });
    expect(renamed.category).toMatchObject({ name: 'Nail care', sortOrder: 5, revision: '2' });
    const r = Buffer.from(JSON.stringify({ query: { filter: { name: 'Nail care' } } })).toString('base64url');
    const viaGet = await ok(t, site, 'GET', `/_api${CATEGORIES}/query?.r=${r}`);
    expect(viaGet.categories.map((c: { id: string }) => c.id)).toEqual([category.id]);
    const viaPost = await ok(t, site, 'POST', `${CATEGORIES}/query`, {
      query: { sort: [{ fieldName: 'sortOrder' }] },
    });
    expect(viaPost.categories.map((c: { name: string }) => c.name)).toContain('Nail care');
    const malformed = await t.call({ method: 'GET', url: `${CATEGORIES}/query?.r=!!`, auth: site.adminKey });
    expect(malformed.statusCode).toBe(400);

    await ok(t, site, 'DELETE', `${CATEGORIES}/${category.id}`);
    expect((await ok(t, site, 'GET', `${SERVICES}/${service.id}`)).service.category).toBeUndefined();
  });

  it('business locations: the first is the default, in the site time zone; archived ones leave the choice', async () => {
    const other = await t.createSite({ timeZone: 'America/New_York' });
    const first = await createLocation(t, other, 'Downtown', {
      address: { city: 'New York', formatted: '1 Main St' },
    });
    expect(first).toMatchObject({
      default: true,
      status: 'ACTIVE',
      archived: false,
      timeZone: 'America/New_York',
      revision: '1',
    });
    const second = await createLocation(t, other, 'Uptown', { timeZone: 'America/Chicago' });
    expect(second).toMatchObject({ default: false, timeZone: 'America/Chicago' });
    const badZone = await t.call({
      method: 'POST',
      url: LOCATIONS,
      auth: other.adminKey,
      payload: { location: { name: 'Nowhere', timeZone: 'Mars/Base' } },
    });
    expect(badZone.statusCode).toBe(400);

    const updated = await ok(t, other, 'PUT', `${LOCATIONS}/${second.id}`, {
      location: { id: second.id, revision: '1', phone: '555-0100' },
    });
    expect(updated.location).toMatchObject({ name: 'Uptown', phone: '555-0100', revision: '2' });
    expect(
      (await t.call({ method: 'POST', url: `${LOCATIONS}/${first.id}/archive`, auth: other.adminKey }))
        .statusCode,
    ).toBe(409);
    const archived = await ok(t, other, 'POST', `${LOCATIONS}/${second.id}/archive`);
    expect(archived.location.archived).toBe(true);
    const refused = await t.call({
      method: 'POST',
      url: SERVICES,
      auth: other.adminKey,
      payload: {
        service: {
          name: 'Run',
          type: 'CLASS',
          locations: [{ type: 'BUSINESS', business: { id: second.id } }],
        },
      },
    });
    expect(refused.statusCode).toBe(400);
    const listed = await ok(t, other, 'POST', `${LOCATIONS}/query`, {
      query: { filter: { archived: false } },
    });
    expect(listed.locations.map((l: { name: string }) => l.name)).toEqual(['Downtown']);
  });
});
