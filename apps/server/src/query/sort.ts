/**
 * Sort keys compiled to ORDER BY terms that order the same way on SQLite and PostgreSQL.
 *
 * A document field may hold values of several JSON types, so each key orders first by type rank
 * (missing/null < numbers < strings < booleans < arrays and objects) and then by the value within
 * its type: numbers numerically, strings by UTF-8 bytes, false < true; arrays and objects are
 * not ordered among themselves. DESC reverses the whole order, ranks included. Real columns sort
 * directly (missing, i.e. NULL, lowest). The row id comes last, in the direction of the last key,
 * so pages never overlap or skip rows, and an index on (..., key, id) can serve the order.
 */
import { type RawBuilder, sql } from 'kysely';
import { invalidField } from '../lib/errors.ts';
import { parseFieldPath } from './field-path.ts';
import { directionSql, sortTerm } from './field-sql.ts';
import { isPlainObject } from './filter-parse.ts';
import { targetField } from './target-field.ts';
import type { QueryTarget, SortKey, SortOrder, SortTerm } from './types.ts';

export const MAX_SORT_KEYS = 5;

/** Reads wire sort keys (`[{fieldName, order?}]`); a missing order is ASC; null means no keys. */
export function parseSort(sort: unknown, location = 'query.sort'): SortKey[] {
  if (sort === undefined || sort === null) return [];
  if (!Array.isArray(sort)) throw invalidField(location, 'Expected an array of {fieldName, order}');
  if (sort.length > MAX_SORT_KEYS) {
    throw invalidField(location, `At most ${MAX_SORT_KEYS} sort keys are allowed`, 'MAX_SIZE');
  }
  return sort.map((key, index) => parseSortKey(key, `${location}[${index}]`));
}

function parseSortKey(key: unknown, location: string): SortKey {
  if (!isPlainObject(key)) throw invalidField(location, 'Expected {fieldName, order}');
  const fieldName = key.fieldName;
  parseFieldPath(fieldName, `${location}.fieldName`);
  return { fieldName: fieldName as string, order: parseOrder(key.order, `${location}.order`) };
}

function parseOrder(order: unknown, location: string): SortOrder {
  if (order === undefined || order === null) return 'ASC';
  if (order === 'ASC' || order === 'DESC') return order;
  throw invalidField(location, 'Expected ASC or DESC', 'INVALID_ENUM_VALUE');
}

/** The terms `sort` orders by, the row id last: what ORDER BY and a cursor's keyset are made of. */
export function compileSortTerms(
  sort: readonly SortKey[],
  target: QueryTarget,
  fieldPrefix = 'query.sort',
): SortTerm[] {
  // Checked again here: callers may pass wire data straight through.
  const keys = parseSort(sort, fieldPrefix);
  const terms = keys.flatMap((key) =>
    targetField(target, key.fieldName, key.fieldName.split('.')).sortTerms(key.order),
  );
  const id = sql.ref(`${target.table}.id`);
  const byteOrderedId = target.engine === 'postgres' ? sql`${id} COLLATE "C"` : id;
  return [...terms, sortTerm(byteOrderedId, keys.at(-1)?.order ?? 'ASC', false, 'text')];
}

/**
 * One term as ORDER BY writes it. NULL lowest: SQLite's own order; PostgreSQL is told (where the
 * term's values are all NULL or none within the terms before it, the clause changes nothing).
 */
export function orderByTerm(term: SortTerm, engine: QueryTarget['engine']): RawBuilder<unknown> {
  const nulls =
    engine === 'postgres' && term.nullable
      ? sql.raw(term.order === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST')
      : sql``;
  return sql`${term.value} ${directionSql(term.order)}${nulls}`;
}

export function compileOrderBy(
  sort: readonly SortKey[],
  target: QueryTarget,
  fieldPrefix = 'query.sort',
): RawBuilder<unknown>[] {
  return compileSortTerms(sort, target, fieldPrefix).map((term) => orderByTerm(term, target.engine));
}
