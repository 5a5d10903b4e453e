/**
 * An in-memory evaluator of the filter and sort semantics documented in filter.ts and sort.ts,
 * written independently of the compiler, as the oracle for the property-based tests. It assumes
 * well-formed input (the parser's own tests cover rejection).
 */
import type { SortKey } from './types.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Doc = { readonly id: string; readonly [key: string]: Json };

const MISSING = Symbol('missing');
type Found = Json | typeof MISSING;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects only: a path never steps into an array. */
export function lookup(doc: Doc, fieldName: string): Found {
  let current: Found = doc;
  for (const segment of fieldName.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, segment)) return MISSING;
    current = current[segment] as Json;
  }
  return current;
}

/** UTF-8 byte order, which is Unicode code point order (not JavaScript's UTF-16 order). */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = left[index]!.codePointAt(0)! - right[index]!.codePointAt(0)!;
    if (difference !== 0) return Math.sign(difference);
  }
  return Math.sign(left.length - right.length);
}

function equalsScalar(value: Found, operand: unknown): boolean {
  if (operand === null) return value === MISSING || value === null;
  return typeof value === typeof operand && value === operand;
}

function compareSameType(value: Found, operand: unknown): number | undefined {
  if (typeof value === 'number' && typeof operand === 'number') return Math.sign(value - operand);
  if (typeof value === 'string' && typeof operand === 'string') return compareCodePoints(value, operand);
  return undefined;
}

/** The text operators' case folding, written apart from the engines': ASCII letters only. */
const foldAscii = (text: string) =>
  [...text].map((c) => (c >= 'A' && c <= 'Z' ? String.fromCharCode(c.charCodeAt(0) + 32) : c)).join('');

const isEmptyValue = (value: Found) =>
  value === MISSING || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function matchesFilter(doc: Doc, filter: unknown): boolean {
  if (filter === null || filter === undefined) return true;
  return Object.entries(filter as Record<string, unknown>).every(([key, operand]) => {
    if (key === '$and') return (operand as unknown[]).every((child) => matchesFilter(doc, child));
    if (key === '$or') return (operand as unknown[]).some((child) => matchesFilter(doc, child));
    if (key === '$not') return !matchesFilter(doc, operand);
    return matchesCondition(lookup(doc, key), operand);
  });
}

function matchesCondition(value: Found, condition: unknown): boolean {
  if (!isObject(condition)) return equalsScalar(value, condition);
  return Object.entries(condition).every(([operator, operand]) => matchesOperator(value, operator, operand));
}

function matchesOperator(value: Found, operator: string, operand: unknown): boolean {
  const operands = operand as unknown[];
  switch (operator) {
    case '$eq':
      return equalsScalar(value, operand);
    case '$ne':
      return !equalsScalar(value, operand);
    case '$in':
      return operands.some((item) => equalsScalar(value, item));
    case '$nin':
      return !operands.some((item) => equalsScalar(value, item));
    case '$gt':
      return (compareSameType(value, operand) ?? 0) > 0;
    case '$gte':
      return (compareSameType(value, operand) ?? -1) >= 0;
    case '$lt':
      return (compareSameType(value, operand) ?? 0) < 0;
    case '$lte':
      return (compareSameType(value, operand) ?? 1) <= 0;
    case '$startsWith':
      return typeof value === 'string' && foldAscii(value).startsWith(foldAscii(operand as string));
    case '$endsWith':
      return typeof value === 'string' && foldAscii(value).endsWith(foldAscii(operand as string));
    case '$contains':
      return typeof value === 'string' && foldAscii(value).includes(foldAscii(operand as string));
    case '$exists':
      return (value !== MISSING) === operand;
    case '$isEmpty':
      return isEmptyValue(value) === operand;
    case '$hasSome':
      return (
        Array.isArray(value) && operands.some((item) => value.some((element) => equalsScalar(element, item)))
      );
    case '$hasAll':
      return (
        Array.isArray(value) && operands.every((item) => value.some((element) => equalsScalar(element, item)))
      );
    case '$not':
      return !matchesCondition(value, operand);
    default:
      throw new Error(`Reference evaluator: unknown operator ${operator}`);
  }
}

function typeRank(value: Found): number {
  if (value === MISSING || value === null) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 3;
  return 4;
}

function compareValues(a: Found, b: Found): number {
  const rankDifference = typeRank(a) - typeRank(b);
  if (rankDifference !== 0) return Math.sign(rankDifference);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareSameType(a, b) ?? 0;
}

export function compareDocs(a: Doc, b: Doc, sort: readonly SortKey[]): number {
  for (const key of sort) {
    const difference = compareValues(lookup(a, key.fieldName), lookup(b, key.fieldName));
    if (difference !== 0) return key.order === 'DESC' ? -difference : difference;
  }
  const byId = compareCodePoints(a.id, b.id);
  return sort.at(-1)?.order === 'DESC' ? -byId : byId;
}

/** Ids of the documents a query returns, in order. */
export function referenceQuery(
  docs: readonly Doc[],
  query: { filter?: unknown; sort?: readonly SortKey[]; offset?: number; limit?: number },
): string[] {
  const sort = query.sort ?? [];
  const offset = query.offset ?? 0;
  return docs
    .filter((doc) => matchesFilter(doc, query.filter))
    .sort((a, b) => compareDocs(a, b, sort))
    .slice(offset, query.limit === undefined ? undefined : offset + query.limit)
    .map((doc) => doc.id);
}
