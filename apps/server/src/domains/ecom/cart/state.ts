/**
 * The stored cart, its optimistic read-change-write cycle, and the view of it the calls answer:
 * lines re-read from the catalog, the coupon re-checked, totals without a destination.
 */
import type { SystemFields } from '../../../db/documents.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { oneAtATime } from '../../../lib/one-at-a-time.ts';
import { RawJson, utf8Join } from '../../../lib/raw-json.ts';
import { type CatalogLookup, isItem } from '../catalog-provider.ts';
import { buyerOf, catalogContextOf, type EcomDeps, ownerKeyOf } from '../context.ts';
import { usableCoupon } from '../coupons.ts';
import { ecomErrors } from '../errors.ts';
import { multiPriceJson, toDecimalString } from '../money.ts';
import { type AddressInput, rulesOf, type StoreRules } from '../settings.ts';
import {
  type CouponRule,
  computeTotals,
  type MerchantDiscountRule,
  type Totals,
  totalsLinesOf,
} from '../totals.ts';
import { type LineSnapshot, lineJson, lookUpLines, type StoredLine, snapshotOf } from './lines.ts';
import type { RenderedCart } from './rendered.ts';
import { renderDiscounts } from './view.ts';

export interface StoredCart {
  ownerKey: string;
  buyerInfo: { visitorId: string; memberId: string; userId: string; email?: string };
  lineItems: StoredLine[];
  couponCode?: string;
  /** The coupon the code named when applied (carts of older versions lack it). */
  couponId?: string;
  merchantDiscounts?: MerchantDiscountRule[];
  buyerNote?: string;
  contactInfo?: { address?: AddressInput; contactDetails?: Record<string, unknown> };
  selectedShippingOption?: { code: string; carrierId?: string };
  businessLocationId?: string;
  /** The checkout last made from the cart. */
  checkoutId?: string;
  /** Names the purchase from cart to order (checkouts and orders carry it). */
  purchaseFlowId?: string;
  overrideCheckoutUrl?: string;
}

export type Cart = StoredCart & SystemFields;

export const MAX_LINES = 300;
/** Units of one line at most. */
export const MAX_QUANTITY = 1000;

export const cartErrors = {
  notFound: () =>
    notFound('OWNED_CART_NOT_FOUND', 'Cart not found', { reason: 'The caller has no cart yet.' }),
};

export async function findCart(deps: EcomDeps, siteId: string, ownerKey: string): Promise<Cart | undefined> {
  const stored = await deps.store.cartOf(siteId, ownerKey);
  return stored === undefined ? undefined : (JSON.parse(stored) as Cart);
}

export async function requireCart(deps: EcomDeps, caller: Caller): Promise<Cart> {
  const cart = await findCart(deps, caller.siteId, ownerKeyOf(caller));
  if (!cart) throw cartErrors.notFound();
  return cart;
}

export const isRevisionConflict = (error: unknown) =>
  error instanceof AppError && error.code === 'REVISION_MISMATCH';
/** The stored cart went away under a change (deleted, or adopted at sign-in): the change starts over. */
const isGone = (error: unknown) => error instanceof AppError && error.code === 'CART_NOT_FOUND';

/**
 * Reads the caller's cart (or starts one when `create`), applies `change` and writes it back with
 * the revision it read; a concurrent write makes it start over (a few times).
 */
export function changeCart(
  deps: EcomDeps,
  caller: Caller,
  change: (cart: StoredCart) => void | Promise<void>,
  options: { create: boolean },
): Promise<Cart> {
  const ownerKey = ownerKeyOf(caller);
  return inTurnOnCart(caller.siteId, ownerKey, () =>
    changeCartNow(deps, caller.siteId, ownerKey, caller, change, options),
  );
}

/** Runs `work` when this process's earlier changes of the cart of `ownerKey` are done (see below). */
export const inTurnOnCart = <T>(siteId: string, ownerKey: string, work: () => Promise<T>) =>
  changesOfOneCart(`${siteId}\u0000${ownerKey}`, work);

/**
 * Changes of one cart made by this process, one after another: each starts from the cart the one
 * before it wrote, instead of racing it to a revision conflict (a page firing several cart calls
 * at once). Other processes' changes are still met by the revision check.
 */
const changesOfOneCart = oneAtATime();

async function changeCartNow(
  deps: EcomDeps,
  siteId: string,
  ownerKey: string,
  caller: Caller,
  change: (cart: StoredCart) => void | Promise<void>,
  options: { create: boolean },
): Promise<Cart> {
  const carts = deps.store.carts.forSite(siteId);
  for (let attempt = 0; ; attempt++) {
    const current = await findCart(deps, siteId, ownerKey);
    try {
      if (!current) {
        if (!options.create) throw cartErrors.notFound();
        const fresh: StoredCart = {
          ownerKey,
          buyerInfo: buyerOf(caller),
          lineItems: [],
          purchaseFlowId: newId(),
        };
        await change(fresh);
        return await carts.create(fresh);
      }
      await change(current);
      // A change never moves a cart to another owner (adoptVisitorCart does, with `update`).
      return await carts.replace<StoredCart>(current, { unchanged: ['ownerKey'] });
    } catch (error) {
      const retryable = isRevisionConflict(error) || isUniqueViolation(error) || isGone(error);
      if (attempt < 5 && retryable) continue;
      throw error;
    }
  }
}

/** The catalog context of a cart's lines: its owner, now. */
export const cartCatalogContext = (
  deps: EcomDeps,
  siteId: string,
  cart: Pick<StoredCart, 'ownerKey' | 'buyerInfo'>,
) => catalogContextOf(deps, siteId, cart.ownerKey, cart.buyerInfo);

export interface CartContext {
  rules: StoreRules;
  lines: LineSnapshot[];
  /** The catalogs' look-ups the lines were described from. */
  found: readonly CatalogLookup[];
  coupon?: CouponRule;
  couponProblem?: string;
}

/**
 * `looked`: the look-ups of the cart's lines as they are now, when the caller just made them;
 * `readThrough`: for a checkout, whose prices are charged (see CatalogContext).
 */
export async function cartContext(
  deps: EcomDeps,
  siteId: string,
  cart: StoredCart,
  looked?: CatalogLookup[],
  readThrough = false,
): Promise<CartContext> {
  const [rules, found] = looked
    ? [await rulesOf(deps, siteId), looked]
    : await Promise.all([
        rulesOf(deps, siteId),
        lookUpLines(
          deps.catalogs,
          { ...cartCatalogContext(deps, siteId, cart), readThrough },
          cart.lineItems,
        ),
      ]);
  const lines = cart.lineItems.map((line, i) => snapshotOf(line, found[i]!));
  if (!cart.couponCode) return { rules, lines, found };
  try {
    const coupon = await usableCoupon(deps, siteId, cart.couponCode, rules.money.currency, {
      id: cart.couponId,
    });
    return { rules, lines, found, coupon };
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return { rules, lines, found, couponProblem: error.description };
    throw error;
  }
}

export function totalsOf(
  context: CartContext,
  cart: StoredCart,
  options: {
    shippingAddress?: AddressInput | undefined;
    billingAddress?: AddressInput | undefined;
    selectedShipping?: { code: string; carrierId?: string | undefined } | undefined;
    calculateTax?: boolean | undefined;
    calculateShipping?: boolean | undefined;
    refuseInexact?: boolean | undefined;
  } = {},
): Totals {
  const totals = computeTotals({
    lines: totalsLinesOf(context.lines),
    rules: context.rules,
    coupon: context.coupon,
    merchantDiscounts: cart.merchantDiscounts,
    shippingAddress: options.shippingAddress ?? cart.contactInfo?.address,
    billingAddress: options.billingAddress,
    selectedShipping: options.selectedShipping ?? cart.selectedShippingOption,
    calculateTax: options.calculateTax,
    calculateShipping: options.calculateShipping,
    refuseInexact: options.refuseInexact,
  });
  if (context.couponProblem) totals.warnings.unshift({ description: context.couponProblem });
  return totals;
}

/**
 * Refuses, before it is saved, a change of lines or quantities whose items alone pass what totals.ts
 * can hold exactly: a field violation on the request's `field` rather than a cart that estimates
 * and checkouts refuse. Only the items' sum is checked, not the whole totals (a cart call's time
 * goes into what it does for every change): the look-ups are the catalog's remembered ones, and the
 * answer renders from them (they are answered, for `cartAnswer`). Tax or shipping that pass the limit
 * are refused by the totals of an estimate or a checkout (CART_TOTAL_TOO_LARGE).
 */
export async function checkCartAmounts(
  deps: EcomDeps,
  siteId: string,
  cart: StoredCart,
  field: string,
): Promise<CatalogLookup[]> {
  const found = await lookUpLines(deps.catalogs, cartCatalogContext(deps, siteId, cart), cart.lineItems);
  let sum = 0;
  cart.lineItems.forEach((line, i) => {
    const item = found[i]!;
    if (isItem(item)) {
      if (item.maxQuantity !== undefined && line.quantity > item.maxQuantity)
        throw ecomErrors.tooManyUnitsOf(`${field}`, line.id, item.maxQuantity);
      sum += item.price.amount * line.quantity;
    }
  });
  if (Number.isSafeInteger(sum)) return found;
  const { digits } = (await rulesOf(deps, siteId)).money;
  throw ecomErrors.linesTooLarge(field, toDecimalString(Number.MAX_SAFE_INTEGER, digits));
}

/** The part of a cart's JSON that only its site's rules decide, made once per rules object. */
const rulesParts = new WeakMap<StoreRules, string>();

function rulesPart(rules: StoreRules): string {
  let part = rulesParts.get(rules);
  if (part === undefined) {
    const currency = rules.money.currency;
    part = JSON.stringify({
      currency,
      conversionCurrency: currency,
      paymentCurrency: currency,
      buyerLanguage: 'en',
      siteLanguage: 'en',
      taxIncludedInPrices: rules.taxIncludedInPrices,
      weightUnit: rules.weightUnit,
    }).slice(1, -1);
    rulesParts.set(rules, part);
  }
  return part;
}

const json = JSON.stringify;

/**
 * The cart of map 9 with its `subtotal` (the demo app reads `subtotal.formattedAmount`), as pieces of
 * JSON text, written one after the other into the answer's bytes (`utf8Join`) without joining them
 * first: its lines through `lineJson`, whose catalog part is serialised once per look-up, and the
 * fields that follow them in a fixed order (the optional ones last), the rules' part made once per
 * rules.
 */
export function cartPieces(cart: Cart, context: CartContext, totals: Totals): string[] {
  const { rules } = context;
  const lines = context.lines.map((line, i) => lineJson(line, context.found[i]!, rules));
  const parts = [
    `{"id":${json(cart.id)},"lineItems":[`,
    lines.join(','),
    `],"buyerInfo":${json(cart.buyerInfo)},${rulesPart(rules)},`,
    `"appliedDiscounts":${json(renderDiscounts(totals.discounts, rules))},`,
    `"subtotal":${multiPriceJson(totals.subtotal, rules.money)},"createdDate":${json(cart.createdDate)},`,
    `"updatedDate":${json(cart.updatedDate)},"revision":${json(cart.revision)}`,
  ];
  if (cart.buyerNote !== undefined) parts.push(`,"buyerNote":${json(cart.buyerNote)}`);
  if (cart.contactInfo) parts.push(`,"contactInfo":${json(cart.contactInfo)}`);
  if (cart.selectedShippingOption)
    parts.push(`,"selectedShippingOption":${json(cart.selectedShippingOption)}`);
  if (cart.businessLocationId) parts.push(`,"businessLocationId":${json(cart.businessLocationId)}`);
  if (cart.checkoutId) parts.push(`,"checkoutId":${json(cart.checkoutId)}`);
  if (cart.purchaseFlowId) parts.push(`,"purchaseFlowId":${json(cart.purchaseFlowId)}`);
  if (cart.overrideCheckoutUrl) parts.push(`,"overrideCheckoutUrl":${json(cart.overrideCheckoutUrl)}`);
  parts.push('}');
  return parts;
}

/** `{"cart": …}` as bytes: the cart calls' answer, or with `rest` the fields that follow the cart too. */
export const cartAnswerBytes = (cart: Cart, context: CartContext, totals: Totals, rest = '}'): Buffer =>
  utf8Join(['{"cart":', ...cartPieces(cart, context, totals), rest]);

/** Renders `cart` as read or just written, and keeps it (rendered.ts); `found`: as for `cartContext`. */
export async function renderedCart(
  deps: EcomDeps,
  siteId: string,
  cart: Cart,
  found?: CatalogLookup[],
): Promise<RenderedCart> {
  const context = await cartContext(deps, siteId, cart, found);
  const totals = totalsOf(context, cart, { refuseInexact: false });
  const rendered: RenderedCart = {
    cart,
    context,
    answer: cartAnswerBytes(cart, context, totals),
    anyDestination: !cart.couponCode && !cart.merchantDiscounts?.length,
  };
  deps.rendered.keep(siteId, rendered);
  return rendered;
}

/** The caller's cart rendered: as kept when still current (one small read), else read and rendered. */
export async function currentRendered(deps: EcomDeps, caller: Caller): Promise<RenderedCart> {
  const ownerKey = ownerKeyOf(caller);
  const stored = await deps.store.cartRevisionOf(caller.siteId, ownerKey);
  if (!stored) throw cartErrors.notFound();
  const kept = await deps.rendered.current(deps, caller.siteId, ownerKey, stored.id, stored.revision);
  return kept ?? renderedCart(deps, caller.siteId, await requireCart(deps, caller));
}

/** The answer of the cart calls, `{cart}`: the rendered cart's bytes, sent as they are. */
export const cartAnswerOf = (rendered: RenderedCart): RawJson => new RawJson(rendered.answer);

/** Renders `cart` as just written and answers it; `found`: as for `cartContext`. */
export async function cartAnswer(
  deps: EcomDeps,
  siteId: string,
  cart: Cart,
  found?: CatalogLookup[],
): Promise<RawJson> {
  return cartAnswerOf(await renderedCart(deps, siteId, cart, found));
}
