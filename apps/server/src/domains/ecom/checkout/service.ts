/**
 * Checkouts: the cart frozen (line prices, coupon, merchant discounts) with the buyer's e-mail,
 * addresses and shipping choice. Totals are recomputed from the frozen lines whenever those
 * details change. The public document is stored beside an `internal` part that is never sent.
 */
import type { SystemFields } from '../../../db/documents.ts';
import type { Caller } from '../../../http/access.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { linkCartLater } from '../after-commit.ts';
import { type LineSnapshot, renderLine, type StoredLine } from '../cart/lines.ts';
import { cartContext, changeCart, findCart, renderedCart, type StoredCart, totalsOf } from '../cart/state.ts';
import { renderShipping, renderTotals } from '../cart/view.ts';
import { buyerOf, type EcomDeps, isAdmin, ownerKeyOf } from '../context.ts';
import { lapsedCoupon } from '../coupons.ts';
import { ecomErrors } from '../errors.ts';
import {
  type AddressInput,
  hasAddress,
  isChosenShipping,
  keptAddress,
  rulesOf,
  type StoreRules,
} from '../settings.ts';
import {
  type CouponRule,
  computeTotals,
  type MerchantDiscountRule,
  type Totals,
  totalsLinesOf,
} from '../totals.ts';
import { checkAddress } from './address.ts';
import { requireCheckoutCurrency } from './requirements.ts';

// Pay's requirements, with the checkouts they are about.
export { missingForPayment, requireCheckoutCurrency } from './requirements.ts';

export interface CheckoutInternal {
  ownerKey: string;
  lines: LineSnapshot[];
  coupon?: CouponRule;
  merchantDiscounts?: MerchantDiscountRule[];
  shippingAddress?: AddressInput;
  billingAddress?: AddressInput;
  selectedShipping?: { code: string; carrierId?: string };
  email?: string;
  /** Who receives the goods and who pays, when given. */
  shippingContact?: ContactDetails;
  billingContact?: ContactDetails;
  /** Minor units charged by `pay` (priceSummary.total when computed). */
  total: number;
  /** The site currency the lines were priced in (absent on checkouts made before it was kept). */
  currency?: string;
}

export interface StoredCheckout {
  internal: CheckoutInternal;
  cartId?: string;
  completed: boolean;
  orderId?: string;
  channelType: string;
  buyerInfo: { visitorId: string; memberId: string; userId: string; email?: string };
  [field: string]: unknown;
}

export type Checkout = StoredCheckout & SystemFields;

export interface ContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
}

export interface CheckoutDetails {
  email?: string | undefined;
  shippingAddress?: AddressInput | undefined;
  shippingContactDetails?: ContactDetails | undefined;
  billingAddress?: AddressInput | undefined;
  billingContactDetails?: ContactDetails | undefined;
  selectedShippingOption?: { code: string; carrierId?: string | undefined } | undefined;
}

/** updateCheckout's `checkout` in the platform's shape (contracts `CheckoutUpdate`). */
export interface CheckoutUpdate {
  id: string;
  buyerInfo?: { email?: string | undefined } | undefined;
  shippingInfo?:
    | {
        shippingDestination?: { address?: AddressInput; contactDetails?: ContactDetails } | undefined;
        selectedCarrierServiceOption?: { code: string; carrierId?: string | undefined } | undefined;
      }
    | undefined;
  billingInfo?: { address?: AddressInput; contactDetails?: ContactDetails } | undefined;
}

/** The details an update names; what it leaves out stays as it is. */
function detailsOf(update: CheckoutUpdate): CheckoutDetails {
  const destination = update.shippingInfo?.shippingDestination;
  const option = update.shippingInfo?.selectedCarrierServiceOption;
  return {
    email: update.buyerInfo?.email,
    shippingAddress: keptAddress(destination?.address),
    shippingContactDetails: destination?.contactDetails,
    billingAddress: keptAddress(update.billingInfo?.address),
    billingContactDetails: update.billingInfo?.contactDetails,
    selectedShippingOption: option && { code: option.code, carrierId: option.carrierId },
  };
}

/** `{address, contactDetails}` with whichever of the two is known. */
export const addressWithContact = (address?: AddressInput, contactDetails?: ContactDetails) => ({
  ...(address ? { address } : {}),
  ...(contactDetails ? { contactDetails } : {}),
});

export function checkoutTotals(internal: CheckoutInternal, rules: StoreRules): Totals {
  return computeTotals({
    lines: totalsLinesOf(internal.lines),
    rules,
    coupon: internal.coupon,
    merchantDiscounts: internal.merchantDiscounts,
    shippingAddress: internal.shippingAddress,
    billingAddress: internal.billingAddress,
    selectedShipping: internal.selectedShipping,
  });
}

/** The public fields, recomputed from `internal` under the site's current rules. */
function publicFields(internal: CheckoutInternal, rules: StoreRules, totals: Totals) {
  const { shippingInfo, ...rest } = renderTotals(
    internal.lines,
    totals,
    rules,
    Boolean(internal.selectedShipping),
  );
  return {
    ...rest,
    lineItems: internal.lines.map((line) => renderLine(line, rules)),
    billingInfo: addressWithContact(internal.billingAddress, internal.billingContact),
    shippingInfo: {
      ...(internal.shippingAddress || internal.shippingContact
        ? { shippingDestination: addressWithContact(internal.shippingAddress, internal.shippingContact) }
        : {}),
      ...renderShipping(totals, rules, Boolean(internal.selectedShipping)),
    },
    conversionCurrency: rules.money.currency,
    taxIncludedInPrices: rules.taxIncludedInPrices,
    paymentMethods: (['test', 'offline'] as const).filter((method) => rules.payments[method]),
  };
}

/** Refuses a shipping option the destination does not get. */
function checkShipping(totals: Totals, wanted: CheckoutDetails['selectedShippingOption'], field: string) {
  if (!wanted) return;
  const chosen = totals.selectedShipping?.rule;
  if (!chosen || !isChosenShipping(chosen, wanted))
    throw ecomErrors.shippingOptionUnavailable(`${field}.code`, wanted.code);
}

export const view = (checkout: Checkout) => {
  const { internal: _internal, ...rest } = checkout;
  return rest;
};

type CheckoutInput = CheckoutDetails & { channelType?: string | undefined };

export async function createCheckout(deps: EcomDeps, caller: Caller, input: CheckoutInput) {
  const cart = await findCart(deps, caller.siteId, ownerKeyOf(caller));
  if (!cart || cart.lineItems.length === 0) throw ecomErrors.cartEmpty();
  const checkout = await openCheckout(deps, caller, cart, input, cart.id);
  // The checkout stands on its own whatever becomes of the cart meanwhile (deleted, changed five
  // times over), and whatever fails now: it exists, so it is the answer. Kept rendered, so that the
  // cart's next read answers at once.
  try {
    const changed = await changeCart(
      deps,
      caller,
      (current) => {
        current.checkoutId = checkout.id;
      },
      { create: false },
    );
    await renderedCart(deps, caller.siteId, changed);
  } catch (error) {
    if (!(error instanceof AppError && error.status < 500))
      await linkCartLater(deps, caller.siteId, { cartId: cart.id, checkoutId: checkout.id });
  }
  return { checkoutId: checkout.id };
}

/**
 * A checkout of `lines` alone, not of the caller's cart: what a redirect intent opens (a booked slot,
 * a ticket reservation, a plan) on the same hosted checkout page. The cart is left as it is; paying
 * the checkout spends no cart.
 */
export async function createCheckoutFromLines(
  deps: EcomDeps,
  caller: Caller,
  lines: ReadonlyArray<{ catalogReference: StoredLine['catalogReference']; quantity?: number | undefined }>,
  input: CheckoutInput = {},
): Promise<{ checkoutId: string }> {
  if (lines.length === 0) throw ecomErrors.cartEmpty();
  const purchase: StoredCart = {
    ownerKey: ownerKeyOf(caller),
    buyerInfo: { ...buyerOf(caller), ...(input.email ? { email: input.email } : {}) },
    lineItems: lines.map((line) => ({
      id: newId(),
      catalogReference: line.catalogReference,
      quantity: line.quantity ?? 1,
      name: '',
      itemKey: '',
    })),
    purchaseFlowId: newId(),
  };
  const checkout = await openCheckout(deps, caller, purchase, input);
  return { checkoutId: checkout.id };
}

/** Freezes `cart`'s lines, as their catalogs describe them now, into a new checkout of `caller`. */
async function openCheckout(
  deps: EcomDeps,
  caller: Caller,
  cart: StoredCart,
  input: CheckoutInput,
  cartId?: string,
): Promise<Checkout> {
  // Prices are read through here, never from a kept cart: they are what the buyer is charged.
  const context = await cartContext(deps, caller.siteId, cart, undefined, true);
  const unavailable = context.lines.filter((line) => line.status !== 'AVAILABLE').map((line) => line.id);
  if (unavailable.length > 0) throw ecomErrors.linesUnavailable(unavailable);
  const { rules } = context;
  if (!rules.payments.test && !rules.payments.offline) throw ecomErrors.onlinePaymentsNotEnabled();
  const given = (address: AddressInput | undefined) =>
    hasAddress(address) ? keptAddress(address) : undefined;
  const shippingAddress = given(input.shippingAddress ?? cart.contactInfo?.address);
  const billingAddress = given(input.billingAddress);
  const shippingContact = input.shippingContactDetails ?? cart.contactInfo?.contactDetails;
  const billingContact = input.billingContactDetails;
  const selected = input.selectedShippingOption ?? cart.selectedShippingOption;
  const totals = totalsOf(context, cart, {
    shippingAddress,
    billingAddress,
    selectedShipping: selected,
  });
  if (input.selectedShippingOption)
    checkShipping(totals, input.selectedShippingOption, 'selectedShippingOption');
  const couponApplied = totals.discounts.some((d) => d.coupon);
  const email = input.email ?? cart.buyerInfo.email;
  const internal: CheckoutInternal = {
    ownerKey: ownerKeyOf(caller),
    lines: context.lines,
    ...(couponApplied && context.coupon ? { coupon: context.coupon } : {}),
    ...(cart.merchantDiscounts?.length ? { merchantDiscounts: cart.merchantDiscounts } : {}),
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(shippingContact ? { shippingContact } : {}),
    ...(billingContact ? { billingContact } : {}),
    ...(totals.selectedShipping
      ? {
          selectedShipping: {
            code: totals.selectedShipping.rule.code,
            carrierId: totals.selectedShipping.rule.carrierId,
          },
        }
      : {}),
    ...(email ? { email } : {}),
    total: totals.total,
    currency: rules.money.currency,
  };
  return deps.store.checkouts.forSite(caller.siteId).create<StoredCheckout>({
    internal,
    ...(cartId ? { cartId } : {}),
    ...(cart.purchaseFlowId ? { purchaseFlowId: cart.purchaseFlowId } : {}),
    completed: false,
    channelType: input.channelType ?? 'WEB',
    buyerInfo: { ...cart.buyerInfo, ...(email ? { email } : {}) },
    ...publicFields(internal, rules, totals),
  });
}

/** The checkout if `caller` created it (or is an owner); others get CHECKOUT_NOT_FOUND. */
export async function checkoutFor(
  deps: EcomDeps,
  siteId: string,
  id: string,
  caller?: Caller,
): Promise<Checkout> {
  const checkout = await deps.store.checkouts.forSite(siteId).get<StoredCheckout>(id);
  if (!checkout) throw ecomErrors.checkoutNotFound(id);
  if (caller && !isAdmin(caller) && checkout.internal.ownerKey !== ownerKeyOf(caller))
    throw ecomErrors.checkoutNotFound(id);
  return checkout;
}

export async function getCheckout(deps: EcomDeps, caller: Caller, id: string) {
  return { checkout: view(await checkoutFor(deps, caller.siteId, id, caller)) };
}

/** Changes buyer details of an open checkout and recomputes its totals (caller already checked). */
export async function changeCheckoutDetails(
  deps: EcomDeps,
  siteId: string,
  checkout: Checkout,
  details: CheckoutDetails,
  shippingField: string,
): Promise<Checkout> {
  if (checkout.completed) throw ecomErrors.checkoutCompleted(checkout.id, checkout.orderId);
  const rules = await rulesOf(deps, siteId);
  requireCheckoutCurrency(checkout, rules);
  // The totals shown after a change are the ones pay charges: a lapsed coupon goes now.
  const internal: CheckoutInternal = {
    ...(await withoutLapsedCoupon(deps, siteId, checkout.internal)).internal,
  };
  if (details.email !== undefined) internal.email = details.email;
  // Here, not in each caller: the hosted page's calls reach this too, and codes are kept upper case.
  if (details.shippingAddress !== undefined) {
    if (hasAddress(details.shippingAddress)) internal.shippingAddress = keptAddress(details.shippingAddress);
    else delete internal.shippingAddress;
  }
  if (details.billingAddress !== undefined) {
    if (hasAddress(details.billingAddress)) internal.billingAddress = keptAddress(details.billingAddress);
    else delete internal.billingAddress;
  }
  if (details.shippingContactDetails !== undefined) internal.shippingContact = details.shippingContactDetails;
  if (details.billingContactDetails !== undefined) internal.billingContact = details.billingContactDetails;
  if (details.selectedShippingOption !== undefined) {
    const { code, carrierId } = details.selectedShippingOption;
    internal.selectedShipping = { code, ...(carrierId ? { carrierId } : {}) };
  }
  const totals = checkoutTotals(internal, rules);
  checkShipping(totals, details.selectedShippingOption, shippingField);
  if (totals.selectedShipping)
    internal.selectedShipping = {
      code: totals.selectedShipping.rule.code,
      carrierId: totals.selectedShipping.rule.carrierId,
    };
  else delete internal.selectedShipping;
  return saveCheckout(deps, siteId, checkout, internal, rules, totals);
}

/** `internal` without its coupon when that lapsed since it was frozen (with why), else as it is. */
export async function withoutLapsedCoupon(
  deps: EcomDeps,
  siteId: string,
  internal: CheckoutInternal,
): Promise<{ internal: CheckoutInternal; lapsed?: AppError }> {
  const lapsed = internal.coupon && (await lapsedCoupon(deps, siteId, internal.coupon));
  if (!lapsed) return { internal };
  const { coupon: _lapsed, ...rest } = internal;
  return { internal: rest, lapsed };
}

/** Writes `internal` and its totals (to charge and to show) over `checkout` as read. */
export function saveCheckout(
  deps: EcomDeps,
  siteId: string,
  checkout: Checkout,
  internal: CheckoutInternal,
  rules: StoreRules,
  totals: Totals,
): Promise<Checkout> {
  return deps.store.checkouts.forSite(siteId).update<StoredCheckout>(
    checkout.id,
    {
      internal: { ...internal, total: totals.total },
      buyerInfo: { ...checkout.buyerInfo, ...(internal.email ? { email: internal.email } : {}) },
      ...publicFields(internal, rules, totals),
    },
    { expectedRevision: checkout.revision },
  );
}

export async function updateCheckout(deps: EcomDeps, caller: Caller, update: CheckoutUpdate) {
  checkAddress(
    update.shippingInfo?.shippingDestination?.address,
    'checkout.shippingInfo.shippingDestination.address',
  );
  checkAddress(update.billingInfo?.address, 'checkout.billingInfo.address');
  const checkout = await checkoutFor(deps, caller.siteId, update.id, caller);
  const changed = await changeCheckoutDetails(
    deps,
    caller.siteId,
    checkout,
    detailsOf(update),
    'checkout.shippingInfo.selectedCarrierServiceOption',
  );
  return { checkout: view(changed) };
}
