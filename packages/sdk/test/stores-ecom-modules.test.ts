import { describe, expect, expectTypeOf, it } from 'vitest';
import { encodeRequest, MAX_QUERY_STRING_LENGTH, packedQueryString } from '../src/core/encode.ts';
import { createClient, STORES_APP_ID } from '../src/index.ts';
import { ecom } from '../src/modules/ecom.ts';
import { stores } from '../src/modules/stores.ts';
import { type RecordedRequest, type Reply, recordingFetch } from './support/recording-fetch.ts';

const product = (id: string) => ({ id, name: id, createdDate: '2024-05-01T10:00:00.000Z' });

/** Decodes the `.r` parameter of a recorded GET the way the server does (base64url → JSON). */
const dotR = (request: RecordedRequest) => {
  const value = new URL(request.url).searchParams.get('.r');
  return value === null ? undefined : JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
};

function setup(route: (request: RecordedRequest) => Reply = () => ({ body: {} })) {
  const { fetch, requests } = recordingFetch(route);
  const client = createClient({ modules: { stores, ecom }, apiBaseUrl: 'http://api.test', fetch });
  return { client, requests };
}

describe('packedQueryString (API map 2.3, stores queryProducts)', () => {
  it('is `.r=` plus base64url JSON without padding', () => {
    const text = packedQueryString({ query: { filter: {}, paging: { offset: 0, limit: 50 } } });
    expect(text).toBe(
      `.r=${Buffer.from('{"query":{"filter":{},"paging":{"offset":0,"limit":50}}}').toString('base64url')}`,
    );
    expect(text).not.toMatch(/[=+/]$|[+/]/);
    expect(packedQueryString({ a: 1 })).toBe('.r=eyJhIjoxfQ'); // '{"a":1}' would pad to eyJhIjoxfQ==
  });

  it('encodes UTF-8 and turns dates into ISO text', () => {
    const text = packedQueryString({ query: { filter: { name: 'Café ☕', createdDate: new Date(0) } } });
    expect(JSON.parse(Buffer.from(text.slice(3), 'base64url').toString('utf8'))).toEqual({
      query: { filter: { name: 'Café ☕', createdDate: '1970-01-01T00:00:00.000Z' } },
    });
  });

  it('encodeRequest falls back to POST with the same JSON only past 4000 characters', () => {
    const record = { name: 'q', method: 'GET' as const, path: '/p', packRequest: true, postFallback: true };
    // Unpadded base64 of n bytes has ceil(4n / 3) characters: 2997 → 3996 + 3 (".r=") = 3999, 2998 → 4001.
    const sized = (length: number) => ({ s: 'x'.repeat(length - 8) }); // {"s":"…"} is `length` bytes
    const fits = encodeRequest(record, sized(2997));
    expect(fits.method).toBe('GET');
    expect(fits.target.length - '/p?'.length).toBe(MAX_QUERY_STRING_LENGTH - 1);
    const long = encodeRequest(record, sized(2998));
    expect(long).toEqual({ method: 'POST', target: '/p', body: JSON.stringify(sized(2998)) });
  });
});

describe('stores.queryProducts()', () => {
  const server = () =>
    setup((request) => {
      const sent = request.method === 'GET' ? dotR(request) : request.json;
      const { offset, limit } = sent.query.paging;
      const ids = ['p0', 'p1', 'p2', 'p3', 'p4'].slice(offset, offset + limit);
      return {
        body: {
          products: ids.map(product),
          metadata: { count: ids.length, offset, total: 5 },
          pagingMetadata: { count: 0, offset: 0, total: 0 }, // must be ignored
        },
      };
    });

  it('sends GET …/query-platformized?.r=<base64url of {query}> and nothing else', async () => {
    const { client, requests } = server();
    await client.stores.queryProducts().find();
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.body).toBeUndefined();
    const url = new URL(request!.url);
    expect(url.pathname).toBe('/stores-reader/v1/products/query-platformized');
    expect([...url.searchParams.keys()]).toEqual(['.r']);
    expect(request!.url).toMatch(/\?\.r=[A-Za-z0-9_-]+$/);
    expect(dotR(request!)).toEqual({ query: { filter: {}, paging: { offset: 0, limit: 50 } } });
  });

  it('encodes the API map 5.3 example and the options beside the query', async () => {
    const { client, requests } = server();
    await client.stores
      .queryProducts({ includeVariants: true })
      .eq('name', 'Shirt')
      .hasSome('collectionIds', ['c1'])
      .between('priceData.price', 5, 50)
      .find();
    expect(dotR(requests[0]!)).toEqual({
      includeVariants: true,
      query: {
        filter: {
          $and: [
            { name: 'Shirt' },
            { collectionIds: { $hasSome: ['c1'] } },
            { 'priceData.price': { $gte: 5 } },
            { 'priceData.price': { $lt: 50 } },
          ],
        },
        paging: { offset: 0, limit: 50 },
      },
    });
  });

  it('reads products and paging from `metadata` (not pagingMetadata) and pages on', async () => {
    const { client, requests } = server();
    const first = await client.stores.queryProducts().limit(2).find();
    expect(first.items.map((item) => item.id)).toEqual(['p0', 'p1']);
    expect(first.items[0]?.createdDate).toBeInstanceOf(Date);
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, currentPage: 0 });
    const last = await (await first.next()).next();
    expect(last.items.map((item) => item.id)).toEqual(['p4']);
    expect(last.hasNext()).toBe(false);
    expect(requests.map((request) => dotR(request).query.paging.offset)).toEqual([0, 2, 4]);
  });

  it('switches to POST with the same JSON body when the query string would pass 4000 characters', async () => {
    const { client, requests } = server();
    const ids = Array.from(
      { length: 120 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const page = await client.stores.queryProducts().in('id', ids).find();
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://api.test/stores-reader/v1/products/query-platformized');
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(request?.json).toEqual({
      query: { filter: { id: { $in: ids } }, paging: { offset: 0, limit: 50 } },
    });
    expect(page.totalCount).toBe(5);
  });

  it('types items as products and options after queryProductsPost', () => {
    const { client } = server();
    const query = client.stores.queryProducts({ includeHiddenProducts: true });
    type Item = Awaited<ReturnType<typeof query.find>>['items'][number];
    expectTypeOf<Item['createdDate']>().toEqualTypeOf<Date>();
    expectTypeOf<Item['priceData']['price']>().toEqualTypeOf<number>();
    void (() => query.ge('priceData.price', 10).hasSome('collectionIds', ['c']));
    // @ts-expect-error price is a number
    void (() => query.eq('priceData.price', 'ten'));
    // @ts-expect-error `.r` is the wire form, not an option
    void (() => client.stores.queryProducts({ '.r': 'x' }));
  });
});

describe('stores and ecom calls on the wire (API map 9 and 14)', () => {
  it('getProduct is a GET with id in the path and the query string', async () => {
    const { client, requests } = setup(() => ({ body: { product: product('p1') } }));
    const { product: got } = await client.stores.getProduct({ id: 'p 1', includeMerchantSpecificData: true });
    expect(got.createdDate).toBeInstanceOf(Date);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: 'http://api.test/stores-reader/v1/products/p%201?id=p+1&includeMerchantSpecificData=true',
    });
  });

  it('queryStoreVariants POSTs {query} and reads `metadata`', async () => {
    const { client, requests } = setup(() => ({
      body: { variants: [{ id: 'p-v' }], metadata: { count: 1, offset: 0, total: 1 } },
    }));
    const page = await client.stores.queryStoreVariants().eq('productId', 'p').find();
    expect(requests[0]?.json).toEqual({
      query: { filter: { productId: 'p' }, paging: { offset: 0, limit: 50 } },
    });
    expect(page.totalCount).toBe(1);
  });

  it('sends the current-cart calls with no id, and bodies as the official client does', async () => {
    const { client, requests } = setup();
    const line = { catalogReference: { appId: STORES_APP_ID, catalogItemId: 'p1' }, quantity: 2 };
    await client.ecom.getCurrentCart();
    await client.ecom.addToCurrentCart({ lineItems: [line] });
    await client.ecom.updateCurrentCartLineItemQuantity({ lineItems: [{ id: 'l1', quantity: 3 }] });
    await client.ecom.removeLineItemsFromCurrentCart({ lineItemIds: ['l1'] });
    await client.ecom.removeCouponFromCurrentCart();
    await client.ecom.deleteCurrentCart();
    expect(requests.map((request) => [request.method, new URL(request.url).pathname, request.body])).toEqual([
      ['GET', '/ecom/v1/carts/current', undefined],
      ['POST', '/ecom/v1/carts/current/add-to-cart', JSON.stringify({ lineItems: [line] })],
      [
        'POST',
        '/ecom/v1/carts/current/update-line-items-quantity',
        '{"lineItems":[{"id":"l1","quantity":3}]}',
      ],
      ['POST', '/ecom/v1/carts/current/remove-line-items', '{"lineItemIds":["l1"]}'],
      ['POST', '/ecom/v1/carts/current/remove-coupon', '{}'],
      ['DELETE', '/ecom/v1/carts/current', undefined],
    ]);
  });

  it('fills dotted path parameters of checkouts and coupons', async () => {
    const { client, requests } = setup();
    await client.ecom.updateCheckout({ checkout: { id: 'c1', buyerInfo: { email: 'ana@example.com' } } });
    await client.ecom.payCheckout({ id: 'c1', paymentMethod: 'offline' });
    await client.ecom.getHostedThankYou({ redirectSessionId: 'rs1' });
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'PATCH /ecom/v1/checkouts/c1',
      'POST /ecom/v1/checkouts/c1/pay',
      'GET /plaza/v1/redirect-sessions/rs1/checkout/thank-you',
    ]);
  });

  it('types the cart: subtotal and line items as the contracts say', () => {
    const { client } = setup();
    type Cart = Awaited<ReturnType<typeof client.ecom.getCurrentCart>>['cart'];
    expectTypeOf<Cart['subtotal']['formattedAmount']>().toEqualTypeOf<string>();
    expectTypeOf<Cart['createdDate']>().toEqualTypeOf<Date>();
    expectTypeOf(client.ecom.getCurrentCart).parameter(0).toEqualTypeOf<Record<string, never> | undefined>();
    // @ts-expect-error quantity updates need the line items
    void (() => client.ecom.updateCurrentCartLineItemQuantity({}));
  });
});
