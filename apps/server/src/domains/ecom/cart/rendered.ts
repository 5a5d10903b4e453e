/**
 * Carts as last rendered, kept while nothing they were rendered from has changed. Rendering a cart
 * (looking every line up, pricing it, building and serialising the answer) is most of what a cart
 * read costs, and a cart is read far more often than it changes: a storefront shows it on every page.
 *
 * A rendered cart is current while
 * - the stored cart has the same id and revision (every change bumps it, in any process);
 * - the site's rules are the same object (`rulesOf` answers a new one when the site changed);
 * - every line's catalog look-up describes it alike (`sameDescription`: the same version of the item,
 *   still valid now).
 * Carts with a coupon or merchant discounts are not kept: whether a coupon applies also depends on
 * the time and on other orders, and their discounts can depend on the destination.

 */
import type { EcomDeps } from '../context.ts';
import { rulesOf } from '../settings.ts';
import { lookUpLines, sameDescription } from './lines.ts';
import { type Cart, type CartContext, cartCatalogContext } from './state.ts';

export interface RenderedCart {
  /** The cart as stored; shared: read it only. */
  cart: Cart;
  context: CartContext;
  /**
   * The cart calls' answer, `{"cart": …}`, as the UTF-8 bytes sent. Kept as bytes, outside V8's heap: a
   * kept cart outlives a few young-generation collections, and as a string its ~2.5 KB would be copied
   * by each of them and then promoted (most of what keeping carts cost the collector). A small answer
   * is a slice of Node's 8 KB buffer pool and holds its slab: at most RENDERED_LIMIT slabs.
   */
  answer: Buffer;
  /** Whether `answer` holds for any destination (no discounts: they are the only part that may vary). */
  anyDestination: boolean;
  /**
   * Estimates of this cart as answered (bytes, like `answer`), by request: an estimate is a function of
   * the cart, its rules, its lines' look-ups and the request alone. A checkout page asks again for the
   * same destination. Made at the first estimate: most carts are never estimated.
   */
  estimates?: Map<string, Buffer>;
}

const RENDERED_LIMIT = 5000;
const ESTIMATES_PER_CART = 8;
/**
 * Longer requests are estimated each time rather than kept: addresses are open objects, and a request
 * padded with other keys would keep a body's worth for each of a cart's estimates, in every cart kept.
 */
const ESTIMATE_KEY_MAX_LENGTH = 2048;

/** The estimate of `rendered` for the request `key` as answered before, or the one `answer` makes (kept). */
export function estimateOf(rendered: RenderedCart, key: string, answer: () => Buffer): Buffer {
  let bytes = rendered.estimates?.get(key);
  if (bytes === undefined) {
    bytes = answer();
    if (rendered.anyDestination && key.length <= ESTIMATE_KEY_MAX_LENGTH) {
      rendered.estimates ??= new Map();
      if (rendered.estimates.size >= ESTIMATES_PER_CART) rendered.estimates.clear();
      rendered.estimates.set(key, bytes);
    }
  }
  return bytes;
}

export function renderedCarts() {
  // By owner: a cart call names its caller, not a cart.
  const kept = new Map<string, RenderedCart>();
  const keyOf = (siteId: string, ownerKey: string) => `${siteId}\u0000${ownerKey}`;

  return {
    /** The cart `id` at `revision` of `ownerKey` as kept, if still current; undefined when it has to be rendered. */
    async current(deps: EcomDeps, siteId: string, ownerKey: string, id: string, revision: string) {
      const rendered = kept.get(keyOf(siteId, ownerKey));
      if (!rendered || rendered.cart.id !== id || rendered.cart.revision !== revision) return undefined;
      const context = cartCatalogContext(deps, siteId, rendered.cart);
      const [rules, found] = await Promise.all([
        rulesOf(deps, siteId),
        lookUpLines(deps.catalogs, context, rendered.cart.lineItems),
      ]);
      const nowMs = context.now.getTime();
      const current =
        rules === rendered.context.rules &&
        found.every((item, i) => sameDescription(item, rendered.context.found[i]!, nowMs));
      return current ? rendered : undefined;
    },

    keep(siteId: string, rendered: RenderedCart) {
      const key = keyOf(siteId, rendered.cart.ownerKey);
      // Not kept: an older render of the same cart would only be found stale later.
      if (!rendered.anyDestination) {
        kept.delete(key);
        return;
      }
      if (kept.size >= RENDERED_LIMIT) kept.clear();
      kept.set(key, rendered);
    },

    forget(siteId: string, ownerKey: string) {
      kept.delete(keyOf(siteId, ownerKey));
    },
  };
}

export type RenderedCarts = ReturnType<typeof renderedCarts>;
