import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { cart, pay, settings } from '../../../test/flows/ecom-fixtures.ts';
import { code, community, PLANS, studioPass, yearly } from '../../../test/flows/plans-fixtures.ts';
import { PLANS_APP_ID } from './index.ts';

const CHECKOUT = '/pricing-plans/v2/checkout/orders';
const OWNER = '/pricing-plans/v2/orders';
const DAY = 86_400_000;
const violations = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field);
const monthly = {
  name: 'Monthly Offline',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 3 },
    price: { value: '20', currency: 'USD' },
  },
};

/** The orders API's checkout calls: offline and free orders, previews, price previews, mark as paid. */
describe.each(engines)('plan order checkout calls (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  const plans: Record<string, { id: string }> = {};

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
    other = await t.createSite({ currency: 'USD' });
    await settings(t, site, { payments: { test: true, offline: true } });
    const hidden = { ...monthly, name: 'Hidden Offline', public: false };
    const once = { ...community, name: 'Once', maxPurchasesPerBuyer: 1 };
    for (const [key, plan] of Object.entries({ community, studioPass, yearly, monthly, hidden, once })) {
      const made = await t.call({ method: 'POST', url: PLANS, auth: site.adminKey, payload: { plan } });
      expect(made.statusCode, made.body).toBe(200);
      plans[key] = made.data.plan;
    }
    const hiddenId = plans.hidden!.id;
    const visibility = await t.call({
      method: 'PUT',
      url: `${PLANS}/${hiddenId}/visibility`,
      auth: site.adminKey,
      payload: { visible: false },
    });
    expect(visibility.statusCode, visibility.body).toBe(200);
  });
  afterAll(() => t.close());

  const call = (auth: string, url: string, payload: object = {}) =>
    t.call({ method: 'POST', url, auth, payload });
  const member = async () => {
    const memberId = crypto.randomUUID();
    return { memberId, auth: await site.token('member', memberId) };
  };
  const ownerGet = async (id: string) =>
    (await t.call({ method: 'GET', url: `${OWNER}/${id}`, auth: site.adminKey })).data.order;

  it('orders a plan offline for a member: ACTIVE when paid, PENDING until marked paid', async () => {
    const { memberId } = await member();
    const paid = await call(site.adminKey, `${CHECKOUT}/offline`, {
      planId: plans.hidden!.id,
      memberId,
      paid: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order).toMatchObject({
      planId: plans.hidden!.id,
      buyer: { memberId },
      type: 'OFFLINE',
      status: 'ACTIVE',
      lastPaymentStatus: 'PAID',
      currentCycle: { index: 1 },
    });
    expect(paid.data.order).not.toHaveProperty('orderId');

    const pending = await call(site.adminKey, `${CHECKOUT}/offline`, { planId: plans.monthly!.id, memberId });
    expect(pending.data.order).toMatchObject({
      type: 'OFFLINE',
      status: 'PENDING',
      lastPaymentStatus: 'UNPAID',
    });
    const id = pending.data.order.id;
    const marked = await call(site.adminKey, `${OWNER}/${id}/mark-as-paid`);
    expect(marked.statusCode, marked.body).toBe(200);
    const active = await ownerGet(id);
    expect(active).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
    const again = await call(site.adminKey, `${OWNER}/${id}/mark-as-paid`);
    expect([again.statusCode, code(again)]).toEqual([409, 'INVALID_ORDER_STATUS']);

    // Its renewals are left awaiting payment; the owner marks each paid.
    t.clock.set(new Date(Date.parse(active.nextChargeDate) + 1000));
    while ((await t.platform.jobs.runDue()) > 0);
    expect(await ownerGet(id)).toMatchObject({ lastPaymentStatus: 'UNPAID', currentCycle: { index: 2 } });
    expect((await call(site.adminKey, `${OWNER}/${id}/mark-as-paid`)).statusCode).toBe(200);
    expect(await ownerGet(id)).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
  });

  it('marks a plan bought offline through ecom paid, with its ecom order', async () => {
    const { auth } = await member();
    const line = { catalogReference: { appId: PLANS_APP_ID, catalogItemId: plans.yearly!.id }, quantity: 1 };
    await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [line] });
    const checkout = await cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
    const paid = await pay(t, auth, checkout.data.checkoutId, { paymentMethod: 'offline' });
    expect(paid.statusCode, paid.body).toBe(200);
    const listed = await t.call({ method: 'GET', url: '/pricing-plans/v2/member/orders', auth });
    const [order] = listed.data.orders;
    expect(order).toMatchObject({ status: 'PENDING', orderId: paid.data.order.id });
    expect((await call(site.adminKey, `${OWNER}/${order.id}/mark-as-paid`)).statusCode).toBe(200);
    expect(await ownerGet(order.id)).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
    const ecom = await t.call({
      method: 'GET',
      url: `/ecom/v1/orders/${paid.data.order.id}`,
      auth: site.adminKey,
    });
    expect(ecom.data.order.paymentStatus).toBe('PAID');
    await t.platform.outbox.dispatchPending();
    expect(await ownerGet(order.id)).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
  });

  it('orders a free public plan online for the calling member; a paid one goes through the checkout', async () => {
    const { memberId, auth } = await member();
    const free = await call(auth, `${CHECKOUT}/online`, { planId: plans.community!.id });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.data.order).toMatchObject({
      buyer: { memberId },
      type: 'ONLINE',
      status: 'ACTIVE',
      lastPaymentStatus: 'NOT_APPLICABLE',
    });
    const listed = await t.call({ method: 'GET', url: '/pricing-plans/v2/member/orders', auth });
    expect(listed.data.orders.map((o: { id: string }) => o.id)).toEqual([free.data.order.id]);
    const paid = await call(auth, `${CHECKOUT}/online`, { planId: plans.studioPass!.id });
    expect([paid.statusCode, code(paid)]).toEqual([409, 'PLAN_NOT_FREE']);
    const hidden = await call(auth, `${CHECKOUT}/online`, { planId: plans.hidden!.id });
    expect([hidden.statusCode, code(hidden)]).toEqual([404, 'plan_not_found']);
    // Its purchase limit holds as at the checkout.
    expect((await call(auth, `${CHECKOUT}/online`, { planId: plans.once!.id })).statusCode).toBe(200);
    const twice = await call(auth, `${CHECKOUT}/online`, { planId: plans.once!.id });
    expect([twice.statusCode, code(twice)]).toEqual([409, 'PURCHASE_LIMIT_EXCEEDED']);
    const preview = await call(auth, `${CHECKOUT}/preview-online`, { planId: plans.once!.id });
    expect(preview.data).toEqual({ purchaseLimitExceeded: true });
  });

  it('previews orders without writing them', async () => {
    const { memberId, auth } = await member();
    const start = new Date(t.clock.now().getTime() + 10 * DAY).toISOString();
    const online = await call(auth, `${CHECKOUT}/preview-online`, {
      planId: plans.yearly!.id,
      startDate: start,
    });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.data).toMatchObject({
      purchaseLimitExceeded: false,
      order: { planId: plans.yearly!.id, buyer: { memberId }, status: 'ACTIVE', startDate: start },
    });
    const trial = await call(auth, `${CHECKOUT}/preview-online`, { planId: plans.studioPass!.id });
    expect(trial.data.order).toMatchObject({ freeTrialDays: 7, currentCycle: { index: 0 } });
    const offline = await call(site.adminKey, `${CHECKOUT}/preview-offline`, {
      planId: plans.hidden!.id,
      memberId,
    });
    expect(offline.data).toMatchObject({
      purchaseLimitExceeded: false,
      order: { type: 'OFFLINE', status: 'PENDING', buyer: { memberId } },
    });
    const listed = await t.call({ method: 'GET', url: '/pricing-plans/v2/member/orders', auth });
    expect(listed.data.orders).toEqual([]);
  });

  it('previews the prices of a plan over its cycles', async () => {
    const visitor = await site.token('visitor');
    const prices = await call(visitor, `${CHECKOUT}/price-preview`, { planId: plans.monthly!.id });
    expect(prices.statusCode, prices.body).toBe(200);
    expect(prices.data).toEqual({
      prices: [
        {
          duration: { cycleFrom: 1, numberOfCycles: 3 },
          price: { subtotal: '20.00', discount: '0', total: '20.00', currency: 'USD' },
        },
      ],
    });
    const hidden = await call(visitor, `${CHECKOUT}/price-preview`, { planId: plans.hidden!.id });
    expect(hidden.statusCode).toBe(404);
    const owner = await call(site.adminKey, `${CHECKOUT}/price-preview`, { planId: plans.hidden!.id });
    expect(owner.statusCode).toBe(200);
    // The official client's custom host.
    const aliased = await call(visitor, `/_api/paid-plans/v2/checkout/orders/price-preview`, {
      planId: plans.monthly!.id,
    });
    expect(aliased.data).toEqual(prices.data);
  });

  it('refuses bad input with field violations', async () => {
    const { auth } = await member();
    const yesterday = new Date(t.clock.now().getTime() - 2 * DAY).toISOString();
    const past = await call(auth, `${CHECKOUT}/preview-online`, {
      planId: plans.yearly!.id,
      startDate: yesterday,
    });
    expect([past.statusCode, violations(past)]).toEqual([400, ['startDate']]);
    const later = new Date(t.clock.now().getTime() + 3 * DAY).toISOString();
    const future = await call(auth, `${CHECKOUT}/online`, { planId: plans.community!.id, startDate: later });
    expect([future.statusCode, violations(future)]).toEqual([400, ['startDate']]);
    const coupon = await call(auth, `${CHECKOUT}/online`, {
      planId: plans.community!.id,
      couponCode: 'SAVE',
    });
    expect([coupon.statusCode, violations(coupon)]).toEqual([400, ['couponCode']]);
    const missing = await call(site.adminKey, `${CHECKOUT}/offline`, { planId: plans.monthly!.id });
    expect(missing.statusCode).toBe(400);
    expect(violations(missing)).toContain('memberId');
    const typed = await call(site.adminKey, `${CHECKOUT}/offline`, {
      planId: plans.monthly!.id,
      memberId: 'm',
      paid: 'yes',
    });
    expect([typed.statusCode, violations(typed)]).toEqual([400, ['paid']]);
    const noPlan = await call(auth, `${CHECKOUT}/price-preview`, {});
    expect([noPlan.statusCode, violations(noPlan)]).toEqual([400, ['planId']]);
    const unknown = await call(site.adminKey, `${OWNER}/${crypto.randomUUID()}/mark-as-paid`);
    expect([unknown.statusCode, code(unknown)]).toEqual([404, 'order_not_found']);
  });

  it("refuses a visitor the member calls and a visitor or member the owner's", async () => {
    const visitor = await site.token('visitor');
    const { auth } = await member();
    const planId = plans.community!.id;
    for (const url of [`${CHECKOUT}/online`, `${CHECKOUT}/preview-online`])
      expect((await call(visitor, url, { planId })).statusCode).toBe(403);
    for (const who of [visitor, auth]) {
      expect((await call(who, `${CHECKOUT}/offline`, { planId, memberId: 'm' })).statusCode).toBe(403);
      expect((await call(who, `${CHECKOUT}/preview-offline`, { planId, memberId: 'm' })).statusCode).toBe(
        403,
      );
      expect((await call(who, `${OWNER}/${crypto.randomUUID()}/mark-as-paid`)).statusCode).toBe(403);
    }
  });

  it('keeps each site to its own plans and orders', async () => {
    const { memberId } = await member();
    const made = await call(site.adminKey, `${CHECKOUT}/offline`, { planId: plans.monthly!.id, memberId });
    const foreignMember = await other.token('member', crypto.randomUUID());
    for (const [auth, url, body] of [
      [other.adminKey, `${CHECKOUT}/offline`, { planId: plans.monthly!.id, memberId }],
      [other.adminKey, `${CHECKOUT}/preview-offline`, { planId: plans.monthly!.id, memberId }],
      [foreignMember, `${CHECKOUT}/online`, { planId: plans.community!.id }],
      [foreignMember, `${CHECKOUT}/preview-online`, { planId: plans.community!.id }],
      [foreignMember, `${CHECKOUT}/price-preview`, { planId: plans.community!.id }],
    ] as const) {
      const answer = await call(auth, url, body);
      expect([answer.statusCode, code(answer)]).toEqual([404, 'plan_not_found']);
    }
    const foreign = await call(other.adminKey, `${OWNER}/${made.data.order.id}/mark-as-paid`);
    expect([foreign.statusCode, code(foreign)]).toEqual([404, 'order_not_found']);
    expect(await ownerGet(made.data.order.id)).toMatchObject({ status: 'PENDING' });
  });
});
