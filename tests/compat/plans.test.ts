import { orders, plans } from '@wix/pricing-plans';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { plansCatalog } from '../../apps/server/src/domains/plans/index.ts';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/pricing-plans` `plans` (map 12), unchanged, against Plaza: the public reads as a visitor
 * (OAuth strategy, edge host, and the `_api` table of a custom host), the owner's calls with an API
 * key (www host), and `paidPlansCheckout` through `@wix/redirects` (map 13).
 */

let visitor: ReturnType<typeof visitorClient>;
let admin: ReturnType<typeof adminClient>;

const visitorClient = (apiBaseUrl?: string) =>
  createClient({
    modules: { plans, redirects },
    auth: demoVisitorAuth(),
    fetch: plaza.fetch,
    ...(apiBaseUrl ? { host: { apiBaseUrl }, useCDN: false } : {}),
  });
const adminClient = () =>
  createClient({
    modules: { plans },
    auth: demoOwnerAuth(),
    fetch: plaza.fetch,
  });

usePlazaPerFile(() => {
  visitor = visitorClient();
  admin = adminClient();
});

const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = () => JSON.parse(lastCall().body ?? 'null');
const DEMO = ['Community', 'Studio Pass', 'Yearly Unlimited'];

describe('public reads (visitor)', () => {
  it('listPublicPlans: the demo plans in the SDK view, primary one marked', async () => {
    const { plans: listed = [], pagingMetadata } = await visitor.plans.listPublicPlans();
    expect(lastCall()).toMatchObject({
      method: 'GET',
      host: 'edge.wixapis.com',
      pathAndQuery: '/pricing-plans/v2/plans/public',
      status: 200,
    });
    expect(listed.map((p) => p.name)).toEqual(DEMO);
    expect(pagingMetadata).toMatchObject({ count: 3, offset: 0, total: 3 });
    const pass = listed[1]!;
    expect(pass._id).toEqual(expect.any(String));
    expect(pass).not.toHaveProperty('id');
    expect(pass._createdDate).toBeInstanceOf(Date);
    expect(pass).toMatchObject({
      primary: true,
      slug: 'studio-pass',
      maxPurchasesPerBuyer: 1,
      buyerCanCancel: true,
      pricing: {
        subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
        price: { value: '49.00', currency: 'USD' },
        freeTrialDays: 7,
      },
    });
    expect(pass).not.toHaveProperty('public');
    expect(listed[0]!.pricing).toEqual({
      singlePaymentUnlimited: true,
      price: { value: '0.00', currency: 'USD' },
    });

    const picked = await visitor.plans.listPublicPlans({
      planIds: [listed[2]!._id!, listed[0]!._id!],
      limit: 1,
    });
    expect(lastCall().pathAndQuery).toMatch(/^\/pricing-plans\/v2\/plans\/public\?.*planIds=/);
    expect((picked.plans ?? []).map((p) => p.name)).toEqual(['Community']);
    expect(picked.pagingMetadata?.total).toBe(2);
  });

  it('queryPublicPlans: builder filters, sorts and pages', async () => {
    const bySlug = await visitor.plans.queryPublicPlans().eq('slug', 'yearly-unlimited').find();
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/pricing-plans/v2/plans/public/query',
    });
    expect(bodyOf()).toMatchObject({ query: { filter: { slug: 'yearly-unlimited' } } });
    expect(bySlug.items.map((p) => p.name)).toEqual(['Yearly Unlimited']);

    const first = await visitor.plans.queryPublicPlans().descending('_createdDate').limit(2).find();
    expect(bodyOf().query.sort).toEqual([{ fieldName: 'createdDate', order: 'DESC' }]);
    expect(first.totalCount).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items).toHaveLength(1);
    expect(second.hasNext()).toBe(false);

    const primary = await visitor.plans.queryPublicPlans().eq('primary', true).find();
    expect(primary.items.map((p) => p.name)).toEqual(['Studio Pass']);
    const ids = first.items.map((p) => p._id!);
    const byIds = await visitor.plans.queryPublicPlans().in('_id', ids).ascending('slug').find();
    expect(bodyOf().query.filter).toEqual({ id: { $in: ids } });
    expect(byIds.items).toHaveLength(2);
  });

  it('getPlan: a public plan; a hidden one is not found', async () => {
    const { plans: listed = [] } = await visitor.plans.listPublicPlans();
    const plan = await visitor.plans.getPlan(listed[0]!._id!);
    expect(plan).toMatchObject({ _id: listed[0]!._id, name: 'Community', archived: false, hasOrders: false });
    const hidden = await admin.plans.createPlan({
      name: 'Compat hidden',
      public: false,
      pricing: { singlePaymentUnlimited: true },
    });
    await expect(visitor.plans.getPlan(hidden._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'plan_not_found' } },
    });
  });

  it('answers the `_api` path table of a custom host', async () => {
    const client = visitorClient(CUSTOM_HOST);
    const { plans: listed = [] } = await client.plans.listPublicPlans();
    expect(lastCall()).toMatchObject({ host: CUSTOM_HOST, status: 200 });
    expect(lastCall().pathAndQuery).toMatch(/^\/_api\/(pricing|paid)-plans\/v2\/plans\/public/);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const found = await client.plans.queryPublicPlans().eq('slug', 'community').find();
    expect(found.items.map((p) => p.name)).toEqual(['Community']);
  });
});

describe('owner calls (API key)', () => {
  let created: plans.Plan;

  beforeAll(async () => {
    created = await admin.plans.createPlan({
      name: 'Compat Weekly',
      description: 'A week of classes',
      perks: { values: ['Two classes'] },
      pricing: {
        subscription: { cycleDuration: { count: 1, unit: plans.PeriodUnit.WEEK }, cycleCount: 4 },
        price: { value: '12.5', currency: 'USD' },
      },
      maxPurchasesPerBuyer: 1,
    });
  });

  it('createPlan and getPlanStats', async () => {
    expect(created).toMatchObject({
      name: 'Compat Weekly',
      slug: 'compat-weekly',
      public: true,
      archived: false,
      primary: false,
      hasOrders: false,
      pricing: { subscription: { cycleCount: 4 }, price: { value: '12.50' } },
    });
    expect(created._id).toEqual(expect.any(String));
    const { totalPlans } = await admin.plans.getPlanStats();
    expect(lastCall()).toMatchObject({
      host: 'www.wixapis.com',
      pathAndQuery: '/pricing-plans/v2/plans/stats',
    });
    expect(totalPlans).toBeGreaterThanOrEqual(4);
  });

  it('updatePlan: the fields given, and a whole plan sent back as read', async () => {
    const renamed = await admin.plans.updatePlan(created._id!, { name: 'Compat Weekly Plus' });
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/pricing-plans/v2/plans/${created._id}`,
    });
    expect(bodyOf()).toEqual({ plan: { name: 'Compat Weekly Plus', id: created._id } });
    expect(renamed).toMatchObject({ name: 'Compat Weekly Plus', description: 'A week of classes' });
    const read = await admin.plans.getPlan(created._id!);
    const again = await admin.plans.updatePlan(created._id!, { ...read, termsAndConditions: 'Be kind.' });
    expect(again).toMatchObject({
      name: 'Compat Weekly Plus',
      termsAndConditions: 'Be kind.',
      slug: 'compat-weekly',
    });
  });

  it('setPlanVisibility and listPlans filters', async () => {
    const { plan } = await admin.plans.setPlanVisibility(created._id!, false);
    expect(lastCall()).toMatchObject({
      method: 'PUT',
      pathAndQuery: `/pricing-plans/v2/plans/${created._id}/visibility`,
    });
    expect(bodyOf()).toEqual({ id: created._id, visible: false });
    expect(plan?.public).toBe(false);
    const hidden = await admin.plans.listPlans({ public: plans.PublicFilter.HIDDEN });
    expect((hidden.plans ?? []).map((p) => p._id)).toContain(created._id);
    const picked = await admin.plans.listPlans({
      archived: plans.ArchivedFilter.ARCHIVED_AND_ACTIVE,
      planIds: [created._id!],
    });
    expect((picked.plans ?? []).map((p) => p.name)).toEqual(['Compat Weekly Plus']);
    await admin.plans.setPlanVisibility(created._id!, true);
  });

  it('makePlanPrimary and clearPrimary keep one primary at most', async () => {
    const { plan } = await admin.plans.makePlanPrimary(created._id!);
    expect(plan?.primary).toBe(true);
    const primaries = async () =>
      (
        (await admin.plans.listPlans({ archived: plans.ArchivedFilter.ARCHIVED_AND_ACTIVE })).plans ?? []
      ).filter((p) => p.primary);
    expect((await primaries()).map((p) => p._id)).toEqual([created._id]);
    await admin.plans.clearPrimary();
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/pricing-plans/v2/plans/clear-primary',
      status: 200,
    });
    expect(await primaries()).toEqual([]);
  });

  it('archivePlan is one-way', async () => {
    const { plan } = await admin.plans.archivePlan(created._id!);
    expect(plan).toMatchObject({ archived: true, public: false, primary: false });
    await expect(admin.plans.archivePlan(created._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'already_archived' } },
    });
    await expect(admin.plans.setPlanVisibility(created._id!, true)).rejects.toMatchObject({
      details: { applicationError: { code: 'set_visibility_not_supported' } },
    });
    const archived = await admin.plans.listPlans({ archived: plans.ArchivedFilter.ARCHIVED });
    expect((archived.plans ?? []).map((p) => p._id)).toContain(created._id);
  });

  it('refuses a bad plan with field violations, and owner calls to a visitor', async () => {
    await expect(
      admin.plans.createPlan({ name: ' ', pricing: { singlePaymentUnlimited: true } }),
    ).rejects.toMatchObject({ details: { validationError: { fieldViolations: [{ field: 'plan.name' }] } } });
    await expect(visitor.plans.listPlans()).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});

describe('paidPlansCheckout (redirects)', () => {
  it('asks a visitor to sign in, and sends a member to the hosted checkout of the plan', async () => {
    const { plans: listed = [] } = await visitor.plans.listPublicPlans();
    const planId = listed[2]!._id!;
    await expect(
      visitor.redirects.createRedirectSession({ paidPlansCheckout: { planId } }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'MEMBER_SIGN_IN_REQUIRED' } } });

    // A member's token, as the sign-in flows (identity-accounts.test.ts) end with.
    const issued = await plaza.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'member',
      subjectId: crypto.randomUUID(),
      clientId: plaza.demo.clientId,
    });
    const member = createClient({
      modules: { redirects },
      auth: OAuthStrategy({
        clientId: plaza.demo.clientId,
        tokens: {
          accessToken: { value: issued.token, expiresAt: Math.floor(Date.now() / 1000) + 600 },
          refreshToken: { value: 'unused', role: 'member' as never },
        },
      }),
      fetch: plaza.fetch,
    });
    const { redirectSession } = await member.redirects.createRedirectSession({
      paidPlansCheckout: { planId },
      callbacks: { postFlowUrl: 'http://localhost:3000/subscriptions' },
    });
    expect(redirectSession?.fullUrl).toMatch(/\/hosted\/checkout\?session=/);
    const page = await plaza.call('GET', `/plaza/v1/redirect-sessions/${redirectSession!._id}/checkout`);
    expect(page.status).toBe(200);
    expect(page.data.checkout.lineItems[0].productName.original).toBe('Yearly Unlimited');
    expect(page.data.checkout.priceSummary.total.amount).toBe('490.00');
  });
});

describe('orders (plan orders)', () => {
  const memberId = crypto.randomUUID();
  let member: ReturnType<typeof memberClient>;
  let owner: ReturnType<typeof ownerClient>;
  const ids: Record<'pass' | 'year', string> = { pass: '', year: '' };

  const memberClient = (token: string) =>
    createClient({
      modules: { orders },
      auth: OAuthStrategy({
        clientId: plaza.demo.clientId,
        tokens: {
          accessToken: { value: token, expiresAt: Math.floor(Date.now() / 1000) + 600 },
          refreshToken: { value: 'unused', role: 'member' as never },
        },
      }),
      fetch: plaza.fetch,
    });
  const ownerClient = () =>
    createClient({
      modules: { orders },
      auth: demoOwnerAuth(),
      fetch: plaza.fetch,
    });

  beforeAll(async () => {
    const issued = await plaza.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'member',
      subjectId: memberId,
      clientId: plaza.demo.clientId,
    });
    member = memberClient(issued.token);
    owner = ownerClient();
    // Plan orders as ecom's checkout writes them when it is paid (the catalog's commit).
    const { plans: listed = [] } = await visitor.plans.listPublicPlans();
    const catalog = plansCatalog(plaza.platform.plans);
    const siteId = plaza.demo.siteId;
    await plaza.platform.database.db.transaction().execute(async (trx) => {
      for (const [index, plan] of [listed[1]!, listed[2]!].entries()) {
        const order = { id: crypto.randomUUID(), number: `${90_000 + index}`, paid: true };
        await catalog.commit(
          { siteId, buyer: { memberId, ownerKey: `member:${memberId}` }, now: new Date() } as never,
          [{ catalogItemId: plan._id!, quantity: 1, options: {} }] as never,
          order as never,
          trx,
        );
      }
    });
    const { orders: mine = [] } = await member.orders.memberListOrders();
    ids.pass = mine.find((o) => o.planName === 'Studio Pass')!._id!;
    ids.year = mine.find((o) => o.planName === 'Yearly Unlimited')!._id!;
  });

  it("memberListOrders and memberGetOrder: the member's own, dates as Date", async () => {
    const { orders: mine = [], pagingMetadata } = await member.orders.memberListOrders({
      orderStatuses: ['ACTIVE'],
      sorting: { fieldName: 'createdDate', order: 'ASC' },
    });
    expect(lastCall()).toMatchObject({ method: 'GET', status: 200 });
    expect(lastCall().pathAndQuery).toMatch(/^\/pricing-plans\/v2\/member\/orders\?/);
    expect(mine.map((o) => o.planName).sort()).toEqual(['Studio Pass', 'Yearly Unlimited']);
    expect(pagingMetadata).toMatchObject({ count: 2, total: 2 });
    // The client answers the order itself, not the `{order}` sent.
    const order = await member.orders.memberGetOrder(ids.pass);
    expect(lastCall().pathAndQuery).toBe(`/pricing-plans/v2/member/orders/${ids.pass}?id=${ids.pass}`);
    expect(order).toMatchObject({
      _id: ids.pass,
      buyer: { memberId },
      status: 'ACTIVE',
      freeTrialDays: 7,
      currentCycle: { index: 0 },
      pricing: { subscription: { cycleDuration: { count: 1, unit: 'MONTH' } } },
    });
    expect(order?.startDate).toBeInstanceOf(Date);
    expect(order?.currentCycle?.endedDate).toBeInstanceOf(Date);
  });

  it('managementListOrders and managementGetOrder (owner)', async () => {
    const { orders: listed = [] } = await owner.orders.managementListOrders({
      buyerIds: [memberId],
      limit: 10,
    });
    expect(lastCall()).toMatchObject({ method: 'GET', host: 'www.wixapis.com', status: 200 });
    expect(lastCall().pathAndQuery).toMatch(/^\/pricing-plans\/v2\/orders\?/);
    expect(listed).toHaveLength(2);
    const { order } = await owner.orders.managementGetOrder(ids.year);
    expect(order).toMatchObject({ _id: ids.year, planName: 'Yearly Unlimited', status: 'ACTIVE' });
    expect(order?.endDate).toBeInstanceOf(Date);
  });

  it('pauseOrder, resumeOrder and postponeEndDate (owner)', async () => {
    await owner.orders.pauseOrder(ids.year);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/pricing-plans/v2/orders/${ids.year}/pause`,
    });
    expect((await owner.orders.managementGetOrder(ids.year)).order?.status).toBe('PAUSED');
    await owner.orders.resumeOrder(ids.year);
    expect((await owner.orders.managementGetOrder(ids.year)).order?.status).toBe('ACTIVE');
    const { order } = await owner.orders.managementGetOrder(ids.year);
    const later = new Date(order!.endDate!.getTime() + 30 * 86_400_000);
    await owner.orders.postponeEndDate(ids.year, later);
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/pricing-plans/v2/orders/${ids.year}`,
    });
    expect((await owner.orders.managementGetOrder(ids.year)).order?.endDate).toEqual(later);
  });

  it('requestCancellation (member, when the plan allows it) and cancelOrder (owner)', async () => {
    await expect(member.orders.requestCancellation(ids.year, 'IMMEDIATELY')).rejects.toMatchObject({
      details: { applicationError: { code: 'BUYER_CANNOT_CANCEL' } },
    });
    await member.orders.requestCancellation(ids.pass, 'NEXT_PAYMENT_DATE');
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/pricing-plans/v2/member/orders/${ids.pass}/cancel`,
    });
    expect(await member.orders.memberGetOrder(ids.pass)).toMatchObject({
      status: 'ACTIVE',
      autoRenewCanceled: true,
      cancellation: { cause: 'MEMBER_ACTION', effectiveAt: 'NEXT_PAYMENT_DATE' },
    });
    await owner.orders.cancelOrder(ids.year, 'IMMEDIATELY');
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/pricing-plans/v2/orders/${ids.year}/cancel`,
    });
    expect((await owner.orders.managementGetOrder(ids.year)).order?.status).toBe('CANCELED');
  });
});
