import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK, cart, pay, settings } from '../../../test/flows/ecom-fixtures.ts';
import { code, PLANS, studioPass, yearly } from '../../../test/flows/plans-fixtures.ts';
import { PLANS_APP_ID } from './index.ts';

const MEMBER = '/pricing-plans/v2/member/orders';
const OWNER = '/pricing-plans/v2/orders';
const DAY = 86_400_000;
const twelveMonths = {
  name: 'Twelve Months',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 12 },
    price: { value: '10', currency: 'USD' },
  },
  buyerCanCancel: true,
};
const violations = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field);

/** Plan orders: the member's own and the owner's, their calendar, changes and ends. */
describe.each(engines)('plan orders (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const plans: Record<string, { id: string }> = {};

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
    await settings(t, site, { payments: { test: true, offline: true } });
    for (const [key, plan] of Object.entries({ studioPass, yearly, twelveMonths })) {
      t.clock.advance(1);
      const made = await t.call({ method: 'POST', url: PLANS, auth: site.adminKey, payload: { plan } });
      expect(made.statusCode, made.body).toBe(200);
      plans[key] = made.data.plan;
    }
  });
  afterAll(() => t.close());

  const member = async () => {
    const memberId = crypto.randomUUID();
    // Tokens expire: one is made for each call, whatever the clock says by then.
    return { memberId, auth: () => site.token('member', memberId) };
  };
  const asMember = async (
    who: { auth: () => Promise<string> },
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => t.call({ method, url, auth: await who.auth(), ...(payload ? { payload } : {}) });
  const asOwner = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, on = site) =>
    t.call({ method, url, auth: on.adminKey, ...(payload ? { payload } : {}) });
  /** Buys `planId` as the member; answers the ecom order and the plan order. */
  const buy = async (
    who: { auth: () => Promise<string> },
    planId: string,
    method: 'test' | 'offline' = 'test',
  ) => {
    t.clock.advance(1);
    const auth = await who.auth();
    const line = { catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId }, quantity: 1 };
    expect((await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [line] })).statusCode).toBe(200);
    const checkout = await cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
    const paid = await pay(t, auth, checkout.data.checkoutId, {
      paymentMethod: method,
      ...(method === 'test' ? { card: CARD_OK } : {}),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const listed = await asMember(who, 'GET', `${MEMBER}?planIds=${planId}&sorting.fieldName=createdDate`);
    expect(listed.statusCode, listed.body).toBe(200);
    return { ecomOrderId: paid.data.order.id as string, order: listed.data.orders[0] };
  };
  const ownerGet = async (id: string) => (await asOwner('GET', `${OWNER}/${id}`)).data.order;

  it('lists and gets a member their own orders in the official shape, with the calendar', async () => {
    const buyer = await member();
    const started = t.clock.now().getTime();
    const { order, ecomOrderId } = await buy(buyer, plans.twelveMonths!.id);
    const start = new Date(order.startDate).getTime();
    expect(start).toBeGreaterThanOrEqual(started);
    expect(order).toMatchObject({
      planId: plans.twelveMonths!.id,
      buyer: { memberId: buyer.memberId },
      pricing: {
        subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 12 },
        prices: [
          {
            duration: { cycleFrom: 1, numberOfCycles: 12 },
            price: { subtotal: '10.00', total: '10.00', currency: 'USD' },
          },
        ],
      },
      type: 'ONLINE',
      status: 'ACTIVE',
      autoRenewCanceled: false,
      lastPaymentStatus: 'PAID',
      pausePeriods: [],
      currentCycle: { index: 1, startedDate: order.startDate },
      planName: 'Twelve Months',
      planPrice: '10.00',
      orderId: ecomOrderId,
    });
    expect(order.nextChargeDate).toBe(order.currentCycle.endedDate);
    expect(Date.parse(order.endDate)).toBeGreaterThan(start + 364 * DAY);
    const got = await asMember(buyer, 'GET', `${MEMBER}/${order.id}`);
    expect(got.data.order).toEqual(order);
    expect(await ownerGet(order.id)).toEqual(order);
  });

  it('keeps a member to their own orders and refuses visitors', async () => {
    const [one, other] = [await member(), await member()];
    const { order } = await buy(one, plans.yearly!.id);
    const seen = await asMember(other, 'GET', `${MEMBER}/${order.id}`);
    expect([seen.statusCode, code(seen)]).toEqual([404, 'order_not_found']);
    const cancel = await asMember(other, 'POST', `${MEMBER}/${order.id}/cancel`, {
      effectiveAt: 'IMMEDIATELY',
    });
    expect(cancel.statusCode).toBe(404);
    expect((await asMember(other, 'GET', MEMBER)).data.orders).toEqual([]);
    const visitor = await site.token('visitor');
    expect((await t.call({ method: 'GET', url: MEMBER, auth: visitor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: OWNER, auth: visitor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: OWNER, auth: await one.auth() })).statusCode).toBe(403);
    const pause = await t.call({ method: 'POST', url: `${OWNER}/${order.id}/pause`, auth: await one.auth() });
    expect(pause.statusCode).toBe(403);
    const owner = await asOwner('GET', MEMBER);
    expect([owner.statusCode, code(owner)]).toEqual([403, 'MEMBER_REQUIRED']);
  });

  it("lists the owner's orders by buyer, plan and status, with paging, and keeps sites apart", async () => {
    const buyer = await member();
    const first = await buy(buyer, plans.yearly!.id);
    const second = await buy(buyer, plans.twelveMonths!.id);
    const mine = await asOwner('GET', `${OWNER}?buyerIds=${buyer.memberId}`);
    expect(mine.data.orders.map((o: { id: string }) => o.id)).toEqual([second.order.id, first.order.id]);
    const paged = await asOwner(
      'GET',
      `${OWNER}?buyerIds=${buyer.memberId}&limit=1&offset=1&sorting.order=ASC`,
    );
    expect(paged.data.orders.map((o: { id: string }) => o.id)).toEqual([second.order.id]);
    expect(paged.data.pagingMetadata).toMatchObject({ count: 1, offset: 1, total: 2 });
    const byPlan = await asOwner('GET', `${OWNER}?buyerIds=${buyer.memberId}&planIds=${plans.yearly!.id}`);
    expect(byPlan.data.orders.map((o: { id: string }) => o.id)).toEqual([first.order.id]);
    const ended = await asOwner('GET', `${OWNER}?buyerIds=${buyer.memberId}&orderStatuses=ENDED`);
    expect(ended.data.orders).toEqual([]);

    const elsewhere = await t.createSite({ currency: 'USD' });
    expect((await asOwner('GET', `${OWNER}/${first.order.id}`, undefined, elsewhere)).statusCode).toBe(404);
    expect((await asOwner('GET', OWNER, undefined, elsewhere)).data.orders).toEqual([]);
    const cancel = await asOwner(
      'POST',
      `${OWNER}/${first.order.id}/cancel`,
      { effectiveAt: 'IMMEDIATELY' },
      elsewhere,
    );
    expect(cancel.statusCode).toBe(404);
  });

  it('refuses bad input with field violations', async () => {
    const buyer = await member();
    const { order } = await buy(buyer, plans.yearly!.id);
    const badStatus = await asOwner('GET', `${OWNER}?orderStatuses=SLEEPING&limit=0`);
    expect(badStatus.statusCode).toBe(400);
    expect(violations(badStatus)).toEqual(expect.arrayContaining(['limit']));
    const badCancel = await asOwner('POST', `${OWNER}/${order.id}/cancel`, { effectiveAt: 'SOMEDAY' });
    expect([badCancel.statusCode, violations(badCancel)]).toEqual([400, ['effectiveAt']]);
    const single = await asOwner('POST', `${OWNER}/${order.id}/cancel`, { effectiveAt: 'NEXT_PAYMENT_DATE' });
    expect([single.statusCode, violations(single)]).toEqual([400, ['effectiveAt']]);
    const early = await asOwner('PATCH', `${OWNER}/${order.id}`, { endDate: order.startDate });
    expect([early.statusCode, violations(early)]).toEqual([400, ['endDate']]);
    const notADate = await asOwner('PATCH', `${OWNER}/${order.id}`, { endDate: 'tomorrow' });
    expect([notADate.statusCode, violations(notADate)]).toEqual([400, ['endDate']]);
  });

  it('lets a member cancel only when the plan allows it; the owner always', async () => {
    const buyer = await member();
    const { order } = await buy(buyer, plans.yearly!.id);
    const refused = await asMember(buyer, 'POST', `${MEMBER}/${order.id}/cancel`, {
      effectiveAt: 'IMMEDIATELY',
    });
    expect([refused.statusCode, code(refused)]).toEqual([403, 'BUYER_CANNOT_CANCEL']);
    const done = await asOwner('POST', `${OWNER}/${order.id}/cancel`, { effectiveAt: 'IMMEDIATELY' });
    expect([done.statusCode, done.data]).toEqual([200, {}]);
    const canceled = await ownerGet(order.id);
    expect(canceled).toMatchObject({
      status: 'CANCELED',
      cancellation: { cause: 'OWNER_ACTION', effectiveAt: 'IMMEDIATELY' },
      endDate: canceled.cancellation.requestedDate,
    });
    expect(canceled.currentCycle).toBeUndefined();
    const again = await asOwner('POST', `${OWNER}/${order.id}/cancel`, { effectiveAt: 'IMMEDIATELY' });
    expect([again.statusCode, code(again)]).toEqual([409, 'INVALID_ORDER_STATUS']);
  });

  it('cancels at the end of the period: active until then, canceled by the sweep after', async () => {
    const buyer = await member();
    const { order } = await buy(buyer, plans.studioPass!.id);
    expect(order.currentCycle.index).toBe(0);
    expect(order.nextChargeDate).toBe(order.currentCycle.endedDate);
    const asked = await asMember(buyer, 'POST', `${MEMBER}/${order.id}/cancel`, {
      effectiveAt: 'NEXT_PAYMENT_DATE',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const later = (await asMember(buyer, 'GET', `${MEMBER}/${order.id}`)).data.order;
    expect(later).toMatchObject({
      status: 'ACTIVE',
      autoRenewCanceled: true,
      cancellation: { cause: 'MEMBER_ACTION', effectiveAt: 'NEXT_PAYMENT_DATE' },
      endDate: order.currentCycle.endedDate,
    });
    expect(later.nextChargeDate).toBeUndefined();
    t.clock.set(new Date(Date.parse(later.endDate) - 1000));
    await t.platform.jobs.runDue();
    expect((await ownerGet(order.id)).status).toBe('ACTIVE');
    t.clock.advance(ORDER_SWEEP_SLACK);
    await t.platform.jobs.runDue();
    expect(await ownerGet(order.id)).toMatchObject({ status: 'CANCELED', endDate: later.endDate });
  });

  it('pauses and resumes for the owner: the time paused moves the next charge and the end', async () => {
    const buyer = await member();
    const { order } = await buy(buyer, plans.twelveMonths!.id);
    expect((await asOwner('POST', `${OWNER}/${order.id}/resume`)).statusCode).toBe(409);
    expect((await asOwner('POST', `${OWNER}/${order.id}/pause`)).statusCode).toBe(200);
    const paused = await ownerGet(order.id);
    expect(paused).toMatchObject({ status: 'PAUSED', pausePeriods: [{ status: 'ACTIVE' }] });
    expect(paused.nextChargeDate).toBeUndefined();
    t.clock.advance(10 * DAY);
    expect((await asOwner('POST', `${OWNER}/${order.id}/pause`)).statusCode).toBe(409);
    expect((await asOwner('POST', `${OWNER}/${order.id}/resume`)).statusCode).toBe(200);
    const resumed = await ownerGet(order.id);
    expect(resumed.status).toBe('ACTIVE');
    expect(resumed.pausePeriods).toEqual([
      {
        status: 'ENDED',
        pauseDate: paused.pausePeriods[0].pauseDate,
        resumeDate: t.clock.now().toISOString(),
      },
    ]);
    const moved = (iso: string) => new Date(Date.parse(iso) + 10 * DAY).toISOString();
    expect(resumed.nextChargeDate).toBe(moved(order.nextChargeDate));
    expect(resumed.endDate).toBe(moved(order.endDate));
    const postponed = moved(resumed.endDate);
    expect((await asOwner('PATCH', `${OWNER}/${order.id}`, { endDate: postponed })).statusCode).toBe(200);
    expect((await ownerGet(order.id)).endDate).toBe(postponed);
  });

  it('ends a 12-cycle monthly plan exactly at its end, a month at a time', async () => {
    const buyer = await member();
    const { order } = await buy(buyer, plans.twelveMonths!.id);
    const indexes: number[] = [];
    for (let month = 0; month < 12; month += 1) {
      const current = await ownerGet(order.id);
      expect(current.status).toBe('ACTIVE');
      indexes.push(current.currentCycle.index);
      // Just before the next cycle (or the end): the sweep leaves it running.
      t.clock.set(new Date(Date.parse(current.currentCycle.endedDate) - 1000));
      await t.platform.jobs.runDue();
      t.clock.advance(1000);
    }
    expect(indexes).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(t.clock.now().toISOString()).toBe(order.endDate);
    expect((await ownerGet(order.id)).status).toBe('ACTIVE');
    t.clock.advance(ORDER_SWEEP_SLACK);
    await t.platform.jobs.runDue();
    const ended = await ownerGet(order.id);
    expect(ended).toMatchObject({ status: 'ENDED', endDate: order.endDate });
    expect(ended.currentCycle).toBeUndefined();
    const listed = await asMember(buyer, 'GET', `${MEMBER}?orderStatuses=ENDED`);
    expect(listed.data.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
  });

  it('activates a PENDING order when its offline ecom order is marked as paid', async () => {
    const buyer = await member();
    const { order, ecomOrderId } = await buy(buyer, plans.yearly!.id, 'offline');
    expect(order).toMatchObject({ status: 'PENDING', lastPaymentStatus: 'UNPAID' });
    expect(order.currentCycle).toBeUndefined();
    const marked = await asOwner('POST', `/ecom/v1/orders/${ecomOrderId}/mark-as-paid`, {});
    expect(marked.statusCode, marked.body).toBe(200);
    await t.platform.outbox.dispatchPending();
    const active = await ownerGet(order.id);
    expect(active).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID', currentCycle: { index: 1 } });
  });
});

/** Longer than the sweep's interval: by then it has run. */
const ORDER_SWEEP_SLACK = 61_000;
