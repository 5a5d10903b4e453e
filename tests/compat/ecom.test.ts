import { currentCart } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_HOST, STORES_APP_ID } from './harness.ts';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/ecom` `currentCart` (map 9), unchanged, against Plaza, as the demo storefront uses it: a
 * visitor adds the first product with the first choice of each option, reads the cart (including
 * the untyped `subtotal.formattedAmount`), changes it, estimates totals, checks out and deletes it.
 */

const CART = '/ecom/v1/carts/current';

let client: ReturnType<typeof visitorClient>;
const visitorClient = () =>
  createClient({
    modules: { currentCart, products, redirects },
    auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
    fetch: plaza.fetch,
  });

usePlazaPerFile(() => {
  client = visitorClient();
});

const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = () => JSON.parse(lastCall().body ?? 'null');

/** The demo app's catalog reference: first choice (by description) of each option (map 9, 17). */
function catalogReference(product: products.Product) {
  const options = Object.fromEntries(
    (product.productOptions ?? []).map((o) => [o.name!, o.choices?.[0]?.description ?? '']),
  );
  return { appId: STORES_APP_ID, catalogItemId: product._id!, options: { options } };
}

describe('currentCart (visitor, edge host)', () => {
  let lineItemId: string;
  let firstProduct: products.Product;
  let shirt: products.Product;

  beforeAll(async () => {
    // As the demo app's installed-app check: the first product of an unfiltered query.
    firstProduct = (await client.products.queryProducts().find()).items[0]!;
    shirt = (await client.products.queryProducts().eq('name', 'Classic T-shirt').find()).items[0]!;
  });

  it("addToCurrentCart with the demo's catalogReference", async () => {
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: catalogReference(firstProduct), quantity: 1 },
        { catalogReference: catalogReference(shirt), quantity: 2 },
      ],
    });
    expect(lastCall()).toMatchObject({ method: 'POST', host: 'edge.wixapis.com', status: 200 });
    expect(lastCall().pathAndQuery).toBe(`${CART}/add-to-cart`);
    expect(bodyOf().lineItems[1].catalogReference).toEqual({
      appId: STORES_APP_ID,
      catalogItemId: shirt._id,
      options: { options: { Size: 'S', Color: 'Black' } },
    });

    expect(cart?._id).toEqual(expect.any(String));
    expect(cart?.lineItems).toHaveLength(2);
    const line = cart!.lineItems!.find((l) => l.catalogReference?.catalogItemId === shirt._id)!;
    expect(line._id).toEqual(expect.any(String));
    lineItemId = line._id!;
    expect(line.quantity).toBe(2);
    expect(line.catalogReference).toMatchObject({ appId: STORES_APP_ID, catalogItemId: shirt._id });
    expect(line.productName?.original).toBe('Classic T-shirt');
    expect(Number(line.price?.amount)).toBe(24);
    expect(line.price?.formattedAmount).toBe('$24.00');
    expect(line.availability?.status).toBe('AVAILABLE');
    expect(cart?.currency).toBe('USD');
  });

  it('getCurrentCart answers the cart with subtotal.formattedAmount', async () => {
    const cart = await client.currentCart.getCurrentCart();
    expect(lastCall()).toMatchObject({ method: 'GET', pathAndQuery: CART, status: 200 });
    expect(cart._id).toEqual(expect.any(String));
    expect(cart.lineItems).toHaveLength(2);
    expect(cart._createdDate).toBeInstanceOf(Date);
    expect(cart._updatedDate).toBeInstanceOf(Date);
    // Not in the package's Cart type; the demo app reads it (map 9, 19.15).
    const { subtotal } = cart as { subtotal?: { amount?: string; formattedAmount?: string } };
    expect(subtotal?.formattedAmount).toBe(`$${(firstProduct.priceData!.price! + 48).toFixed(2)}`);
    expect(cart.buyerInfo?.visitorId).toEqual(expect.any(String));
  });

  it('updateCurrentCartLineItemQuantity', async () => {
    const { cart } = await client.currentCart.updateCurrentCartLineItemQuantity([
      { _id: lineItemId, quantity: 3 },
    ]);
    expect(lastCall().pathAndQuery).toBe(`${CART}/update-line-items-quantity`);
    expect(bodyOf()).toEqual({ lineItems: [{ id: lineItemId, quantity: 3 }] });
    expect(cart?.lineItems?.find((l) => l._id === lineItemId)?.quantity).toBe(3);
  });

  it('estimateCurrentCartTotals', async () => {
    const totals = await client.currentCart.estimateCurrentCartTotals();
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `${CART}/estimate-totals`,
      status: 200,
    });
    expect(totals.cart?._id).toEqual(expect.any(String));
    const subtotal = firstProduct.priceData!.price! + 3 * 24;
    expect(Number(totals.priceSummary?.subtotal?.amount)).toBe(subtotal);
    expect(totals.priceSummary?.subtotal?.formattedAmount).toBe(`$${subtotal.toFixed(2)}`);
    expect(totals.priceSummary?.total?.amount).toEqual(expect.any(String));
    expect(totals.currency).toBe('USD');
    expect(totals.calculatedLineItems?.map((l) => l.lineItemId)).toContain(lineItemId);
  });

  it('updateCurrentCart (buyer note, coupon) and removeCouponFromCurrentCart', async () => {
    const created = await plaza.call('POST', '/plaza/v1/coupons', {
      auth: plaza.demo.apiKey,
      body: { coupon: { code: 'COMPAT10', type: 'PERCENTAGE', percentage: 10 } },
    });
    expect(created.status).toBe(200);

    const updated = await client.currentCart.updateCurrentCart({
      couponCode: 'COMPAT10',
      cartInfo: { buyerNote: 'Leave at the door' },
    });
    expect(lastCall()).toMatchObject({ method: 'PATCH', pathAndQuery: CART, status: 200 });
    expect(bodyOf()).toEqual({ couponCode: 'COMPAT10', cartInfo: { buyerNote: 'Leave at the door' } });
    expect(updated.buyerNote).toBe('Leave at the door');
    expect(updated.appliedDiscounts?.map((d) => d.coupon?.code)).toEqual(['COMPAT10']);
    expect(updated.appliedDiscounts?.[0]?.coupon?._id).toEqual(expect.any(String));

    const { cart } = await client.currentCart.removeCouponFromCurrentCart();
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `${CART}/remove-coupon`,
      status: 200,
    });
    expect(bodyOf()).toEqual({});
    expect(cart?.appliedDiscounts ?? []).toEqual([]);
    expect(cart?.buyerNote).toBe('Leave at the door');
  });

  it('createCheckoutFromCurrentCart, then an ecomCheckout redirect session', async () => {
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `${CART}/create-checkout`,
      status: 200,
    });
    expect(bodyOf()).toEqual({ channelType: 'WEB' });
    expect(checkoutId).toEqual(expect.any(String));

    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: 'http://localhost:3000/', thankYouPageUrl: 'http://localhost:3000/thanks' },
    });
    expect(redirectSession?._id).toEqual(expect.any(String));
    expect(redirectSession?.fullUrl?.startsWith(plaza.baseUrl)).toBe(true);
  });

  it('removeLineItemsFromCurrentCart', async () => {
    const { cart } = await client.currentCart.removeLineItemsFromCurrentCart([lineItemId]);
    expect(lastCall().pathAndQuery).toBe(`${CART}/remove-line-items`);
    expect(bodyOf()).toEqual({ lineItemIds: [lineItemId] });
    expect(cart?.lineItems?.map((l) => l.catalogReference?.catalogItemId)).toEqual([firstProduct._id]);
  });

  it('deleteCurrentCart', async () => {
    await expect(client.currentCart.deleteCurrentCart()).resolves.toBeUndefined();
    expect(lastCall()).toMatchObject({ method: 'DELETE', pathAndQuery: CART, status: 200 });
    await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({
      status: 404,
      details: { applicationError: { code: expect.any(String) } },
    });
  });
});

describe('currentCart on a custom apiBaseUrl (the `_` path table, map 1.2)', () => {
  it('add, get and delete through /_api/ecom-cart/...', async () => {
    const custom = createClient({
      modules: { currentCart, products },
      auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
      fetch: plaza.fetch,
      host: { apiBaseUrl: CUSTOM_HOST },
      useCDN: false,
    });
    const [mug] = (await custom.products.queryProducts().eq('name', 'Ceramic Mug').find()).items;
    const { cart } = await custom.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: catalogReference(mug!), quantity: 1 }],
    });
    expect(cart?.lineItems?.map((l) => l.productName?.original)).toEqual(['Ceramic Mug']);
    expect((await custom.currentCart.getCurrentCart())._id).toBe(cart?._id);
    await custom.currentCart.deleteCurrentCart();
    expect(
      plaza.requests
        .filter((r) => r.pathAndQuery.includes('/carts/current'))
        .map((r) => [r.host, r.method, r.pathAndQuery, r.status]),
    ).toEqual([
      [CUSTOM_HOST, 'POST', '/_api/ecom-cart/v1/carts/current/add-to-cart', 200],
      [CUSTOM_HOST, 'GET', '/_api/ecom-cart/v1/carts/current', 200],
      [CUSTOM_HOST, 'DELETE', '/_api/ecom-cart/v1/carts/current', 200],
    ]);
  });
});
