import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../../test/build-test-app.ts';
import { engines } from '../../../../test/engines.ts';
import { CARD_OK, cart, pay, settings } from '../../../../test/flows/ecom-fixtures.ts';
import { PLANS } from '../../../../test/flows/plans-fixtures.ts';
import { seedBookings } from '../../../seed/bookings.ts';
import { CLASS_PLAN_IDS, seedPlans } from '../../../seed/plans.ts';
import { BOOKINGS_APP_ID } from '../../bookings/index.ts';
import { memberAccountPlans } from '../account.ts';

const SERVICES = '/bookings/v2/services';
const BOOKINGS = '/bookings/v2/bookings';
const QUERY = '/_api/availability-calendar/v1/availability/query';
const OFFLINE = '/pricing-plans/v2/checkout/orders/offline';
const BALANCES = '/pricing-plans/v2/benefit-balances';
const DAY = 86_400_000;
const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

const monthlyPass = {
  name: 'Monthly Pass',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
    price: { value: '49', currency: 'USD' },
  },
};
const yearlyUnlimited = {
  name: 'Yearly Unlimited',
  pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '490', currency: 'USD' } },
};
const fields = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field);

interface Slot {
  startDate: string;
  serviceId: string;
}

/**
 * Plan benefits spent on bookings: the owner gives a plan 8 class credits a month (or unlimited
 * classes), a member books with the payment option MEMBERSHIP and pays nothing until the credits of
 * the cycle are spent; a cancelled booking gives its credit back, a new cycle refills them.
 */
describe.each(engines)('plan benefits on bookings (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let spin: string;
  const plans: Record<string, string> = {};

  const owner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, on = site) =>
    t.call({ method, url, auth: on.adminKey, ...(payload ? { payload } : {}) });
  const member = () => {
    const memberId = crypto.randomUUID();
    return { memberId, auth: () => site.token('member', memberId) };
  };
  /** An ACTIVE plan order of `planId` for the member, paid offline. */
  const subscribe = async (memberId: string, planId: string, on = site) => {
    const made = await owner('POST', OFFLINE, { planId, memberId, paid: true }, on);
    expect(made.statusCode, made.body).toBe(200);
    return made.data.order.id as string;
  };
  /** Open sessions of the spin class in the next two weeks. */
  const slots = async (): Promise<Array<{ slot: Slot }>> => {
    const from = t.clock.now();
    const response = await t.call({
      method: 'POST',
      url: QUERY,
      auth: await site.token('visitor'),
      payload: {
        query: {
          filter: {
            serviceId: [spin],
            startDate: from.toISOString(),
            endDate: new Date(from.getTime() + 14 * DAY).toISOString(),
            bookable: true,
          },
        },
        timezone: 'UTC',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.availabilityEntries;
  };
  const book = (auth: string, slot: Slot, selectedPaymentOption?: string, totalParticipants = 1) =>
    t.call({
      method: 'POST',
      url: BOOKINGS,
      auth,
      payload: {
        booking: {
          bookedEntity: { slot },
          totalParticipants,
          ...(selectedPaymentOption ? { selectedPaymentOption } : {}),
        },
      },
    });
  /** Books with MEMBERSHIP and checks out; answers the booking, the line and the order's total. */
  const bookAndPay = async (auth: string, slot: Slot) => {
    const made = await book(auth, slot, 'MEMBERSHIP');
    expect(made.statusCode, made.body).toBe(200);
    const bookingId = made.data.booking.id as string;
    const line = { catalogReference: { appId: BOOKINGS_APP_ID, catalogItemId: bookingId }, quantity: 1 };
    const added = await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [line] });
    expect(added.statusCode, added.body).toBe(200);
    const checkout = await cart(t, auth, 'POST', '/create-checkout', { email: 'member@example.com' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await pay(t, auth, checkout.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    const booking = (await owner('GET', `${BOOKINGS}/${bookingId}`)).data.booking;
    return {
      bookingId,
      orderId: paid.data.order.id as string,
      booking,
      line: added.data.cart.lineItems[0],
      total: paid.data.order.priceSummary.total.amount as string,
    };
  };
  const balances = async (auth: string, query = '') => {
    const response = await t.call({ method: 'GET', url: `${BALANCES}${query}`, auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.balances as Array<{
      planOrderId: string;
      credits?: { total: number; remaining: number };
    }>;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    site = await t.createSite({ currency: 'USD', timeZone: 'UTC' });
    other = await t.createSite({ currency: 'USD', timeZone: 'UTC' });
    await settings(t, site, { payments: { test: true, offline: true } });
    for (const [key, plan] of Object.entries({ monthlyPass, yearlyUnlimited })) {
      const made = await owner('POST', PLANS, { plan });
      expect(made.statusCode, made.body).toBe(200);
      plans[key] = made.data.plan.id;
    }
    const limited = await owner('PUT', `${PLANS}/${plans.monthlyPass}/benefits`, {
      benefits: [{ appDefId: BOOKINGS_APP_ID, benefitType: 'LIMITED', creditAmount: 8 }],
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const unlimited = await owner('PUT', `${PLANS}/${plans.yearlyUnlimited}/benefits`, {
      benefits: [{ appDefId: BOOKINGS_APP_ID, benefitType: 'UNLIMITED' }],
    });
    expect(unlimited.statusCode, unlimited.body).toBe(200);
    const staff = await owner('POST', '/bookings/v1/staff-members', { staffMember: { name: 'Coach' } });
    expect(staff.statusCode, staff.body).toBe(200);
    const policy = await owner('POST', '/bookings/v1/booking-policies', {
      bookingPolicy: { name: 'Groups', participantsPolicy: { maxParticipantsPerBooking: 10 } },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const service = await owner('POST', SERVICES, {
      service: {
        name: 'Spin',
        bookingPolicy: { id: policy.data.bookingPolicy.id },
        type: 'CLASS',
        defaultCapacity: 50,
        payment: { rateType: 'FIXED', fixed: { price: { value: '20' } }, options: { online: true } },
        schedule: {
          weeklySessions: WEEKDAYS.map((weekday) => ({
            weekday,
            startTime: '18:00',
            durationInMinutes: 45,
            staffMemberId: staff.data.staffMember.id,
          })),
        },
        staffMemberIds: [staff.data.staffMember.id],
      },
    });
    expect(service.statusCode, service.body).toBe(200);
    spin = service.data.service.id;
    const covered = await owner('POST', `${SERVICES}/${spin}/pricing-plans/add`, {
      pricingPlanIds: [plans.monthlyPass, plans.yearlyUnlimited],
    });
    expect(covered.statusCode, covered.body).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  it('8 credits: 8 classes paid with the plan cost 0, the 9th asks for payment; a cancel gives a credit back; a new cycle refills', async () => {
    const ada = member();
    const orderId = await subscribe(ada.memberId, plans.monthlyPass!);
    const entries = await slots();
    const paidWithPlan: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { bookingId, booking, line, total } = await bookAndPay(
        await ada.auth(),
        entries[i % entries.length]!.slot,
      );
      paidWithPlan.push(bookingId);
      expect(total).toBe('0.00');
      expect(line).toMatchObject({ paymentOption: 'MEMBERSHIP', price: { amount: '0.00' } });
      expect(booking).toMatchObject({
        status: 'CONFIRMED',
        paymentStatus: 'PAID',
        selectedPaymentOption: 'MEMBERSHIP',
      });
    }
    const [spent] = await balances(await ada.auth());
    expect(spent).toMatchObject({ planOrderId: orderId, cycle: 1, credits: { total: 8, remaining: 0 } });

    const ninth = await bookAndPay(await ada.auth(), entries[8]!.slot);
    expect(ninth.line).toMatchObject({ paymentOption: 'FULL_PAYMENT_ONLINE', price: { amount: '20.00' } });
    expect(ninth.total).toBe('20.00');
    expect(ninth.booking).toMatchObject({ paymentStatus: 'PAID', selectedPaymentOption: 'ONLINE' });

    // Cancelled within the policy: the credit comes back, and the next class is paid with it.
    const cancelled = await t.call({
      method: 'POST',
      url: `${BOOKINGS}/${paidWithPlan[0]}/cancel`,
      auth: await ada.auth(),
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await balances(await ada.auth()))[0]!.credits).toEqual({ total: 8, remaining: 1 });
    expect((await bookAndPay(await ada.auth(), entries[9]!.slot)).total).toBe('0.00');
    expect((await balances(await ada.auth()))[0]!.credits).toEqual({ total: 8, remaining: 0 });

    // The owner sees the same balance.
    const asOwner = await balances(site.adminKey, `?memberId=${ada.memberId}`);
    expect(asOwner[0]).toMatchObject({ planOrderId: orderId, credits: { remaining: 0 } });
    // And the hosted account's plans section says it in words.
    const [shown] = await memberAccountPlans(t.platform.plans, site.id, ada.memberId);
    expect(shown).toMatchObject({ id: orderId, benefits: ['Classes: 0 of 8 left this cycle'] });

    // The next cycle starts with 8 credits again.
    t.clock.advance(32 * DAY);
    const [renewed] = await balances(await ada.auth());
    expect(renewed).toMatchObject({ cycle: 2, credits: { total: 8, remaining: 8 } });
    const [next] = await slots();
    expect((await bookAndPay(await ada.auth(), next!.slot)).total).toBe('0.00');
    expect((await balances(await ada.auth()))[0]!.credits).toEqual({ total: 8, remaining: 7 });
  });

  it("the owner cancelling the booking's order gives its credit back", async () => {
    const eve = member();
    await subscribe(eve.memberId, plans.monthlyPass!);
    const [entry] = await slots();
    const { orderId, total } = await bookAndPay(await eve.auth(), entry!.slot);
    expect(total).toBe('0.00');
    expect((await balances(await eve.auth()))[0]!.credits).toEqual({ total: 8, remaining: 7 });
    const cancelled = await owner('POST', `/ecom/v1/orders/${orderId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await balances(await eve.auth()))[0]!.credits).toEqual({ total: 8, remaining: 8 });
  });

  it('a booking for 3 spends 3 credits; more participants than credits are left to pay', async () => {
    const fay = member();
    await subscribe(fay.memberId, plans.monthlyPass!);
    const [entry] = await slots();
    const three = await book(await fay.auth(), entry!.slot, 'MEMBERSHIP', 3);
    expect(three.statusCode, three.body).toBe(200);
    expect(three.data.booking.selectedPaymentOption).toBe('MEMBERSHIP');
    expect((await balances(await fay.auth()))[0]!.credits).toEqual({ total: 8, remaining: 5 });
    const six = await book(await fay.auth(), entry!.slot, 'MEMBERSHIP', 6);
    expect(six.data.booking.selectedPaymentOption).toBe('ONLINE');
    expect((await balances(await fay.auth()))[0]!.credits).toEqual({ total: 8, remaining: 5 });
  });

  it('UNLIMITED never runs out and shows no credits', async () => {
    const bo = member();
    await subscribe(bo.memberId, plans.yearlyUnlimited!);
    const entries = await slots();
    for (let i = 0; i < 10; i++) {
      const made = await book(await bo.auth(), entries[i % entries.length]!.slot, 'MEMBERSHIP');
      expect(made.statusCode, made.body).toBe(200);
      expect(made.data.booking.selectedPaymentOption).toBe('MEMBERSHIP');
    }
    expect((await bookAndPay(await bo.auth(), entries[0]!.slot)).total).toBe('0.00');
    const [balance] = await balances(await bo.auth());
    expect(balance).toMatchObject({ benefit: { benefitType: 'UNLIMITED' } });
    expect(balance!.credits).toBeUndefined();
  });

  it('12 MEMBERSHIP bookings at once on 8 credits: exactly 8 are paid with the plan', async () => {
    const cy = member();
    await subscribe(cy.memberId, plans.monthlyPass!);
    const auth = await cy.auth();
    const [entry] = await slots();
    const made = await Promise.all(Array.from({ length: 12 }, () => book(auth, entry!.slot, 'MEMBERSHIP')));
    for (const response of made) expect(response.statusCode, response.body).toBe(200);
    const options = made.map((response) => response.data.booking.selectedPaymentOption);
    expect(options.filter((option) => option === 'MEMBERSHIP')).toHaveLength(8);
    expect(options.filter((option) => option === 'ONLINE')).toHaveLength(4);
    expect((await balances(auth))[0]!.credits).toEqual({ total: 8, remaining: 0 });
  });

  it('a visitor, a member without a plan and a member whose plan is of another site cannot pay with a plan', async () => {
    const [entry] = await slots();
    const visitor = await book(await site.token('visitor'), entry!.slot, 'MEMBERSHIP');
    expect(visitor.statusCode).toBe(400);
    expect(fields(visitor)).toEqual(['booking.selectedPaymentOption']);

    const none = member();
    const refused = await book(await none.auth(), entry!.slot, 'MEMBERSHIP');
    expect(refused.statusCode).toBe(400);
    expect(fields(refused)).toEqual(['booking.selectedPaymentOption']);

    // The same member id with a plan order on another site: nothing here covers the class.
    const elsewhere = await owner('POST', PLANS, { plan: monthlyPass }, other);
    await subscribe(none.memberId, elsewhere.data.plan.id, other);
    expect((await book(await none.auth(), entry!.slot, 'MEMBERSHIP')).statusCode).toBe(400);
    // Paid otherwise, the same slot books.
    expect((await book(await none.auth(), entry!.slot)).statusCode).toBe(200);
  });

  it("benefits: the owner sets them, anyone reads a public plan's, bad input names its field; balances are scoped", async () => {
    const visitor = await site.token('visitor');
    const read = await t.call({
      method: 'GET',
      url: `${PLANS}/${plans.monthlyPass}/benefits`,
      auth: visitor,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.data.benefits).toEqual([
      expect.objectContaining({ appDefId: BOOKINGS_APP_ID, benefitType: 'LIMITED', creditAmount: 8 }),
    ]);
    const byVisitor = await t.call({
      method: 'PUT',
      url: `${PLANS}/${plans.monthlyPass}/benefits`,
      auth: visitor,
      payload: { benefits: [] },
    });
    expect(byVisitor.statusCode).toBe(403);
    const bad = await owner('PUT', `${PLANS}/${plans.monthlyPass}/benefits`, {
      benefits: [{ appDefId: BOOKINGS_APP_ID, benefitType: 'LIMITED' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['benefits[0].creditAmount']);
    const unknownApp = await owner('PUT', `${PLANS}/${plans.monthlyPass}/benefits`, {
      benefits: [{ appDefId: crypto.randomUUID(), benefitType: 'UNLIMITED' }],
    });
    expect(unknownApp.statusCode).toBe(400);
    // Another site's owner finds no such plan.
    const foreign = await owner('PUT', `${PLANS}/${plans.monthlyPass}/benefits`, { benefits: [] }, other);
    expect(foreign.statusCode).toBe(404);

    const dee = member();
    const orderId = await subscribe(dee.memberId, plans.monthlyPass!);
    expect((await t.call({ method: 'GET', url: BALANCES, auth: visitor })).statusCode).toBe(403);
    const stranger = member();
    const peek = await t.call({
      method: 'GET',
      url: `${BALANCES}?orderId=${orderId}`,
      auth: await stranger.auth(),
    });
    expect(peek.statusCode).toBe(404);
    const otherOwner = await t.call({
      method: 'GET',
      url: `${BALANCES}?orderId=${orderId}`,
      auth: other.adminKey,
    });
    expect(otherOwner.statusCode).toBe(404);
    const own = await balances(await dee.auth(), `?orderId=${orderId}`);
    expect(own).toEqual([
      expect.objectContaining({ planOrderId: orderId, credits: { total: 8, remaining: 8 } }),
    ]);
  });

  it('demo data: the Studio Pass gives 8 class credits a month and Yearly Unlimited unlimited classes, both paying for Yoga Flow', async () => {
    const demo = await t.createSite({ timeZone: 'UTC' });
    await seedPlans(t.platform, demo.id);
    await seedBookings(t.platform, demo.id);
    const [pass, yearly] = CLASS_PLAN_IDS;
    const benefits = async (planId: string) =>
      (await owner('GET', `${PLANS}/${planId}/benefits`, undefined, demo)).data.benefits;
    expect(await benefits(pass)).toEqual([
      expect.objectContaining({ benefitType: 'LIMITED', creditAmount: 8 }),
    ]);
    expect(await benefits(yearly)).toEqual([expect.objectContaining({ benefitType: 'UNLIMITED' })]);
    const listed = await owner(
      'POST',
      `${SERVICES}/query`,
      { query: { filter: { name: 'Yoga Flow' } } },
      demo,
    );
    expect(listed.data.services[0].payment.pricingPlanIds).toEqual([...CLASS_PLAN_IDS]);
  });
});
