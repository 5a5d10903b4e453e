/**
 * The bounds a product's stored values keep to, whichever call writes them: the contract's maxima
 * for price, cost and weight (a direct write is held to them by the schema; bulk adjustments compute
 * their results, so they check here), and an amount discount no larger than any price it applies to.
 */
import { PRICE_MAX, WEIGHT_MAX } from '@plaza/contracts';
import type { ProductState } from './model.ts';
import { fromMinor, toMinor, WEIGHT_DIGITS } from './money.ts';

export type LimitedProperty = 'price' | 'cost' | 'weight';

/** The largest value of `property` as the wire writes it (currency units, weight units). */
export const maximumOf = (property: LimitedProperty): number =>
  property === 'weight' ? WEIGHT_MAX : PRICE_MAX;

/** The same maximum in the stored integer units (minor units; thousandths of a weight unit). */
export const storedMaximumOf = (property: LimitedProperty, digits: number): number =>
  toMinor(maximumOf(property), property === 'weight' ? WEIGHT_DIGITS : digits);

/** What an AMOUNT discount takes off, in minor units (0 for other types). */
export const amountOff = (state: Pick<ProductState, 'discount' | 'digits'>): number =>
  state.discount.type === 'AMOUNT' ? toMinor(state.discount.value, state.digits) : 0;

/** The lowest price the discount applies to: the product's own and every variant's override. */
export function lowestPrice(state: Pick<ProductState, 'price' | 'variants'>): number {
  let lowest = state.price;
  for (const variant of state.variants)
    if (variant.price !== undefined && variant.price < lowest) lowest = variant.price;
  return lowest;
}

/**
 * The lowest price when an amount discount exceeds it, else undefined. Refused rather than clamped at
 * zero (as Wix's catalog does): a discount larger than the price would sell the item for nothing.
 */
export function priceBelowDiscount(state: ProductState): number | undefined {
  const lowest = lowestPrice(state);
  return amountOff(state) > lowest ? lowest : undefined;
}

/** `1000000000000` → "1000000000000", `12.5` → "12.5": a stored price back in currency units. */
export const priceText = (minor: number, digits: number): string => String(fromMinor(minor, digits));
