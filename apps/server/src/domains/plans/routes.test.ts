import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { code, community, PLANS, studioPass, yearly } from '../../../test/flows/plans-fixtures.ts';

const violations = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []).map(
    (v: { field: string; violatedRule: string }) => `${v.field} ${v.violatedRule}`,
  );

describe.each(engines)('plans v2 calls (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
  });
  afterAll(() => t.close());

  const as = (auth: string) => (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.call({ method, url, auth, ...(payload ? { payload } : {}) });
  const create = async (on: TestSite, plan: object) => {
    // Lists come in creation order: each plan is made a moment after the one before.
    t.clock.advance(1);
    const response = await as(on.adminKey)('POST', PLANS, { plan });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.plan;
  };

  it('creates free, subscription and single-payment plans in the wire shape', async () => {
    const own = await t.createSite({ currency: 'USD' });
    const free = await create(own, community);
    expect(free).toEqual({
      id: expect.any(String),
      revision: '1',
      createdDate: expect.any(String),
      updatedDate: free.createdDate,
      name: 'Community',
      description: 'Join the forum',
      perks: { values: ['Forum access', 'Monthly newsletter'] },
      pricing: { singlePaymentUnlimited: true, price: { value: '0.00', currency: 'USD' } },
      public: true,
      archived: false,
      primary: false,
      hasOrders: false,
      slug: 'community',
      maxPurchasesPerBuyer: 0,
      allowFutureStartDate: false,
      buyerCanCancel: false,
    });
    const monthly = await create(own, studioPass);
    expect(monthly.pricing).toEqual({
      subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
      price: { value: '49.00', currency: 'USD' },
      freeTrialDays: 7,
    });
    expect(monthly).toMatchObject({ slug: 'studio-pass', maxPurchasesPerBuyer: 1, buyerCanCancel: true });
    const year = await create(own, yearly);
    expect(year).toMatchObject({
      slug: 'yearly-unlimited',
      pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '399.90' } },
      allowFutureStartDate: true,
      termsAndConditions: 'No refunds after 14 days.',
    });
    // The same name again gets a slug of its own; a slug given that is taken is refused.
    expect((await create(own, community)).slug).toBe('community-2');
    const taken = await as(own.adminKey)('POST', PLANS, { plan: { ...community, slug: 'community' } });
    expect([taken.statusCode, code(taken)]).toEqual([409, 'SLUG_ALREADY_EXISTS']);
    const stats = await as(own.adminKey)('GET', `${PLANS}/stats`);
    expect(stats.data).toEqual({ totalPlans: 4 });
  });

  it('answers each call under its custom-host aliases', async () => {
    const plan = await create(site, { ...community, name: 'Alias plan' });
    for (const prefix of ['/_api/pricing-plans/v2/plans', '/_api/paid-plans/v2/plans']) {
      const got = await as(site.adminKey)('GET', `${prefix}/${plan.id}`);
      expect(got.data.plan.id).toBe(plan.id);
      const listed = await as(await site.token('visitor'))('GET', `${prefix}/public?planIds=${plan.id}`);
      expect(listed.data.plans.map((p: { id: string }) => p.id)).toEqual([plan.id]);
    }
  });

  it('lists and queries public plans for anyone, without owner fields', async () => {
    const own = await t.createSite({ currency: 'EUR' });
    const [a, b, hidden] = [
      await create(own, { ...community, name: 'A' }),
      await create(own, { ...yearly, name: 'B', pricing: { ...yearly.pricing, price: { value: '10' } } }),
      await create(own, { ...community, name: 'Hidden', public: false }),
    ];
    expect(b.pricing.price).toEqual({ value: '10.00', currency: 'EUR' });
    const visitor = as(await own.token('visitor'));
    const listed = await visitor('GET', `${PLANS}/public`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.data.plans.map((p: { name: string }) => p.name)).toEqual(['A', 'B']);
    expect(listed.data.pagingMetadata).toMatchObject({ count: 2, offset: 0, total: 2 });
    expect(listed.data.plans[0]).not.toHaveProperty('public');
    expect(listed.data.plans[0]).not.toHaveProperty('hasOrders');
    const paged = await visitor('GET', `${PLANS}/public?limit=1&offset=1&planIds=${a.id}&planIds=${b.id}`);
    expect(paged.data.plans.map((p: { id: string }) => p.id)).toEqual([b.id]);
    expect(paged.data.pagingMetadata).toMatchObject({ count: 1, offset: 1, total: 2 });

    const queried = await visitor('POST', `${PLANS}/public/query`, {
      query: { filter: { slug: { $startsWith: 'b' } }, sort: [{ fieldName: 'createdDate', order: 'DESC' }] },
    });
    expect(queried.statusCode, queried.body).toBe(200);
    expect(queried.data.plans.map((p: { id: string }) => p.id)).toEqual([b.id]);
    const all = await visitor('POST', `${PLANS}/public/query`, { query: { filter: { id: hidden.id } } });
    expect(all.data.plans).toEqual([]);
    const byPrice = await visitor('POST', `${PLANS}/public/query`, {
      query: { filter: { 'pricing.price.value': { $gt: '5' } } },
    });
    expect(byPrice.data.plans.map((p: { id: string }) => p.id)).toEqual([b.id]);

    // getPlan: any plan for the owner, public ones only for everyone else.
    expect((await visitor('GET', `${PLANS}/${a.id}`)).data.plan.id).toBe(a.id);
    expect(code(await visitor('GET', `${PLANS}/${hidden.id}`))).toBe('plan_not_found');
    expect((await as(own.adminKey)('GET', `${PLANS}/${hidden.id}`)).data.plan.public).toBe(false);
  });

  it('lists the owner plans by archive state and visibility', async () => {
    const own = await t.createSite();
    const owner = as(own.adminKey);
    const shown = await create(own, { ...community, name: 'Shown' });
    const hidden = await create(own, { ...community, name: 'Hidden', public: false });
    const gone = await create(own, { ...community, name: 'Gone' });
    expect((await owner('POST', `${PLANS}/${gone.id}/archive`, {})).statusCode).toBe(200);
    const names = async (query: string) =>
      (await owner('GET', `${PLANS}${query}`)).data.plans.map((p: { name: string }) => p.name);
    expect(await names('')).toEqual(['Shown', 'Hidden']);
    expect(await names('?archived=ARCHIVED')).toEqual(['Gone']);
    expect(await names('?archived=ARCHIVED_AND_ACTIVE')).toEqual(['Shown', 'Hidden', 'Gone']);
    expect(await names('?public=PUBLIC')).toEqual(['Shown']);
    expect(await names('?public=HIDDEN&archived=ARCHIVED_AND_ACTIVE')).toEqual(['Hidden', 'Gone']);
    expect(await names(`?planIds=${hidden.id}&planIds=${shown.id}`)).toEqual(['Shown', 'Hidden']);
    const page = await owner('GET', `${PLANS}?limit=1&offset=1`);
    expect(page.data.pagingMetadata).toMatchObject({ count: 1, offset: 1, total: 2 });
    const bad = await owner('GET', `${PLANS}?archived=SOMETIMES`);
    expect(bad.statusCode).toBe(400);
  });

  it('updates the fields sent, or those a field mask names', async () => {
    const owner = as(site.adminKey);
    const plan = await create(site, { ...studioPass, name: 'Update me', description: 'Before' });
    const renamed = await owner('PATCH', `${PLANS}/${plan.id}`, {
      plan: { id: plan.id, name: 'Renamed', archived: true, primary: true, hasOrders: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Read-only fields sent back are ignored; the slug stays what it was.
    expect(renamed.data.plan).toMatchObject({
      name: 'Renamed',
      description: 'Before',
      archived: false,
      primary: false,
      slug: 'update-me',
      revision: '2',
    });
    const masked = await owner('PATCH', `${PLANS}/${plan.id}`, {
      plan: { id: plan.id, name: 'Ignored', description: null, pricing: { price: { value: '55.5' } } },
      fieldMask: 'description,pricing.price.value',
    });
    expect(masked.statusCode, masked.body).toBe(200);
    expect(masked.data.plan.name).toBe('Renamed');
    expect(masked.data.plan).not.toHaveProperty('description');
    expect(masked.data.plan.pricing).toMatchObject({ price: { value: '55.50' }, freeTrialDays: 7 });
    const model = await owner('PATCH', `${PLANS}/${plan.id}`, {
      plan: { id: plan.id, pricing: { singlePaymentUnlimited: true } },
    });
    expect(model.data.plan.pricing).toEqual({
      singlePaymentUnlimited: true,
      price: { value: '0.00', currency: 'USD' },
    });
    const readOnly = await owner('PATCH', `${PLANS}/${plan.id}`, {
      plan: { id: plan.id },
      fieldMask: 'archived',
    });
    expect(violations(readOnly)).toEqual(['fieldMask FIELD_NOT_ALLOWED']);
    const missing = await owner('PATCH', `${PLANS}/${crypto.randomUUID()}`, { plan: { name: 'x' } });
    expect([missing.statusCode, code(missing)]).toEqual([404, 'plan_not_found']);
  });

  it('sets visibility; archiving is one-way and leaves the plan hidden and not primary', async () => {
    const owner = as(site.adminKey);
    const plan = await create(site, { ...community, name: 'Archive me' });
    const hidden = await owner('PUT', `${PLANS}/${plan.id}/visibility`, { visible: false });
    expect(hidden.data.plan.public).toBe(false);
    const shown = await owner('PUT', `${PLANS}/${plan.id}/visibility`, { id: plan.id, visible: true });
    expect(shown.data.plan.public).toBe(true);
    expect((await owner('POST', `${PLANS}/${plan.id}/make-primary`, {})).data.plan.primary).toBe(true);

    const archived = await owner('POST', `${PLANS}/${plan.id}/archive`, { id: plan.id });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.data.plan).toMatchObject({ archived: true, public: false, primary: false });
    const again = await owner('POST', `${PLANS}/${plan.id}/archive`, {});
    expect([again.statusCode, code(again)]).toEqual([409, 'already_archived']);
    const show = await owner('PUT', `${PLANS}/${plan.id}/visibility`, { visible: true });
    expect([show.statusCode, code(show)]).toEqual([409, 'set_visibility_not_supported']);
    const primary = await owner('POST', `${PLANS}/${plan.id}/make-primary`, {});
    expect([primary.statusCode, code(primary)]).toEqual([409, 'set_primary_not_supported']);
    const republish = await owner('PATCH', `${PLANS}/${plan.id}`, { plan: { public: true } });
    expect([republish.statusCode, code(republish)]).toEqual([409, 'set_visibility_not_supported']);
    expect((await owner('GET', `${PLANS}/${plan.id}`)).data.plan).toMatchObject({
      archived: true,
      public: false,
    });
  });

  it('keeps one primary plan per site, even when many are made primary at once', async () => {
    const own = await t.createSite();
    const owner = as(own.adminKey);
    const plans = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(own, { ...community, name: `Plan ${i}` })),
    );
    const made = await Promise.all(plans.map((p) => owner('POST', `${PLANS}/${p.id}/make-primary`, {})));
    expect(made.map((r) => r.statusCode)).toEqual(plans.map(() => 200));
    const primaries = async () =>
      (await owner('GET', `${PLANS}?archived=ARCHIVED_AND_ACTIVE`)).data.plans.filter(
        (p: { primary: boolean }) => p.primary,
      );
    expect(await primaries()).toHaveLength(1);
    const cleared = await owner('POST', `${PLANS}/clear-primary`, {});
    expect([cleared.statusCode, cleared.body]).toEqual([200, '{}']);
    expect(await primaries()).toHaveLength(0);
    // The database itself refuses a second primary, whatever writes it.
    const rows = t.platform.database.db.updateTable('plans').where('site_id', '=', own.id);
    const primary = engine === 'sqlite' ? 1 : true;
    await rows.set({ is_primary: primary }).where('id', '=', plans[0]!.id).execute();
    await expect(
      rows.set({ is_primary: primary }).where('id', '=', plans[1]!.id).execute(),
    ).rejects.toThrow();
  });

  it('refuses bad plans with field violations', async () => {
    const owner = as(site.adminKey);
    const bad = async (plan: object) => {
      const response = await owner('POST', PLANS, { plan });
      expect(response.statusCode, response.body).toBe(400);
      return violations(response);
    };
    expect(await bad({ name: '  ', pricing: { singlePaymentUnlimited: true } })).toEqual([
      'plan.name REQUIRED_FIELD',
    ]);
    expect(await bad({ name: 'x' })).toEqual(['plan.pricing REQUIRED_FIELD']);
    expect(
      await bad({
        name: 'x',
        pricing: { singlePaymentUnlimited: true, singlePaymentForDuration: { count: 1 } },
      }),
    ).toEqual(['plan.pricing ONE_OF_ALIGNMENT']);
    expect(
      await bad({ name: 'x', pricing: { subscription: { cycleDuration: { count: 1, unit: 'UNDEFINED' } } } }),
    ).toEqual([
      'plan.pricing.price.value DECIMAL_GT',
      'plan.pricing.subscription.cycleDuration.unit INVALID_ENUM_VALUE',
    ]);
    expect(
      await bad({
        name: 'x',
        pricing: { singlePaymentUnlimited: true, price: { value: '1.999', currency: 'EUR' } },
      }),
    ).toEqual(['plan.pricing.price.currency VALIDATION', 'plan.pricing.price.value DECIMAL_MAX_SCALE']);
    expect(await bad({ name: 'x', pricing: { singlePaymentUnlimited: true, freeTrialDays: 3 } })).toEqual([
      'plan.pricing.freeTrialDays FIELD_NOT_ALLOWED',
    ]);
    expect(await bad({ name: 'x', slug: 'Not A Slug', pricing: { singlePaymentUnlimited: true } })).toEqual([
      'plan.slug FORMAT',
    ]);
    expect(await bad({ name: 'x'.repeat(51), pricing: { singlePaymentUnlimited: true } })).toEqual([
      'plan.name VALIDATION',
    ]);
    const visibility = await owner('PUT', `${PLANS}/${crypto.randomUUID()}/visibility`, { visible: 'yes' });
    expect(violations(visibility)).toEqual(['visible VALIDATION']);
  });

  it('refuses owner calls to visitors and members, and keeps sites apart', async () => {
    const plan = await create(site, { ...community, name: 'Mine' });
    const id = plan.id;
    const ownerCalls: Array<['GET' | 'POST' | 'PATCH' | 'PUT', string, object?]> = [
      ['GET', PLANS],
      ['GET', `${PLANS}/stats`],
      ['POST', PLANS, { plan: community }],
      ['PATCH', `${PLANS}/${id}`, { plan: { name: 'Taken' } }],
      ['PUT', `${PLANS}/${id}/visibility`, { visible: false }],
      ['POST', `${PLANS}/${id}/make-primary`, {}],
      ['POST', `${PLANS}/clear-primary`, {}],
      ['POST', `${PLANS}/${id}/archive`, {}],
    ];
    for (const kind of ['visitor', 'member'] as const) {
      const caller = as(await site.token(kind));
      for (const [method, url, payload] of ownerCalls) {
        const response = await caller(method, url, payload);
        expect([response.statusCode, code(response)], `${kind} ${method} ${url}`).toEqual([
          403,
          'PERMISSION_DENIED',
        ]);
      }
    }
    const other = await t.createSite();
    for (const auth of [other.adminKey, await other.token('visitor')]) {
      const stranger = as(auth);
      expect((await stranger('GET', `${PLANS}/${id}`)).statusCode).toBe(404);
      const listed = await stranger('GET', `${PLANS}/public`);
      expect(listed.data.plans).toEqual([]);
      const queried = await stranger('POST', `${PLANS}/public/query`, { query: { filter: { id } } });
      expect(queried.data.plans).toEqual([]);
    }
    const owner = as(other.adminKey);
    for (const [method, url, payload] of ownerCalls.slice(3, 8)) {
      if (url.endsWith('clear-primary')) continue;
      expect((await owner(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await owner('GET', `${PLANS}/stats`)).data.totalPlans).toBe(0);
    expect((await as(site.adminKey)('GET', `${PLANS}/${id}`)).data.plan).toMatchObject({
      name: 'Mine',
      revision: '1',
    });
  });
});
