import { expect, vi } from 'vitest';
import { STORES_APP_IDS } from '../../src/domains/stores/index.ts';
import type { TestApp, TestSite } from '../build-test-app.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

export { fields } from './stores-fixtures.ts';

/** The application error code of an answer (undefined when it carries none). */
export const code = (response: { data: any }) => response.data?.details?.applicationError?.code;

export const CART = '/ecom/v1/carts/current';
export const APP_ID = STORES_APP_IDS[0];
export const CARD_OK = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const CARD_DECLINED = { number: '4000000000000002', expiry: '12/40', cvc: '123' };
export const CARD_AUTH_ONLY = { number: '4000000000003220', expiry: '12/40', cvc: '123' };

export const shopSettings = {
  payments: { test: true, offline: true },
  taxRates: [{ country: 'US', subdivision: 'CA', rate: 7.25, name: 'CA sales tax' }],
  shippingOptions: [
    {
      code: 'standard',
      title: 'Standard',
      type: 'FLAT_RATE',
      price: '5.00',
      regions: [{ country: 'CA', price: '9.00' }],
      freeOver: '100.00',
    },
    {
      code: 'pickup',
      title: 'Store pickup',
      type: 'STORE_PICKUP',
      pickupAddress: { country: 'US', subdivision: 'US-NY' },
    },
  ],
};

export async function settings(t: TestApp, site: TestSite, value: Record<string, unknown>) {
  const response = await t.call({
    method: 'PATCH',
    url: '/plaza/v1/ecom-settings',
    auth: site.adminKey,
    payload: { settings: value },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.settings;
}

/** A site with the test and offline providers, a tax rate, two shipping options and one simple product. */
export async function shop(t: TestApp, options: { quantity?: number; price?: number } = {}) {
  const site = await t.createSite();
  await settings(t, site, shopSettings);
  const product = await createProduct(
    t,
    site,
    tShirt({
      name: 'Mug',
      sku: 'MUG',
      productOptions: [],
      priceData: { price: options.price ?? 20 },
      stock: { trackInventory: true, quantity: options.quantity ?? 50 },
    }),
  );
  return { site, product };
}

export const line = (catalogItemId: string, quantity = 1, options?: Record<string, unknown>) => ({
  catalogReference: { appId: APP_ID, catalogItemId, ...(options ? { options } : {}) },
  quantity,
});

export async function cart(
  t: TestApp,
  auth: string,
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
  suffix = '',
  payload?: object,
) {
  return t.call({ method, url: `${CART}${suffix}`, auth, ...(payload ? { payload } : {}) });
}

export async function addLines(t: TestApp, auth: string, lineItems: object[]) {
  const response = await cart(t, auth, 'POST', '/add-to-cart', { lineItems });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.cart;
}

/** Adds the product and creates a checkout; answers its id. */
export async function checkoutOf(
  t: TestApp,
  auth: string,
  productId: string,
  quantity = 1,
  body: object = {},
) {
  await addLines(t, auth, [line(productId, quantity)]);
  const response = await cart(t, auth, 'POST', '/create-checkout', {
    email: 'buyer@example.com',
    shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.checkoutId as string;
}

export async function pay(t: TestApp, auth: string, checkoutId: string, body: object, key?: string) {
  return t.call({
    method: 'POST',
    url: `/ecom/v1/checkouts/${checkoutId}/pay`,
    auth,
    payload: body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

export async function stockOf(t: TestApp, site: TestSite, productId: string) {
  const response = await t.call({
    method: 'GET',
    url: `/stores-reader/v1/products/${productId}`,
    auth: site.adminKey,
  });
  return response.data.product.stock.quantity as number;
}

/**
 * Holds the `test` provider's charges until `release()`: `charged` settles when the first one has
 * started. `restore()` puts the provider back.
 */
export function holdCharges(t: TestApp) {
  const provider = t.platform.ecom.payments.test;
  const original = provider.charge.bind(provider);
  let started!: () => void;
  const charged = new Promise<void>((resolve) => {
    started = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const charge = vi.spyOn(provider, 'charge').mockImplementation(async (request) => {
    started();
    await released;
    return original(request);
  });
  return { charged, release, restore: () => charge.mockRestore() };
}
