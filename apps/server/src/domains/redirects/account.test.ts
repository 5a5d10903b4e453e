import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK, cart, pay, settings } from '../../../test/flows/ecom-fixtures.ts';
import { code, PLANS } from '../../../test/flows/plans-fixtures.ts';
import { PLANS_APP_ID } from '../plans/index.ts';

const SESSIONS = '/redirect-session/v1/redirect-session';
const account = (id: string, suffix = '') => `/plaza/v1/redirect-sessions/${id}/account${suffix}`;
const monthly = {
  name: 'Monthly Pass',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
    price: { value: '30', currency: 'USD' },
  },
  buyerCanCancel: true,
};
const locked = {
  name: 'Locked Year',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'YEAR' }, cycleCount: 0 },
    price: { value: '300', currency: 'USD' },
  },
};
const fields = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field);

/** The `membersAccount` redirect intent and the hosted account page's calls. */
describe.each(engines)('hosted member account (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  const plans: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
    other = await t.createSite({ currency: 'USD' });
    await settings(t, site, { payments: { test: true } });
    for (const [key, plan] of Object.entries({ monthly, locked })) {
      const made = await t.call({ method: 'POST', url: PLANS, auth: site.adminKey, payload: { plan } });
      expect(made.statusCode, made.body).toBe(200);
      plans[key] = made.data.plan.id;
    }
  });
  afterAll(() => t.close());

  /** A member of `on` with a real identity (the account shows its e-mail). */
  const member = async (email: string, on = site) => {
    const identity = await t.platform.identity.context.store.identities.create(
      on.id,
      {
        identityProfile: { firstName: 'Ada', lastName: 'Member' },
        email: { address: email, isVerified: true },
        status: { name: 'ACTIVE', reasons: [] },
        factors: [],
        connections: [],
        metadata: {},
      },
      null,
    );
    return { id: identity.id, auth: () => on.token('member', identity.id) };
  };
  const buy = async (who: { auth: () => Promise<string> }, planId: string) => {
    t.clock.advance(1);
    const auth = await who.auth();
    const line = { catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId }, quantity: 1 };
    expect((await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [line] })).statusCode).toBe(200);
    const checkout = await cart(t, auth, 'POST', '/create-checkout', { email: 'ada@example.com' });
    const paid = await pay(t, auth, checkout.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.data.order as { id: string; number: string };
  };
  const open = async (auth: string, membersAccount: object = {}) =>
    t.call({ method: 'POST', url: SESSIONS, auth, payload: { membersAccount } });

  it("shows the member's profile, orders and plans, and cancels a plan at the end of its period", async () => {
    const ada = await member('ada@example.com');
    const order = await buy(ada, plans.monthly!);
    await buy(ada, plans.locked!);
    const session = await open(await ada.auth(), { section: 'SUBSCRIPTIONS' });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.data.redirectSession.fullUrl).toMatch(/\/hosted\/account\?session=/);
    const id = session.data.redirectSession.id as string;

    const shown = await t.call({ method: 'GET', url: account(id) });
    expect(shown.statusCode, shown.body).toBe(200);
    const { account: view } = shown.data;
    expect(view.member).toEqual({ id: ada.id, email: 'ada@example.com', name: 'Ada Member' });
    expect(view.section).toBe('SUBSCRIPTIONS');
    expect(view.sections).toEqual(['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS']);
    expect(view.bookings).toEqual([]);
    expect(view.orders).toHaveLength(2);
    expect(view.orders.map((o: { number: string }) => o.number)).toContain(order.number);
    expect(view.orders.find((o: { id: string }) => o.id === order.id)).toMatchObject({
      paymentStatus: 'PAID',
      total: '$30.00',
      items: [{ name: 'Monthly Pass', quantity: 1 }],
    });
    expect(view.tickets).toEqual([]);
    const pass = view.plans.find((p: { planName: string }) => p.planName === 'Monthly Pass');
    const year = view.plans.find((p: { planName: string }) => p.planName === 'Locked Year');
    expect(pass).toMatchObject({
      status: 'ACTIVE',
      price: '$30.00',
      billing: 'Monthly',
      autoRenewCanceled: false,
      canCancel: 'NEXT_PAYMENT_DATE',
    });
    expect(pass.nextChargeDate).toBeTruthy();
    // The plan does not let its buyers cancel: no cancel offered, and the call is refused.
    expect(year.canCancel).toBeUndefined();
    const refused = await t.call({ method: 'POST', url: account(id, `/plans/${year.id}/cancel`) });
    expect(refused.statusCode).toBe(403);

    const cancelled = await t.call({ method: 'POST', url: account(id, `/plans/${pass.id}/cancel`) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.data.plans.find((p: { id: string }) => p.id === pass.id);
    expect(after).toMatchObject({ status: 'ACTIVE', autoRenewCanceled: true });
    expect(after.canCancel).toBeUndefined();
    expect(after.endDate).toBeTruthy();
    const again = await t.call({ method: 'POST', url: account(id, `/plans/${pass.id}/cancel`) });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a visitor, a bad section and other sessions', async () => {
    const visitor = await open(await site.token('visitor', crypto.randomUUID()));
    expect(visitor.statusCode).toBe(403);
    expect(code(visitor)).toBe('MEMBER_SIGN_IN_REQUIRED');
    const ada = await member('bad.input@example.com');
    const bad = await open(await ada.auth(), { section: 'WISHLIST' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['membersAccount.section']);
    expect((await t.call({ method: 'GET', url: account('x'.repeat(101)) })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: account(crypto.randomUUID()) })).statusCode).toBe(404);
    const login = await t.call({
      method: 'POST',
      url: SESSIONS,
      auth: await ada.auth(),
      payload: { login: {} },
    });
    const wrong = await t.call({ method: 'GET', url: account(login.data.redirectSession.id) });
    expect(wrong.statusCode).toBe(400);
    expect(code(wrong)).toBe('WRONG_INTENT');
  });

  it("keeps to the session's member and site, and ends with the session's hour", async () => {
    const ada = await member('isolated@example.com');
    const theirs = await buy(ada, plans.monthly!);
    const stranger = await member('stranger@example.com');
    const strangerSession = (await open(await stranger.auth())).data.redirectSession.id as string;
    const shown = await t.call({ method: 'GET', url: account(strangerSession) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.data.account.orders).toEqual([]);
    expect(shown.data.account.plans).toEqual([]);
    const adaView = await t.call({
      method: 'GET',
      url: account((await open(await ada.auth())).data.redirectSession.id),
    });
    const adaPlan = adaView.data.account.plans[0].id as string;
    expect(adaView.data.account.orders[0].id).toBe(theirs.id);
    // Another member's plan is not found through a stranger's session.
    const notTheirs = await t.call({
      method: 'POST',
      url: account(strangerSession, `/plans/${adaPlan}/cancel`),
    });
    expect(notTheirs.statusCode).toBe(404);
    // A member of another site sees nothing of this one.
    const elsewhere = await member('isolated@example.com', other);
    const otherView = await t.call({
      method: 'GET',
      url: account((await open(await elsewhere.auth())).data.redirectSession.id),
    });
    expect(otherView.statusCode, otherView.body).toBe(200);
    expect(otherView.data.account.orders).toEqual([]);
    expect(otherView.data.account.plans).toEqual([]);
    t.clock.advance(61 * 60_000);
    const late = await t.call({ method: 'GET', url: account(strangerSession) });
    expect(late.statusCode).toBe(410);
  });
});
