import { checkout, currentCart, orders } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { CUSTOM_HOST, DEMO_ORIGIN, decodeDotR, STORES_APP_ID } from './harness.ts';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * Store and checkout through the packages, in the argument forms the domain files (stores-*, ecom,
 * checkout-orders) leave out: the typed `queryProducts(query)`, catalog writes on a
 * custom host, cart totals and checkouts for a destination, the `ecomCheckout` redirect session end
 * to end, and order search with sort and cursor paging.
 */

usePlazaPerFile();

const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = () => JSON.parse(lastCall().body ?? 'null');

/** A new visitor, so each test starts from its own empty cart. */
const buyer = () =>
  createClient({
    modules: { checkout, currentCart, products, redirects },
    auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
    fetch: plaza.fetch,
  });
const adminKey = () => ApiKeyStrategy({ apiKey: plaza.demo.apiKey, siteId: plaza.demo.siteId });

/** The SDK's address shape (`addressLine1`); the package sends it as `addressLine` (map 9). */
const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine1: '5 Fifth Ave',
};

/** Two Ceramic Mugs ($14 each, first colour) in the visitor's cart: $28, under the free-shipping $75. */
async function cartOfTwoMugs(client: ReturnType<typeof buyer>) {
  const [mug] = (await client.products.queryProducts().eq('name', 'Ceramic Mug').find()).items;
  const options = Object.fromEntries(
    (mug!.productOptions ?? []).map((o) => [o.name!, o.choices?.[0]?.description ?? '']),
  );
  await client.currentCart.addToCurrentCart({
    lineItems: [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: mug!._id!, options: { options } },
        quantity: 2,
      },
    ],
  });
}

/** A checkout of two mugs, shipped to New York by standard delivery, for `email`. */
async function readyCheckout(client: ReturnType<typeof buyer>, email: string) {
  await cartOfTwoMugs(client);
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: currentCart.ChannelType.WEB,
    email,
    shippingAddress: NEW_YORK,
    selectedShippingOption: { code: 'standard' },
  });
  return checkoutId!;
}

describe('stores catalog', () => {
  it('queryProducts(query), the typed form: the same .r GET, answering products and metadata', async () => {
    const { products: page, metadata } = await buyer().products.queryProducts({
      filter: { name: 'Ceramic Mug' },
      sort: [{ fieldName: 'name', order: 'ASC' }],
      paging: { limit: 5 },
    });
    expect(lastCall()).toMatchObject({ method: 'GET', host: 'edge.wixapis.com', status: 200 });
    expect(lastCall().pathAndQuery.split('?')[0]).toBe('/stores-reader/v1/products/query-platformized');
    expect(decodeDotR(lastCall().pathAndQuery)).toEqual({
      query: {
        filter: { name: 'Ceramic Mug' },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        paging: { limit: 5 },
      },
    });
    const found = page ?? [];
    expect(found.map((p) => p.name)).toEqual(['Ceramic Mug']);
    expect(found[0]?._id).toEqual(expect.any(String));
    expect(found[0]?.priceData?.price).toBe(14);
    expect(metadata).toMatchObject({ count: 1, total: 1 });
  });

  it('writes on a custom apiBaseUrl go through the `_api/catalog-server` table (map 14.1)', async () => {
    const admin = createClient({
      modules: { products },
      auth: adminKey(),
      fetch: plaza.fetch,
      host: { apiBaseUrl: CUSTOM_HOST },
      useCDN: false,
    });
    const { product } = await admin.products.createProduct({
      name: 'Compat Custom Host',
      priceData: { price: 3 },
      costAndProfitData: { itemCost: 1 },
    });
    const id = product!._id!;
    const { product: updated } = await admin.products.updateProduct(id, { priceData: { price: 4 } });
    expect(updated?.priceData?.price).toBe(4);
    await admin.products.deleteProduct(id);
    expect(plaza.requests.map((r) => [r.host, r.method, r.pathAndQuery, r.status])).toEqual([
      [CUSTOM_HOST, 'POST', '/_api/catalog-server/v1/products', 200],
      [CUSTOM_HOST, 'PATCH', `/_api/catalog-server/v1/products/${id}`, 200],
      [CUSTOM_HOST, 'DELETE', `/_api/catalog-server/v1/products/${id}?id=${id}`, 200],
    ]);
  });
});

describe('cart and checkout for a destination', () => {
  it('estimateCurrentCartTotals(options): shipping and US tax follow the address and option', async () => {
    const client = buyer();
    await cartOfTwoMugs(client);
    const totals = await client.currentCart.estimateCurrentCartTotals({
      shippingAddress: NEW_YORK,
      selectedShippingOption: { code: 'standard' },
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/ecom/v1/carts/current/estimate-totals',
      status: 200,
    });
    expect(bodyOf()).toEqual({
      selectedShippingOption: { code: 'standard' },
      shippingAddress: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'New York',
        postalCode: '10001',
        addressLine: '5 Fifth Ave',
      },
    });
    // Demo settings: standard delivery $5 under $75, 8 % US sales tax on the goods.
    const summary = totals.priceSummary;
    expect(
      [summary?.subtotal, summary?.shipping, summary?.tax, summary?.total].map((p) => p?.amount),
    ).toEqual(['28.00', '5.00', '2.24', '35.24']);
    expect(totals.shippingInfo?.selectedCarrierServiceOption?.code).toBe('standard');
    expect(totals.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions?.map((o) => o.code)).toEqual([
      'standard',
      'pickup',
    ]);
    expect(totals.taxSummary?.totalTax?.amount).toBe('2.24');
  });

  it('createCheckoutFromCurrentCart(options): e-mail, address and shipping option land on the checkout', async () => {
    const client = buyer();
    const checkoutId = await readyCheckout(client, 'ny@example.com');
    expect(bodyOf()).toMatchObject({
      email: 'ny@example.com',
      shippingAddress: { addressLine: '5 Fifth Ave' },
    });
    const read = await client.checkout.getCheckout(checkoutId);
    expect(read.buyerInfo?.email).toBe('ny@example.com');
    // The package turns the wire `addressLine` back into `addressLine1`.
    expect(read.shippingInfo?.shippingDestination?.address).toMatchObject(NEW_YORK);
    expect(read.shippingInfo?.selectedCarrierServiceOption?.code).toBe('standard');
    expect(read.priceSummary?.total?.amount).toBe('35.24');
  });
});

describe('createRedirectSession({ecomCheckout}) (map 13)', () => {
  it('answers the hosted checkout page of that checkout, with its callbacks', async () => {
    const client = buyer();
    const checkoutId = await readyCheckout(client, 'hosted@example.com');
    const callbacks = { postFlowUrl: `${DEMO_ORIGIN}/cart`, thankYouPageUrl: `${DEMO_ORIGIN}/thanks` };
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks,
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      host: 'edge.wixapis.com',
      pathAndQuery: '/_api/redirects-api/v1/redirect-session',
      status: 200,
    });
    expect(bodyOf()).toEqual({ ecomCheckout: { checkoutId }, callbacks });
    const id = redirectSession?._id ?? '';
    expect(id).toEqual(expect.any(String));
    expect(redirectSession?.fullUrl).toBe(`${plaza.baseUrl}/hosted/checkout?session=${id}`);
    expect(redirectSession?.urlDetails).toEqual({
      endpoint: `${plaza.baseUrl}/hosted/checkout`,
      searchParams: { session: id },
    });
    expect(redirectSession?.shortUrl).toEqual(expect.any(String));

    // What the hosted page (Plaza's own public call) then reads: this checkout and the callbacks.
    const hosted = await plaza.call('GET', `/plaza/v1/redirect-sessions/${id}/checkout`);
    expect(hosted.status).toBe(200);
    expect(hosted.data).toMatchObject({
      checkout: { id: checkoutId, completed: false, buyerInfo: { email: 'hosted@example.com' } },
      ...callbacks,
    });
    expect(hosted.data.paymentMethods).toEqual(expect.arrayContaining(['test', 'offline']));
  });

  it("refuses another visitor's checkout and an unknown one with CHECKOUT_NOT_FOUND", async () => {
    const checkoutId = await readyCheckout(buyer(), 'owner@example.com');
    const notFound = { status: 404, details: { applicationError: { code: 'CHECKOUT_NOT_FOUND' } } };
    await expect(
      buyer().redirects.createRedirectSession({ ecomCheckout: { checkoutId } }),
    ).rejects.toMatchObject(notFound);
    await expect(
      buyer().redirects.createRedirectSession({
        ecomCheckout: { checkoutId: '00000000-0000-4000-8000-000000000000' },
      }),
    ).rejects.toMatchObject(notFound);
  });
});

describe('orders (owner)', () => {
  /** Plaza's pay call (no package has it): the buyer's own token, paying offline. */
  async function placeOrder(email: string) {
    const client = buyer();
    const checkoutId = await readyCheckout(client, email);
    const response = await plaza.fetch(`https://www.wixapis.com/ecom/v1/checkouts/${checkoutId}/pay`, {
      method: 'POST',
      headers: {
        authorization: client.auth.getTokens().accessToken.value,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ paymentMethod: 'offline' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { order: { id: string; number: string } }).order;
  }

  it('searchOrders with a filter, sort and cursorPaging answers the first page in order', async () => {
    const first = await placeOrder('paging@example.com');
    const second = await placeOrder('paging@example.com');
    const owner = createClient({ modules: { orders }, auth: adminKey(), fetch: plaza.fetch });
    const search = {
      filter: { 'buyerInfo.email': 'paging@example.com' },
      sort: [{ fieldName: 'number' as const, order: orders.SortOrder.DESC }],
      cursorPaging: { limit: 1 },
    };
    const page = await owner.orders.searchOrders(search);
    expect(lastCall()).toMatchObject({ method: 'POST', pathAndQuery: '/ecom/v1/orders/search', status: 200 });
    expect(bodyOf()).toEqual({ search });
    expect(page.orders?.map((o) => [o._id, o.number])).toEqual([[second.id, second.number]]);
    expect(Number(second.number)).toBe(Number(first.number) + 1);
    expect(page.orders?.[0]?.buyerInfo?.email).toBe('paging@example.com');
    expect(page.orders?.[0]?._createdDate).toBeInstanceOf(Date);
    // The package reads the paging as `metadata`: the next page is reachable through it.
    expect(page.metadata?.hasNext).toBe(true);
    const next = await owner.orders.searchOrders({
      cursorPaging: { limit: 1, cursor: page.metadata?.cursors?.next ?? '' },
    });
    expect(next.orders?.map((o) => o._id)).toEqual([first.id]);
    expect(next.metadata?.hasNext).toBe(false);
  });

  it('orders on a custom apiBaseUrl go through the `_api/ecom-orders` table', async () => {
    const placed = await placeOrder('custom-host@example.com');
    const owner = createClient({
      modules: { orders },
      auth: adminKey(),
      fetch: plaza.fetch,
      host: { apiBaseUrl: CUSTOM_HOST },
      useCDN: false,
    });
    const since = plaza.requests.length;
    const found = await owner.orders.searchOrders({
      filter: { 'buyerInfo.email': 'custom-host@example.com' },
    });
    expect(found.orders?.map((o) => o._id)).toEqual([placed.id]);
    expect((await owner.orders.getOrder(placed.id)).number).toBe(placed.number);
    const canceled = await owner.orders.cancelOrder(placed.id, { restockAllItems: true });
    expect(canceled.order?.status).toBe('CANCELED');
    expect(plaza.requests.slice(since).map((r) => [r.host, r.method, r.pathAndQuery, r.status])).toEqual([
      [CUSTOM_HOST, 'POST', '/_api/ecom-orders/v1/orders/search', 200],
      [CUSTOM_HOST, 'GET', `/_api/ecom-orders/v1/orders/${placed.id}?id=${placed.id}`, 200],
      [CUSTOM_HOST, 'POST', `/_api/ecom-orders/v1/orders/${placed.id}/cancel`, 200],
    ]);
  });
});
