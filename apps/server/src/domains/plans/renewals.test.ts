import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp, buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK, cart, pay, settings } from '../../../test/flows/ecom-fixtures.ts';
import { PLANS, studioPass } from '../../../test/flows/plans-fixtures.ts';
import { TEST_CARDS } from '../ecom/index.ts';
import { PLANS_APP_ID, RETRY_DAYS } from './index.ts';

const MEMBER = '/pricing-plans/v2/member/orders';
const OWNER = '/pricing-plans/v2/orders';
const DAY = 86_400_000;
const card = (number: string) => ({ ...CARD_OK, number });
const monthly = {
  name: 'Monthly Twelve',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 12 },
    price: { value: '10', currency: 'USD' },
  },
  buyerCanCancel: true,
};

/** Memberships over time: the free trial, renewals charged to the saved card, retries and ends. */
describe.each(engines)('plan renewals (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const plans: Record<string, { id: string }> = {};

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
    await settings(t, site, { payments: { test: true, offline: true } });
    for (const [key, plan] of Object.entries({ studioPass, monthly })) {
      const made = await t.call({ method: 'POST', url: PLANS, auth: site.adminKey, payload: { plan } });
      expect(made.statusCode, made.body).toBe(200);
      plans[key] = made.data.plan;
    }
  });
  afterAll(() => t.close());

  const owner = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url, auth: site.adminKey, ...(payload ? { payload } : {}) });
  const orderOf = async (id: string) => (await owner('GET', `${OWNER}/${id}`)).data.order;

  /** A new member buys `planId`; answers the checkout as shown, the ecom order and the plan order. */
  async function buy(planId: string, payment: { paymentMethod: 'test' | 'offline'; card?: object }) {
    const memberId = crypto.randomUUID();
    const auth = await site.token('member', memberId);
    const line = { catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId }, quantity: 1 };
    const added = await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [line] });
    expect(added.statusCode, added.body).toBe(200);
    const checkout = await cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
    const paid = await pay(t, auth, checkout.data.checkoutId, payment);
    expect(paid.statusCode, paid.body).toBe(200);
    const listed = await t.call({ method: 'GET', url: MEMBER, auth });
    return { cart: added.data.cart, ecomOrder: paid.data.order, order: listed.data.orders[0], memberId };
  }

  /** Moves the clock to `date` (plus `ms`) and runs what fell due, catching up as a worker would. */
  async function at(date: string, ms = 1000) {
    t.clock.set(new Date(Date.parse(date) + ms));
    while ((await t.platform.jobs.runDue()) > 0);
  }

  /** The renewal charges the test provider was asked for, in order: their outcome for each attempt. */
  async function charges(orderId: string) {
    const rows = await t.platform.database.db
      .withTables<{ test_payment_charges: { site_id: string; idempotency_key: string; result: string } }>()
      .selectFrom('test_payment_charges')
      .select(['idempotency_key', 'result'])
      .where('site_id', '=', site.id)
      .where('idempotency_key', 'like', `plan-renewal:${orderId}:%`)
      .execute();
    return rows
      .map((row) => ({ key: row.idempotency_key, status: JSON.parse(row.result).status as string }))
      .sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }))
      .map((row) => `${row.key.split(':').slice(2).join('.')} ${row.status}`);
  }

  /** The cycles of the order's `renewed` events still kept in the outbox (old ones are pruned). */
  async function renewedCycles(orderId: string) {
    const rows = await t.platform.database.db
      .selectFrom('outbox')
      .select(['payload', 'seq'])
      .where('entity_kind', '=', 'planOrder')
      .where('entity_id', '=', orderId)
      .where('event', '=', 'renewed')
      .orderBy('seq')
      .execute();
    return rows.map((row) => JSON.parse(String(row.payload)).entity.billedCycle as number);
  }

  it('charges nothing during a free trial and the price when it ends', async () => {
    const started = t.clock.now().getTime();
    const {
      cart: shown,
      ecomOrder,
      order,
    } = await buy(plans.studioPass!.id, {
      paymentMethod: 'test',
      card: CARD_OK,
    });
    expect(shown.subtotal.amount).toBe('0.00');
    const [line] = shown.lineItems;
    expect(line.price.amount).toBe('0.00');
    // The subscription terms are the line's `subscriptionOptionInfo`: the words say only what is due when.
    expect(line.priceDescription.original).toBe('');
    const trialEnd = new Date(started + 7 * DAY);
    expect(line.descriptionLines.map((d: any) => `${d.name.original}: ${d.plainText.original}`)).toContain(
      `Due later: $49.00 on ${trialEnd.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}`,
    );
    expect(ecomOrder.priceSummary.total.amount).toBe('0.00');
    expect(order).toMatchObject({
      status: 'ACTIVE',
      lastPaymentStatus: 'NOT_APPLICABLE',
      currentCycle: { index: 0 },
    });
    expect(Date.parse(order.nextChargeDate) - Date.parse(order.startDate)).toBe(7 * DAY);
    expect(await charges(order.id)).toEqual([]);

    await at(order.nextChargeDate, -1000);
    expect(await charges(order.id)).toEqual([]);
    await at(order.nextChargeDate);
    expect(await charges(order.id)).toEqual(['1.1 CAPTURED']);
    const renewed = await orderOf(order.id);
    expect(renewed).toMatchObject({
      status: 'ACTIVE',
      lastPaymentStatus: 'PAID',
      currentCycle: { index: 1 },
    });
    expect(await renewedCycles(order.id)).toEqual([1]);
  });

  it('asks for the card of a free trial and refuses one that cannot be kept', async () => {
    const memberId = crypto.randomUUID();
    const auth = await site.token('member', memberId);
    const line = {
      catalogReference: { appId: PLANS_APP_ID, catalogItemId: plans.studioPass!.id },
      quantity: 1,
    };
    await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [line] });
    const checkout = await cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
    const missing = await pay(t, auth, checkout.data.checkoutId, { paymentMethod: 'test' });
    expect(missing.statusCode).toBe(400);
    const declined = await pay(t, auth, checkout.data.checkoutId, {
      paymentMethod: 'test',
      card: card(TEST_CARDS.decline),
    });
    expect([declined.statusCode, declined.data.details.applicationError.code]).toEqual([
      402,
      'PAYMENT_DECLINED',
    ]);
  });

  it('renews a year of monthly cycles, each charged to the saved card, then ends', async () => {
    const { order } = await buy(plans.monthly!.id, { paymentMethod: 'test', card: CARD_OK });
    expect(order).toMatchObject({ lastPaymentStatus: 'PAID', currentCycle: { index: 1 } });
    let current = order;
    for (let cycle = 2; cycle <= 12; cycle++) {
      await at(current.nextChargeDate);
      current = await orderOf(order.id);
      expect(current).toMatchObject({
        status: 'ACTIVE',
        lastPaymentStatus: 'PAID',
        currentCycle: { index: cycle },
      });
      expect((await renewedCycles(order.id)).at(-1)).toBe(cycle);
    }
    expect(current.nextChargeDate).toBeUndefined();
    expect(await charges(order.id)).toEqual(Array.from({ length: 11 }, (_, i) => `${i + 2}.1 CAPTURED`));
    await at(current.endDate, 61_000);
    expect(await orderOf(order.id)).toMatchObject({ status: 'ENDED' });
    expect(await charges(order.id)).toHaveLength(11);
  });

  it('retries a declined renewal and carries on once it passes', async () => {
    const { order } = await buy(plans.monthly!.id, {
      paymentMethod: 'test',
      card: card(TEST_CARDS.firstRenewalDeclined),
    });
    await at(order.nextChargeDate);
    const failed = await orderOf(order.id);
    expect(failed).toMatchObject({
      status: 'ACTIVE',
      lastPaymentStatus: 'FAILED',
      currentCycle: { index: 2 },
    });
    await at(order.nextChargeDate, RETRY_DAYS[0] * DAY - 2000);
    expect(await charges(order.id)).toEqual(['2.1 DECLINED']);
    await at(order.nextChargeDate, RETRY_DAYS[0] * DAY + 1000);
    expect(await charges(order.id)).toEqual(['2.1 DECLINED', '2.2 CAPTURED']);
    const recovered = await orderOf(order.id);
    expect(recovered).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
    // The next cycle is charged on its own date, from the anchor, not from the retry.
    expect(Date.parse(recovered.nextChargeDate)).toBeGreaterThan(Date.parse(order.nextChargeDate) + 27 * DAY);
    await at(recovered.nextChargeDate);
    expect(await charges(order.id)).toEqual(['2.1 DECLINED', '2.2 CAPTURED', '3.1 CAPTURED']);
  });

  it('cancels the membership when every retry is declined', async () => {
    const { order } = await buy(plans.monthly!.id, {
      paymentMethod: 'test',
      card: card(TEST_CARDS.renewalsDeclined),
    });
    const due = order.nextChargeDate as string;
    await at(due);
    for (const days of RETRY_DAYS.slice(0, -1)) {
      await at(due, days * DAY + 1000);
      expect(await orderOf(order.id)).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'FAILED' });
    }
    await at(due, RETRY_DAYS.at(-1)! * DAY + 1000);
    expect(await charges(order.id)).toEqual(['2.1 DECLINED', '2.2 DECLINED', '2.3 DECLINED', '2.4 DECLINED']);
    const ended = await orderOf(order.id);
    expect(ended).toMatchObject({
      status: 'CANCELED',
      lastPaymentStatus: 'FAILED',
      cancellation: { cause: 'PAYMENT_FAILURE', effectiveAt: 'IMMEDIATELY' },
    });
    await at(due, 40 * DAY);
    expect(await charges(order.id)).toHaveLength(4);
    expect(await renewedCycles(order.id)).toEqual([]);
  });

  it('stops charging a membership cancelled at the end of its period', async () => {
    const { order } = await buy(plans.monthly!.id, { paymentMethod: 'test', card: CARD_OK });
    await at(order.nextChargeDate);
    const second = await orderOf(order.id);
    const cancel = await owner('POST', `${OWNER}/${order.id}/cancel`, { effectiveAt: 'NEXT_PAYMENT_DATE' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceling = await orderOf(order.id);
    expect(canceling.nextChargeDate).toBeUndefined();
    expect(canceling.endDate).toBe(second.nextChargeDate);
    await at(canceling.endDate, 61_000);
    expect(await orderOf(order.id)).toMatchObject({ status: 'CANCELED' });
    await at(canceling.endDate, 60 * DAY);
    expect(await charges(order.id)).toEqual(['2.1 CAPTURED']);
  });

  it('charges nothing while paused and renews again after the resume', async () => {
    const { order } = await buy(plans.monthly!.id, { paymentMethod: 'test', card: CARD_OK });
    expect((await owner('POST', `${OWNER}/${order.id}/pause`)).statusCode).toBe(200);
    await at(order.nextChargeDate, 5 * DAY);
    expect(await charges(order.id)).toEqual([]);
    expect((await owner('POST', `${OWNER}/${order.id}/resume`)).statusCode).toBe(200);
    const resumed = await orderOf(order.id);
    expect(Date.parse(resumed.nextChargeDate)).toBeGreaterThan(t.clock.now().getTime());
    await at(resumed.nextChargeDate);
    expect(await charges(order.id)).toEqual(['2.1 CAPTURED']);
  });

  it('charges each missed cycle once, one after the other, with every process running the jobs', async () => {
    // On PostgreSQL a second app on the same database runs the jobs too, as another process would.
    const second = engine === 'postgres' ? await anotherApp(t) : undefined;
    try {
      const { order } = await buy(plans.monthly!.id, { paymentMethod: 'test', card: CARD_OK });
      // No job ran for two months and more: cycles 2, 3 and 4 have started.
      t.clock.set(new Date(Date.parse(order.nextChargeDate) + 65 * DAY));
      for (let round = 0; round < 5; round++) {
        await Promise.all([t.platform.jobs.runDue(), second?.platform.jobs.runDue()]);
        // A job asking to run again at once is due a moment later (one `runDue` runs a job once).
        t.clock.advance(1000);
      }
      expect(await charges(order.id)).toEqual(['2.1 CAPTURED', '3.1 CAPTURED', '4.1 CAPTURED']);
      expect(await orderOf(order.id)).toMatchObject({
        lastPaymentStatus: 'PAID',
        currentCycle: { index: 4 },
      });
    } finally {
      await second?.close();
    }
  });

  it('leaves each cycle of an offline membership awaiting payment', async () => {
    const { order, ecomOrder } = await buy(plans.monthly!.id, { paymentMethod: 'offline' });
    expect(order).toMatchObject({ status: 'PENDING', lastPaymentStatus: 'UNPAID' });
    const marked = await owner('POST', `/ecom/v1/orders/${ecomOrder.id}/mark-as-paid`, {});
    expect(marked.statusCode, marked.body).toBe(200);
    await t.platform.outbox.dispatchPending();
    const active = await orderOf(order.id);
    expect(active).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
    await at(active.nextChargeDate);
    expect(await orderOf(order.id)).toMatchObject({
      status: 'ACTIVE',
      lastPaymentStatus: 'UNPAID',
      currentCycle: { index: 2 },
    });
    expect(await renewedCycles(order.id)).toEqual([2]);
  });
});
