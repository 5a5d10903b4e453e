/**
 * Bulk price, cost and weight changes. `set` changes the product's own values (variants with their
 * own value keep it); `adjust` moves the product's value and every variant override by the same
 * amount or percentage. Everything is integer arithmetic in minor units (weights in thousandths),
 * percentages rounded once, half away from zero.
 */
import type { bulkAdjustProductProperty, bulkUpdateProductsProperty, RequestOf } from '@plaza/contracts';
import { AppError } from '../../../lib/errors.ts';
import type { ProductState } from '../model.ts';
import { changedByPercent, roundToWhole, toMinor, WEIGHT_DIGITS, weightOf } from '../money.ts';
import { mutateProduct, type StoresDeps } from './context.ts';

type BulkSet = RequestOf<typeof bulkUpdateProductsProperty>['set'];
type BulkAdjust = RequestOf<typeof bulkAdjustProductProperty>['adjust'];
type Adjustment = NonNullable<BulkAdjust['price']>;

const negative = (property: string) =>
  new AppError(
    400,
    'INVALID_ADJUSTMENT',
    'The adjustment makes a value negative',
    `The ${property} would fall below zero.`,
    {
      property,
    },
  );

export function adjusted(value: number, adjustment: Adjustment, digits: number, property: string): number {
  let result = adjustment.percentage ? changedByPercent(value, adjustment.percentage.rate) : value;
  if (adjustment.amount !== undefined) result += toMinor(adjustment.amount, digits);
  if (adjustment.percentage?.roundToInt) result = roundToWhole(result, digits);
  if (result < 0) throw negative(property);
  return result;
}

function adjustState(state: ProductState, adjust: BulkAdjust) {
  const money = state.digits;
  if (adjust.price) {
    state.price = adjusted(state.price, adjust.price, money, 'price');
    for (const v of state.variants)
      if (v.price !== undefined) v.price = adjusted(v.price, adjust.price, money, 'price');
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
  if (set.price !== undefined) state.price = toMinor(set.price, state.digits);
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

// Weights finer than a thousandth are refused before any product changes (each has its own transaction).

export async function bulkUpdate(deps: StoresDeps, siteId: string, ids: string[], set: BulkSet) {
  if (set.weight !== undefined) weightOf(set.weight, 'set.weight');
  return eachProduct(deps, siteId, ids, (state) => setState(state, set));
}

export async function bulkAdjust(deps: StoresDeps, siteId: string, ids: string[], adjust: BulkAdjust) {
  if (adjust.weight?.amount !== undefined) weightOf(adjust.weight.amount, 'adjust.weight.amount');
  return eachProduct(deps, siteId, ids, (state) => adjustState(state, adjust));
}
