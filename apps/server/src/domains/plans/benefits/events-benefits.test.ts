import { BENEFIT_APPS } from '@plaza/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../../test/build-test-app.ts';
import { engines } from '../../../../test/engines.ts';
import { PLANS } from '../../../../test/flows/plans-fixtures.ts';
import { buyer, fields, shopCalls, ticketShop, V1 } from '../../events/checkout.test-helper.ts';

const OFFLINE = '/pricing-plans/v2/checkout/orders/offline';
const BALANCES = '/pricing-plans/v2/benefit-balances';
const single = (name: string) => ({
  name,
  pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '100' } },
});

/**
 * `paidPlanBenefit` at the events checkout: a member's plan order whose plan gives free or discounted
 * tickets takes its discount off the invoice and the order, spending one credit a ticket.
 */
describe.each(engines)('plan benefits on event tickets (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let eventId: string;
  let ga: string;
  const plans: Record<string, { id: string; benefitId: string }> = {};
  const calls = () => shopCalls(() => ({ t, site, eventId }));

  const owner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, on = site) =>
    t.call({ method, url, auth: on.adminKey, ...(payload ? { payload } : {}) });
  const member = () => {
    const memberId = crypto.randomUUID();
    return { memberId, auth: () => site.token('member', memberId) };
  };
  const plan = async (name: string, benefit: object, on = site) => {
    const made = await owner('POST', PLANS, { plan: single(name) }, on);
    expect(made.statusCode, made.body).toBe(200);
    const set = await owner(
      'PUT',
      `${PLANS}/${made.data.plan.id}/benefits`,
      { benefits: [{ appDefId: BENEFIT_APPS.events, ...benefit }] },
      on,
    );
    expect(set.statusCode, set.body).toBe(200);
    return { id: made.data.plan.id as string, benefitId: set.data.benefits[0].id as string };
  };
  const subscribe = async (memberId: string, planId: string, on = site) => {
    const made = await owner('POST', OFFLINE, { planId, memberId, paid: true }, on);
    expect(made.statusCode, made.body).toBe(200);
    return made.data.order.id as string;
  };
  const reserve = async (auth: string, quantity: number) => {
    const made = await calls().reserve(auth, [{ ticketDefinitionId: ga, quantity }]);
    expect(made.statusCode, made.body).toBe(200);
    return made.data.id as string;
  };
  const checkout = (auth: string, reservationId: string, extra: object) =>
    t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth,
      payload: { eventId, reservationId, buyer, ...extra },
    });

  beforeAll(async () => {
    const shop = await ticketShop(engine);
    ({ t, site, other, eventId } = shop);
    ga = shop.paid;
    plans.free = await plan('Two free tickets', { benefitType: 'LIMITED', creditAmount: 2 });
    plans.half = await plan('Half price', {
      benefitType: 'UNLIMITED',
      percentDiscount: '50',
      resourceIds: [eventId],
    });
  }, 60_000);
  afterAll(() => t.close());

  it('2 free tickets: the invoice takes 2 of 3 off; the checkout of 2 is FREE and spends both credits', async () => {
    const ada = member();
    const planOrderId = await subscribe(ada.memberId, plans.free!.id);
    const benefit = { planOrderId, benefitId: plans.free!.benefitId };
    const three = await reserve(await ada.auth(), 3);
    const invoice = await calls().invoice(await ada.auth(), three, { paidPlanBenefit: benefit });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.data.invoice).toMatchObject({
      subTotal: { amount: '75.00' },
      grandTotal: { amount: '25.00' },
      discount: {
        amount: { amount: '50.00' },
        name: 'Two free tickets',
        discounts: [{ paidPlan: { percentDiscount: { rate: '100', quantityDiscounted: 2 } } }],
      },
    });

    const two = await reserve(await ada.auth(), 2);
    const placed = await checkout(await ada.auth(), two, { paidPlanBenefit: benefit });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.data.order).toMatchObject({ status: 'FREE', totalPrice: { amount: '0.00' } });
    const balance = await t.call({ method: 'GET', url: BALANCES, auth: await ada.auth() });
    expect(balance.data.balances[0].credits).toEqual({ total: 2, remaining: 0 });

    // Spent: the plan gives nothing more this cycle.
    const again = await calls().invoice(await ada.auth(), three, { paidPlanBenefit: benefit });
    expect([again.statusCode, fields(again)]).toEqual([400, ['paidPlanBenefit.benefitId']]);
  });

  it('half price on every ticket of the event, paid in person or online', async () => {
    const bo = member();
    const planOrderId = await subscribe(bo.memberId, plans.half!.id);
    const benefit = { planOrderId, benefitId: plans.half!.benefitId };
    const online = await checkout(await bo.auth(), await reserve(await bo.auth(), 2), {
      paidPlanBenefit: benefit,
    });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.data.order).toMatchObject({ status: 'INITIATED', totalPrice: { amount: '25.00' } });
    const inPerson = await checkout(await bo.auth(), await reserve(await bo.auth(), 2), {
      paidPlanBenefit: benefit,
      options: { payInPerson: true },
    });
    expect(inPerson.statusCode, inPerson.body).toBe(200);
    expect(inPerson.data.order).toMatchObject({ status: 'OFFLINE_PENDING', totalPrice: { amount: '25.00' } });
  });

  it('a visitor, another member, another site and a wrong benefit are field violations at paidPlanBenefit', async () => {
    const cy = member();
    const planOrderId = await subscribe(cy.memberId, plans.half!.id);
    const benefit = { planOrderId, benefitId: plans.half!.benefitId };
    const visitor = await site.token('visitor');
    const asVisitor = await calls().invoice(visitor, await reserve(visitor, 1), { paidPlanBenefit: benefit });
    expect([asVisitor.statusCode, fields(asVisitor)]).toEqual([400, ['paidPlanBenefit.planOrderId']]);

    const dee = member();
    const mine = await reserve(await dee.auth(), 1);
    const foreign = await calls().invoice(await dee.auth(), mine, { paidPlanBenefit: benefit });
    expect([foreign.statusCode, fields(foreign)]).toEqual([400, ['paidPlanBenefit.planOrderId']]);

    const elsewhere = await plan('Elsewhere', { benefitType: 'UNLIMITED' }, other);
    const otherOrder = await subscribe(dee.memberId, elsewhere.id, other);
    const otherSite = await checkout(await dee.auth(), mine, {
      paidPlanBenefit: { planOrderId: otherOrder, benefitId: elsewhere.benefitId },
    });
    expect([otherSite.statusCode, fields(otherSite)]).toEqual([400, ['paidPlanBenefit.planOrderId']]);

    const ownOrder = await subscribe(dee.memberId, plans.half!.id);
    const wrong = await calls().invoice(await dee.auth(), mine, {
      paidPlanBenefit: { planOrderId: ownOrder, benefitId: plans.free!.benefitId },
    });
    expect([wrong.statusCode, fields(wrong)]).toEqual([400, ['paidPlanBenefit.benefitId']]);
    const missing = await calls().invoice(await dee.auth(), mine, {
      paidPlanBenefit: { planOrderId: ownOrder },
    });
    expect([missing.statusCode, fields(missing)]).toEqual([400, ['paidPlanBenefit.benefitId']]);
    const withCoupon = await calls().invoice(await dee.auth(), mine, {
      paidPlanBenefit: { planOrderId: ownOrder, benefitId: plans.half!.benefitId },
      withDiscount: { couponCode: 'NOPE' },
    });
    expect([withCoupon.statusCode, fields(withCoupon)]).toEqual([400, ['paidPlanBenefit']]);
  });
});
