import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../db/connect.ts';
import { comparisonSql, directionSql, type FieldSql } from './field-sql.ts';
import type { Predicate } from './types.ts';

/** A decimal as the API writes amounts and order numbers: digits, then maybe a point and digits. */
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

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
      const value = sql`CASE WHEN ${isDecimal} THEN ${number(text)} END`;
      return sql<SqlBool>`COALESCE(${value} ${comparisonSql[operator]} ${number(sql`${String(operand)}`)}, FALSE)`;
    },
    orderBy(order) {
      const direction = directionSql(order);
      const terms = field.orderBy(order);
      // Missing first (ascending) as everywhere, then decimals by their numbers, then other strings.
      const decimals = [
        sql`CASE WHEN ${text} IS NULL THEN 0 WHEN ${isDecimal} THEN 1 ELSE 2 END ${direction}`,
        sql`CASE WHEN ${isDecimal} THEN ${number(text)} END ${direction}`,
      ];
      return ranked ? [terms[0]!, ...decimals, ...terms.slice(1)] : [...decimals, ...terms];
    },
  };
}
