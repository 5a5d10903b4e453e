import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../db/connect.ts';
import { comparisonSql, type FieldSql, sortTerm } from './field-sql.ts';
import type { RangeOperator } from './filter-parse.ts';
import type { Predicate } from './types.ts';

/** A decimal as the API writes amounts and order numbers: digits, then maybe a point and digits. */
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/**
 * The digits an operand keeps before the point and after it. Before: the most PostgreSQL's `numeric`
 * takes, so no value has more. After: 15, the most that SQLite's REAL keeps exactly, so that both
 * engines answer alike; the values are amounts and order numbers, with a few decimals at most.
 */
export const OPERAND_LIMITS = { integer: 131_072, fraction: 15 };

/**
 * `value operator operand` for every value of at most `limits` digits, said with an operand of at most
 * as many: a longer operand is an error in PostgreSQL. Above every such value, a comparison is true of
 * all decimals or of none; cut after `limits.fraction` decimals, the operand lies strictly between the
 * cut one and the next value, so `<` and `>=` take the cut one with `<=` and `>`.
 */
export function shortenedOperand(
  operator: RangeOperator,
  operand: string,
  limits = OPERAND_LIMITS,
): { operator: RangeOperator; operand: string } | { all: boolean } {
  const [whole = '', fraction = ''] = operand.split('.');
  const integer = whole.replace(/^0+(?=[0-9])/, '');
  const decimals = fraction.replace(/0+$/, '');
  if (integer.length > limits.integer) return { all: operator === '$lt' || operator === '$lte' };
  if (decimals.length <= limits.fraction)
    return { operator, operand: decimals ? `${integer}.${decimals}` : integer };
  const cut = `${integer}.${decimals.slice(0, limits.fraction)}`;
  const moved: Record<RangeOperator, RangeOperator> = { $lt: '$lte', $lte: '$lte', $gt: '$gt', $gte: '$gt' };
  return { operator: moved[operator], operand: cut };
}

/**
 * A field whose values are decimals written as JSON strings (a money amount "44.96", an order number
 * "10001"), compared and sorted by the number they write rather than as text, where "9.00" would
 * follow "44.96". A range operand that is a number or such a string compares numbers; any other
 * operand, and every other operator, works on the text as for any string. Values that are not such
 * strings sort after those that are (before them, descending), then as `field` sorts them.
 * `ranked`: the field's own sort starts with a rank of JSON types (a field of the document), which
 * stays first; a real column's sort has none.
 */
export function decimalField(engine: Engine, field: FieldSql, ranked: boolean): FieldSql {
  const text = field.stringValue();
  // The same test on both engines (SQLite has no regular expressions): DECIMAL, spelt in GLOBs.
  const isDecimal: Predicate =
    engine === 'postgres'
      ? sql<SqlBool>`COALESCE(${text} ~ '^[0-9]+([.][0-9]+)?$', FALSE)`
      : sql<SqlBool>`COALESCE(${text} GLOB '[0-9]*' AND ${text} NOT GLOB '*[^0-9.]*' AND ${text} NOT GLOB '*.*.*' AND ${text} NOT GLOB '*.', FALSE)`;
  const number = (value: RawBuilder<unknown>) =>
    engine === 'postgres' ? sql`CAST(${value} AS numeric)` : sql`CAST(${value} AS REAL)`;
  return {
    ...field,
    compare(operator, operand) {
      if (typeof operand === 'string' && !DECIMAL.test(operand)) return field.compare(operator, operand);
      // Shortened on both engines, so that they answer alike what PostgreSQL could not cast.
      const short =
        typeof operand === 'string'
          ? shortenedOperand(operator, operand)
          : { operator, operand: String(operand) };
      if ('all' in short) return short.all ? isDecimal : sql<SqlBool>`FALSE`;
      const value = sql`CASE WHEN ${isDecimal} THEN ${number(text)} END`;
      return sql<SqlBool>`COALESCE(${value} ${comparisonSql[short.operator]} ${number(sql`${short.operand}`)}, FALSE)`;
    },
    sortTerms(order) {
      const terms = field.sortTerms(order);
      // Missing first (ascending) as everywhere, then decimals by their numbers, then other strings.
      const decimals = [
        sortTerm(
          sql`(CASE WHEN ${text} IS NULL THEN 0 WHEN ${isDecimal} THEN 1 ELSE 2 END)`,
          order,
          false,
          'integer',
        ),
        sortTerm(sql`(CASE WHEN ${isDecimal} THEN ${number(text)} END)`, order, true, 'number'),
      ];
      return ranked ? [terms[0]!, ...decimals, ...terms.slice(1)] : [...decimals, ...terms];
    },
  };
}
