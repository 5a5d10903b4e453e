import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK, cart, pay, settings } from '../../../test/flows/ecom-fixtures.ts';
import { code, PLANS } from '../../../test/flows/plans-fixtures.ts';
import { TEST_CARDS } from '../ecom/index.ts';
import { PLANS_APP_ID } from './index.ts';

const MEMBER = '/pricing-plans/v2/member/orders';
const CARD = (id: string) => `/plaza/v1/pricing-plans/member/orders/${id}/card`;
const SESSIONS = '/redirect-session/v1/redirect-session';
const account = (id: string, suffix = '') => `/plaza/v1/redirect-sessions/${id}/account${suffix}`;
const card = (number: string) => ({ ...CARD_OK, number });
const monthly = {
  name: 'Monthly Ten',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
    price: { value: '10', currency: 'USD' },
  },
};
const fields = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field);

/** A member replaces the card of a renewal that was declined. */
describe.each(engines)('replacing the card of a failing plan (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let planId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-01-10T00:00:00.000Z');
    site = await t.createSite({ currency: 'USD' });
    other = await t.createSite({ currency: 'USD' });
    await settings(t, site, { payments: { test: true, offline: true } });
    const made = await t.call({
      method: 'POST',
      url: PLANS,
      auth: site.adminKey,
      payload: { plan: monthly },
    });
    expect(made.statusCode, made.body).toBe(200);
    planId = made.data.plan.id;
  });
  afterAll(() => t.close());

  /** A member with a real identity (the account page shows its e-mail). */
  async function member(email: string) {
    const identity = await t.platform.identity.context.store.identities.create(
      site.id,
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
    return { id: identity.id, token: () => site.token('member', identity.id) };
  }

  /** The member buys the plan with `number`; answers the plan order's id. */
  async function buy(auth: string, number: string) {
    const line = { catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId }, quantity: 1 };
    expect((await cart(t, auth, 'POST', '/add-to-cart', { lineItems: [line] })).statusCode).toBe(200);
    const checkout = await cart(t, auth, 'POST', '/create-checkout', { email: 'ada@example.com' });
    const paid = await pay(t, auth, checkout.data.checkoutId, { paymentMethod: 'test', card: card(number) });
    expect(paid.statusCode, paid.body).toBe(200);
    return (await t.call({ method: 'GET', url: MEMBER, auth })).data.orders[0].id as string;
  }

  async function at(date: string) {
    t.clock.set(date);
    while ((await t.platform.jobs.runDue()) > 0);
  }

  const orderOf = async (auth: string, id: string) =>
    (await t.call({ method: 'GET', url: `${MEMBER}/${id}`, auth })).data.order;

  /** The renewal and card charges the test provider was asked for about the order, with their outcome. */
  async function charges(orderId: string) {
    const rows = await t.platform.database.db
      .withTables<{ test_payment_charges: { site_id: string; idempotency_key: string; result: string } }>()
      .selectFrom('test_payment_charges')
      .select(['idempotency_key', 'result'])
      .where('site_id', '=', site.id)
      .where('idempotency_key', 'like', `plan-%:${orderId}:%`)
      .execute();
    return rows
      .map((row) => {
        const [kind, , cycle] = row.idempotency_key.split(':');
        return `${kind} ${cycle} ${JSON.parse(row.result).status}`;
      })
      .sort();
  }

  it('declined renewal → the member sees it, replaces the card, the cycle is paid, the next renews on the new card', async () => {
    const ada = await member('ada@example.com');
    const orderId = await buy(await ada.token(), TEST_CARDS.renewalsDeclined);
    await at('2026-02-10T00:00:01.000Z');
    // Tokens are short-lived: one made after the clock moved.
    const adaAuth = await ada.token();
    expect(await orderOf(adaAuth, orderId)).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'FAILED' });

    const session = await t.call({
      method: 'POST',
      url: SESSIONS,
      auth: adaAuth,
      payload: { membersAccount: {} },
    });
    expect(session.statusCode, session.body).toBe(200);
    const sessionId = session.data.redirectSession.id as string;
    const shown = (await t.call({ method: 'GET', url: account(sessionId) })).data.account.plans[0];
    expect(shown.paymentFailed).toEqual({
      declineCode: 'card_declined',
      nextAttemptDate: '2026-02-11T00:00:01.000Z',
      card: { brand: 'VISA', last4: '0341' },
    });

    // A declining card changes nothing: the order keeps its card and its retry.
    const declined = await t.call({
      method: 'POST',
      url: account(sessionId, `/plans/${orderId}/card`),
      payload: { card: card(TEST_CARDS.decline) },
    });
    expect([declined.statusCode, code(declined)]).toEqual([402, 'PAYMENT_DECLINED']);
    expect(await orderOf(adaAuth, orderId)).toMatchObject({ lastPaymentStatus: 'FAILED' });

    const replaced = await t.call({
      method: 'POST',
      url: account(sessionId, `/plans/${orderId}/card`),
      payload: { card: card(TEST_CARDS.success) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.data.plans[0].paymentFailed).toBeUndefined();
    expect(await orderOf(adaAuth, orderId)).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
    expect(await charges(orderId)).toEqual(['plan-card 2 CAPTURED', 'plan-renewal 2 DECLINED']);

    // The retry date passes without a charge; the next cycle renews on the new card.
    await at('2026-02-12T00:00:00.000Z');
    await at('2026-03-10T00:00:01.000Z');
    expect(await orderOf(await ada.token(), orderId)).toMatchObject({
      status: 'ACTIVE',
      lastPaymentStatus: 'PAID',
    });
    expect(await charges(orderId)).toEqual([
      'plan-card 2 CAPTURED',
      'plan-renewal 2 DECLINED',
      'plan-renewal 3 CAPTURED',
    ]);
    const renewed = await t.platform.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('entity_kind', '=', 'planOrder')
      .where('entity_id', '=', orderId)
      .where('event', '=', 'renewed')
      .orderBy('seq')
      .execute();
    expect(renewed.map((row) => JSON.parse(String(row.payload)).entity.billedCycle)).toEqual([2, 3]);
  });

  it("the member call: own orders only, members only, bad cards are field violations, another site's order is not found", async () => {
    const bob = await member('bob@example.com');
    const orderId = await buy(await bob.token(), TEST_CARDS.renewalsDeclined);
    const replace = (auth: string, body: object, id = orderId) =>
      t.call({ method: 'POST', url: CARD(id), auth, payload: body });

    // Nothing declined yet.
    expect(code(await replace(await bob.token(), { card: CARD_OK }))).toBe('PLAN_ORDER_PAYMENT_NOT_FAILED');
    await at('2026-04-10T00:00:05.000Z');
    const bobAuth = await bob.token();
    expect(await orderOf(bobAuth, orderId)).toMatchObject({ lastPaymentStatus: 'FAILED' });

    expect((await replace(await site.token('visitor'), { card: CARD_OK })).statusCode).toBe(403);
    expect((await replace(site.adminKey, { card: CARD_OK })).statusCode).toBe(403);
    const stranger = await member('stranger@example.com');
    expect([(await replace(await stranger.token(), { card: CARD_OK })).statusCode]).toEqual([404]);
    // Nor through another member's account page.
    const strangerSession = await t.call({
      method: 'POST',
      url: SESSIONS,
      auth: await stranger.token(),
      payload: { membersAccount: {} },
    });
    const throughPage = await t.call({
      method: 'POST',
      url: account(strangerSession.data.redirectSession.id, `/plans/${orderId}/card`),
      payload: { card: CARD_OK },
    });
    expect(throughPage.statusCode).toBe(404);
    const elsewhere = await other.token('member', bob.id);
    expect((await replace(elsewhere, { card: CARD_OK })).statusCode).toBe(404);

    const malformed = await replace(bobAuth, { card: { number: 'x', expiry: '13/40', cvc: '1' } });
    expect(malformed.statusCode).toBe(400);
    expect(fields(malformed)).toEqual(expect.arrayContaining(['card.number']));
    const expired = await replace(bobAuth, { card: { ...CARD_OK, expiry: '01/20' } });
    expect([expired.statusCode, fields(expired)]).toEqual([400, ['card.expiry']]);
    expect(fields(await replace(bobAuth, {}))).toEqual(['card']);

    const paid = await replace(bobAuth, { card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order).toMatchObject({ id: orderId, status: 'ACTIVE', lastPaymentStatus: 'PAID' });
    // Paid: nothing is left to replace the card for.
    expect(code(await replace(bobAuth, { card: CARD_OK }))).toBe('PLAN_ORDER_PAYMENT_NOT_FAILED');
  });
});
