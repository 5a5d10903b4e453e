import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CARD_OK, checkoutOf, code, pay, shop } from './ecom-fixtures.ts';
import { createClient, visitorTokens } from './identity-helpers.ts';

const SESSION = '/redirect-session/v1/redirect-session';
const hosted = (id: string, suffix = '') => `/plaza/v1/redirect-sessions/${id}/checkout${suffix}`;

/** Redirect `ecomCheckout: {checkoutId}` and the public calls of the hosted checkout page. */
describe.each(engines)('ecom hosted checkout (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  let clientId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://plaza.example' } });
    ({ site, product: mug } = await shop(t, { quantity: 10 }));
    clientId = await createClient(t, site);
  });
  afterAll(() => t.close());

  const session = (auth: string, body: object) =>
    t.call({ method: 'POST', url: SESSION, auth, payload: body });

  it('sends the buyer to the hosted page and completes the purchase there', async () => {
    const visitor = (await visitorTokens(t, clientId)).access_token;
    const checkoutId = await checkoutOf(t, visitor, mug.id, 2);
    const created = await session(visitor, {
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: 'https://shop.example/cart', thankYouPageUrl: 'https://shop.example/thanks' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, fullUrl, urlDetails } = created.data.redirectSession;
    expect(fullUrl).toBe(`https://plaza.example/hosted/checkout?session=${id}`);
    expect(urlDetails.endpoint).toBe('https://plaza.example/hosted/checkout');

    const page = await t.call({ method: 'GET', url: hosted(id) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.data).toMatchObject({
      checkout: { id: checkoutId, priceSummary: { total: { amount: '47.90' } } },
      paymentMethods: ['test', 'offline'],
      postFlowUrl: 'https://shop.example/cart',
      thankYouPageUrl: 'https://shop.example/thanks',
    });
    expect(page.data.checkout.internal).toBeUndefined();
    const early = await t.call({ method: 'GET', url: hosted(id, '/thank-you') });
    expect([early.statusCode, code(early)]).toEqual([409, 'ORDER_NOT_PLACED']);

    const changed = await t.call({
      method: 'PATCH',
      url: hosted(id),
      payload: { email: 'hosted@example.com', selectedShippingOption: { code: 'pickup' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data.checkout.priceSummary.total.amount).toBe('40.00');
    // Country codes are kept upper case, whichever case the page sends.
    const lower = await t.call({
      method: 'PATCH',
      url: hosted(id),
      payload: { billingAddress: { country: 'de', city: 'Berlin' } },
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.data.checkout.billingInfo.address.country).toBe('DE');
    const recipient = await t.call({
      method: 'PATCH',
      url: hosted(id),
      payload: { shippingContactDetails: { firstName: 'Hana', lastName: 'Sato', phone: '+81 3 1234 5678' } },
    });
    expect(recipient.data.checkout.shippingInfo.shippingDestination.contactDetails).toEqual({
      firstName: 'Hana',
      lastName: 'Sato',
      phone: '+81 3 1234 5678',
    });
    const badPhone = await t.call({
      method: 'PATCH',
      url: hosted(id),
      payload: { shippingContactDetails: { phone: 'x'.repeat(51) } },
    });
    expect(badPhone.data.details.validationError.fieldViolations[0].field).toBe(
      'shippingContactDetails.phone',
    );
    const wrongOption = await t.call({
      method: 'PATCH',
      url: hosted(id),
      payload: { selectedShippingOption: { code: 'x' } },
    });
    expect(wrongOption.data.details.validationError.fieldViolations[0].field).toBe(
      'selectedShippingOption.code',
    );

    const paid = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      headers: { 'idempotency-key': 'hosted-1' },
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order).toMatchObject({
      paymentStatus: 'PAID',
      buyerInfo: { email: 'hosted@example.com' },
      recipientInfo: { contactDetails: { firstName: 'Hana', lastName: 'Sato' } },
    });
    const retried = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'test', card: CARD_OK, idempotencyKey: 'hosted-1' },
    });
    expect(retried.data.order.id).toBe(paid.data.order.id);

    const thanks = await t.call({ method: 'GET', url: hosted(id, '/thank-you') });
    expect(thanks.data).toEqual({
      orderId: paid.data.order.id,
      orderNumber: paid.data.order.number,
      total: { amount: '40.00', formattedAmount: '$40.00' },
      paymentStatus: 'PAID',
      items: [{ name: 'Mug', options: [], quantity: 2, price: '$20.00' }],
      delivery: { method: 'Store pickup', pickup: true, address: 'NY, US' },
      card: { brand: 'Visa', last4: '4242' },
      buyerEmail: 'hosted@example.com',
      postFlowUrl: 'https://shop.example/cart',
      thankYouPageUrl: 'https://shop.example/thanks',
    });
    const completedSession = await t.call({ method: 'GET', url: `/plaza/v1/redirect-sessions/${id}` });
    expect(completedSession.data.redirectSession).toMatchObject({ intent: 'ecomCheckout', completed: true });
    const again = await session(visitor, { ecomCheckout: { checkoutId } });
    expect([again.statusCode, code(again)]).toEqual([409, 'CHECKOUT_ALREADY_COMPLETED']);
  });

  it("refuses other buyers' checkouts, bad callbacks and wrong or expired sessions", async () => {
    const visitor = (await visitorTokens(t, clientId)).access_token;
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    const stranger = (await visitorTokens(t, clientId)).access_token;
    const theirs = await session(stranger, { ecomCheckout: { checkoutId } });
    expect([theirs.statusCode, code(theirs)]).toEqual([404, 'CHECKOUT_NOT_FOUND']);
    const missing = await session(visitor, { ecomCheckout: {} });
    expect(missing.data.details.validationError.fieldViolations[0].field).toBe('ecomCheckout.checkoutId');
    const badCallback = await session(visitor, {
      ecomCheckout: { checkoutId },
      callbacks: { thankYouPageUrl: 'https://evil.example/thanks' },
    });
    expect(badCallback.data.details.validationError.fieldViolations[0].field).toBe(
      'callbacks.thankYouPageUrl',
    );

    const login = await session(visitor, { login: {} });
    const wrong = await t.call({ method: 'GET', url: hosted(login.data.redirectSession.id) });
    expect([wrong.statusCode, code(wrong)]).toEqual([400, 'WRONG_INTENT']);
    const unknown = await t.call({ method: 'GET', url: hosted('no-such-session') });
    expect([unknown.statusCode, code(unknown)]).toEqual([404, 'REDIRECT_SESSION_NOT_FOUND']);
    expect(unknown.data.details.applicationError.data).toEqual({ id: 'no-such-session' });

    const created = await session(visitor, { ecomCheckout: { checkoutId } });
    const id = created.data.redirectSession.id;
    t.clock.advance(2 * 60 * 60_000);
    const expired = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'offline' },
    });
    expect([expired.statusCode, code(expired)]).toEqual([410, 'REDIRECT_SESSION_EXPIRED']);
    // Past its hour the link no longer hands out the buyer's details.
    const stale = await t.call({ method: 'GET', url: hosted(id) });
    expect([stale.statusCode, code(stale)]).toEqual([410, 'REDIRECT_SESSION_EXPIRED']);

    const paidSession = (await session(visitor, { ecomCheckout: { checkoutId } })).data.redirectSession.id;
    expect((await pay(t, visitor, checkoutId, { paymentMethod: 'offline' })).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 60_000);
    const paid = await t.call({ method: 'GET', url: hosted(paidSession) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.checkout).toEqual({ id: checkoutId, completed: true, orderId: expect.any(String) });
    const thanks = await t.call({ method: 'GET', url: hosted(paidSession, '/thank-you') });
    expect(thanks.statusCode, thanks.body).toBe(200);
    expect(thanks.data.orderNumber).toMatch(/^\d+$/);
    expect(thanks.data.buyerEmail).toBeUndefined();
  });
});
