/**
 * Bulk price, cost and weight changes. `set` changes the product's own values (variants with their
 * own value keep it); `adjust` moves the product's value and every variant override by the same
 * amount or percentage. Everything is integer arithmetic in minor units (weights in thousandths),
 * percentages rounded once, half away from zero.
 *
 * A request that asks for nothing (or for an amount and a percentage at once) is refused whole, before
 * any product changes. A result a product cannot hold (negative, past the maximum a product write
 * allows, or below the product's amount discount) fails that product alone, in the per-item shape of
 * map 14.1, and leaves it untouched: each product changes in one transaction or not at all.
 */
import type { bulkAdjustProductProperty, bulkUpdateProductsProperty, RequestOf } from '@plaza/contracts';
import { AppError, invalidField } from '../../../lib/errors.ts';
import {
  type LimitedProperty,
  maximumOf,
  priceBelowDiscount,
  priceText,
  storedMaximumOf,
} from '../limits.ts';
import type { ProductState } from '../model.ts';
import { changedByPercent, roundToWhole, toMinor, WEIGHT_DIGITS, weightOf } from '../money.ts';
import { mutateProduct, type StoresDeps } from './context.ts';

type BulkSet = RequestOf<typeof bulkUpdateProductsProperty>['set'];
type BulkAdjust = RequestOf<typeof bulkAdjustProductProperty>['adjust'];
type Adjustment = NonNullable<BulkAdjust['price']>;

const invalidAdjustment = (description: string, data: Record<string, unknown>) =>
  new AppError(400, 'INVALID_ADJUSTMENT', 'The adjustment makes a value invalid', description, data);

const negative = (property: LimitedProperty) =>
  invalidAdjustment(`The ${property} would fall below zero.`, { property, violatedRule: 'MIN', minimum: 0 });

const tooLarge = (property: LimitedProperty, field: string) =>
  invalidAdjustment(`The ${property} would pass its maximum of ${maximumOf(property)} (${field}).`, {
    property,
    field,
    violatedRule: 'MAX',
    maximum: maximumOf(property),
  });

const belowDiscount = (field: string, lowest: string) =>
  invalidAdjustment(`The price would fall below the product's amount discount (lowest price ${lowest}).`, {
    property: 'price',
    field,
    violatedRule: 'MIN',
  });

export function adjusted(
  value: number,
  adjustment: Adjustment,
  digits: number,
  property: LimitedProperty,
): number {
  let result = adjustment.percentage ? changedByPercent(value, adjustment.percentage.rate) : value;
  if (adjustment.amount !== undefined) result += toMinor(adjustment.amount, digits);
  if (adjustment.percentage?.roundToInt) result = roundToWhole(result, digits);
  if (result < 0) throw negative(property);
  if (result > storedMaximumOf(property, digits)) throw tooLarge(property, `adjust.${property}`);
  return result;
}

/** A lower price may leave the product's amount discount larger than it: that product fails. */
function checkDiscount(state: ProductState, field: string) {
  const lowest = priceBelowDiscount(state);
  if (lowest !== undefined) throw belowDiscount(field, priceText(lowest, state.digits));
}

function adjustState(state: ProductState, adjust: BulkAdjust) {
  const money = state.digits;
  if (adjust.price) {
    state.price = adjusted(state.price, adjust.price, money, 'price');
    for (const v of state.variants)
      if (v.price !== undefined) v.price = adjusted(v.price, adjust.price, money, 'price');
    checkDiscount(state, 'adjust.price');
  }
  if (adjust.cost) {
    state.cost = adjusted(state.cost ?? 0, adjust.cost, money, 'cost');
    for (const v of state.variants)
      if (v.cost !== undefined) v.cost = adjusted(v.cost, adjust.cost, money, 'cost');
  }
  if (adjust.weight) {
    state.weight = adjusted(state.weight ?? 0, adjust.weight, WEIGHT_DIGITS, 'weight');
    for (const v of state.variants) {
      if (v.weight !== undefined) v.weight = adjusted(v.weight, adjust.weight, WEIGHT_DIGITS, 'weight');
    }
  }
}

function setState(state: ProductState, set: BulkSet) {
  if (set.price !== undefined) {
    state.price = toMinor(set.price, state.digits);
    checkDiscount(state, 'set.price');
  }
  if (set.cost !== undefined) state.cost = toMinor(set.cost, state.digits);
  if (set.weight !== undefined) state.weight = toMinor(set.weight, WEIGHT_DIGITS);
  if (set.ribbon !== undefined) state.ribbon = set.ribbon || undefined;
  if (set.brand !== undefined) state.brand = set.brand || undefined;
}

/** Runs `change` on each product in its own transaction and reports per item (map 14.1 bulk shape). */
async function eachProduct(
  deps: StoresDeps,
  siteId: string,
  ids: string[],
  change: (state: ProductState) => void,
) {
  const results = [];
  let failures = 0;
  for (const [originalIndex, id] of ids.entries()) {
    try {
      await mutateProduct(deps, siteId, id, change);
      results.push({ itemMetadata: { id, originalIndex, success: true } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures++;
      results.push({
        itemMetadata: {
          id,
          originalIndex,
          success: false,
          error: { code: error.code, description: error.description, data: error.data },
        },
      });
    }
  }
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses: ids.length - failures,
      totalFailures: failures,
      undetailedFailures: 0,
    },
  };
}

/** Refuses a request that would change nothing, before any product is touched. */
function requireSome(value: object, field: string) {
  if (Object.values(value).every((v) => v === undefined))
    throw invalidField(field, 'set at least one property', 'MIN_SIZE');
}

/** An adjustment is an amount or a percentage: both at once would be applied one after the other. */
function checkAdjustment(adjustment: Adjustment | undefined, field: string) {
  if (!adjustment) return;
  const { amount, percentage } = adjustment;
  if ((amount === undefined) === (percentage === undefined))
    throw invalidField(field, 'send exactly one of amount or percentage', 'REQUIRED_ONE_OF_FIELD');
  // Weights finer than a thousandth are refused too (each product has its own transaction).
  if (field === 'adjust.weight' && amount !== undefined) weightOf(amount, 'adjust.weight.amount');
}

export async function bulkUpdate(deps: StoresDeps, siteId: string, ids: string[], set: BulkSet) {
  requireSome(set, 'set');
  if (set.weight !== undefined) weightOf(set.weight, 'set.weight');
  return eachProduct(deps, siteId, ids, (state) => setState(state, set));
}

export async function bulkAdjust(deps: StoresDeps, siteId: string, ids: string[], adjust: BulkAdjust) {
  requireSome(adjust, 'adjust');
  for (const property of ['price', 'cost', 'weight'] as const)
    checkAdjustment(adjust[property], `adjust.${property}`);
  return eachProduct(deps, siteId, ids, (state) => adjustState(state, adjust));
}
