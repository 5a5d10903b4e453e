/**
 * A field read from the JSONB document on PostgreSQL: `#>` gives the JSONB node (SQL NULL when the
 * path is missing), `#>> '{}'` its text, `jsonb_typeof` its type. JSONB equality and `@>` are
 * type-strict and compare numbers by value, which is exactly the equality the language wants.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { isIndexLike } from './field-path.ts';
import {
  comparisonSql,
  type FieldSql,
  joinPredicates,
  rankByType,
  SORT_RANK,
  sortTerm,
  textTest,
} from './field-sql.ts';
import type { Predicate } from './types.ts';

const POSTGRES_TYPE_RANKS = {
  number: SORT_RANK.number,
  string: SORT_RANK.string,
  boolean: SORT_RANK.boolean,
  array: SORT_RANK.container,
  object: SORT_RANK.container,
};

const jsonb = (value: unknown) => sql`CAST(${JSON.stringify(value)} AS jsonb)`;
const text = (value: string) => sql`CAST(${value} AS text)`;
const strict = (expression: RawBuilder<unknown>): Predicate => sql<SqlBool>`COALESCE(${expression}, FALSE)`;

/**
 * The JSONB node at `path`. `#>` reads a digit segment as an index when the parent is an array;
 * paths traverse objects only, so such segments also require their parent to be an object.
 */
export function postgresJsonNode(doc: RawBuilder<unknown>, path: readonly string[]): RawBuilder<unknown> {
  const at = (segments: readonly string[]) => sql`${doc} #> CAST(${[...segments]} AS text[])`;
  const parentsThatMustBeObjects = path.flatMap((segment, index) =>
    index > 0 && isIndexLike(segment)
      ? [sql<SqlBool>`jsonb_typeof(${at(path.slice(0, index))}) = 'object'`]
      : [],
  );
  if (parentsThatMustBeObjects.length === 0) return sql`(${at(path)})`;
  return sql`(CASE WHEN ${joinPredicates(parentsThatMustBeObjects, 'AND')} THEN ${at(path)} END)`;
}

export function postgresJsonField(doc: RawBuilder<unknown>, path: readonly string[]): FieldSql {
  const node = postgresJsonNode(doc, path);
  const type = sql`jsonb_typeof(${node})`;
  const textValue = sql`(${node} #>> '{}')`;
  const isMissingOrNull = sql<SqlBool>`(${textValue} IS NULL)`;
  const isString = strict(sql`${type} = 'string'`);
  const isArray = (test: RawBuilder<unknown>) => strict(sql`${type} = 'array' AND ${test}`);

  return {
    equals: (operand) => (operand === null ? isMissingOrNull : strict(sql`${node} = ${jsonb(operand)}`)),
    isIn(values) {
      const present = values.filter((value) => value !== null);
      const tests: Predicate[] = [];
      if (present.length > 0) tests.push(strict(sql`${node} IN (${sql.join(present.map(jsonb))})`));
      if (present.length < values.length) tests.push(isMissingOrNull);
      return joinPredicates(tests, 'OR');
    },
    compare(operator, operand) {
      const comparison = comparisonSql[operator];
      if (typeof operand === 'string') {
        return strict(sql`${type} = 'string' AND ${textValue} COLLATE "C" ${comparison} ${text(operand)}`);
      }
      const number = sql`CASE WHEN ${type} = 'number' THEN CAST(${node} AS numeric) END`;
      return strict(sql`${number} ${comparison} CAST(${operand} AS numeric)`);
    },
    matchText(operator, operand) {
      if (operand === '') return isString;
      return strict(sql`${type} = 'string' AND ${textTest('postgres', textValue, operator, operand)}`);
    },
    exists: () => sql<SqlBool>`(${node} IS NOT NULL)`,
    // A missing path gives NULL, which COALESCE turns into TRUE: missing counts as empty.
    isEmpty: () => sql<SqlBool>`COALESCE(${node} IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb), TRUE)`,
    hasSome(values) {
      if (values.length === 0) return sql<SqlBool>`FALSE`;
      // `[[1]] @> [1]` is false, so containment of a one-element array is element equality.
      return isArray(
        sql`(${sql.join(
          values.map((value) => sql`${node} @> ${jsonb([value])}`),
          sql` OR `,
        )})`,
      );
    },
    hasAll: (values) => isArray(sql`${node} @> ${jsonb(values)}`),
    stringValue: () => sql`CASE WHEN ${isString} THEN ${textValue} END`,
    sortTerms: (order) => [
      sortTerm(rankByType(type, POSTGRES_TYPE_RANKS), order, false, 'integer'),
      sortTerm(sql`(CASE WHEN ${type} = 'number' THEN CAST(${node} AS numeric) END)`, order, true, 'number'),
      sortTerm(sql`(CASE WHEN ${type} = 'string' THEN ${textValue} END COLLATE "C")`, order, true, 'text'),
      sortTerm(
        sql`(CASE WHEN ${type} = 'boolean' THEN CAST(${node} AS boolean) END)`,
        order,
        true,
        'boolean',
      ),
    ],
  };
}
