/**
 * The SDK against a real Plaza server over HTTP (no mock): visitor tokens and their renewal, the
 * catalog through the `queryProducts()` builder (GET with `.r`, POST fallback, `metadata` paging),
 * product reads, and the current cart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyStrategy,
  createClient,
  getSiteIdFromToken,
  OAuthStrategy,
  PlazaError,
  STORES_APP_ID,
  STORES_APP_ID_V3,
} from '../../src/index.ts';
import { ecom } from '../../src/modules/ecom.ts';
import { sites } from '../../src/modules/sites.ts';
import { stores } from '../../src/modules/stores.ts';
import {
  decodeDotR,
  engines,
  type PlazaServer,
  recordedFetch,
  type SentRequest,
  startPlazaServer,
} from './support/plaza-server.ts';

const HOURS = 60 * 60 * 1000;

describe.each(engines)('SDK ↔ Plaza server: storefront (%s)', (engine) => {
  let plaza: PlazaServer;
  let requests: SentRequest[];

  const storefront = () => {
    const recorded = recordedFetch();
    requests = recorded.requests;
    return createClient({
      modules: { stores, ecom },
      apiBaseUrl: plaza.baseUrl,
      auth: OAuthStrategy({ clientId: plaza.demo.clientId, baseUrl: plaza.baseUrl, fetch: recorded.fetch }),
      fetch: recorded.fetch,
    });
  };
  let client: ReturnType<typeof storefront>;
  let admin: ReturnType<typeof adminClient>;
  const adminClient = () =>
    createClient({
      modules: { stores, sites },
      apiBaseUrl: plaza.baseUrl,
      auth: ApiKeyStrategy({ apiKey: plaza.demo.apiKey }),
    });
  const tokenGrants = () =>
    requests
      .filter((request) => request.url.pathname === '/oauth2/token')
      .map((request) => JSON.parse(request.body ?? '{}').grantType);

  beforeAll(async () => {
    plaza = await startPlazaServer(engine);
    client = storefront();
    admin = adminClient();
  });
  afterAll(() => plaza?.close());

  describe('visitor tokens', () => {
    it('takes anonymous tokens on the first call and reuses them afterwards', async () => {
      expect(client.auth.getTokens().refreshToken.role).toBe('none');
      await client.stores.queryProducts().limit(1).find();
      await client.stores.queryProducts().limit(1).find();
      expect(tokenGrants()).toEqual(['anonymous']);
      const tokens = client.auth.getTokens();
      expect(tokens.refreshToken.role).toBe('visitor');
      expect(tokens.refreshToken.value).toMatch(/^JWS\./);
      expect(tokens.accessToken.value).toMatch(/^OauthNG\.JWS\./);
      expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3 * 60 * 60);
      expect(getSiteIdFromToken(tokens.accessToken.value)).toBe(plaza.demo.siteId);
      expect(client.auth.loggedIn()).toBe(false);
    });

    it('renews an expired access token with the refresh token and keeps the visitor', async () => {
      const before = client.auth.getTokens();
      // Past its lifetime on the server too, so the old token really is refused there.
      plaza.clock.advance(5 * HOURS);
      const refused = await fetch(`${plaza.baseUrl}/stores-reader/v1/products/query-platformized`, {
        headers: { Authorization: before.accessToken.value },
      });
      expect(refused.status).toBe(401);

      client.auth.setTokens({ ...before, accessToken: { ...before.accessToken, expiresAt: 0 } });
      const page = await client.stores.queryProducts().limit(1).find();
      expect(page.items).toHaveLength(1);
      expect(tokenGrants()).toEqual(['anonymous', 'refresh_token']);
      const after = client.auth.getTokens();
      expect(after.accessToken.value).not.toBe(before.accessToken.value);
      expect(after.refreshToken).toEqual(before.refreshToken);
      expect(getSiteIdFromToken(after.accessToken.value)).toBe(plaza.demo.siteId);
    });

    it('starts over as a new visitor when the refresh token is refused', async () => {
      const before = client.auth.getTokens();
      client.auth.setTokens({
        accessToken: { value: 'expired', expiresAt: 0 },
        refreshToken: { value: 'JWS.not-a-token', role: 'visitor' },
      });
      await client.stores.queryProducts().limit(1).find();
      expect(tokenGrants().slice(-2)).toEqual(['refresh_token', 'anonymous']);
      expect(client.auth.getTokens().refreshToken.value).not.toBe(before.refreshToken.value);
    });
  });

  describe('catalog', () => {
    it('queryProducts().find() is a GET with `.r` and reads `metadata`', async () => {
      requests.length = 0;
      const page = await client.stores.queryProducts().find();
      const sent = requests.find((request) => request.url.pathname.endsWith('/query-platformized'));
      expect(sent?.method).toBe('GET');
      expect([...(sent?.url.searchParams.keys() ?? [])]).toEqual(['.r']);
      expect(decodeDotR(sent!.url)).toEqual({ query: { filter: {}, paging: { offset: 0, limit: 50 } } });

      const { products: everything } = await admin.stores.queryProductsPost({
        includeHiddenProducts: true,
        query: { paging: { limit: 100 } },
      });
      const visible = everything.filter((product) => product.visible);
      expect(page.items.map((item) => item.id).sort()).toEqual(visible.map((product) => product.id).sort());
      expect(page.totalCount).toBe(visible.length);
      expect(page.items.length).toBeGreaterThan(5);
      expect(page.hasNext()).toBe(false);
      const [newest] = page.items;
      expect(newest?.createdDate).toBeInstanceOf(Date);
      // Default order: newest first.
      const times = page.items.map((item) => item.createdDate.getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('filters, sorts and pages with hasNext/next and total', async () => {
      const { collection: apparel } = await client.stores.getCollectionBySlug({ slug: 'apparel' });
      expect(apparel.name).toBe('Apparel');
      const query = client.stores
        .queryProducts()
        .hasSome('collectionIds', [apparel.id])
        .ge('priceData.price', 10)
        .ascending('name');

      const all = await query.limit(100).find();
      expect(all.items.length).toBeGreaterThan(3);
      for (const product of all.items) {
        expect(product.collectionIds).toContain(apparel.id);
        expect(product.priceData.price).toBeGreaterThanOrEqual(10);
      }

      const pages = [await query.limit(2).find()];
      expect(pages[0]).toMatchObject({
        totalCount: all.items.length,
        totalPages: Math.ceil(all.items.length / 2),
        currentPage: 0,
        pageSize: 2,
      });
      while (pages.at(-1)!.hasNext()) pages.push(await pages.at(-1)!.next());
      expect(pages).toHaveLength(Math.ceil(all.items.length / 2));
      expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(
        all.items.map((item) => item.id),
      );
      const last = pages.at(-1)!;
      expect(last.hasNext()).toBe(false);
      await expect(last.next()).rejects.toThrow('No next page to fetch');
      expect(last.hasPrev()).toBe(true);
      expect((await last.prev()).items).toEqual(pages.at(-2)!.items);

      const sent = requests.filter((request) => request.url.pathname.endsWith('/query-platformized')).at(-1);
      expect(decodeDotR(sent!.url).query).toMatchObject({
        filter: {
          $and: [{ collectionIds: { $hasSome: [apparel.id] } }, { 'priceData.price': { $gte: 10 } }],
        },
        sort: [{ fieldName: 'name', order: 'ASC' }],
      });

      const cheap = await client.stores.queryProducts().between('priceData.price', 0, 20).find();
      expect(cheap.items.length).toBeGreaterThan(0);
      for (const product of cheap.items) expect(product.priceData.price).toBeLessThan(20);
    });

    it('sends a query longer than 4000 characters as a POST with the same JSON', async () => {
      const { items } = await client.stores.queryProducts().limit(3).find();
      const padding = Array.from(
        { length: 100 },
        (_, index) => `00000000-0000-4000-8000-${`${index}`.padStart(12, '0')}`,
      );
      const wanted = items.map((item) => item.id);
      requests.length = 0;
      const page = await client.stores
        .queryProducts()
        .in('id', [...padding, ...wanted])
        .ascending('name')
        .find();
      const sent = requests.find((request) => request.url.pathname.endsWith('/query-platformized'));
      expect(sent?.method).toBe('POST');
      expect(sent?.url.search).toBe('');
      expect(JSON.parse(sent!.body!).query.filter.id.$in).toHaveLength(padding.length + wanted.length);
      expect(page.items.map((item) => item.id).sort()).toEqual([...wanted].sort());
      expect(page.totalCount).toBe(wanted.length);
    });

    it('getProduct, queryStoreVariants and errors', async () => {
      const { items } = await client.stores.queryProducts().limit(1).find();
      const { product } = await client.stores.getProduct({ id: items[0]!.id });
      expect(product).toMatchObject({ id: items[0]!.id, name: items[0]!.name });
      expect(product.createdDate).toBeInstanceOf(Date);
      expect(product.costAndProfitData).toBeUndefined();

      const variants = await client.stores.queryStoreVariants().eq('productId', product.id).find();
      expect(variants.totalCount).toBe(product.variants.length);

      const missing = await client.stores.getProduct({ id: 'no-such-product' }).catch((error) => error);
      expect(missing).toBeInstanceOf(PlazaError);
      expect(missing.status).toBe(404);
      expect(missing.requestId).toMatch(/^[0-9a-f-]{36}$/);

      const refused = await client.stores
        .createProduct({ product: { name: 'Not for visitors' } })
        .catch((error) => error);
      expect(refused).toBeInstanceOf(PlazaError);
      expect(refused.status).toBe(403);
    });
  });

  describe('current cart', () => {
    it('adds the first product with the first choice of each option, updates, removes, deletes', async (context) => {
      if (!plaza.hasRoute('POST', '/ecom/v1/carts/current/add-to-cart')) {
        context.skip('the server has no ecom routes yet');
        return;
      }
      const cartClient = storefront();
      const absent = await cartClient.ecom.getCurrentCart().catch((error) => error);
      expect(absent).toBeInstanceOf(PlazaError);
      expect(absent).toMatchObject({ status: 404, code: 'OWNED_CART_NOT_FOUND' });

      const { items } = await cartClient.stores.queryProducts().eq('stock.inStock', true).find();
      const product = items.find((item) =>
        item.productOptions.every((option) => option.choices[0]?.inStock !== false),
      )!;
      const options = Object.fromEntries(
        product.productOptions.map((option) => [option.name, option.choices[0]!.description]),
      );
      const { cart: added } = await cartClient.ecom.addToCurrentCart({
        lineItems: [
          {
            catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id, options: { options } },
            quantity: 1,
          },
        ],
      });
      expect(added.lineItems).toHaveLength(1);

      const { cart } = await cartClient.ecom.getCurrentCart();
      const [line] = cart.lineItems;
      expect(line).toMatchObject({
        quantity: 1,
        catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id },
        productName: { original: product.name },
      });
      expect(cart.subtotal.formattedAmount).toMatch(/\d/);
      expect(cart.subtotal.amount).toBe(line!.price.amount);
      expect(cart.createdDate).toBeInstanceOf(Date);
      expect(cart.buyerInfo.visitorId).toBeTruthy();

      // The same item under the catalog's other id (v3) is the same line.
      const { cart: doubled } = await cartClient.ecom.addToCurrentCart({
        lineItems: [
          {
            catalogReference: { appId: STORES_APP_ID_V3, catalogItemId: product.id, options: { options } },
            quantity: 1,
          },
        ],
      });
      expect(doubled.lineItems.map((l) => [l.id, l.quantity])).toEqual([[line!.id, 2]]);

      const { cart: tripled } = await cartClient.ecom.updateCurrentCartLineItemQuantity({
        lineItems: [{ id: line!.id, quantity: 3 }],
      });
      expect(tripled.lineItems[0]?.quantity).toBe(3);
      expect(Number(tripled.subtotal.amount)).toBeCloseTo(3 * Number(line!.price.amount), 2);

      const totals = await cartClient.ecom.estimateCurrentCartTotals();
      expect(totals.priceSummary.subtotal.amount).toBe(tripled.subtotal.amount);

      const { cart: emptied } = await cartClient.ecom.removeLineItemsFromCurrentCart({
        lineItemIds: [line!.id],
      });
      expect(emptied.lineItems).toEqual([]);

      expect(await cartClient.ecom.deleteCurrentCart()).toEqual({});
      await expect(cartClient.ecom.getCurrentCart()).rejects.toMatchObject({ status: 404 });
    });
  });
});
