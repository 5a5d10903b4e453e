/**
 * Reads a wire filter into a small tree, rejecting anything outside the language documented in
 * filter.ts. Every error names where it is (`query.filter.$and[1].price`). Negated operators
 * (`$ne`, `$nin`, `$exists: false`, `$isEmpty: false`) become `not` nodes, so the SQL side only has
 * positive tests to write, each of which yields strictly TRUE or FALSE.
 */
import { invalidField } from '../lib/errors.ts';
import { parseFieldPath } from './field-path.ts';

export type Scalar = string | number | boolean | null;
export type RangeOperator = '$gt' | '$gte' | '$lt' | '$lte';
export type TextOperator = '$startsWith' | '$endsWith' | '$contains';

export type FieldTest =
  | { readonly kind: 'eq'; readonly value: Scalar }
  | { readonly kind: 'in'; readonly values: readonly Scalar[] }
  | { readonly kind: 'range'; readonly operator: RangeOperator; readonly value: string | number }
  | { readonly kind: 'text'; readonly operator: TextOperator; readonly value: string }
  | { readonly kind: 'exists' }
  | { readonly kind: 'isEmpty' }
  | { readonly kind: 'hasSome'; readonly values: readonly Scalar[] }
  | { readonly kind: 'hasAll'; readonly values: readonly Scalar[] };

export type FilterNode =
  | { readonly kind: 'and'; readonly nodes: readonly FilterNode[] }
  | { readonly kind: 'or'; readonly nodes: readonly FilterNode[] }
  | { readonly kind: 'not'; readonly node: FilterNode }
  | {
      readonly kind: 'field';
      readonly field: string;
      readonly path: readonly string[];
      readonly test: FieldTest;
    };

/** Deepest nesting of `$and` / `$or` / `$not` accepted. */
export const MAX_FILTER_DEPTH = 20;
/** Most field conditions accepted in one filter; each operand of an array operator counts as one. */
export const MAX_FILTER_CONDITIONS = 500;

interface ParseState {
  readonly rootLocation: string;
  conditions: number;
}

/** Parses a wire filter; `null`/`undefined` mean no filter (`{}`). */
export function parseFilter(filter: unknown, location = 'query.filter'): FilterNode {
  const state: ParseState = { rootLocation: location, conditions: 0 };
  return parseFilterObject(filter ?? {}, location, 0, state);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const and = (nodes: FilterNode[]): FilterNode => (nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes });
const not = (node: FilterNode): FilterNode => ({ kind: 'not', node });

function checkDepth(depth: number, location: string) {
  if (depth > MAX_FILTER_DEPTH) {
    throw invalidField(location, `Filter is nested too deeply (at most ${MAX_FILTER_DEPTH} levels)`);
  }
}

function countConditions(state: ParseState, count: number) {
  state.conditions += count;
  if (state.conditions > MAX_FILTER_CONDITIONS) {
    throw invalidField(
      state.rootLocation,
      `Filter has too many conditions (at most ${MAX_FILTER_CONDITIONS}, counting each array operand)`,
      'MAX_SIZE',
    );
  }
}

function parseFilterObject(value: unknown, location: string, depth: number, state: ParseState): FilterNode {
  checkDepth(depth, location);
  if (!isPlainObject(value)) throw invalidField(location, 'Expected a filter object');
  return and(
    Object.entries(value).map(([key, operand]) => parseFilterEntry(key, operand, location, depth, state)),
  );
}

function parseFilterEntry(
  key: string,
  operand: unknown,
  location: string,
  depth: number,
  state: ParseState,
): FilterNode {
  if (key === '$and' || key === '$or') {
    const nodes = parseFilterList(key, operand, `${location}.${key}`, depth, state);
    return { kind: key === '$and' ? 'and' : 'or', nodes };
  }
  if (key === '$not') return not(parseFilterObject(operand, `${location}.$not`, depth + 1, state));
  if (key.startsWith('$')) throw invalidField(location, `Unknown operator ${key}`);
  const fieldLocation = `${location}.${key}`;
  const path = parseFieldPath(key, fieldLocation);
  return parseFieldCondition({ field: key, path, location: fieldLocation }, operand, depth, state);
}

function parseFilterList(
  operator: string,
  operand: unknown,
  location: string,
  depth: number,
  state: ParseState,
): FilterNode[] {
  if (!Array.isArray(operand)) throw invalidField(location, `${operator} expects an array of filters`);
  return operand.map((item, index) => parseFilterObject(item, `${location}[${index}]`, depth + 1, state));
}

interface FieldRef {
  readonly field: string;
  readonly path: readonly string[];
  readonly location: string;
}

function parseFieldCondition(ref: FieldRef, operand: unknown, depth: number, state: ParseState): FilterNode {
  if (!isPlainObject(operand)) {
    countConditions(state, 1);
    return fieldNode(ref, { kind: 'eq', value: readScalar(operand, ref.location) });
  }
  const keys = Object.keys(operand);
  const operatorCount = keys.filter((key) => key.startsWith('$')).length;
  if (keys.length === 0 || operatorCount === 0) {
    throw invalidField(
      ref.location,
      'Expected a value or an operator object such as {"$eq": ...}; to reach a nested field use a dotted name',
    );
  }
  if (operatorCount !== keys.length) throw invalidField(ref.location, 'Cannot mix operators and field names');
  return and(keys.map((key) => parseFieldOperator(ref, key, operand[key], depth, state)));
}

const fieldNode = (ref: FieldRef, test: FieldTest): FilterNode => ({
  kind: 'field',
  field: ref.field,
  path: ref.path,
  test,
});

function parseFieldOperator(
  ref: FieldRef,
  operator: string,
  operand: unknown,
  depth: number,
  state: ParseState,
): FilterNode {
  if (operator === '$not') {
    checkDepth(depth + 1, ref.location);
    if (!isPlainObject(operand)) throw invalidField(ref.location, '$not expects an operator object');
    return not(parseFieldCondition(ref, operand, depth + 1, state));
  }
  countConditions(state, Array.isArray(operand) ? Math.max(operand.length, 1) : 1);
  const { location } = ref;
  switch (operator) {
    case '$eq':
      return fieldNode(ref, { kind: 'eq', value: readScalar(operand, location, operator) });
    case '$ne':
      return not(fieldNode(ref, { kind: 'eq', value: readScalar(operand, location, operator) }));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return fieldNode(ref, {
        kind: 'range',
        operator,
        value: readRangeOperand(operand, location, operator),
      });
    case '$in':
      return fieldNode(ref, { kind: 'in', values: readScalarArray(operand, location, operator) });
    case '$nin':
      return not(fieldNode(ref, { kind: 'in', values: readScalarArray(operand, location, operator) }));
    case '$hasSome':
      return fieldNode(ref, { kind: 'hasSome', values: readScalarArray(operand, location, operator) });
    case '$hasAll':
      return fieldNode(ref, { kind: 'hasAll', values: readScalarArray(operand, location, operator) });
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      return fieldNode(ref, { kind: 'text', operator, value: readString(operand, location, operator) });
    case '$exists':
    case '$isEmpty': {
      const node = fieldNode(ref, { kind: operator === '$exists' ? 'exists' : 'isEmpty' });
      return readBoolean(operand, location, operator) ? node : not(node);
    }
    default:
      throw invalidField(location, `Unknown operator ${operator}`);
  }
}

/**
 * Strings that neither engine stores the same way are refused: PostgreSQL rejects NUL in text and
 * JSONB, and a lone UTF-16 surrogate has no UTF-8 form.
 */
function checkString(value: string, location: string, what: string) {
  if (value.includes('\u0000')) throw invalidField(location, `${what} must not contain the NUL character`);
  if (/[\uD800-\uDFFF]/u.test(value)) throw invalidField(location, `${what} contains an unpaired surrogate`);
}

/** A string, finite number, boolean or null; `operator` names the operand in errors (none: implicit equality). */
function readScalar(value: unknown, location: string, operator?: string): Scalar {
  const what = operator ? `${operator} operand` : 'Value';
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidField(location, `${what} must be a finite number`);
    return value;
  }
  if (typeof value === 'string') {
    checkString(value, location, what);
    return value;
  }
  throw invalidField(
    location,
    operator
      ? `${operator} expects a string, number, boolean or null`
      : 'Expected a string, number, boolean or null',
  );
}

function readRangeOperand(value: unknown, location: string, operator: string): string | number {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw invalidField(location, `${operator} expects a number or a string`);
  }
  return readScalar(value, location, operator) as string | number;
}

function readString(value: unknown, location: string, operator: string): string {
  if (typeof value !== 'string') throw invalidField(location, `${operator} expects a string`);
  checkString(value, location, `${operator} operand`);
  return value;
}

function readBoolean(value: unknown, location: string, operator: string): boolean {
  if (typeof value !== 'boolean') throw invalidField(location, `${operator} expects true or false`);
  return value;
}

function readScalarArray(value: unknown, location: string, operator: string): Scalar[] {
  if (!Array.isArray(value)) throw invalidField(location, `${operator} expects an array`);
  return value.map((item) => {
    if (typeof item === 'object' && item !== null) {
      throw invalidField(location, `${operator} expects an array of strings, numbers, booleans or nulls`);
    }
    return readScalar(item, location, operator);
  });
}
