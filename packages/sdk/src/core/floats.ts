/**
 * The float rule of this SDK (API map 3.2): the wire sends a float that is not finite as the string
 * "NaN", "Infinity" or "-Infinity", and the SDK view holds the number. Strings carry no type, so the
 * rule goes by field name, as the date rule does: only the float fields of the API (stores v1 prices,
 * costs, weights and their ranges, geocode coordinates, percentages) are turned back, never a name, a
 * choice or a formatted price that happens to read "Infinity".
 */
const FLOAT_FIELDS = new Set([
  'price',
  'discountedPrice',
  'pricePerUnit',
  'weight',
  'minValue',
  'maxValue',
  'itemCost',
  'profit',
  'profitMargin',
  'totalQuantity',
  'baseQuantity',
  'latitude',
  'longitude',
  'percentage',
]);

const NON_FINITE: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

/** Stores v1 `formatted` objects hold display text under the float fields' names. */
export const holdsText = (key: string) => key === 'formatted';

/** The number a float field's `text` stands for, or undefined when the field or the text is no float. */
export const nonFiniteFloat = (key: string, text: string): number | undefined =>
  FLOAT_FIELDS.has(key) && Object.hasOwn(NON_FINITE, text) ? NON_FINITE[text] : undefined;
