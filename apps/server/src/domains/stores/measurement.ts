/**
 * Measurement units of per-unit prices (`pricePerUnitData`): "$7.50 for 500 G" shown per 1 KG is
 * $15.00. Each unit is an exact decimal multiple of its kind's smallest unit here (US customary
 * volumes: fl oz, pint, quart and gallon).
 */
import { invalidField } from '../../lib/errors.ts';
import type { PricePerUnitState } from './model.ts';

type Kind = 'volume' | 'mass' | 'length' | 'area' | 'unspecified';

/** Kind and size: millilitres, milligrams, millimetres or square metres. */
const UNITS: Record<string, { kind: Kind; size: number }> = {
  UNSPECIFIED: { kind: 'unspecified', size: 1 },
  ML: { kind: 'volume', size: 1 },
  CL: { kind: 'volume', size: 10 },
  L: { kind: 'volume', size: 1000 },
  CBM: { kind: 'volume', size: 1_000_000 },
  FLOZ: { kind: 'volume', size: 29.5735295625 },
  PT: { kind: 'volume', size: 473.176473 },
  QT: { kind: 'volume', size: 946.352946 },
  GAL: { kind: 'volume', size: 3785.411784 },
  MG: { kind: 'mass', size: 1 },
  G: { kind: 'mass', size: 1000 },
  KG: { kind: 'mass', size: 1_000_000 },
  OZ: { kind: 'mass', size: 28_349.523125 },
  LB: { kind: 'mass', size: 453_592.37 },
  MM: { kind: 'length', size: 1 },
  CM: { kind: 'length', size: 10 },
  M: { kind: 'length', size: 1000 },
  IN: { kind: 'length', size: 25.4 },
  FT: { kind: 'length', size: 304.8 },
  YD: { kind: 'length', size: 914.4 },
  SQM: { kind: 'area', size: 1 },
  SQFT: { kind: 'area', size: 0.09290304 },
};

/**
 * The sizes of the base and the total unit in their kind's smallest unit: 1 KG against 1 G is
 * [1e6, 1000]. With an UNSPECIFIED unit on either side the quantities are compared as they are.
 */
export function unitSizes(data: PricePerUnitState): [number, number] {
  const base = UNITS[data.baseMeasurementUnit];
  const total = UNITS[data.totalMeasurementUnit];
  if (!base || !total || base.kind === 'unspecified' || total.kind === 'unspecified') return [1, 1];
  return [base.size, total.size];
}

/** The smallest quantity of a per-unit price (a thousandth): below it the price means nothing. */
const MIN_QUANTITY = 0.001;

/** What a product without a per-unit price sends (and may send back to keep it so). */
export const NO_PRICE_PER_UNIT: PricePerUnitState = {
  totalQuantity: 0,
  totalMeasurementUnit: 'UNSPECIFIED',
  baseQuantity: 0,
  baseMeasurementUnit: 'UNSPECIFIED',
};

/**
 * The per-unit price data to keep: undefined for none (both quantities 0). Refuses a quantity
 * below a thousandth and units of different kinds (millilitres against kilograms); UNSPECIFIED
 * goes with any.
 */
export function pricePerUnitOf(data: PricePerUnitState, field: string): PricePerUnitState | undefined {
  if (data.totalQuantity === 0 && data.baseQuantity === 0) return undefined;
  for (const quantity of ['totalQuantity', 'baseQuantity'] as const)
    if (data[quantity] < MIN_QUANTITY)
      throw invalidField(
        `${field}.${quantity}`,
        `must be at least ${MIN_QUANTITY} (or both quantities 0 for no per-unit price)`,
        'MIN',
      );
  const total = UNITS[data.totalMeasurementUnit]?.kind ?? 'unspecified';
  const base = UNITS[data.baseMeasurementUnit]?.kind ?? 'unspecified';
  if (total !== base && total !== 'unspecified' && base !== 'unspecified')
    throw invalidField(
      `${field}.baseMeasurementUnit`,
      `${data.baseMeasurementUnit} measures ${base} and ${data.totalMeasurementUnit} ${total}: both units must measure the same thing`,
    );
  return data;
}
