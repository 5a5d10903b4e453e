/**
 * Paging: reads `paging` / `cursorPaging` into an offset or a keyset and a limit, and writes the paging
 * metadata of API map section 5.2. A cursor is opaque to clients: base64url of JSON `{of, filter,
 * sort, limit, after | before}`, where `of` names the list and `after` / `before` hold the sort-term
 * values of the row the next / previous page starts from (keyset.ts). It is not signed; it grants
 * nothing a client could not ask for with a filter directly, and its values are checked before use.
 */
import { invalidField, ValidationError } from '../lib/errors.ts';
import { isPlainObject, parseFilter } from './filter-parse.ts';
import { parseSort } from './sort.ts';
import type { KeyValue, PagingMetadata, QueryInput, ResolvedQuery, SortKey } from './types.ts';

export interface ResolveOptions {
  defaultLimit?: number;
  maxLimit?: number;
  /** Where the query sits in the request, for error fields (`query`). */
  fieldPrefix?: string;
  /** The list the query pages (its table): cursors name it, and one of another list is refused. */
  scope?: string;
}

interface Limits {
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly prefix: string;
  readonly scope: string | undefined;
}

const MAX_CURSOR_LENGTH = 64 * 1024;

/** The newest first: the order lists of created things default to. */
export const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' }] as const;

/**
 * `query` sorted by `sort` when it names no sort and holds no cursor (a cursor carries its own);
 * anything else, a malformed query included, as it is, for `resolveQuery` to read or refuse.
 */
export function withDefaultSort(query: unknown, sort: readonly object[]): unknown {
  const input = query ?? {};
  if (!isPlainObject(input)) return query;
  const cursor = isPlainObject(input.cursorPaging) ? input.cursorPaging.cursor : undefined;
  if (cursor !== undefined && cursor !== null && cursor !== '') return query;
  const named =
    input.sort !== undefined &&
    input.sort !== null &&
    !(Array.isArray(input.sort) && input.sort.length === 0);
  return named ? query : { ...input, sort };
}

export function resolveQuery(
  input: QueryInput | null | undefined,
  options: ResolveOptions = {},
): ResolvedQuery {
  const limits: Limits = {
    defaultLimit: options.defaultLimit ?? 50,
    maxLimit: options.maxLimit ?? 100,
    prefix: options.fieldPrefix ?? 'query',
    scope: options.scope,
  };
  if (input === undefined || input === null) {
    return { filter: {}, sort: [], offset: 0, limit: limits.defaultLimit, mode: 'offset' };
  }
  if (!isPlainObject(input)) throw invalidField(limits.prefix, 'Expected a query object');
  const { paging, cursorPaging } = input;
  if (paging != null && cursorPaging != null) {
    throw invalidField(
      `${limits.prefix}.cursorPaging`,
      'Send either paging or cursorPaging, not both',
      'ONE_OF_ALIGNMENT',
    );
  }
  return cursorPaging != null
    ? resolveCursorPaging(input, cursorPaging, limits)
    : resolveOffsetPaging(input, limits);
}

function resolveOffsetPaging(input: QueryInput, limits: Limits): ResolvedQuery {
  const { prefix } = limits;
  const paging = input.paging ?? {};
  if (!isPlainObject(paging)) throw invalidField(`${prefix}.paging`, 'Expected {limit, offset}');
  return {
    filter: readFilter(input.filter, `${prefix}.filter`),
    sort: parseSort(input.sort, `${prefix}.sort`),
    // A limit of 0 asks for the total only.
    limit: readInteger(paging.limit, `${prefix}.paging.limit`, 0, limits.maxLimit) ?? limits.defaultLimit,
    offset: readInteger(paging.offset, `${prefix}.paging.offset`, 0, Number.MAX_SAFE_INTEGER) ?? 0,
    mode: 'offset',
  };
}

function resolveCursorPaging(input: QueryInput, cursorPaging: unknown, limits: Limits): ResolvedQuery {
  const location = `${limits.prefix}.cursorPaging`;
  if (!isPlainObject(cursorPaging)) throw invalidField(location, 'Expected {limit, cursor}');
  // At least 1: a page of 0 items would hand back a cursor to the same place.
  const limit = readInteger(cursorPaging.limit, `${location}.limit`, 1, limits.maxLimit);
  const cursor = cursorPaging.cursor;
  if (cursor === undefined || cursor === null || cursor === '') {
    return {
      filter: readFilter(input.filter, `${limits.prefix}.filter`),
      sort: parseSort(input.sort, `${limits.prefix}.sort`),
      limit: limit ?? limits.defaultLimit,
      offset: 0,
      mode: 'cursor',
      ...(limits.scope === undefined ? {} : { scope: limits.scope }),
    };
  }
  rejectAlongsideCursor(input, limits.prefix);
  const position = decodeCursor(cursor, `${location}.cursor`, limits);
  return { ...position, limit: limit ?? position.limit, offset: 0, mode: 'cursor' };
}

/** With a cursor, filter and sort come from it; a different one sent alongside is a client bug. */
function rejectAlongsideCursor(input: QueryInput, prefix: string) {
  const hasFilter = isPlainObject(input.filter) ? Object.keys(input.filter).length > 0 : input.filter != null;
  if (hasFilter) {
    throw invalidField(
      `${prefix}.filter`,
      'The filter comes from the cursor; send only cursorPaging',
      'FIELD_NOT_ALLOWED',
    );
  }
  const hasSort = Array.isArray(input.sort) ? input.sort.length > 0 : input.sort != null;
  if (hasSort)
    throw invalidField(
      `${prefix}.sort`,
      'The sort comes from the cursor; send only cursorPaging',
      'FIELD_NOT_ALLOWED',
    );
}

function readFilter(filter: unknown, location: string): Record<string, unknown> {
  parseFilter(filter, location);
  return (filter ?? {}) as Record<string, unknown>;
}

/** An integer in [min, max], as a number or a string of digits (protobuf JSON allows both); undefined when absent. */
function readInteger(value: unknown, location: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const number = typeof value === 'string' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number))
    throw invalidField(location, 'Expected an integer');
  if (number < min) throw invalidField(location, `Must be at least ${min}`, 'MIN');
  if (number > max) throw invalidField(location, `Must be at most ${max}`, 'MAX');
  return number;
}

interface CursorPosition {
  readonly filter: Record<string, unknown>;
  readonly sort: readonly SortKey[];
  readonly limit: number;
  readonly keyset: NonNullable<ResolvedQuery['keyset']>;
  readonly scope?: string;
}

/** Longest keyset a cursor may hold: 5 sort keys of at most 4 terms each, and the id. */
const MAX_KEY_VALUES = 32;

export function encodeCursor(position: CursorPosition): string {
  const { filter, sort, limit, keyset, scope } = position;
  const values = keyset.backward ? { before: keyset.values } : { after: keyset.values };
  return Buffer.from(JSON.stringify({ of: scope, filter, sort, limit, ...values })).toString('base64url');
}

export const malformedCursor = (location: string, why = 'use a cursor from a previous response') =>
  invalidField(location, `Malformed cursor: ${why}`, 'FORMAT');

/** Any defect, in the encoding or in what it holds, is reported as a malformed cursor. */
function decodeCursor(cursor: unknown, location: string, limits: Limits): CursorPosition {
  const malformed = () => malformedCursor(location);
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw malformed();
  }
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (!isPlainObject(position) || !isPlainObject(position.filter)) throw malformed();
  if (position.of !== limits.scope)
    throw malformedCursor(
      location,
      'it pages another list; use a cursor from a previous response of this one',
    );
  const { limit, after, before } = position;
  if (!Number.isSafeInteger(limit) || (limit as number) < 1 || (limit as number) > limits.maxLimit)
    throw malformed();
  const values = after ?? before;
  if ((after === undefined) === (before === undefined) || !Array.isArray(values)) throw malformed();
  if (values.length > MAX_KEY_VALUES) throw malformed();
  try {
    parseFilter(position.filter, 'cursor.filter');
    const sort = parseSort(position.sort, 'cursor.sort');
    return {
      filter: position.filter,
      sort,
      limit: limit as number,
      keyset: { values, backward: before !== undefined },
      ...(limits.scope === undefined ? {} : { scope: limits.scope }),
    };
  } catch (error) {
    if (error instanceof ValidationError) throw malformed();
    throw error;
  }
}

/** What a page of a query found, for its metadata. */
export interface PageFound {
  readonly count: number;
  readonly total: number;
  /** Cursor paging: the sort-term values of the page's first and last rows (none when empty). */
  readonly first?: readonly KeyValue[] | undefined;
  readonly last?: readonly KeyValue[] | undefined;
  /** Cursor paging: whether rows follow the page, and whether rows precede it. */
  readonly hasNext?: boolean;
  readonly hasPrev?: boolean;
}

export function pagingMetadata(resolved: ResolvedQuery, found: PageFound): PagingMetadata {
  const { count, total } = found;
  if (resolved.mode === 'offset')
    return { count, offset: resolved.offset, total, tooManyToCount: false, cursors: {} };
  const hasNext = found.hasNext === true;
  const cursors: { next?: string; prev?: string } = {};
  const cursorFrom = (values: readonly KeyValue[], backward: boolean) =>
    encodeCursor({ ...resolved, keyset: { values, backward } });
  if (hasNext && found.last) cursors.next = cursorFrom(found.last, false);
  if (found.hasPrev && found.first) cursors.prev = cursorFrom(found.first, true);
  return { count, cursors, hasNext, total };
}
