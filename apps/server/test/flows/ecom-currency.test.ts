import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, checkoutOf, code, line, pay, shop } from './ecom-fixtures.ts';
import { createProduct, R, tShirt } from './stores-fixtures.ts';

/** The site currency changes: prices keep the number the owner typed, open checkouts are not charged. */
describe.each(engines)('site currency change (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  const setCurrency = async (site: TestSite, currency: string) => {
    const response = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/site',
      auth: site.adminKey,
      payload: { site: { currency } },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const product = async (site: TestSite, id: string) =>
    (
      await t.call({
        method: 'GET',
        url: `${R}/products/${id}?includeMerchantSpecificData=true`,
        auth: site.adminKey,
      })
    ).data.product;

  it('refuses to pay a checkout opened in the old currency, before any charge', async () => {
    const { site, product: mug } = await shop(t);
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id);
    await setCurrency(site, 'JPY');
    const charge = vi.spyOn(t.platform.ecom.payments.test, 'charge');
    try {
      const refused = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
      expect([refused.statusCode, code(refused)]).toEqual([409, 'CHECKOUT_CURRENCY_CHANGED']);
      expect(refused.data.details.applicationError.data).toMatchObject({
        checkoutId,
        checkoutCurrency: 'USD',
        currency: 'JPY',
      });
      expect(charge).not.toHaveBeenCalled();
    } finally {
      charge.mockRestore();
    }
    const orders = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      auth: site.adminKey,
      payload: {},
    });
    expect(orders.data.metadata.total).toBe(0);

    // A new checkout is made in the new currency and pays.
    const fresh = await cart(t, visitor, 'POST', '/create-checkout', {
      email: 'buyer@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const paid = await pay(t, visitor, fresh.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.currency).toBe('JPY');
    expect(paid.data.order.lineItems[0].price).toMatchObject({ amount: '20' });
  });

  it('keeps the prices the owner typed, converted once by each currency digits', async () => {
    const site = await t.createSite();
    const shirt = await createProduct(
      t,
      site,
      tShirt({
        priceData: { price: 19.99 },
        costAndProfitData: { itemCost: 7.5 },
        discount: { type: 'AMOUNT', value: 2 },
      }),
    );
    const variantId = shirt.variants[1].id;
    const variants = await t.call({
      method: 'PATCH',
      url: `/stores/v1/products/${shirt.id}/variants`,
      auth: site.adminKey,
      payload: { variants: [{ variantIds: [variantId], price: 25.5 }] },
    });
    expect(variants.statusCode, variants.body).toBe(200);

    await setCurrency(site, 'JPY');
    const yen = await product(site, shirt.id);
    expect(yen.priceData).toMatchObject({ currency: 'JPY', price: 20, discountedPrice: 18 });
    expect(yen.priceData.formatted.price).toBe('¥20');
    expect(yen.variants.find((v: any) => v.id === variantId).variant.priceData).toMatchObject({
      currency: 'JPY',
      price: 26,
    });
    expect(yen.costAndProfitData).toMatchObject({ itemCost: 8 });
    // The stored document, read as a storefront does, and a cart line say the same.
    const listed = await t.call({
      method: 'POST',
      url: `${R}/products/query-platformized`,
      auth: await site.token('visitor'),
      payload: { query: {} },
    });
    expect(listed.data.products[0].priceData).toMatchObject({ currency: 'JPY', price: 20 });
    const visitor = await site.token('visitor');
    const inCart = await addLines(t, visitor, [line(shirt.id, 1, { variantId: shirt.variants[0].id })]);
    expect(inCart.lineItems[0].price).toMatchObject({ amount: '18', formattedAmount: '¥18' });

    // Back again: the yen amounts are whole dollars now, not hundredths.
    await setCurrency(site, 'USD');
    const dollars = await product(site, shirt.id);
    expect(dollars.priceData).toMatchObject({ currency: 'USD', price: 20, discountedPrice: 18 });
    expect(dollars.priceData.formatted.price).toBe('$20.00');
  });

  it('leaves prices alone when the currency is set to the one the site has', async () => {
    const site = await t.createSite();
    const mug = await createProduct(t, site, tShirt({ productOptions: [], priceData: { price: 12.34 } }));
    await setCurrency(site, 'USD');
    expect((await product(site, mug.id)).priceData).toMatchObject({ currency: 'USD', price: 12.34 });
  });
});
