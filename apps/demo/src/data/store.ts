/** The store example's reads and writes: products, the current cart, checkout. */
import { STORES_APP_ID } from '@plaza/sdk/modules/stores';
import { type Client, client } from '../api.ts';
import { cache } from '../lib/cache.ts';
import { firstChoices } from '../lib/detection.ts';
import { isNotFound } from '../lib/errors.ts';
import { loading } from '../lib/loading.ts';
import { ensureTokens } from './session.ts';

/** The Stores catalog app id (API map 17), sent in each line item's catalogReference. */
export const STORE_APP_ID = STORES_APP_ID;

export type Product = Awaited<ReturnType<ReturnType<Client['products']['queryProducts']>['find']>>['items'][number];
export type Cart = Awaited<ReturnType<Client['cart']['getCurrentCart']>>['cart'];
export type LineItem = Cart['lineItems'][number];

export const PRODUCTS_KEY = 'products';
export const CART_KEY = 'cart';
const PRODUCTS_MAX_AGE_MS = 60_000;

/**
 * The first page of visible products (50, the default page size), newest first. One read serves
 * the store's list and the installed-app detection (setup.ts); it waits for the start-up tokens so
 * it can start (prefetched) while they are being fetched without taking a second anonymous grant.
 */
export const loadProducts = (): Promise<Product[]> =>
  cache.load(
    PRODUCTS_KEY,
    async () => {
      await ensureTokens();
      return (await client.products.queryProducts().find()).items;
    },
    PRODUCTS_MAX_AGE_MS,
  );

/** The caller's cart, or null before the first item (the API answers 404 then). */
export async function fetchCart(): Promise<Cart | null> {
  try {
    return (await client.cart.getCurrentCart()).cart;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const loadCart = (): Promise<Cart | null> =>
  cache.load(CART_KEY, async () => {
    await ensureTokens();
    return fetchCart();
  });

/** The options a line item was added with (`catalogReference.options.options`). */
function lineOptions(line: LineItem): Record<string, string> {
  const reference = line.catalogReference as { options?: { options?: Record<string, unknown> } };
  const options = reference.options?.options ?? {};
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [key, String(value)]));
}

const sameOptions = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** The cart line holding `product` with `options`, if any. */
export function findLine(cart: Cart | null, productId: string, options: Record<string, string>) {
  return cart?.lineItems.find(
    (line) => line.catalogReference.catalogItemId === productId && sameOptions(lineOptions(line), options),
  );
}

/**
 * Adds `product` with the first choice of each option; a product already in the cart with those
 * options gets its quantity raised instead.
 */
export async function addProduct(product: Product, cart: Cart | null): Promise<Cart> {
  const options = firstChoices(product);
  const line = findLine(cart, product.id, options);
  const answer = await loading.track(
    line
      ? client.cart.updateCurrentCartLineItemQuantity({ lineItems: [{ id: line.id, quantity: line.quantity + 1 }] })
      : client.cart.addToCurrentCart({
          lineItems: [
            {
              catalogReference: {
                appId: STORE_APP_ID,
                catalogItemId: product.id,
                ...(Object.keys(options).length > 0 ? { options: { options } } : {}),
              },
              quantity: 1,
            },
          ],
        }),
  );
  cache.set(CART_KEY, answer.cart);
  return answer.cart;
}

/** Sets a line's quantity; 0 removes the line. */
export async function setQuantity(line: LineItem, quantity: number): Promise<Cart> {
  const answer = await loading.track(
    quantity > 0
      ? client.cart.updateCurrentCartLineItemQuantity({ lineItems: [{ id: line.id, quantity }] })
      : client.cart.removeLineItemsFromCurrentCart({ lineItemIds: [line.id] }),
  );
  cache.set(CART_KEY, answer.cart);
  return answer.cart;
}

/** Applies a coupon code; the SDK rejects with the server's reason when the code is refused. */
export async function applyCoupon(couponCode: string): Promise<Cart> {
  const answer = await loading.track(client.cart.updateCurrentCart({ couponCode }));
  cache.set(CART_KEY, answer.cart);
  return answer.cart;
}

export async function removeCoupon(): Promise<Cart> {
  const answer = await loading.track(client.cart.removeCouponFromCurrentCart());
  cache.set(CART_KEY, answer.cart);
  return answer.cart;
}

export async function clearCart(): Promise<void> {
  await loading.track(client.cart.deleteCurrentCart());
  cache.set(CART_KEY, null);
}

/**
 * Freezes the cart into a checkout and sends the browser to the hosted checkout page, which comes
 * back to this page (`postFlowUrl`) afterwards. Rejects with the API's error (for example
 * ONLINE_PAYMENTS_NOT_ENABLED when the site cannot take payments).
 */
export async function checkout(): Promise<void> {
  await loading.track(
    (async () => {
      const { checkoutId } = await client.cart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
      const { redirectSession } = await client.redirects.createRedirectSession({
        ecomCheckout: { checkoutId },
        callbacks: { postFlowUrl: window.location.href },
      });
      window.location.href = redirectSession.fullUrl;
      // Keep the overlay up while the browser leaves the page.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    })(),
  );
}
