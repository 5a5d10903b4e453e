import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK, cart, pay, settings } from '../../../test/flows/ecom-fixtures.ts';
import { code, community, PLANS, studioPass, yearly } from '../../../test/flows/plans-fixtures.ts';
import { PLANS_APP_ID, type PlanOrder } from './index.ts';

const SESSION = '/redirect-session/v1/redirect-session';
const hosted = (id: string, suffix = '') => `/plaza/v1/redirect-sessions/${id}/checkout${suffix}`;
const planLine = (planId: string, options?: object) => ({
  catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId, ...(options ? { options } : {}) },
  quantity: 1,
});

/** Buying plans through ecom: cart or redirect intent → checkout → pay → plan order. */
describe.each(engines)('plans sold through ecom (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const plans: Record<string, { id: string }> = {};

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
    await settings(t, site, { payments: { test: true, offline: true } });
    for (const [key, plan] of Object.entries({ community, studioPass, yearly })) {
      t.clock.advance(1);
      const made = await t.call({ method: 'POST', url: PLANS, auth: site.adminKey, payload: { plan } });
      expect(made.statusCode, made.body).toBe(200);
      plans[key] = made.data.plan;
    }
  });
  afterAll(() => t.close());

  const member = async () => {
    const memberId = crypto.randomUUID();
    return { memberId, auth: await site.token('member', memberId) };
  };
  const planOrdersOf = async (memberId: string) => {
    const page = await t.platform.plans.store.orders
      .forSite(site.id)
      .query({ filter: { 'buyer.memberId': memberId }, sort: [{ fieldName: 'createdDate', order: 'ASC' }] });
    return page.items.map((text) => JSON.parse(text) as PlanOrder & { id: string });
  };
  const checkoutOfCart = async (auth: string, planId: string) => {
    const added = await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [planLine(planId)] });
    expect(added.statusCode, added.body).toBe(200);
    return cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
  };
  const intentCheckout = async (auth: string, planId: string) => {
    const session = await t.call({
      method: 'POST',
      url: SESSION,
      auth,
      payload: { paidPlansCheckout: { planId } },
    });
    expect(session.statusCode, session.body).toBe(200);
    const id = session.data.redirectSession.id as string;
    const page = await t.call({ method: 'PATCH', url: hosted(id), payload: { email: 'member@example.com' } });
    expect(page.statusCode, page.body).toBe(200);
    return { id, page: page.data };
  };

  it('sells a plan from the cart as a members-only subscription line and records the plan order', async () => {
    const { memberId, auth } = await member();
    const added = await cart(t, auth, 'POST', '/add-to-cart', {
      lineItems: [planLine(plans.studioPass!.id)],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [line] = added.data.cart.lineItems;
    expect(line).toMatchObject({
      quantity: 1,
      productName: { original: 'Studio Pass' },
      itemType: { preset: 'DIGITAL' },
      membersOnly: true,
      paymentOption: 'FULL_PAYMENT_ONLINE',
      availability: { status: 'AVAILABLE' },
      subscriptionOptionInfo: {
        subscriptionSettings: {
          frequency: 'MONTH',
          interval: 1,
          autoRenewal: true,
          enableCustomerCancellation: true,
          freeTrialPeriod: { frequency: 'DAY', interval: 7 },
        },
        title: { original: 'Studio Pass' },
      },
    });
    expect(line.subscriptionOptionInfo.subscriptionSettings).not.toHaveProperty('billingCycles');
    // A free trial: nothing is due now, the price falls due at the trial's end.
    expect(added.data.cart.subtotal.amount).toBe('0.00');
    // One line per plan, of one at most.
    const again = await cart(t, auth, 'POST', '/add-to-cart', {
      lineItems: [planLine(plans.studioPass!.id)],
    });
    expect(again.statusCode).toBe(400);

    const made = await cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
    expect(made.statusCode, made.body).toBe(200);
    const paid = await pay(t, auth, made.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.data.order;
    const [planOrder] = await planOrdersOf(memberId);
    expect(planOrder).toMatchObject({
      planId: plans.studioPass!.id,
      planName: 'Studio Pass',
      planPrice: '49.00',
      buyer: { memberId },
      status: 'ACTIVE',
      lastPaymentStatus: 'NOT_APPLICABLE',
      orderId: order.id,
      orderNumber: order.number,
      freeTrialDays: 7,
      pricing: { subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 } },
    });
    expect(planOrder!.startDate).toBe(t.clock.now().toISOString());
    const got = await t.call({ method: 'GET', url: `${PLANS}/${plans.studioPass!.id}`, auth: site.adminKey });
    expect(got.data.plan.hasOrders).toBe(true);
  });

  it('opens the hosted checkout on the plan for a member and refuses a visitor', async () => {
    const visitor = await site.token('visitor');
    const refused = await t.call({
      method: 'POST',
      url: SESSION,
      auth: visitor,
      payload: { paidPlansCheckout: { planId: plans.yearly!.id } },
    });
    expect([refused.statusCode, code(refused)]).toEqual([403, 'MEMBER_SIGN_IN_REQUIRED']);
    expect(refused.data.details.applicationError.description).toMatch(/sign the visitor in/);
    const bad = await t.call({
      method: 'POST',
      url: SESSION,
      auth: visitor,
      payload: { paidPlansCheckout: {} },
    });
    expect(bad.statusCode).toBe(400);

    const { memberId, auth } = await member();
    const { id, page } = await intentCheckout(auth, plans.yearly!.id);
    expect(page.checkout.lineItems[0]).toMatchObject({
      productName: { original: 'Yearly Unlimited' },
      subscriptionOptionInfo: {
        subscriptionSettings: { frequency: 'YEAR', billingCycles: 1, autoRenewal: false },
      },
    });
    expect(page.checkout.priceSummary.total.amount).toBe('399.90');
    const paid = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.buyerInfo.memberId).toBe(memberId);
    const [planOrder] = await planOrdersOf(memberId);
    expect(planOrder).toMatchObject({
      orderId: paid.data.order.id,
      status: 'ACTIVE',
      planId: plans.yearly!.id,
    });
    // The member's cart was left alone.
    expect((await cart(t, auth, 'GET')).statusCode).toBe(404);
  });

  it("fills the hosted checkout with the signed-in member's e-mail", async () => {
    const identity = await t.platform.identity.context.store.identities.create(
      site.id,
      {
        identityProfile: {},
        email: { address: 'plan.member@example.com', isVerified: true },
        status: { name: 'ACTIVE', reasons: [] },
        factors: [],
        connections: [],
        metadata: {},
      },
      null,
    );
    const auth = await site.token('member', identity.id);
    const session = await t.call({
      method: 'POST',
      url: SESSION,
      auth,
      payload: { paidPlansCheckout: { planId: plans.yearly!.id } },
    });
    expect(session.statusCode, session.body).toBe(200);
    const page = await t.call({ method: 'GET', url: hosted(session.data.redirectSession.id) });
    expect(page.data.checkout.buyerInfo.email).toBe('plan.member@example.com');
  });

  it('orders a free plan without a card, and leaves an offline one pending', async () => {
    const { memberId, auth } = await member();
    const { id } = await intentCheckout(auth, plans.community!.id);
    const free = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'test' },
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.data.order.paymentStatus).toBe('PAID');
    t.clock.advance(1);
    const offline = await checkoutOfCart(auth, plans.yearly!.id);
    const pending = await pay(t, auth, offline.data.checkoutId, { paymentMethod: 'offline' });
    expect(pending.statusCode, pending.body).toBe(200);
    expect((await planOrdersOf(memberId)).map((o) => [o.planName, o.status, o.lastPaymentStatus])).toEqual([
      ['Community', 'ACTIVE', 'NOT_APPLICABLE'],
      ['Yearly Unlimited', 'PENDING', 'UNPAID'],
    ]);
  });

  it('keeps plans from visitors, and hidden or archived plans from everyone', async () => {
    const visitor = await site.token('visitor');
    const seen = await cart(t, visitor, 'POST', '/add-to-cart', { lineItems: [planLine(plans.yearly!.id)] });
    expect(seen.data.cart.lineItems[0].availability.status).toBe('NOT_AVAILABLE');
    const made = await cart(t, visitor, 'POST', '/create-checkout', { email: 'v@example.com' });
    expect([made.statusCode, code(made)]).toEqual([409, 'LINE_ITEMS_UNAVAILABLE']);

    const owner = { auth: site.adminKey };
    const plan = (
      await t.call({
        method: 'POST',
        url: PLANS,
        ...owner,
        payload: { plan: { ...community, name: 'Soon gone' } },
      })
    ).data.plan;
    const { auth } = await member();
    const open = await checkoutOfCart(auth, plan.id);
    expect(open.statusCode, open.body).toBe(200);
    await t.call({
      method: 'PUT',
      url: `${PLANS}/${plan.id}/visibility`,
      ...owner,
      payload: { visible: false },
    });
    const hidden = await t.call({
      method: 'POST',
      url: SESSION,
      auth,
      payload: { paidPlansCheckout: { planId: plan.id } },
    });
    expect([hidden.statusCode, code(hidden)]).toEqual([409, 'LINE_ITEMS_UNAVAILABLE']);
    await t.call({ method: 'POST', url: `${PLANS}/${plan.id}/archive`, ...owner, payload: {} });
    // A checkout opened before the plan was archived is refused at pay, before any order.
    const late = await pay(t, auth, open.data.checkoutId, { paymentMethod: 'test' });
    expect([late.statusCode, code(late)]).toEqual([409, 'INSUFFICIENT_STOCK']);
  });

  it('refuses a start date the plan does not allow, and keeps one it allows', async () => {
    const later = new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString();
    const other = await member();
    const refused = await cart(t, other.auth, 'POST', '/add-to-cart', {
      lineItems: [planLine(plans.community!.id, { startDate: later })],
    });
    expect(refused.data.cart.lineItems[0].availability.status).toBe('NOT_FOUND');
    const { memberId, auth } = await member();
    const added = await cart(t, auth, 'POST', '/add-to-cart', {
      lineItems: [planLine(plans.yearly!.id, { startDate: later })],
    });
    expect(added.data.cart.lineItems[0].subscriptionOptionInfo.subscriptionSettings.startDate).toBe(later);
    const made = await cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
    await pay(t, auth, made.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect((await planOrdersOf(memberId))[0]!.startDate).toBe(later);
  });

  it('lets a member buy a plan limited to one purchase once, however many checkouts pay at once', async () => {
    const { memberId, auth } = await member();
    const checkouts = [];
    for (let i = 0; i < 4; i++) checkouts.push((await intentCheckout(auth, plans.studioPass!.id)).id);
    const paid = await Promise.all(
      checkouts.map((id) =>
        t.call({
          method: 'POST',
          url: hosted(id, '/pay'),
          payload: { paymentMethod: 'test', card: CARD_OK },
        }),
      ),
    );
    const statuses = paid.map((response) => `${response.statusCode} ${code(response) ?? ''}`.trim()).sort();
    expect(statuses).toEqual([
      '200',
      '409 INSUFFICIENT_STOCK',
      '409 INSUFFICIENT_STOCK',
      '409 INSUFFICIENT_STOCK',
    ]);
    const bought = await planOrdersOf(memberId);
    expect(bought).toHaveLength(1);
    // Bought once: the plan is no longer available to this member.
    const again = await t.call({
      method: 'POST',
      url: SESSION,
      auth,
      payload: { paidPlansCheckout: { planId: plans.studioPass!.id } },
    });
    expect([again.statusCode, code(again)]).toEqual([409, 'LINE_ITEMS_UNAVAILABLE']);

    // The order cancelled, its plan order is too, and the purchase is given back.
    const canceled = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${bought[0]!.orderId}/cancel`,
      auth: site.adminKey,
      payload: {},
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await planOrdersOf(memberId))[0]).toMatchObject({
      status: 'CANCELED',
      cancellation: { cause: 'OWNER_ACTION', effectiveAt: 'IMMEDIATELY' },
    });
    t.clock.advance(1);
    const { id } = await intentCheckout(auth, plans.studioPass!.id);
    const rebought = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(rebought.statusCode, rebought.body).toBe(200);
    expect((await planOrdersOf(memberId)).map((o) => o.status)).toEqual(['CANCELED', 'ACTIVE']);
  });
});
