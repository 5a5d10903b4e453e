import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, code, line, pay, settings } from './ecom-fixtures.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

/** What pay itself requires of the buyer, whatever page or client led there. */
describe.each(engines)('ecom pay details (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  let ebook: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
    // No shipping option at all: nothing but pay itself asks for an address.
    await settings(t, site, {
      payments: { test: true, offline: true },
      taxRates: [{ country: 'US', subdivision: 'CA', rate: 10, name: 'CA sales tax' }],
    });
    mug = await createProduct(t, site, tShirt({ name: 'Mug', productOptions: [], priceData: { price: 20 } }));
    ebook = await createProduct(
      t,
      site,
      tShirt({ name: 'E-book', productType: 'digital', productOptions: [], priceData: { price: 10 } }),
    );
  });
  afterAll(() => t.close());

  const checkout = async (auth: string, productId: string, body: object) => {
    await addLines(t, auth, [line(productId)]);
    const created = await cart(t, auth, 'POST', '/create-checkout', body);
    expect(created.statusCode, created.body).toBe(200);
    return created.data.checkoutId as string;
  };
  const update = (auth: string, id: string, changes: object) =>
    t.call({
      method: 'PATCH',
      url: `/ecom/v1/checkouts/${id}`,
      auth,
      payload: { checkout: { id, ...changes } },
    });
  const missing = (response: { data: any }) => response.data?.details?.applicationError?.data?.missingFields;

  it('refuses to pay for goods that ship without an address or an e-mail, with no shipping option set', async () => {
    const visitor = await site.token('visitor');
    const id = await checkout(visitor, mug.id, {});
    const refused = await pay(t, visitor, id, { paymentMethod: 'test', card: CARD_OK });
    expect([refused.statusCode, code(refused)]).toEqual([400, 'CHECKOUT_INCOMPLETE']);
    expect(missing(refused)).toEqual(['email', 'shippingAddress']);

    const given = await update(visitor, id, {
      buyerInfo: { email: 'buyer@example.com' },
      shippingInfo: { shippingDestination: { address: { country: 'US', subdivision: 'US-CA', city: 'LA' } } },
    });
    expect(given.statusCode, given.body).toBe(200);
    const paid = await pay(t, visitor, id, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.priceSummary.total.amount).toBe('22.00');
  });

  it('clears a saved shipping address given as an empty one, in the checkout and in the cart', async () => {
    const visitor = await site.token('visitor');
    const patched = await cart(t, visitor, 'PATCH', '', {
      cartInfo: { contactInfo: { address: { country: 'US', subdivision: 'US-CA' } } },
    });
    expect(patched.data.cart.contactInfo.address.country).toBe('US');
    const cleared = await cart(t, visitor, 'PATCH', '', { cartInfo: { contactInfo: { address: {} } } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.data.cart.contactInfo?.address).toBeUndefined();

    const id = await checkout(visitor, mug.id, {
      email: 'buyer@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
    });
    const emptied = await update(visitor, id, { shippingInfo: { shippingDestination: { address: {} } } });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.data.checkout.shippingInfo.shippingDestination?.address).toBeUndefined();
    expect(emptied.data.checkout.priceSummary.tax.amount).toBe('0.00');
    const refused = await pay(t, visitor, id, { paymentMethod: 'test', card: CARD_OK });
    expect(missing(refused)).toEqual(['shippingAddress']);
  });

  it("keeps the recipient's name and phone from the cart on the checkout and the order", async () => {
    const visitor = await site.token('visitor');
    const recipient = { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 0100' };
    await cart(t, visitor, 'PATCH', '', {
      cartInfo: {
        contactInfo: {
          address: { country: 'US', subdivision: 'US-CA', city: 'LA' },
          contactDetails: recipient,
        },
      },
    });
    const id = await checkout(visitor, mug.id, { email: 'ada@example.com' });
    const paid = await pay(t, visitor, id, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.recipientInfo).toMatchObject({
      address: { country: 'US', city: 'LA' },
      contactDetails: recipient,
    });
  });

  it('taxes digital-only orders where they are billed, and asks for that address', async () => {
    const visitor = await site.token('visitor');
    const id = await checkout(visitor, ebook.id, { email: 'reader@example.com' });
    const refused = await pay(t, visitor, id, { paymentMethod: 'test', card: CARD_OK });
    expect([refused.statusCode, code(refused)]).toEqual([400, 'CHECKOUT_INCOMPLETE']);
    expect(missing(refused)).toEqual(['billingAddress']);

    const billed = await update(visitor, id, {
      billingInfo: { address: { country: 'US', subdivision: 'US-CA' } },
    });
    expect(billed.data.checkout.taxSummary.calculationDetails).toMatchObject({ rateType: 'MANUAL_RATE' });
    const paid = await pay(t, visitor, id, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.priceSummary).toMatchObject({
      tax: { amount: '1.00' },
      total: { amount: '11.00' },
    });
  });
});
