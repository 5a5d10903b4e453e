import { BENEFIT_APPS } from '@plaza/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK } from '../../../test/flows/ecom-fixtures.ts';
import { PLANS } from '../../../test/flows/plans-fixtures.ts';
import { buyer, code, fields, shopCalls, ticketShop, V1 } from './checkout.test-helper.ts';

const OFFLINE = '/pricing-plans/v2/checkout/orders/offline';
const BALANCES = '/pricing-plans/v2/benefit-balances';
const SESSIONS = '/redirect-session/v1/redirect-session';
const hosted = (id: string, suffix = '') => `/plaza/v1/redirect-sessions/${id}/checkout${suffix}`;
const single = (name: string) => ({
  name,
  pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '100' } },
});

/**
 * Tickets part-paid with a plan: a `paidPlanBenefit` discount that leaves something to pay is paid
 * online through ecom, each ticket at its discounted price; the credits are held at checkout, spent
 * with the payment and given back when the order is cancelled.
 */
describe.each(engines)('event tickets part-paid with a plan (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let eventId: string;
  let slug: string;
  let ga: string;
  let half: { id: string; benefitId: string };
  const calls = () => shopCalls(() => ({ t, site, eventId }));

  const owner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call({ method, url, auth: site.adminKey, ...(payload ? { payload } : {}) });
  const member = () => {
    const memberId = crypto.randomUUID();
    return { memberId, auth: () => site.token('member', memberId) };
  };
  const subscribe = async (memberId: string, planId: string) => {
    const made = await owner('POST', OFFLINE, { planId, memberId, paid: true });
    expect(made.statusCode, made.body).toBe(200);
    return made.data.order.id as string;
  };
  const reserve = async (auth: string, quantity: number) => {
    const made = await calls().reserve(auth, [{ ticketDefinitionId: ga, quantity }]);
    expect(made.statusCode, made.body).toBe(200);
    return made.data.id as string;
  };
  const checkout = (auth: string, reservationId: string, extra: object = {}) =>
    t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth,
      payload: { eventId, reservationId, buyer, ...extra },
    });
  const update = (auth: string, orderNumber: string, extra: object) =>
    t.call({ method: 'PATCH', url: `${V1}/checkout/${orderNumber}`, auth, payload: { eventId, ...extra } });
  const remaining = async (auth: string, planOrderId: string) => {
    const listed = await t.call({ method: 'GET', url: BALANCES, auth });
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.data.balances.find((b: { planOrderId: string }) => b.planOrderId === planOrderId)?.credits
      ?.remaining as number | undefined;
  };
  /** Pays the reservation on the hosted checkout with the test card; answers the page's checkout and order. */
  const payOnline = async (auth: string, reservationId: string) => {
    const session = await t.call({
      method: 'POST',
      url: SESSIONS,
      auth,
      payload: { eventsCheckout: { eventSlug: slug, reservationId } },
    });
    expect(session.statusCode, session.body).toBe(200);
    const id = session.data.redirectSession.id as string;
    const page = await t.call({ method: 'GET', url: hosted(id) });
    expect(page.statusCode, page.body).toBe(200);
    const details = await t.call({ method: 'GET', url: hosted(id, '/event') });
    expect(details.statusCode, details.body).toBe(200);
    const billed = await t.call({
      method: 'PATCH',
      url: hosted(id),
      payload: { billingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' } },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const paid = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    return { checkout: page.data.checkout, tickets: details.data.reservation.tickets, paid };
  };

  beforeAll(async () => {
    const shop = await ticketShop(engine);
    ({ t, site, eventId, slug } = shop);
    ga = shop.paid;
    const made = await owner('POST', PLANS, { plan: single('Half price, twice') });
    expect(made.statusCode, made.body).toBe(200);
    const set = await owner('PUT', `${PLANS}/${made.data.plan.id}/benefits`, {
      benefits: [
        { appDefId: BENEFIT_APPS.events, benefitType: 'LIMITED', creditAmount: 2, percentDiscount: '50' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    half = { id: made.data.plan.id, benefitId: set.data.benefits[0].id };
  }, 60_000);
  afterAll(() => t.close());

  it('a 50 % plan on 2 tickets: half is paid online, the credits spent with the payment and back on cancel', async () => {
    const ada = member();
    const planOrderId = await subscribe(ada.memberId, half.id);
    const benefit = { planOrderId, benefitId: half.benefitId };
    const reservationId = await reserve(await ada.auth(), 2);
    const placed = await checkout(await ada.auth(), reservationId, { paidPlanBenefit: benefit });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.data.order).toMatchObject({ status: 'INITIATED', totalPrice: { amount: '25.00' } });
    // Held for the payment: the plan has nothing more to give meanwhile.
    expect(await remaining(await ada.auth(), planOrderId)).toBe(0);

    const { checkout: shown, tickets, paid } = await payOnline(await ada.auth(), reservationId);
    // The ticket page says the price ecom charges.
    expect(tickets[0].price).toMatchObject({ amount: '12.50', formattedAmount: '$12.50' });
    expect(shown.lineItems[0]).toMatchObject({
      quantity: 2,
      price: { amount: '12.50' },
      fullPrice: { amount: '25.00' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const ecomOrder = await owner('GET', `/ecom/v1/orders/${paid.data.order.id}`);
    expect(ecomOrder.data.order.priceSummary.subtotal.amount).toBe('25.00');
    const after = await update(await ada.auth(), placed.data.order.orderNumber, {});
    expect(after.data.order).toMatchObject({
      status: 'PAID',
      totalPrice: { amount: '25.00' },
      invoice: { discount: { discounts: [{ paidPlan: { percentDiscount: { quantityDiscounted: 2 } } }] } },
    });
    // Spent for good: the hold no longer lapses with the reservation.
    t.clock.advance(30 * 60_000);
    await t.platform.jobs.runDue();
    expect(await remaining(await ada.auth(), planOrderId)).toBe(0);

    const canceled = await owner('POST', `/ecom/v1/orders/${paid.data.order.id}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await remaining(await ada.auth(), planOrderId)).toBe(2);
    const closed = await update(await ada.auth(), placed.data.order.orderNumber, {});
    expect(closed.statusCode).toBe(409);
  });

  it('credits count: held ones are not offered twice, come back when the reservation lapses, and a type shared unevenly is refused', async () => {
    const bo = member();
    const planOrderId = await subscribe(bo.memberId, half.id);
    const benefit = { planOrderId, benefitId: half.benefitId };
    const first = await checkout(await bo.auth(), await reserve(await bo.auth(), 1), {
      paidPlanBenefit: benefit,
    });
    expect(first.data.order).toMatchObject({ status: 'INITIATED', totalPrice: { amount: '12.50' } });
    expect(await remaining(await bo.auth(), planOrderId)).toBe(1);

    // One credit left on 3 tickets of a type: 62.50 does not split into 3 equal ticket prices.
    const three = await checkout(await bo.auth(), await reserve(await bo.auth(), 3), {
      paidPlanBenefit: benefit,
    });
    expect([three.statusCode, code(three)]).toEqual([409, 'PAID_PLAN_BENEFIT_NOT_APPLICABLE']);
    // On 2 tickets it does: 37.50, 18.75 each.
    const two = await reserve(await bo.auth(), 2);
    const shared = await checkout(await bo.auth(), two, { paidPlanBenefit: benefit });
    expect(shared.data.order).toMatchObject({ status: 'INITIATED', totalPrice: { amount: '37.50' } });
    const sharedPay = await payOnline(await bo.auth(), two);
    expect(sharedPay.checkout.lineItems[0].price.amount).toBe('18.75');
    expect(sharedPay.paid.statusCode, sharedPay.paid.body).toBe(200);
    expect(await remaining(await bo.auth(), planOrderId)).toBe(0);
    const spent = await calls().invoice(await bo.auth(), await reserve(await bo.auth(), 1), {
      paidPlanBenefit: benefit,
    });
    expect([spent.statusCode, fields(spent)]).toEqual([400, ['paidPlanBenefit.benefitId']]);

    // The unpaid reservation lapses: its credit comes back; the paid one's stays spent.
    t.clock.advance(21 * 60_000);
    await t.platform.jobs.runDue();
    await t.platform.outbox.dispatchPending();
    expect(await remaining(await bo.auth(), planOrderId)).toBe(1);

    // Checked out again without the plan: full price, and the credit it held comes back.
    const once = await reserve(await bo.auth(), 1);
    const withPlan = await checkout(await bo.auth(), once, { paidPlanBenefit: benefit });
    expect(withPlan.data.order.totalPrice.amount).toBe('12.50');
    expect(await remaining(await bo.auth(), planOrderId)).toBe(0);
    const without = await checkout(await bo.auth(), once);
    expect(without.statusCode, without.body).toBe(200);
    expect(without.data.order).toMatchObject({ status: 'INITIATED', totalPrice: { amount: '25.00' } });
    expect(await remaining(await bo.auth(), planOrderId)).toBe(1);
    const full = await payOnline(await bo.auth(), once);
    expect(full.checkout.lineItems[0].price.amount).toBe('25.00');
    expect(full.paid.statusCode, full.paid.body).toBe(200);
    expect(await remaining(await bo.auth(), planOrderId)).toBe(1);
  });

  it('updateTicketCheckout takes paidPlanBenefit on an order waiting for payment; bad input is refused', async () => {
    const cy = member();
    const planOrderId = await subscribe(cy.memberId, half.id);
    const benefit = { planOrderId, benefitId: half.benefitId };
    const reservationId = await reserve(await cy.auth(), 2);
    const waiting = await checkout(await cy.auth(), reservationId);
    expect(waiting.data.order).toMatchObject({ status: 'INITIATED', totalPrice: { amount: '50.00' } });
    const number = waiting.data.order.orderNumber as string;

    const dee = member();
    const theirs = await subscribe(dee.memberId, half.id);
    const foreign = await update(await cy.auth(), number, {
      paidPlanBenefit: { planOrderId: theirs, benefitId: half.benefitId },
    });
    expect([foreign.statusCode, fields(foreign)]).toEqual([400, ['paidPlanBenefit.planOrderId']]);
    const missing = await update(await cy.auth(), number, { paidPlanBenefit: { planOrderId } });
    expect([missing.statusCode, fields(missing)]).toEqual([400, ['paidPlanBenefit.benefitId']]);
    const both = await update(await cy.auth(), number, {
      paidPlanBenefit: benefit,
      discount: { couponCode: 'NOPE' },
    });
    expect([both.statusCode, fields(both)]).toEqual([400, ['paidPlanBenefit']]);
    // Not the buyer's order: not found to another caller.
    expect((await update(await dee.auth(), number, { paidPlanBenefit: benefit })).statusCode).toBe(404);

    const applied = await update(await cy.auth(), number, { paidPlanBenefit: benefit });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.data.order).toMatchObject({ status: 'INITIATED', totalPrice: { amount: '25.00' } });
    expect(await remaining(await cy.auth(), planOrderId)).toBe(0);
    // Applied again: kept as it is, its credits not taken twice.
    const again = await update(await cy.auth(), number, { paidPlanBenefit: benefit });
    expect(again.statusCode, again.body).toBe(200);
    expect(await remaining(await cy.auth(), planOrderId)).toBe(0);
    const { paid } = await payOnline(await cy.auth(), reservationId);
    expect(paid.statusCode, paid.body).toBe(200);
    const ecomOrder = await owner('GET', `/ecom/v1/orders/${paid.data.order.id}`);
    expect(ecomOrder.data.order.priceSummary.subtotal.amount).toBe('25.00');

    // Paid: the order takes no benefit any more.
    const late = await update(await cy.auth(), number, { paidPlanBenefit: benefit });
    expect(late.statusCode).toBe(409);
  });
});
