import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CARD_OK, checkoutOf, fields, shop } from './ecom-fixtures.ts';
import { createClient, visitorTokens } from './identity-helpers.ts';

const SESSION = '/redirect-session/v1/redirect-session';
const hosted = (id: string, suffix = '') => `/plaza/v1/redirect-sessions/${id}/checkout${suffix}`;

/**
 * What the buyer is told after paying (the hosted thank-you data and the confirmation e-mail), and
 * the US address check of the checkout calls.
 */
describe.each(engines)('ecom receipt and US addresses (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  let clientId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://plaza.example' } });
    ({ site, product: mug } = await shop(t, { quantity: 20 }));
    clientId = await createClient(t, site);
  });
  afterAll(() => t.close());

  async function hostedSession(quantity = 1) {
    const visitor = (await visitorTokens(t, clientId)).access_token;
    const checkoutId = await checkoutOf(t, visitor, mug.id, quantity);
    const created = await t.call({
      method: 'POST',
      url: SESSION,
      auth: visitor,
      payload: { ecomCheckout: { checkoutId }, callbacks: { postFlowUrl: 'https://shop.example/cart' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    return { visitor, checkoutId, id: created.data.redirectSession.id as string };
  }

  const patch = (id: string, payload: object) => t.call({ method: 'PATCH', url: hosted(id), payload });
  const mailTo = async (to: string) => {
    await t.platform.jobs.runDue();
    const mail = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: site.adminKey,
      payload: { to },
    });
    return JSON.stringify(mail.data);
  };

  it('refuses a US ZIP code of another state than the address names, on every checkout call', async () => {
    const { visitor, checkoutId, id } = await hostedSession();
    const wrong = { country: 'US', subdivision: 'US-CA', city: 'New York', postalCode: '10001' };
    const page = await patch(id, { shippingAddress: wrong });
    expect(page.statusCode).toBe(400);
    expect(fields(page)).toEqual(['shippingAddress.postalCode']);
    expect(page.data.details.validationError.fieldViolations[0].description).toBe(
      'ZIP code 10001 is not in California',
    );
    expect(fields(await patch(id, { billingAddress: { ...wrong, subdivision: 'CA' } }))).toEqual([
      'billingAddress.postalCode',
    ]);
    const api = await t.call({
      method: 'PATCH',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      auth: visitor,
      payload: { checkout: { id: checkoutId, shippingInfo: { shippingDestination: { address: wrong } } } },
    });
    expect(api.statusCode).toBe(400);
    expect(fields(api)).toEqual(['checkout.shippingInfo.shippingDestination.address.postalCode']);

    // Matching, ZIP+4, another country's code, or no state yet: all taken.
    for (const address of [
      { country: 'US', subdivision: 'US-CA', postalCode: '94103-1234' },
      { country: 'us', subdivision: 'NY', postalCode: '10001' },
      { country: 'DE', postalCode: '10001' },
      { country: 'US', postalCode: '10001' },
    ]) {
      const ok = await patch(id, { shippingAddress: address });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('tells the items, the address, the delivery method and the card on the thank-you page and in the e-mail', async () => {
    const { id } = await hostedSession(2);
    const email = 'ann.lee@example.com';
    const changed = await patch(id, {
      email,
      shippingAddress: {
        country: 'US',
        subdivision: 'US-CA',
        city: 'San Francisco',
        postalCode: '94103',
        addressLine: '1 Market Street',
      },
      shippingContactDetails: { firstName: 'Ann', lastName: 'Lee' },
      selectedShippingOption: { code: 'standard' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const paid = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'test', card: CARD_OK, idempotencyKey: 'receipt-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const thanks = await t.call({ method: 'GET', url: hosted(id, '/thank-you') });
    expect(thanks.statusCode, thanks.body).toBe(200);
    expect(thanks.data.items).toEqual([{ name: 'Mug', options: [], quantity: 2, price: '$20.00' }]);
    expect(thanks.data.delivery).toEqual({
      method: 'Standard',
      pickup: false,
      address: 'Ann Lee, 1 Market Street, San Francisco, CA 94103, US',
    });
    expect(thanks.data.card).toEqual({ brand: 'Visa', last4: '4242' });

    const told = await mailTo(email);
    expect(told).toContain('2 × Mug');
    expect(told).toContain('Delivery: Standard');
    expect(told).toContain('Ship to: Ann Lee, 1 Market Street, San Francisco, CA 94103, US');
    expect(told).toContain('Paid with: Visa ending in 4242');
    expect(told).not.toContain('4242 4242');
  });

  it('names the pickup point of a pickup, and hides the address and card once the session is over', async () => {
    const { id } = await hostedSession();
    const email = 'pickup@example.com';
    await patch(id, { email, selectedShippingOption: { code: 'pickup' } });
    const paid = await t.call({
      method: 'POST',
      url: hosted(id, '/pay'),
      payload: { paymentMethod: 'test', card: CARD_OK, idempotencyKey: 'receipt-2' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.shippingInfo.logistics.pickupDetails).toEqual({
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US', subdivision: 'US-NY' },
    });
    const thanks = await t.call({ method: 'GET', url: hosted(id, '/thank-you') });
    expect(thanks.data.delivery).toEqual({ method: 'Store pickup', pickup: true, address: 'NY, US' });
    expect(await mailTo(email)).toContain('Pick up at: NY, US');

    t.clock.advance(2 * 60 * 60 * 1000);
    const later = await t.call({ method: 'GET', url: hosted(id, '/thank-you') });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.data.delivery).toEqual({ method: 'Store pickup', pickup: true });
    expect(later.data.card).toBeUndefined();
    expect(later.data.items).toHaveLength(1);
  });
});
