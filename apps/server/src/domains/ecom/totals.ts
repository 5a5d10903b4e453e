/**
 * The totals of a cart or checkout, pure and in integer minor units.
 *
 * - subtotal: Σ unit price × quantity of the lines that can be bought (AVAILABLE, PARTIALLY_AVAILABLE).
 * - item discounts: the coupon first (percentage per line, rounded half-up; a fixed amount capped at
 *   its lines' total and split in proportion), then merchant discounts on what is left.
 * - shipping (only when a line is shippable): options available for the destination, free over the
 *   option's threshold (compared with subtotal − item discounts); the requested one, else the first
 *   available in the settings' order.
 *   A free-shipping coupon discounts the selected option's price.
 * - tax: per line, the manual rate of its item type at the taxable address (taxRateFor), on its
 *   amount after discounts, rounded half-up; shipping by a rate of its own; included in prices or
 *   added, per site setting. Each rate applied is listed with what it taxed (taxBreakdown).
 * - total = subtotal − discounts + shipping (+ tax when added). priceSummary.discount holds item and
 *   shipping discounts.
 */
import { type LineSnapshot, purchasable, shippable } from './cart/lines.ts';
import { ecomErrors } from './errors.ts';
import { allocate, includedTax, ofMicros, toDecimalString } from './money.ts';
import {
  type AddressInput,
  isChosenShipping,
  type ShippingRule,
  type StoreRules,
  type TaxedItemType,
  type TaxRateRule,
} from './settings.ts';
import {
  type AppliedRate,
  appliedRate,
  type Region,
  rateFor,
  regionOf,
  type TaxBreakdownEntry,
  taxRateFor,
} from './tax.ts';

export type { AppliedRate, TaxBreakdownEntry } from './tax.ts';
export { rateFor, taxRateFor } from './tax.ts';

export interface TotalsLine {
  id: string;
  catalogItemId: string;
  unitPrice: number;
  quantity: number;
  purchasable: boolean;
  shippable: boolean;
  /** What the line is, for the rate that taxes it; a line without one takes a place's rate for every line. */
  itemType?: 'PHYSICAL' | 'DIGITAL' | 'SERVICE' | 'UNRECOGNISED' | undefined;
}

/** What totals need of cart or checkout lines: the same for a cart's estimate and its checkout's charge. */
export function totalsLinesOf(lines: readonly LineSnapshot[]): TotalsLine[] {
  return lines.map((line) => ({
    id: line.id,
    catalogItemId: line.catalogReference.catalogItemId,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    purchasable: purchasable(line),
    shippable: shippable(line),
    itemType: line.itemType,
  }));
}

export interface CouponRule {
  id: string;
  code: string;
  name?: string;
  type: 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FREE_SHIPPING';
  percentMicros?: number;
  amount?: number;
  minimumSubtotal?: number;
  catalogItemIds?: string[];
}

export interface MerchantDiscountRule {
  amount: number;
  lineItemIds?: string[];
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  rules: StoreRules;
  coupon?: CouponRule | undefined;
  merchantDiscounts?: readonly MerchantDiscountRule[] | undefined;
  shippingAddress?: AddressInput | undefined;
  billingAddress?: AddressInput | undefined;
  selectedShipping?: { code: string; carrierId?: string | undefined } | undefined;
  calculateTax?: boolean | undefined;
  calculateShipping?: boolean | undefined;
  /**
   * False for the cart itself: it is answered even past the exact range (checkSafe), so that the
   * buyer sees the lines to remove; estimates and checkouts, which lead to a charge, refuse.
   */
  refuseInexact?: boolean | undefined;
}

export type DiscountType = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';

export interface AppliedDiscount {
  coupon?: CouponRule;
  merchantDiscount?: { amount: number };
  discountType: DiscountType;
  amount: number;
  lineItemIds: string[];
}

export interface LineTotals {
  id: string;
  amount: number;
  discount: number;
  taxable: number;
  tax: number;
  beforeTax: number;
  afterTax: number;
  /** The rate that taxed the line (0 when none applies). */
  rate: AppliedRate;
}

export interface ShippingChoice {
  rule: ShippingRule;
  price: number;
}

export type RateType = 'NO_TAX_COLLECTED' | 'MANUAL_RATE';

export interface Totals {
  subtotal: number;
  itemDiscount: number;
  shipping: number;
  shippingDiscount: number;
  shippingTax: number;
  /** The rate that taxed shipping (0 when none applies). */
  shippingRate: AppliedRate;
  tax: number;
  taxableAmount: number;
  total: number;
  taxBreakdown: TaxBreakdownEntry[];
  lines: LineTotals[];
  discounts: AppliedDiscount[];
  shippingOptions: ShippingChoice[];
  selectedShipping?: ShippingChoice;
  taxRate: {
    micros: number;
    rateType: RateType;
    manualRateReason?: 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL';
    name?: string;
    addressType: StoreRules['taxableAddressType'];
  };
  warnings: Array<{ description: string; lineItemId?: string }>;
  shippable: boolean;
}

/** The price of an option for a destination, or undefined when it does not deliver there. */
export function optionPrice(rule: ShippingRule, region: Region | undefined): number | undefined {
  if (rule.type === 'STORE_PICKUP') return rule.price ?? 0;
  if (region && rule.regions.length > 0) {
    const exact = rule.regions.find(
      (r) =>
        r.country === region.country && r.subdivision !== undefined && r.subdivision === region.subdivision,
    );
    const country = rule.regions.find((r) => r.country === region.country && r.subdivision === undefined);
    if (exact ?? country) return (exact ?? country)!.price;
  }
  return rule.price;
}

/** Takes up to `amount` off `targets`, in proportion to what each still costs; returns the total taken. */
function takeOff(remaining: number[], targets: number[], amount: number): number {
  const weights = targets.map((i) => remaining[i]!);
  const capped = Math.min(
    amount,
    weights.reduce((a, b) => a + b, 0),
  );
  allocate(capped, weights).forEach((share, k) => {
    remaining[targets[k]!]! -= share;
  });
  return capped;
}

/** The tax on `amount` at `micros`, whether prices include it or not. */
function taxOn(amount: number, rules: StoreRules, micros: number) {
  return rules.taxIncludedInPrices ? includedTax(amount, micros) : ofMicros(amount, micros);
}

/**
 * Amounts are numbers of minor units, exact up to Number.MAX_SAFE_INTEGER (about 90 trillion dollars)
 * and silently drifting past it; prices (up to 1e12) × quantities (up to 1000) × 300 lines can pass
 * it. Such a cart is refused rather than all money moved to BigInt: the limit is far above any real
 * cart, and below it every sum here is exact. A sum past it rounds to at least 2^53, which is not a
 * safe integer, so checking each line, the subtotal and subtotal + shipping + tax (a bound of every
 * partial sum of the total) catches every drift.
 */
function checkSafe(input: TotalsInput, totals: Totals) {
  const safe =
    input.lines.every((line) => Number.isSafeInteger(line.unitPrice * line.quantity)) &&
    Number.isSafeInteger(totals.subtotal) &&
    Number.isSafeInteger(totals.subtotal + totals.shipping + totals.tax);
  if (!safe)
    throw ecomErrors.totalTooLarge(toDecimalString(Number.MAX_SAFE_INTEGER, input.rules.money.digits));
}

export function computeTotals(input: TotalsInput): Totals {
  const totals = sumTotals(input);
  if (input.refuseInexact !== false) checkSafe(input, totals);
  return totals;
}

function sumTotals(input: TotalsInput): Totals {
  const { rules } = input;
  const lines = input.lines;
  const amounts = lines.map((l) => (l.purchasable ? l.unitPrice * l.quantity : 0));
  const subtotal = amounts.reduce((a, b) => a + b, 0);
  const remaining = [...amounts];
  const buyable = lines.map((l, i) => (l.purchasable ? i : -1)).filter((i) => i >= 0);
  const discounts: AppliedDiscount[] = [];
  const warnings: Totals['warnings'] = [];

  // Coupon on items.
  const coupon = input.coupon;
  let freeShipping: CouponRule | undefined;
  if (coupon && coupon.minimumSubtotal !== undefined && subtotal < coupon.minimumSubtotal) {
    warnings.push({ description: `Coupon ${coupon.code} needs a larger subtotal; it is not applied.` });
  } else if (coupon?.type === 'FREE_SHIPPING') {
    freeShipping = coupon;
  } else if (coupon) {
    const scoped = coupon.catalogItemIds !== undefined && coupon.catalogItemIds.length > 0;
    const targets = buyable.filter(
      (i) => !scoped || coupon.catalogItemIds!.includes(lines[i]!.catalogItemId),
    );
    if (targets.length === 0)
      warnings.push({ description: `Coupon ${coupon.code} applies to none of the items in the cart.` });
    let taken = 0;
    if (coupon.type === 'PERCENTAGE') {
      for (const i of targets) {
        const off = Math.min(remaining[i]!, ofMicros(amounts[i]!, coupon.percentMicros ?? 0));
        remaining[i]! -= off;
        taken += off;
      }
    } else taken = takeOff(remaining, targets, coupon.amount ?? 0);
    discounts.push({
      coupon,
      discountType: scoped ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      amount: taken,
      lineItemIds: targets.map((i) => lines[i]!.id),
    });
  }

  for (const merchant of input.merchantDiscounts ?? []) {
    const scoped = merchant.lineItemIds !== undefined && merchant.lineItemIds.length > 0;
    const targets = buyable.filter((i) => !scoped || merchant.lineItemIds!.includes(lines[i]!.id));
    const taken = takeOff(remaining, targets, merchant.amount);
    discounts.push({
      merchantDiscount: { amount: merchant.amount },
      discountType: scoped ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      amount: taken,
      lineItemIds: targets.map((i) => lines[i]!.id),
    });
  }
  const itemDiscount = subtotal - remaining.reduce((a, b) => a + b, 0);

  // Shipping.
  const shippable = lines.some((l) => l.purchasable && l.shippable);
  const destination = regionOf(input.shippingAddress);
  const afterItemDiscounts = subtotal - itemDiscount;
  const shippingOptions: ShippingChoice[] = [];
  if (shippable && input.calculateShipping !== false) {
    for (const rule of rules.shipping) {
      const base = optionPrice(rule, destination);
      if (base === undefined) continue;
      const free = rule.freeOver !== undefined && afterItemDiscounts >= rule.freeOver;
      shippingOptions.push({ rule, price: free ? 0 : base });
    }
  }
  const wanted = input.selectedShipping;
  let selected = wanted ? shippingOptions.find((o) => isChosenShipping(o.rule, wanted)) : undefined;
  if (wanted && !selected && shippingOptions.length > 0)
    warnings.push({ description: `Shipping option ${wanted.code} is not available for this destination.` });
  if (!selected) selected = shippingOptions[0];
  const shipping = selected?.price ?? 0;
  const shippingDiscount = freeShipping ? shipping : 0;
  if (freeShipping)
    discounts.push({
      coupon: freeShipping,
      discountType: 'SHIPPING',
      amount: shippingDiscount,
      lineItemIds: [],
    });

  // Tax. Orders where nothing ships (digital goods, services) are taxed where they are billed, as the
  // BILLING address type says (the shipping address stands in when that is all the buyer gave); pay
  // asks for it where the store taxes by region (checkout/requirements.ts).
  const addressType =
    rules.taxableAddressType === 'SHIPPING' && !shippable ? 'BILLING' : rules.taxableAddressType;
  const taxAddress =
    addressType === 'BUSINESS'
      ? rules.businessAddress
      : addressType === 'BILLING'
        ? (input.billingAddress ?? input.shippingAddress)
        : selected?.rule.type === 'STORE_PICKUP'
          ? (selected.rule.pickupAddress ?? rules.businessAddress)
          : input.shippingAddress;
  const region = input.calculateTax === false ? undefined : regionOf(taxAddress);
  const rateOf = (itemType: TaxedItemType | undefined) =>
    input.calculateTax === false ? undefined : rateFor(rules, region, itemType);
  const breakdown = new Map<TaxRateRule, TaxBreakdownEntry>();
  const apply = (rule: TaxRateRule | undefined, taxable: number) => {
    const tax = rule ? taxOn(taxable, rules, rule.micros) : 0;
    if (rule) {
      const entry = breakdown.get(rule) ?? { rule, taxable: 0, tax: 0 };
      entry.taxable += taxable;
      entry.tax += tax;
      breakdown.set(rule, entry);
    }
    return { tax, rate: rule ? appliedRate(rule) : { micros: 0 } };
  };
  const lineTotals: LineTotals[] = lines.map((line, i) => {
    const taxable = remaining[i]!;
    const itemType = line.itemType === 'UNRECOGNISED' ? undefined : line.itemType;
    const { tax, rate } = apply(rateOf(itemType), taxable);
    return {
      id: line.id,
      amount: amounts[i]!,
      discount: amounts[i]! - taxable,
      taxable,
      tax,
      beforeTax: rules.taxIncludedInPrices ? taxable - tax : taxable,
      afterTax: rules.taxIncludedInPrices ? taxable : taxable + tax,
      rate,
    };
  });
  const shippingRule = shipping > 0 ? rateOf('SHIPPING') : undefined;
  const shippingTaxed = apply(shippingRule, shipping - shippingDiscount);
  const shippingTax = shippingTaxed.tax;
  const tax = lineTotals.reduce((a, l) => a + l.tax, 0) + shippingTax;
  const taxableAmount =
    lineTotals.reduce((a, l) => a + l.taxable, 0) + (shippingRule ? shipping - shippingDiscount : 0);
  const taxBreakdown = [...breakdown.values()];
  const taxRate =
    input.calculateTax === false
      ? { micros: 0, rateType: 'NO_TAX_COLLECTED' as const, addressType }
      : taxRateFor(
          rules,
          taxAddress,
          addressType,
          taxBreakdown.map((entry) => entry.rule),
        );
  const total = subtotal - itemDiscount + shipping - shippingDiscount + (rules.taxIncludedInPrices ? 0 : tax);

  return {
    subtotal,
    itemDiscount,
    shipping,
    shippingDiscount,
    shippingTax,
    shippingRate: shippingTaxed.rate,
    tax,
    taxableAmount,
    total,
    taxBreakdown,
    lines: lineTotals,
    discounts,
    shippingOptions,
    ...(selected ? { selectedShipping: selected } : {}),
    taxRate,
    warnings,
    shippable,
  };
}
