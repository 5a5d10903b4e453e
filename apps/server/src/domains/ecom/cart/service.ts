/** The current-cart calls of map 9 (the caller's own cart). */
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { RawJson } from '../../../lib/raw-json.ts';
import { type CatalogLookup, isItem } from '../catalog-provider.ts';
import { callerCatalogContext, type EcomDeps, isAdmin } from '../context.ts';
import { usableCoupon } from '../coupons.ts';
import { ecomErrors } from '../errors.ts';
import { currencyDigits, parseMoney } from '../money.ts';
import { hasAddress, isChosenShipping, keptAddress, rulesOf } from '../settings.ts';
import { type CatalogReferenceInput, itemKeyOf, lookUpRequest, type StoredLine } from './lines.ts';
import { estimateOf } from './rendered.ts';
import {
  cartAnswer,
  cartAnswerBytes,
  cartAnswerOf,
  cartContext,
  changeCart,
  checkCartAmounts,
  currentRendered,
  MAX_LINES,
  MAX_QUANTITY,
  requireCart,
  type StoredCart,
  totalsOf,
} from './state.ts';
import { renderTotals } from './view.ts';

export interface LineInput {
  catalogReference: CatalogReferenceInput;
  quantity?: number | undefined;
}

/**
 * Characters of JSON a line's catalog options may take. They are free-form (each catalog reads its
 * own) and kept in the cart, where every distinct value makes a line: without a bound, a cart of 300
 * lines could hold hundreds of megabytes.
 */
const MAX_OPTIONS_JSON = 2000;

function checkOptionsSize(inputs: readonly LineInput[], field: string) {
  inputs.forEach((input, i) => {
    const options = input.catalogReference.options;
    if (options && JSON.stringify(options).length > MAX_OPTIONS_JSON)
      throw invalidField(
        `${field}[${i}].catalogReference.options`,
        `must be at most ${MAX_OPTIONS_JSON} characters as JSON`,
        'MAX_LENGTH',
      );
  });
}

/**
 * What a line keeps of the reference it was added with: its catalog, item and options (bounded above).
 * Other keys sent along are dropped, not stored: a cart keeps up to MAX_LINES lines, unknown items
 * included, and each could otherwise hold a request body's worth of them.
 */
const keptReference = (ref: CatalogReferenceInput): CatalogReferenceInput => ({
  appId: ref.appId,
  catalogItemId: ref.catalogItemId,
  ...(ref.options ? { options: ref.options } : {}),
});

/**
 * Adds lines (the same item again raises its quantity, unless the provider fixed it); `field` names
 * the input array in errors.
 */
async function addLines(
  deps: EcomDeps,
  caller: Caller,
  cart: StoredCart,
  inputs: readonly LineInput[],
  field: string,
) {
  checkOptionsSize(inputs, field);
  const context = callerCatalogContext(deps, caller);
  const looked = await Promise.all(
    inputs.map((input) =>
      deps.catalogs.lookUp(context, input.catalogReference.appId, lookUpRequest(input.catalogReference)),
    ),
  );
  inputs.forEach((input, i) => {
    const found = looked[i]!;
    const variantId = isItem(found) ? found.variantId : undefined;
    const itemKey = itemKeyOf(deps.catalogs, input.catalogReference, found);
    const quantity = input.quantity ?? 1;
    const existing = cart.lineItems.find((line) => line.itemKey === itemKey);
    if (existing) {
      if (isItem(found) && found.fixedQuantity) throw ecomErrors.fixedQuantity(`${field}[${i}]`, existing.id);
      if (existing.quantity + quantity > MAX_QUANTITY)
        throw ecomErrors.tooManyUnits(`${field}[${i}].quantity`);
      existing.quantity += quantity;
      return;
    }
    const line: StoredLine = {
      id: newId(),
      catalogReference: keptReference(input.catalogReference),
      quantity,
      name: isItem(found) ? found.name : '',
      itemKey,
      ...(variantId ? { variantId } : {}),
    };
    cart.lineItems.push(line);
  });
  if (cart.lineItems.length > MAX_LINES) throw ecomErrors.tooManyLines();
}

export async function getCurrentCart(deps: EcomDeps, caller: Caller) {
  return cartAnswerOf(await currentRendered(deps, caller));
}

export async function addToCurrentCart(
  deps: EcomDeps,
  caller: Caller,
  input: { lineItems?: LineInput[] | undefined; customLineItems?: unknown[] | undefined },
) {
  if (input.customLineItems?.length) throw ecomErrors.customLineItems();
  if (!input.lineItems?.length) throw ecomErrors.noLineItems();
  // The look-ups of the change that was written: the answer renders from them.
  let found: CatalogLookup[] | undefined;
  const cart = await changeCart(
    deps,
    caller,
    async (cart) => {
      await addLines(deps, caller, cart, input.lineItems!, 'lineItems');
      found = await checkCartAmounts(deps, caller.siteId, cart, 'lineItems');
    },
    { create: true },
  );
  return cartAnswer(deps, caller.siteId, cart, found);
}

export interface UpdateCartInput {
  cartInfo?: {
    buyerNote?: string | undefined;
    buyerInfo?: { email?: string | undefined } | undefined;
    contactInfo?: StoredCart['contactInfo'] | undefined;
    selectedShippingOption?: StoredCart['selectedShippingOption'] | undefined;
    businessLocationId?: string | undefined;
    overrideCheckoutUrl?: string | undefined;
  };
  couponCode?: string | undefined;
  merchantDiscounts?: Array<{ amount: string | number; lineItemIds?: string[] | undefined }> | undefined;
  lineItems?: LineInput[] | undefined;
  customLineItems?: unknown[] | undefined;
}

export async function updateCurrentCart(deps: EcomDeps, caller: Caller, input: UpdateCartInput) {
  if (input.customLineItems?.length) throw ecomErrors.customLineItems();
  if (input.merchantDiscounts && !isAdmin(caller)) throw ecomErrors.merchantDiscountsForOwners();
  const rules = await rulesOf(deps, caller.siteId);
  const digits = currencyDigits(rules.money.currency);
  const merchantDiscounts = input.merchantDiscounts?.map((d, i) => ({
    amount: parseMoney(d.amount, digits, `merchantDiscounts[${i}].amount`),
    ...(d.lineItemIds?.length ? { lineItemIds: d.lineItemIds } : {}),
  }));
  const cart = await changeCart(
    deps,
    caller,
    async (cart) => {
      const info = input.cartInfo ?? {};
      if (info.buyerNote !== undefined) cart.buyerNote = info.buyerNote;
      if (info.buyerInfo?.email !== undefined)
        cart.buyerInfo = { ...cart.buyerInfo, email: info.buyerInfo.email };
      if (info.contactInfo !== undefined) {
        // An empty address takes the saved one back.
        const { address, ...contact } = info.contactInfo;
        cart.contactInfo = hasAddress(address) ? { ...contact, address: keptAddress(address) } : contact;
      }
      if (info.selectedShippingOption !== undefined) {
        // Whether it reaches the destination is decided with the address; an option the store does
        // not have at all is refused now, as the checkout refuses it.
        const chosen = info.selectedShippingOption;
        if (!rules.shipping.some((rule) => isChosenShipping(rule, chosen)))
          throw ecomErrors.shippingOptionUnknown('cartInfo.selectedShippingOption.code', chosen.code);
        cart.selectedShippingOption = info.selectedShippingOption;
      }
      if (info.businessLocationId !== undefined) cart.businessLocationId = info.businessLocationId;
      if (info.overrideCheckoutUrl) cart.overrideCheckoutUrl = info.overrideCheckoutUrl;
      else if (info.overrideCheckoutUrl === '') delete cart.overrideCheckoutUrl;
      if (input.lineItems?.length) {
        await addLines(deps, caller, cart, input.lineItems, 'lineItems');
        await checkCartAmounts(deps, caller.siteId, cart, 'lineItems');
      }
      if (merchantDiscounts) {
        const known = new Set(cart.lineItems.map((line) => line.id));
        const unknown = merchantDiscounts.flatMap((d) =>
          (d.lineItemIds ?? []).filter((id) => !known.has(id)),
        );
        if (unknown.length > 0) throw ecomErrors.lineItemsNotFound(unknown);
        cart.merchantDiscounts = merchantDiscounts;
      }
      if (input.couponCode !== undefined) {
        const context = await cartContext(deps, caller.siteId, { ...cart, couponCode: undefined });
        const subtotal = totalsOf(context, cart).subtotal;
        const coupon = await usableCoupon(deps, caller.siteId, input.couponCode, rules.money.currency, {
          subtotal,
        });
        cart.couponCode = coupon.code;
        cart.couponId = coupon.id;
      }
    },
    { create: true },
  );
  return cartAnswer(deps, caller.siteId, cart);
}

export async function deleteCurrentCart(deps: EcomDeps, caller: Caller) {
  const cart = await requireCart(deps, caller);
  await deps.store.carts.forSite(caller.siteId).delete(cart.id);
  deps.rendered.forget(caller.siteId, cart.ownerKey);
  return {};
}

export async function removeLineItems(deps: EcomDeps, caller: Caller, lineItemIds: readonly string[]) {
  const cart = await changeCart(
    deps,
    caller,
    (cart) => {
      const unknown = lineItemIds.filter((id) => !cart.lineItems.some((line) => line.id === id));
      if (unknown.length > 0) throw ecomErrors.lineItemsNotFound([...new Set(unknown)]);
      cart.lineItems = cart.lineItems.filter((line) => !lineItemIds.includes(line.id));
      if (cart.merchantDiscounts)
        cart.merchantDiscounts = cart.merchantDiscounts.map((d) =>
          d.lineItemIds ? { ...d, lineItemIds: d.lineItemIds.filter((id) => !lineItemIds.includes(id)) } : d,
        );
    },
    { create: false },
  );
  return cartAnswer(deps, caller.siteId, cart);
}

export async function updateQuantities(
  deps: EcomDeps,
  caller: Caller,
  lines: ReadonlyArray<{ id: string; quantity: number }>,
) {
  // Two quantities for one line cannot both be applied: refused rather than the last one kept.
  const repeated = lines.findIndex((l, i) => lines.findIndex((other) => other.id === l.id) !== i);
  if (repeated >= 0)
    throw invalidField(
      `lineItems[${repeated}].id`,
      `names line ${lines[repeated]!.id} again: list each line once`,
    );
  let found: CatalogLookup[] | undefined;
  const cart = await changeCart(
    deps,
    caller,
    async (cart) => {
      const unknown = lines.filter((l) => !cart.lineItems.some((line) => line.id === l.id)).map((l) => l.id);
      if (unknown.length > 0) throw ecomErrors.lineItemsNotFound([...new Set(unknown)]);
      const before = new Map(cart.lineItems.map((line) => [line.id, line.quantity]));
      for (const { id, quantity } of lines)
        cart.lineItems.find((line) => line.id === id)!.quantity = quantity;
      found = await checkCartAmounts(deps, caller.siteId, cart, 'lineItems');
      cart.lineItems.forEach((line, i) => {
        const item = found![i]!;
        if (isItem(item) && item.fixedQuantity && line.quantity !== before.get(line.id))
          throw ecomErrors.fixedQuantity(
            `lineItems[${lines.findIndex((l) => l.id === line.id)}].quantity`,
            line.id,
          );
      });
    },
    { create: false },
  );
  return cartAnswer(deps, caller.siteId, cart, found);
}

export async function removeCoupon(deps: EcomDeps, caller: Caller) {
  const cart = await changeCart(
    deps,
    caller,
    (cart) => {
      delete cart.couponCode;
      delete cart.couponId;
    },
    { create: false },
  );
  return cartAnswer(deps, caller.siteId, cart);
}

export interface EstimateInput {
  selectedShippingOption?: { code: string; carrierId?: string | undefined } | undefined;
  shippingAddress?: Record<string, unknown> | undefined;
  billingAddress?: Record<string, unknown> | undefined;
  calculateTax?: boolean | undefined;
  calculateShipping?: boolean | undefined;
}

export async function estimateTotals(deps: EcomDeps, caller: Caller, input: EstimateInput) {
  const rendered = await currentRendered(deps, caller);
  return new RawJson(
    estimateOf(rendered, JSON.stringify(input), () => {
      const { cart, context, answer, anyDestination } = rendered;
      const totals = totalsOf(context, cart, {
        shippingAddress: input.shippingAddress,
        billingAddress: input.billingAddress,
        selectedShipping: input.selectedShippingOption,
        calculateTax: input.calculateTax,
        calculateShipping: input.calculateShipping,
      });
      const requested = Boolean(input.selectedShippingOption ?? cart.selectedShippingOption);
      // `{"cart": …}` with the totals' fields after the cart.
      const totalsFields = `,${JSON.stringify(renderTotals(context.lines, totals, context.rules, requested)).slice(1)}`;
      return anyDestination
        ? Buffer.concat([answer.subarray(0, -1), Buffer.from(totalsFields)])
        : cartAnswerBytes(cart, context, totals, totalsFields);
    }),
  );
}
