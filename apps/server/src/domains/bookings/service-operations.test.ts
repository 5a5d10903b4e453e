import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import {
  createCategory,
  createLocation,
  createPolicy,
  createService,
  haircut,
  ok,
  SERVICES,
} from './bookings.test-helper.ts';

describe.each(engines)('bookings service operations (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'EUR' });
  });
  afterAll(() => t.close());

  it('validateSlug and setCustomSlug: illegal characters, taken slugs, earlier slugs kept', async () => {
    const massage = await createService(t, site, haircut({ name: 'Massage' }));
    const facial = await createService(t, site, haircut({ name: 'Facial' }));
    const validate = (serviceId: string, slug: string) =>
      ok(t, site, 'POST', `/_api${SERVICES}/slugs/validate`, { serviceId, slug });

    expect(await validate(massage.id, 'deep-tissue')).toEqual({
      valid: true,
      slug: 'deep-tissue',
      errors: [],
    });
    expect(await validate(massage.id, 'Deep Tissue/60')).toEqual({
      valid: false,
      errors: ['SLUG_CONTAINS_ILLEGAL_CHARACTERS'],
    });
    expect(await validate(massage.id, 'facial')).toEqual({ valid: false, errors: ['SLUG_ALREADY_EXISTS'] });
    expect(await validate(facial.id, 'facial')).toMatchObject({ valid: true });
    expect(await validate(massage.id, 'Facial?')).toEqual({
      valid: false,
      errors: ['SLUG_CONTAINS_ILLEGAL_CHARACTERS'],
    });
    // Older clients send `slugName` (seed).
    expect(
      await ok(t, site, 'POST', `${SERVICES}/slugs/validate`, { serviceId: massage.id, slugName: 'ok-1' }),
    ).toMatchObject({
      valid: true,
    });

    const set = await ok(t, site, 'POST', `${SERVICES}/${massage.id}/slugs/custom`, {
      serviceId: massage.id,
      slug: 'deep-tissue',
    });
    expect(set.slug).toMatchObject({ name: 'deep-tissue', custom: true, createdDate: expect.any(String) });
    expect(set.service.mainSlug).toMatchObject({ name: 'deep-tissue', custom: true });
    expect(set.service.supportedSlugs.map((s: { name: string }) => s.name)).toEqual([
      'massage',
      'deep-tissue',
    ]);
    expect(set.service.urls.servicePage.relativePath).toBe('/service-page/deep-tissue');

    const taken = await t.call({
      method: 'POST',
      url: `${SERVICES}/${facial.id}/slugs/custom`,
      auth: site.adminKey,
      payload: { slug: 'massage' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.data.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
    const illegal = await t.call({
      method: 'POST',
      url: `${SERVICES}/${facial.id}/slugs/custom`,
      auth: site.adminKey,
      payload: { slug: 'Not OK' },
    });
    expect(illegal.statusCode).toBe(400);
    expect(illegal.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'slug',
      ruleName: 'SLUG_CONTAINS_ILLEGAL_CHARACTERS',
    });

    // A custom slug stays when the name changes.
    const renamed = await ok(t, site, 'PATCH', `${SERVICES}/${massage.id}`, {
      service: { id: massage.id, revision: set.service.revision, name: 'Hot stones' },
    });
    expect(renamed.service.mainSlug.name).toBe('deep-tissue');

    // Slugs are per site: another site may use the same one.
    const other = await t.createSite();
    expect((await createService(t, other, haircut({ name: 'Massage' }))).mainSlug.name).toBe('massage');
  });

  it('cloneService: a new service with its own id, slug and schedule; options of older clients', async () => {
    const source = await createService(t, site, haircut({ name: 'Manicure' }));
    await ok(t, site, 'POST', `${SERVICES}/${source.id}/pricing-plans/add`, { pricingPlanIds: ['plan-1'] });
    const cloned = await ok(t, site, 'POST', `${SERVICES}/clone`, { sourceServiceId: source.id });
    expect(cloned.errors).toEqual([]);
    expect(cloned.service).toMatchObject({
      name: 'Manicure (copy)',
      revision: expect.any(String),
      mainSlug: { name: 'manicure-copy' },
      payment: { rateType: 'FIXED', pricingPlanIds: ['plan-1'] },
      schedule: { availabilityConstraints: { sessionDurations: [45] } },
    });
    expect(cloned.service.id).not.toBe(source.id);
    expect(cloned.service.schedule.id).not.toBe(source.schedule.id);

    const named = await ok(t, site, 'POST', `${SERVICES}/clone`, {
      sourceServiceId: source.id,
      cloneServiceName: 'Pedicure',
      hideService: true,
      copyPricingPlans: false,
    });
    expect(named.service).toMatchObject({ name: 'Pedicure', hidden: true, payment: { pricingPlanIds: [] } });
    const missing = await t.call({
      method: 'POST',
      url: `${SERVICES}/clone`,
      auth: site.adminKey,
      payload: { sourceServiceId: 'nope' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.data.details.applicationError.code).toBe('SERVICE_NOT_FOUND');
  });

  it('pricing plans add and remove', async () => {
    const service = await createService(t, site, haircut({ name: 'Waxing' }));
    const added = await ok(t, site, 'POST', `${SERVICES}/${service.id}/pricing-plans/add`, {
      serviceId: service.id,
      pricingPlanIds: ['p1', 'p2'],
    });
    expect(added.service.payment).toMatchObject({
      pricingPlanIds: ['p1', 'p2'],
      options: { pricingPlan: true },
    });
    const removed = await ok(t, site, 'POST', `${SERVICES}/${service.id}/pricing-plans/remove`, {
      pricingPlanIds: ['p1'],
    });
    expect(removed.service.payment.pricingPlanIds).toEqual(['p2']);
    const none = await ok(t, site, 'POST', `${SERVICES}/${service.id}/pricing-plans/remove`, {});
    expect(none.service.payment).toMatchObject({ pricingPlanIds: [], options: { pricingPlan: false } });

    const approval = await createService(
      t,
      site,
      haircut({ name: 'Consult', onlineBooking: { requireManualApproval: true } }),
    );
    const refused = await t.call({
      method: 'POST',
      url: `${SERVICES}/${approval.id}/pricing-plans/add`,
      auth: site.adminKey,
      payload: { pricingPlanIds: ['p1'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.details.applicationError.code).toBe('SERVICE_DOES_NOT_SUPPORT_PRICING_PLANS');
  });

  it('setServiceLocations and queryLocations: business, custom and customer locations; the removed-location action', async () => {
    const shop = await createLocation(t, site, 'Shop');
    const annex = await createLocation(t, site, 'Annex', { address: { city: 'Porto' } });
    const service = await createService(t, site, haircut({ name: 'Styling' }));
    expect(service.locations.map((l: { id: string }) => l.id)).toEqual([shop.id]);

    const set = await ok(t, site, 'POST', `${SERVICES}/${service.id}/locations`, {
      serviceId: service.id,
      locations: [
        { type: 'BUSINESS', business: { id: annex.id } },
        { type: 'CUSTOM', custom: { address: { formattedAddress: 'Beach 3' } } },
        { type: 'CUSTOMER' },
      ],
      removedLocationSessionsAction: {
        action: 'MOVE_TO_LOCATION',
        moveToLocationOptions: { newLocation: { type: 'BUSINESS', business: { id: annex.id } } },
      },
      participantNotification: { notifyParticipants: true, message: 'We moved' },
    });
    expect(set.service.locations).toMatchObject([
      {
        id: annex.id,
        type: 'BUSINESS',
        business: { name: 'Annex', default: false, address: { city: 'Porto' } },
      },
      { type: 'CUSTOM', calculatedAddress: { formattedAddress: 'Beach 3' } },
      { type: 'CUSTOMER' },
    ]);
    expect(set.service.revision).toBe('2');

    const wrongMove = await t.call({
      method: 'POST',
      url: `${SERVICES}/${service.id}/locations`,
      auth: site.adminKey,
      payload: {
        locations: [{ type: 'CUSTOMER' }],
        removedLocationSessionsAction: {
          action: 'MOVE_TO_LOCATION',
          moveToLocationOptions: { newLocation: { type: 'BUSINESS', business: { id: shop.id } } },
        },
      },
    });
    expect(wrongMove.statusCode).toBe(400);
    for (const action of ['KEEP_AT_CURRENT_LOCATION', 'DELETE']) {
      const kept = await t.call({
        method: 'POST',
        url: `${SERVICES}/${service.id}/locations`,
        auth: site.adminKey,
        payload: { locations: set.service.locations, removedLocationSessionsAction: { action } },
      });
      expect(kept.statusCode, action).toBe(200);
    }

    const all = await ok(t, site, 'POST', `${SERVICES}/locations/query`, {});
    expect(
      all.businessLocations.locations.map((l: { business: { name: string } }) => l.business.name).sort(),
    ).toEqual(['Annex', 'Shop']);
    expect(all).toMatchObject({
      businessLocations: { exists: true },
      customLocations: { exists: true },
      customerLocations: { exists: true },
    });
    const onlyStyling = await ok(t, site, 'POST', `${SERVICES}/locations/query`, {
      filter: { services: { name: 'Waxing' }, businessLocationIds: [annex.id] },
    });
    expect(onlyStyling).toMatchObject({
      businessLocations: { exists: false, locations: [{ id: annex.id }] },
      customLocations: { exists: false },
      customerLocations: { exists: false },
    });
  });

  it('queryCategories and queryPolicies: the entities services name', async () => {
    const other = await t.createSite();
    const beauty = await createCategory(t, other, 'Beauty', 2);
    const fitness = await createCategory(t, other, 'Fitness', 1);
    await createCategory(t, other, 'Unused', 3);
    const strict = await createPolicy(t, other, {
      name: 'Strict',
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 120 },
    });
    await createService(
      t,
      other,
      haircut({ name: 'Brows', category: { id: beauty.id }, bookingPolicy: { id: strict.id } }),
    );
    await createService(t, other, { name: 'Boxing', type: 'CLASS', category: { id: fitness.id } });

    const all = await ok(t, other, 'POST', `${SERVICES}/categories/query`, {});
    expect(all.categories.map((c: { name: string }) => c.name)).toEqual(['Fitness', 'Beauty', 'Unused']);
    const used = await ok(t, other, 'POST', `${SERVICES}/categories/query`, {
      filter: { services: { type: 'CLASS' } },
    });
    expect(used.categories).toEqual([{ id: fitness.id, name: 'Fitness', sortOrder: 1 }]);

    const policies = await ok(t, other, 'POST', `${SERVICES}/policies/query`, {
      query: { filter: { name: 'Strict' } },
    });
    expect(policies.bookingPolicies).toHaveLength(1);
    expect(policies.bookingPolicies[0]).toMatchObject({
      bookingPolicy: {
        id: strict.id,
        name: 'Strict',
        limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 120 },
      },
      connectedServices: [{ name: 'Brows', bookingPolicy: { id: strict.id } }],
      totalServiceCount: 1,
    });
    const everyPolicy = await ok(t, other, 'POST', `${SERVICES}/policies/query`, { query: {} });
    const defaults = everyPolicy.bookingPolicies.find(
      (p: { bookingPolicy: { default: boolean } }) => p.bookingPolicy.default,
    );
    expect(defaults.connectedServices.map((s: { name: string }) => s.name)).toEqual(['Boxing']);
  });
});
