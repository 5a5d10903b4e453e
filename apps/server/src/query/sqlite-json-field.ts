/**
 * A field read from the JSON document on SQLite, where `doc` is TEXT: `json_type` tells the JSON
 * type (NULL when the path is missing), `json_extract` the SQL value (booleans become 0/1, so the
 * type is always tested alongside), `json_each` walks arrays.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  comparisonSql,
  distinctScalars,
  type FieldSql,
  groupScalars,
  joinPredicates,
  rankByType,
  SORT_RANK,
  sortTerm,
  textTest,
  valueList,
} from './field-sql.ts';
import type { Scalar } from './filter-parse.ts';
import type { Predicate } from './types.ts';

/** `$."a"."b"`: quoted segments are object keys, so a digit segment never indexes an array. */
export const sqliteJsonPath = (path: readonly string[]) =>
  `$${path.map((segment) => `."${segment}"`).join('')}`;

const ELEMENT = 'plaza_element';

const SQLITE_TYPE_RANKS = {
  integer: SORT_RANK.number,
  real: SORT_RANK.number,
  text: SORT_RANK.string,
  true: SORT_RANK.boolean,
  false: SORT_RANK.boolean,
  array: SORT_RANK.container,
  object: SORT_RANK.container,
};

export function sqliteJsonField(doc: RawBuilder<unknown>, path: readonly string[]): FieldSql {
  const jsonPath = sqliteJsonPath(path);
  const type = sql`json_type(${doc}, ${jsonPath})`;
  const value = sql`json_extract(${doc}, ${jsonPath})`;
  const isString = sql<SqlBool>`(${type} IS 'text')`;
  const isNumber = sql<SqlBool>`(${type} IS 'integer' OR ${type} IS 'real')`;
  const isArray = sql<SqlBool>`(${type} IS 'array')`;
  const someElementEquals = (values: readonly Scalar[]) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM json_each(${doc}, ${jsonPath}) AS ${sql.id(ELEMENT)} WHERE ${equalsAny(
      sql.ref(`${ELEMENT}.type`),
      sql.ref(`${ELEMENT}.value`),
      values,
    )})`;

  return {
    equals: (operand) => equalsAny(type, value, [operand]),
    isIn: (values) => equalsAny(type, value, values),
    compare(operator, operand) {
      const ofOperandType = typeof operand === 'string' ? isString : isNumber;
      return sql<SqlBool>`(${ofOperandType} AND ${value} ${comparisonSql[operator]} ${operand})`;
    },
    matchText(operator, operand) {
      if (operand === '') return isString;
      return sql<SqlBool>`(${isString} AND ${textTest('sqlite', value, operator, operand)})`;
    },
    exists: () => sql<SqlBool>`(${type} IS NOT NULL)`,
    isEmpty: () =>
      sql<SqlBool>`(${value} IS NULL OR (${isString} AND ${value} = '') OR (${isArray} AND json_array_length(${doc}, ${jsonPath}) = 0))`,
    hasSome: (values) =>
      values.length === 0 ? sql<SqlBool>`FALSE` : sql<SqlBool>`(${isArray} AND ${someElementEquals(values)})`,
    hasAll: (values) =>
      joinPredicates(
        [isArray, ...distinctScalars(values).map((operand) => someElementEquals([operand]))],
        'AND',
      ),
    stringValue: () => sql`CASE WHEN ${isString} THEN ${value} END`,
    sortTerms(order) {
      // Within one rank every value has the same SQL type, so one CASE can carry all of them.
      const rank = rankByType(type, SQLITE_TYPE_RANKS);
      const typedValue = sql`(CASE ${type} WHEN 'true' THEN 1 WHEN 'false' THEN 0 WHEN 'array' THEN NULL WHEN 'object' THEN NULL ELSE ${value} END)`;
      return [sortTerm(rank, order, false, 'integer'), sortTerm(typedValue, order, true, 'scalar')];
    },
  };
}

/** Strictly boolean: some operand has the value's JSON type and equals it (`null`: missing or null). */
function equalsAny(
  type: RawBuilder<unknown>,
  value: RawBuilder<unknown>,
  values: readonly Scalar[],
): Predicate {
  const { strings, numbers, booleans, hasNull } = groupScalars(values);
  const tests: Predicate[] = [];
  if (strings.length > 0) {
    tests.push(sql<SqlBool>`(${type} IS 'text' AND ${value} IN (${valueList(strings)}))`);
  }
  if (numbers.length > 0) {
    tests.push(
      sql<SqlBool>`((${type} IS 'integer' OR ${type} IS 'real') AND ${value} IN (${valueList(numbers)}))`,
    );
  }
  for (const boolean of booleans) {
    tests.push(sql<SqlBool>`(${type} IS ${sql.lit(boolean ? 'true' : 'false')})`);
  }
  if (hasNull) tests.push(sql<SqlBool>`(${type} IS NULL OR ${type} IS 'null')`);
  return joinPredicates(tests, 'OR');
}
