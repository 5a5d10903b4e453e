import { checkout, currentCart, orders } from '@wix/ecom';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './harness.ts';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/ecom` `checkout` and `orders`, unchanged, against Plaza: the buyer reads and completes a
 * checkout made from the current cart (the hosted page's calls, through the platform's own
 * package), pays through Plaza's pay call, and the owner finds, pays and cancels orders as an
 * admin (`ApiKeyStrategy`).
 */

let buyer: ReturnType<typeof buyerClient>;
let owner: ReturnType<typeof ownerClient>;

const buyerClient = () =>
  createClient({
    modules: { checkout, currentCart, products },
    auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
    fetch: plaza.fetch,
  });
const ownerClient = () =>
  createClient({
    modules: { orders },
    auth: ApiKeyStrategy({ apiKey: plaza.demo.apiKey, siteId: plaza.demo.siteId }),
    fetch: plaza.fetch,
  });

usePlazaPerFile(() => {
  buyer = buyerClient();
  owner = ownerClient();
});

const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = () => JSON.parse(lastCall().body ?? 'null');

/** A checkout of one unit of the first physical product (first choice of each option). */
async function newCheckout(client = buyer) {
  const product = (await client.products.queryProducts().eq('productType', 'physical').find()).items[0]!;
  const options = Object.fromEntries(
    (product.productOptions ?? []).map((o) => [o.name!, o.choices?.[0]?.description ?? '']),
  );
  await client.currentCart.addToCurrentCart({
    lineItems: [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: product._id!, options: { options } },
        quantity: 1,
      },
    ],
  });
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: currentCart.ChannelType.WEB,
  });
  return { checkoutId: checkoutId!, product };
}

/** Plaza's pay call (the platform has no public one): the buyer's own token, a test card. */
async function pay(client: typeof buyer, checkoutId: string, paymentMethod: 'test' | 'offline' = 'test') {
  const response = await plaza.fetch(`https://www.wixapis.com/ecom/v1/checkouts/${checkoutId}/pay`, {
    method: 'POST',
    headers: { authorization: client.auth.getTokens().accessToken.value, 'content-type': 'application/json' },
    body: JSON.stringify({
      paymentMethod,
      ...(paymentMethod === 'test'
        ? { card: { number: '4242424242424242', expiry: '12/40', cvc: '123' } }
        : {}),
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { order: { id: string; number: string } }).order;
}

const destination = {
  address: {
    country: 'US',
    subdivision: 'US-NY',
    city: 'New York',
    postalCode: '10001',
    addressLine: '5 Fifth Ave',
  },
  contactDetails: { firstName: 'Ana', lastName: 'Lima', phone: '+1 555 0100' },
};

describe('checkout (buyer)', () => {
  it('getCheckout and updateCheckout in the platform shape; the totals follow the destination', async () => {
    const { checkoutId, product } = await newCheckout();
    const read = await buyer.checkout.getCheckout(checkoutId);
    // GET path parameters travel in the query string too (map 2.1).
    expect(lastCall()).toMatchObject({
      method: 'GET',
      pathAndQuery: `/ecom/v1/checkouts/${checkoutId}?id=${checkoutId}`,
      status: 200,
    });
    expect(read._id).toBe(checkoutId);
    expect(read.lineItems?.map((line) => line.catalogReference?.catalogItemId)).toEqual([product._id]);

    const updated = await buyer.checkout.updateCheckout(checkoutId, {
      buyerInfo: { email: 'ana@example.com' },
      shippingInfo: {
        shippingDestination: destination,
        selectedCarrierServiceOption: { code: 'standard' },
      },
    });
    expect(lastCall()).toMatchObject({ method: 'PATCH', status: 200 });
    expect(bodyOf().checkout).toMatchObject({ id: checkoutId, buyerInfo: { email: 'ana@example.com' } });
    expect(updated.buyerInfo?.email).toBe('ana@example.com');
    expect(updated.shippingInfo?.shippingDestination?.contactDetails).toMatchObject(
      destination.contactDetails,
    );
    expect(updated.shippingInfo?.shippingDestination?.address?.city).toBe('New York');
    expect(updated.shippingInfo?.selectedCarrierServiceOption?.code).toBe('standard');
    expect(Number(updated.priceSummary?.total?.amount)).toBeGreaterThan(
      Number(read.priceSummary?.subtotal?.amount),
    );
  });

  it('a stranger cannot read the checkout', async () => {
    const { checkoutId } = await newCheckout();
    await expect(buyerClient().checkout.getCheckout(checkoutId)).rejects.toMatchObject({
      details: { applicationError: { code: 'CHECKOUT_NOT_FOUND' } },
    });
  });
});

describe('orders (owner)', () => {
  let orderId: string;
  let orderNumber: string;

  beforeAll(async () => {
    const client = buyerClient();
    const { checkoutId } = await newCheckout(client);
    await client.checkout.updateCheckout(checkoutId, {
      buyerInfo: { email: 'ana@example.com' },
      shippingInfo: { shippingDestination: destination },
    });
    ({ id: orderId, number: orderNumber } = await pay(client, checkoutId, 'offline'));
  });

  it('getOrder: the order with its buyer and recipient', async () => {
    const order = await owner.orders.getOrder(orderId);
    expect(lastCall()).toMatchObject({
      method: 'GET',
      pathAndQuery: `/ecom/v1/orders/${orderId}?id=${orderId}`,
      status: 200,
    });
    expect(order).toMatchObject({
      _id: orderId,
      number: orderNumber,
      paymentStatus: 'NOT_PAID',
      buyerInfo: { email: 'ana@example.com' },
      recipientInfo: { contactDetails: { firstName: 'Ana', lastName: 'Lima' } },
    });
  });

  it('searchOrders: filtered by number', async () => {
    const found = await owner.orders.searchOrders({ filter: { number: orderNumber } });
    expect(lastCall()).toMatchObject({ method: 'POST', pathAndQuery: '/ecom/v1/orders/search', status: 200 });
    expect(found.orders?.map((order) => order._id)).toEqual([orderId]);
  });

  it('paymentCollectionMarkOrderAsPaid, then cancelOrder with the buyer told', async () => {
    // Built by the package at runtime, though this version's typings leave it out.
    const collector = owner.orders as unknown as {
      paymentCollectionMarkOrderAsPaid(ecomOrderId: string): Promise<unknown>;
    };
    await collector.paymentCollectionMarkOrderAsPaid(orderId);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`,
      status: 200,
    });
    expect((await owner.orders.getOrder(orderId)).paymentStatus).toBe('PAID');

    const { order } = await owner.orders.cancelOrder(orderId, {
      restockAllItems: true,
      sendOrderCanceledEmail: true,
      customMessage: 'The blue one is gone; sorry.',
    });
    expect(bodyOf()).toMatchObject({ sendOrderCanceledEmail: true, restockAllItems: true });
    expect(order).toMatchObject({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' });
  });

  it('a visitor cannot read orders', async () => {
    await expect(
      createClient({
        modules: { orders },
        auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
        fetch: plaza.fetch,
      }).orders.getOrder(orderId),
    ).rejects.toMatchObject({ status: 403 });
  });
});
