/**
 * What the filter and sort compilers need from one field, whichever way it is stored (a JSON path
 * in the document on SQLite or PostgreSQL, or a real column). Every predicate a `FieldSql` returns
 * is strictly TRUE or FALSE, never SQL NULL, so `NOT` and `$nin` keep their plain meaning.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../db/connect.ts';
import type { RangeOperator, Scalar, TextOperator } from './filter-parse.ts';
import type { Predicate, SortOrder, SortTerm } from './types.ts';

export interface FieldSql {
  /** Same JSON type and value; `null` matches a missing field or JSON null. */
  equals(value: Scalar): Predicate;
  /** Equal to any of `values`; FALSE for an empty list. */
  isIn(values: readonly Scalar[]): Predicate;
  /** A value of the operand's JSON type that compares as asked (strings by UTF-8 bytes). */
  compare(operator: RangeOperator, value: string | number): Predicate;
  /** A string that starts with, ends with or contains `value`, whatever the case of ASCII letters. */
  matchText(operator: TextOperator, value: string): Predicate;
  /** The path is present, even when its value is JSON null. */
  exists(): Predicate;
  /** Missing, null, "" or []. */
  isEmpty(): Predicate;
  /** An array with at least one element equal to one of `values`. */
  hasSome(values: readonly Scalar[]): Predicate;
  /** An array holding every one of `values` (any array when `values` is empty). */
  hasAll(values: readonly Scalar[]): Predicate;
  /** ORDER BY terms that rank and then order values (see sort.ts). */
  sortTerms(order: SortOrder): SortTerm[];
  /** The value as SQL text when it is a string, else SQL NULL. */
  stringValue(): RawBuilder<unknown>;
}

export const TRUE: Predicate = sql<SqlBool>`TRUE`;
export const FALSE: Predicate = sql<SqlBool>`FALSE`;

/**
 * Joins predicates with AND/OR as a balanced tree: SQLite limits expression depth (1000), and a
 * flat chain of 500 terms parses as a 500-deep left-leaning tree.
 */
export function joinPredicates(predicates: readonly Predicate[], connective: 'AND' | 'OR'): Predicate {
  if (predicates.length === 0) return connective === 'AND' ? TRUE : FALSE;
  if (predicates.length === 1) return predicates[0]!;
  const middle = Math.ceil(predicates.length / 2);
  const left = joinPredicates(predicates.slice(0, middle), connective);
  const right = joinPredicates(predicates.slice(middle), connective);
  return sql<SqlBool>`(${left} ${sql.raw(connective)} ${right})`;
}

export const negate = (predicate: Predicate): Predicate => sql<SqlBool>`(NOT ${predicate})`;

export const comparisonSql: Readonly<Record<RangeOperator, RawBuilder<unknown>>> = {
  $gt: sql.raw('>'),
  $gte: sql.raw('>='),
  $lt: sql.raw('<'),
  $lte: sql.raw('<='),
};

export const directionSql = (order: SortOrder) => sql.raw(order === 'DESC' ? 'DESC' : 'ASC');

export const sortTerm = (
  value: RawBuilder<unknown>,
  order: SortOrder,
  nullable: boolean,
  kind: SortTerm['kind'],
): SortTerm => ({ value, order, nullable, kind });

export interface ScalarGroups {
  readonly strings: string[];
  readonly numbers: number[];
  readonly booleans: boolean[];
  readonly hasNull: boolean;
}

/** Splits operands by JSON type, so each type can be tested with one `IN` list. */
export function groupScalars(values: readonly Scalar[]): ScalarGroups {
  const groups = {
    strings: [] as string[],
    numbers: [] as number[],
    booleans: [] as boolean[],
    hasNull: false,
  };
  for (const value of values) {
    if (value === null) groups.hasNull = true;
    else if (typeof value === 'string') groups.strings.push(value);
    else if (typeof value === 'number') groups.numbers.push(value);
    else if (!groups.booleans.includes(value)) groups.booleans.push(value);
  }
  return groups;
}

/** Operands without repeats (1 and 1.0 are the same number), so `$hasAll` does no needless work. */
export function distinctScalars(values: readonly Scalar[]): Scalar[] {
  return [...new Set(values)];
}

/** A comma-separated list of bound parameters. */
export const valueList = (values: readonly (string | number)[]) => sql.join(values);

/**
 * How JSON values of different types order, identically on both engines: missing/null, then
 * numbers, strings, booleans, and last arrays and objects (which order among themselves by id only).
 */
export const SORT_RANK = { missingOrNull: 0, number: 1, string: 2, boolean: 3, container: 4 } as const;

/** `CASE <type> WHEN '<name>' THEN <rank> ... ELSE <missing/null rank> END`, from engine type names. */
export function rankByType(
  type: RawBuilder<unknown>,
  ranks: Readonly<Record<string, number>>,
): RawBuilder<number> {
  const branches = Object.entries(ranks).map(
    ([name, rank]) => sql`WHEN ${sql.lit(name)} THEN ${sql.lit(rank)}`,
  );
  return sql<number>`CASE ${type} ${sql.join(branches, sql` `)} ELSE ${sql.lit(SORT_RANK.missingOrNull)} END`;
}

/** ASCII letters in lower case, every other character as it is: the text tests' case folding. */
const foldAscii = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * The text test for a non-empty operand on a string `value` (callers check the type and the empty
 * operand), ignoring the case of ASCII letters as the platform's text filters ignore case. Only ASCII
 * letters fold: SQLite's lower() folds no others, and PostgreSQL's folds the rest by its locale, so
 * it is asked for the "C" collation's, which is SQLite's. Lengths are in characters on both engines,
 * not bytes or UTF-16 units.
 */
export function textTest(
  engine: Engine,
  value: RawBuilder<unknown>,
  operator: TextOperator,
  operand: string,
): RawBuilder<SqlBool> {
  const folded = foldAscii(operand);
  if (engine === 'postgres') {
    const text = sql`CAST(${folded} AS text)`;
    const lower = sql`lower((${value}) COLLATE "C")`;
    if (operator === '$startsWith') return sql<SqlBool>`starts_with(${lower}, ${text})`;
    if (operator === '$endsWith') return sql<SqlBool>`right(${lower}, length(${text})) = ${text}`;
    return sql<SqlBool>`strpos(${lower}, ${text}) > 0`;
  }
  const lower = sql`lower(${value})`;
  if (operator === '$startsWith') return sql<SqlBool>`substr(${lower}, 1, length(${folded})) = ${folded}`;
  if (operator === '$endsWith') return sql<SqlBool>`substr(${lower}, -length(${folded})) = ${folded}`;
  return sql<SqlBool>`instr(${lower}, ${folded}) > 0`;
}
