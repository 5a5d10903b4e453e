import { categoriesV2, services, staffMembers } from '@wix/bookings';
import { createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/bookings` `services` (map 8), unchanged, against Plaza: every call of services v2 and the bulk
 * calls as the site's owner (`ApiKeyStrategy`, www host, and a custom API host), reads as a visitor
 * (OAuth strategy, edge host); `staffMembers` and `categoriesV2` set up what services name.
 */

const modules = { services, staffMembers, categoriesV2 };
let owner: ReturnType<typeof ownerClient>;
let custom: ReturnType<typeof customHostClient>;
let visitor: ReturnType<typeof visitorClient>;

const ownerClient = () =>
  createClient({
    modules,
    auth: demoOwnerAuth(),
    fetch: plaza.fetch,
  });
const customHostClient = () =>
  createClient({
    modules,
    auth: demoOwnerAuth(),
    host: { apiBaseUrl: CUSTOM_HOST },
    useCDN: false,
    fetch: plaza.fetch,
  } as Parameters<typeof createClient>[0]) as ReturnType<typeof ownerClient>;
const visitorClient = () => createClient({ modules, auth: demoVisitorAuth(), fetch: plaza.fetch });

usePlazaPerFile(() => {
  owner = ownerClient();
  custom = customHostClient();
  visitor = visitorClient();
});

const lastCall = () => plaza.requests.at(-1)!;
const uniqueName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

async function appointment(name = uniqueName('Compat cut')) {
  return owner.services.createService({
    name,
    type: 'APPOINTMENT',
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '30' } },
      options: { online: true, inPerson: false },
    },
    schedule: { availabilityConstraints: { sessionDurations: [30] } },
  });
}

describe('the demo site (visitor, edge host)', () => {
  it('lists the seeded services, the haircut with its two stylists', async () => {
    const listed = await visitor.services.queryServices().ascending('name').find();
    const names = listed.items.map((s) => s.name);
    for (const name of ['Free consultation', 'Haircut', 'Pottery course', 'Yoga Flow'])
      expect(names).toContain(name);
    const haircut = listed.items.find((s) => s.name === 'Haircut')!;
    expect(haircut).toMatchObject({
      type: 'APPOINTMENT',
      category: { name: 'Hair' },
      bookingPolicy: {
        name: 'Studio policy',
        limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 60 },
      },
      locations: [{ type: 'BUSINESS', business: { name: 'Plaza Studio' } }],
    });
    const detailed = await visitor.services.getService(haircut._id!, {
      conditionalFields: ['STAFF_MEMBER_DETAILS'],
    });
    expect(detailed.staffMemberDetails?.staffMembers?.map((m) => m.name)).toEqual([
      'Alex Morgan',
      'Sam Rivera',
    ]);
  });
});

describe('services v2 (owner, www host)', () => {
  it('createService, getService with STAFF_MEMBER_DETAILS, updateService, deleteService', async () => {
    const ana = await owner.staffMembers.createStaffMember({ name: 'Compat Ana' });
    expect(lastCall().pathAndQuery).toBe('/bookings/v1/staff-members');
    const category = await owner.categoriesV2.createCategory({ name: uniqueName('Compat category') });

    const created = await owner.services.createService({
      name: 'Compat Haircut',
      type: 'APPOINTMENT',
      category: { _id: category._id! },
      staffMemberIds: [ana._id!],
      media: { items: [{ image: 'wix:image://v1/abc123/cut.jpg#originWidth=640&originHeight=480' }] },
      payment: {
        rateType: 'FIXED',
        fixed: { price: { value: '45' } },
        options: { online: true, inPerson: true },
      },
      schedule: { availabilityConstraints: { sessionDurations: [45] } },
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/_api/bookings/v2/services',
      status: 200,
    });
    expect(created._id).toEqual(expect.any(String));
    expect(created).not.toHaveProperty('id');
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created.category).toMatchObject({ _id: category._id, name: category.name });
    expect(created.media?.items?.[0]?.image).toMatch(/^wix:image:\/\/v1\/abc123\//);
    expect(created.payment?.fixed?.price).toMatchObject({ value: '45.00', currency: 'USD' });
    expect(created.mainSlug).toMatchObject({ name: 'compat-haircut', custom: false });
    expect(created.mainSlug?._createdDate).toBeInstanceOf(Date);
    expect(created.urls?.servicePage).toMatch(/\/service-page\/compat-haircut$/);
    expect(created.bookingPolicy?._id).toEqual(expect.any(String));
    expect(created.schedule?._id).toEqual(expect.any(String));

    const got = await visitor.services.getService(created._id!, {
      conditionalFields: ['STAFF_MEMBER_DETAILS'],
    });
    expect(lastCall()).toMatchObject({ method: 'GET', host: 'edge.wixapis.com', status: 200 });
    expect(got.staffMemberDetails?.staffMembers).toEqual([{ staffMemberId: ana._id, name: 'Compat Ana' }]);

    const updated = await owner.services.updateService(created._id!, {
      revision: created.revision!,
      tagLine: 'Sharp',
    });
    expect(JSON.parse(lastCall().body!)).toEqual({
      service: { revision: '1', tagLine: 'Sharp', id: created._id },
    });
    expect(updated).toMatchObject({ revision: '2', tagLine: 'Sharp', name: 'Compat Haircut' });
    await expect(
      owner.services.updateService(created._id!, { revision: '1', tagLine: 'Stale' }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'REVISION_MISMATCH' } } });

    await owner.services.deleteService(created._id!, {
      preserveFutureSessionsWithParticipants: true,
      participantNotification: { notifyParticipants: false },
    });
    expect(lastCall().status).toBe(200);
    await expect(owner.services.getService(created._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'SERVICE_NOT_FOUND' } },
    });
  });

  it('queryServices (builder, paging with total), countServices, searchServices with aggregations', async () => {
    const prefix = uniqueName('Compat class');
    for (const n of [1, 2, 3]) {
      await owner.services.createService({ name: `${prefix} ${n}`, type: 'CLASS', defaultCapacity: 5 + n });
    }
    const first = await visitor.services
      .queryServices()
      .startsWith('name', prefix)
      .ascending('name')
      .limit(2)
      .find();
    expect(first.items.map((s) => s.name)).toEqual([`${prefix} 1`, `${prefix} 2`]);
    expect(first.totalCount).toBe(3);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((s) => s.name)).toEqual([`${prefix} 3`]);

    const counted = await visitor.services.countServices({ filter: { name: { $startsWith: prefix } } });
    expect(counted.count).toBe(3);

    const found = await visitor.services.searchServices({
      filter: { name: { $startsWith: prefix } },
      search: { expression: prefix.split(' ').at(-1)!, mode: 'OR' },
      aggregations: [
        { name: 'types', type: 'VALUE', fieldPath: 'type' },
        // The package types only the platform's aggregatable fields; Plaza aggregates any field path.
        { name: 'capacity', type: 'SCALAR', fieldPath: 'defaultCapacity' as 'name', scalar: { type: 'MAX' } },
      ],
      cursorPaging: { limit: 2 },
    });
    expect(found.services?.map((s) => s.name)).toHaveLength(2);
    expect(found.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    expect(found.aggregationData?.results).toEqual([
      {
        name: 'types',
        type: 'VALUE',
        fieldPath: 'type',
        values: { results: [{ value: 'CLASS', count: 3 }] },
      },
      { name: 'capacity', type: 'SCALAR', fieldPath: 'defaultCapacity', scalar: { type: 'MAX', value: 8 } },
    ]);
  });

  it('queryPolicies, queryLocations, queryCategories', async () => {
    const created = await appointment();
    const policies = await visitor.services.queryPolicies({ filter: { _id: created.bookingPolicy!._id } });
    expect(JSON.parse(lastCall().body!)).toEqual({ query: { filter: { id: created.bookingPolicy!._id } } });
    expect(policies.bookingPolicies?.[0]?.bookingPolicy?._id).toBe(created.bookingPolicy!._id);
    expect(policies.bookingPolicies?.[0]?.totalServiceCount).toBeGreaterThan(0);

    const locations = await visitor.services.queryLocations({ filter: {} });
    expect(locations.businessLocations).toMatchObject({
      exists: expect.any(Boolean),
      locations: expect.any(Array),
    });
    expect(locations.customLocations).toEqual({ exists: expect.any(Boolean) });

    const category = await owner.categoriesV2.createCategory({
      name: uniqueName('Compat listed'),
      sortOrder: -5,
    });
    const categories = await visitor.services.queryCategories({ filter: { categoryIds: [category._id!] } });
    expect(categories.categories).toEqual([{ _id: category._id, name: category.name, sortOrder: -5 }]);
  });

  it('setServiceLocations, pricing plans, slugs, clone', async () => {
    const created = await appointment(uniqueName('Compat ops'));
    const located = await owner.services.setServiceLocations(created._id!, {
      locations: [
        { type: 'CUSTOM', custom: { address: { formatted: 'Compat street 1', city: 'Lisbon' } } },
        { type: 'CUSTOMER' },
      ],
      removedLocationSessionsAction: { action: 'KEEP_AT_CURRENT_LOCATION' },
    });
    expect(JSON.parse(lastCall().body!).locations[0].custom.address.formattedAddress).toBe('Compat street 1');
    expect(located.service?.locations).toMatchObject([
      { type: 'CUSTOM', calculatedAddress: { formatted: 'Compat street 1', city: 'Lisbon' } },
      { type: 'CUSTOMER' },
    ]);

    const enabled = await owner.services.enablePricingPlansForService(created._id!, ['plan-a']);
    expect(enabled.service?.payment?.pricingPlanIds).toEqual(['plan-a']);
    const disabled = await owner.services.disablePricingPlansForService(created._id!, {
      pricingPlanIds: ['plan-a'],
    });
    expect(disabled.service?.payment?.pricingPlanIds).toEqual([]);

    const slug = `compat-${Math.random().toString(36).slice(2, 8)}`;
    expect(await owner.services.validateSlug(created._id!, { slug })).toEqual({
      valid: true,
      slug,
      errors: [],
    });
    expect(await owner.services.validateSlug(created._id!, { slug: 'Bad Slug' })).toEqual({
      valid: false,
      errors: ['SLUG_CONTAINS_ILLEGAL_CHARACTERS'],
    });
    const set = await owner.services.setCustomSlug(created._id!, { slug });
    expect(set.slug).toMatchObject({ name: slug, custom: true });
    expect(set.slug?._createdDate).toBeInstanceOf(Date);
    const other = await appointment();
    expect(await owner.services.validateSlug(other._id!, { slug })).toEqual({
      valid: false,
      errors: ['SLUG_ALREADY_EXISTS'],
    });

    const cloned = await owner.services.cloneService(created._id!);
    expect(JSON.parse(lastCall().body!)).toEqual({ sourceServiceId: created._id });
    expect(cloned.errors).toEqual([]);
    expect(cloned.service?._id).not.toBe(created._id);
    expect(cloned.service?.name).toBe(`${created.name} (copy)`);
  });
});

describe('bulk services (owner): www and custom hosts', () => {
  it('bulkUpdateServices and bulkDeleteServices with per-item results', async () => {
    const a = await appointment();
    const b = await appointment();
    const updated = await owner.services.bulkUpdateServices({
      services: [
        { service: { _id: a._id!, revision: a.revision!, tagLine: 'Bulk' }, mask: ['tagLine'] },
        { service: { _id: b._id!, revision: '99', tagLine: 'Stale' } },
      ],
      returnEntity: true,
    });
    expect(lastCall().pathAndQuery).toBe('/bookings/v2/bulk/services/update');
    expect(JSON.parse(lastCall().body!).services[0].mask).toBe('tagLine');
    expect(updated.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(updated.results?.[0]).toMatchObject({
      itemMetadata: { _id: a._id, success: true },
      item: { tagLine: 'Bulk' },
    });
    expect(updated.results?.[1]?.itemMetadata?.error?.code).toBe('REVISION_MISMATCH');

    const deleted = await custom.services.bulkDeleteServices([a._id!, b._id!]);
    expect(lastCall()).toMatchObject({
      host: CUSTOM_HOST,
      pathAndQuery: '/v2/bulk/services/delete',
      status: 200,
    });
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(2);
  });

  it('bulkUpdateServicesByFilter and bulkDeleteServicesByFilter', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    for (const n of [1, 2]) await owner.services.createService({ name: `Filter ${tag} ${n}`, type: 'CLASS' });
    const updated = await custom.services.bulkUpdateServicesByFilter(
      { name: { $startsWith: `Filter ${tag}` } },
      { service: { tagLine: 'By filter' } },
    );
    expect(lastCall().pathAndQuery).toBe('/v2/bulk/services/update-by-filter');
    expect(updated.jobId).toEqual(expect.any(String));
    const listed = await owner.services.queryServices().startsWith('name', `Filter ${tag}`).find();
    expect(listed.items.map((s) => s.tagLine)).toEqual(['By filter', 'By filter']);

    const removed = await owner.services.bulkDeleteServicesByFilter({
      name: { $startsWith: `Filter ${tag}` },
    });
    expect(removed.jobId).toEqual(expect.any(String));
    expect(
      (await owner.services.countServices({ filter: { name: { $startsWith: `Filter ${tag}` } } })).count,
    ).toBe(0);
  });

  it('refuses a visitor on an owner call with 403', async () => {
    await expect(visitor.services.createService({ name: 'Nope', type: 'CLASS' })).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});
