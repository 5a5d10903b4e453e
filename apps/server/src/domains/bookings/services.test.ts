import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import {
  createCategory,
  createLocation,
  createService,
  createStaff,
  haircut,
  ok,
  SERVICES,
} from './bookings.test-helper.ts';

describe.each(engines)('bookings services (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD', settings: { siteUrl: 'https://salon.example' } });
  });
  afterAll(() => t.close());

  it('createService: a service with its slug, schedule, default policy, money and URLs', async () => {
    const location = await createLocation(t, site, 'Main street', {
      address: {
        city: 'Lisbon',
        formatted: 'Rua A 1, Lisbon',
        location: { latitude: 38.7, longitude: -9.1 },
      },
    });
    const category = await createCategory(t, site, 'Hair', 2);
    const service = await createService(t, site, haircut({ category: { id: category.id } }));
    expect(service).toMatchObject({
      name: 'Haircut',
      type: 'APPOINTMENT',
      revision: '1',
      appId: '13d21c63-b5ec-5912-8397-c3a5ddb27a97',
      defaultCapacity: 1,
      hidden: false,
      category: { id: category.id, name: 'Hair', sortOrder: 2 },
      payment: {
        rateType: 'FIXED',
        fixed: { price: { value: '40.00', currency: 'USD', formattedValue: '$40.00' } },
        options: { online: true, inPerson: true, deposit: false, pricingPlan: false },
        pricingPlanIds: [],
      },
      onlineBooking: { enabled: true, requireManualApproval: false },
      locations: [
        {
          id: location.id,
          type: 'BUSINESS',
          business: { id: location.id, name: 'Main street', default: true },
          calculatedAddress: {
            city: 'Lisbon',
            formattedAddress: 'Rua A 1, Lisbon',
            geocode: { latitude: 38.7 },
          },
        },
      ],
      bookingPolicy: { name: 'Default policy', default: true, limitEarlyBookingPolicy: { enabled: false } },
      schedule: {
        availabilityConstraints: {
          sessionDurations: [45],
          durations: [{ minutes: 45 }],
          timeBetweenSessions: 15,
        },
      },
      mainSlug: { name: 'haircut', custom: false },
      supportedSlugs: [{ name: 'haircut', custom: false }],
      urls: {
        servicePage: {
          relativePath: '/service-page/haircut',
          url: 'https://salon.example/service-page/haircut',
        },
        bookingPage: { relativePath: '/booking-calendar/haircut' },
      },
      form: { id: expect.any(String) },
    });
    expect(service.schedule.id).toEqual(expect.any(String));
    expect(service.bookingPolicy.id).toEqual(expect.any(String));

    const again = await createService(t, site, haircut());
    expect(again.mainSlug.name).toBe('haircut-2');
  });

  it('getService: at both paths, with STAFF_MEMBER_DETAILS on request; hidden ones for owners only', async () => {
    const ana = await createStaff(t, site, 'Ana');
    const service = await createService(t, site, haircut({ name: 'Colour', staffMemberIds: [ana.id] }));
    for (const path of [SERVICES, `/_api${SERVICES}`]) {
      const plain = await ok(t, site, 'GET', `${path}/${service.id}?serviceId=${service.id}`);
      expect(plain.service.staffMemberIds).toEqual([ana.id]);
      expect(plain.service.staffMemberDetails).toBeUndefined();
    }
    const detailed = await ok(
      t,
      site,
      'GET',
      `${SERVICES}/${service.id}?conditionalFields=STAFF_MEMBER_DETAILS`,
    );
    expect(detailed.service.staffMemberDetails).toEqual({
      staffMembers: [{ staffMemberId: ana.id, name: 'Ana' }],
    });

    const hidden = await createService(t, site, haircut({ name: 'Secret', hidden: true }));
    const visitor = await site.token('visitor');
    expect((await t.call({ method: 'GET', url: `${SERVICES}/${hidden.id}`, auth: visitor })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call({ method: 'GET', url: `${SERVICES}/${service.id}`, auth: visitor })).statusCode,
    ).toBe(200);
    const visible = await t.call({
      method: 'POST',
      url: `${SERVICES}/query`,
      auth: visitor,
      payload: { query: { filter: { name: { $in: ['Secret', 'Colour'] } } } },
    });
    expect(visible.data.services.map((s: { name: string }) => s.name)).toEqual(['Colour']);
    const count = await t.call({
      method: 'POST',
      url: `${SERVICES}/count`,
      auth: visitor,
      payload: { filter: { name: 'Secret' } },
    });
    expect(count.data).toEqual({ count: 0 });
    expect((await ok(t, site, 'POST', `${SERVICES}/count`, { filter: { name: 'Secret' } })).count).toBe(1);
  });

  it('updateService: the fields sent, under revision; a new name moves an uncustomised slug', async () => {
    const service = await createService(t, site, haircut({ name: 'Beard trim' }));
    const updated = await ok(t, site, 'PATCH', `${SERVICES}/${service.id}`, {
      service: { id: service.id, revision: '1', name: 'Beard styling', tagLine: 'Sharp' },
    });
    expect(updated.service).toMatchObject({
      revision: '2',
      name: 'Beard styling',
      tagLine: 'Sharp',
      description: 'A cut and a blow-dry',
      mainSlug: { name: 'beard-styling' },
    });
    expect(updated.service.supportedSlugs.map((s: { name: string }) => s.name)).toEqual([
      'beard-trim',
      'beard-styling',
    ]);
    expect(updated.service.schedule.id).toBe(service.schedule.id);

    const stale = await t.call({
      method: 'PATCH',
      url: `${SERVICES}/${service.id}`,
      auth: site.adminKey,
      payload: { service: { id: service.id, revision: '1', name: 'Late' } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.data.details.applicationError).toMatchObject({
      code: 'REVISION_MISMATCH',
      data: { currentRevision: '2' },
    });

    const masked = await ok(t, site, 'PATCH', `${SERVICES}/${service.id}`, {
      service: { id: service.id, revision: '2', name: 'Ignored', description: 'Only this' },
      mask: 'description',
    });
    expect(masked.service).toMatchObject({ name: 'Beard styling', description: 'Only this', revision: '3' });
  });

  it('refuses bad fields with field violations naming them', async () => {
    const cases: Array<[object, string, string?]> = [
      [{ name: 'X', type: 'YOGA' }, 'service.type'],
      [
        { name: 'X', type: 'CLASS', payment: { rateType: 'FIXED' } },
        'service.payment.fixed.price',
        'INVALID_RATE',
      ],
      [
        { name: 'X', type: 'CLASS', payment: { rateType: 'NO_FEE', options: { online: true } } },
        'service.payment.options',
        'INVALID_PAYMENT_OPTIONS',
      ],
      [
        { name: 'X', type: 'APPOINTMENT', defaultCapacity: 4 },
        'service.defaultCapacity',
        'INVALID_APPOINTMENT_CAPACITY',
      ],
      [{ name: 'X', type: 'CLASS', category: { id: 'nope' } }, 'service.category.id', 'INVALID_CATEGORY'],
      [
        { name: 'X', type: 'CLASS', staffMemberIds: ['nope'] },
        'service.staffMemberIds[0]',
        'INVALID_STAFF_MEMBER_IDS',
      ],
      [
        { name: 'X', type: 'CLASS', locations: [{ type: 'BUSINESS', business: { id: 'nope' } }] },
        'service.locations[0].business.id',
        'INVALID_BUSINESS_LOCATION',
      ],
      [
        {
          name: 'X',
          type: 'CLASS',
          payment: { rateType: 'FIXED', fixed: { price: { value: '1.234' } }, options: { inPerson: true } },
        },
        'service.payment.fixed.price.value',
      ],
    ];
    for (const [service, field, ruleName] of cases) {
      const response = await t.call({
        method: 'POST',
        url: SERVICES,
        auth: site.adminKey,
        payload: { service },
      });
      expect(response.statusCode, JSON.stringify(service)).toBe(400);
      const violations = response.data.details.validationError.fieldViolations;
      expect(violations.map((v: { field: string }) => v.field)).toContain(field);
      if (ruleName) expect(violations[0].ruleName).toBe(ruleName);
    }
  });

  it('refuses visitors and members on owner calls (403) and lets them read', async () => {
    const service = await createService(t, site, haircut({ name: 'Shave' }));
    for (const kind of ['visitor', 'member'] as const) {
      const auth = await site.token(kind);
      const writes = [
        { method: 'POST', url: SERVICES, payload: { service: haircut() } },
        {
          method: 'PATCH',
          url: `${SERVICES}/${service.id}`,
          payload: { service: { id: service.id, revision: '1' } },
        },
        { method: 'DELETE', url: `${SERVICES}/${service.id}` },
        { method: 'POST', url: `${SERVICES}/clone`, payload: { sourceServiceId: service.id } },
        { method: 'POST', url: '/v2/bulk/services/delete', payload: { ids: [service.id] } },
      ] as const;
      for (const write of writes) {
        const response = await t.call({ ...write, auth });
        expect(response.statusCode, `${kind} ${write.method} ${write.url}`).toBe(403);
      }
      const read = await t.call({ method: 'GET', url: `${SERVICES}/${service.id}`, auth });
      expect(read.statusCode).toBe(200);
    }
  });

  it('deleteService: gone at once, its slug free again', async () => {
    const service = await createService(t, site, haircut({ name: 'Nails' }));
    await ok(
      t,
      site,
      'DELETE',
      `${SERVICES}/${service.id}?preserveFutureSessionsWithParticipants=true&participantNotification.notifyParticipants=false`,
    );
    expect(
      (await t.call({ method: 'GET', url: `${SERVICES}/${service.id}`, auth: site.adminKey })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `${SERVICES}/${service.id}`, auth: site.adminKey })).statusCode,
    ).toBe(404);
    expect((await createService(t, site, haircut({ name: 'Nails' }))).mainSlug.name).toBe('nails');
  });

  it('queryServices: filters, sorts and pages with total', async () => {
    const other = await t.createSite();
    for (const name of ['Yoga', 'Pilates', 'Spin']) {
      await createService(t, other, { name, type: 'CLASS', defaultCapacity: 12 });
    }
    const page = await ok(t, other, 'POST', `${SERVICES}/query`, {
      query: {
        filter: { type: 'CLASS' },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        paging: { limit: 2, offset: 0 },
      },
    });
    expect(page.services.map((s: { name: string }) => s.name)).toEqual(['Pilates', 'Spin']);
    expect(page.pagingMetadata).toMatchObject({ count: 2, offset: 0, total: 3 });
    const bad = await t.call({
      method: 'POST',
      url: `${SERVICES}/query`,
      auth: other.adminKey,
      payload: { query: { filter: { name: { $nope: 1 } } } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
