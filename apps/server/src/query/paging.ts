/**
 * Paging: reads `paging` / `cursorPaging` into one offset and limit, and writes the paging metadata
 * of API map section 5.2. A cursor is opaque to clients: base64url of JSON `{filter, sort, offset,
 * limit}`. It is not signed; it grants nothing a client could not ask for with a filter directly.
 */
import { invalidField, ValidationError } from '../lib/errors.ts';
import { isPlainObject, parseFilter } from './filter-parse.ts';
import { parseSort } from './sort.ts';
import type { PagingMetadata, QueryInput, ResolvedQuery, SortKey } from './types.ts';

export interface ResolveOptions {
  defaultLimit?: number;
  maxLimit?: number;
  /** Where the query sits in the request, for error fields (`query`). */
  fieldPrefix?: string;
}

interface Limits {
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly prefix: string;
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
    };
  }
  rejectAlongsideCursor(input, limits.prefix);
  const position = decodeCursor(cursor, `${location}.cursor`, limits.maxLimit);
  return { ...position, limit: limit ?? position.limit, mode: 'cursor' };
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
  readonly offset: number;
  readonly limit: number;
}

export function encodeCursor(position: CursorPosition): string {
  const { filter, sort, offset, limit } = position;
  return Buffer.from(JSON.stringify({ filter, sort, offset, limit })).toString('base64url');
}

/** Any defect, in the encoding or in what it holds, is reported as a malformed cursor. */
function decodeCursor(cursor: unknown, location: string, maxLimit: number): CursorPosition {
  const malformed = () =>
    invalidField(location, 'Malformed cursor: use a cursor from a previous response', 'FORMAT');
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
  const { offset, limit } = position;
  if (!Number.isSafeInteger(offset) || (offset as number) < 0) throw malformed();
  if (!Number.isSafeInteger(limit) || (limit as number) < 1 || (limit as number) > maxLimit)
    throw malformed();
  try {
    parseFilter(position.filter, 'cursor.filter');
    const sort = parseSort(position.sort, 'cursor.sort');
    return { filter: position.filter, sort, offset: offset as number, limit: limit as number };
  } catch (error) {
    if (error instanceof ValidationError) throw malformed();
    throw error;
  }
}

export function pagingMetadata(resolved: ResolvedQuery, countOnPage: number, total: number): PagingMetadata {
  const { offset, limit } = resolved;
  if (resolved.mode === 'offset')
    return { count: countOnPage, offset, total, tooManyToCount: false, cursors: {} };
  const hasNext = offset + countOnPage < total;
  const cursors: { next?: string; prev?: string } = {};
  if (hasNext) cursors.next = encodeCursor({ ...resolved, offset: offset + limit });
  if (offset > 0) cursors.prev = encodeCursor({ ...resolved, offset: Math.max(0, offset - limit) });
  return { count: countOnPage, cursors, hasNext, total };
}
