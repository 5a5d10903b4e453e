import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { FieldViolation } from '../lib/errors.ts';
import { encodeCursor, NEWEST_FIRST, pagingMetadata, resolveQuery, withDefaultSort } from './paging.ts';
import { type Doc, referenceQuery } from './reference.test-helper.ts';
import {
  createQueryTable,
  type QueryDb,
  queryTarget,
  replaceDocs,
  selectKeysetPage,
} from './test-table.test-helper.ts';
import type { CursorPagingMetadata, QueryInput, ResolvedQuery } from './types.ts';
import { expectViolation } from './validation.test-helper.ts';

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const FILTER = { type: 'CLASS' };
const SORT = [{ fieldName: 'name', order: 'ASC' as const }];

describe('resolveQuery', () => {
  it('defaults to the first 50 in offset mode', () => {
    const expected: ResolvedQuery = { filter: {}, sort: [], offset: 0, limit: 50, mode: 'offset' };
    expect(resolveQuery(undefined)).toEqual(expected);
    expect(resolveQuery({})).toEqual(expected);
    expect(resolveQuery({ filter: null, paging: {} })).toEqual(expected);
  });

  it('reads the body the SDK sends', () => {
    const query = {
      filter: { $and: [{ type: 'CLASS' }, { id: { $in: ['a', 'b'] } }] },
      paging: { offset: 10, limit: 5 },
      sort: [{ fieldName: 'name', order: 'ASC' }],
    };
    expect(resolveQuery(query)).toEqual({
      filter: query.filter,
      sort: SORT,
      offset: 10,
      limit: 5,
      mode: 'offset',
    });
  });

  it('accepts integers sent as strings, and a limit of 0 for a count only', () => {
    expect(resolveQuery({ paging: { limit: '10', offset: '20' } })).toMatchObject({ limit: 10, offset: 20 });
    expect(resolveQuery({ paging: { limit: 0 } })).toMatchObject({ limit: 0 });
  });

  it('honours the options', () => {
    expect(resolveQuery({}, { defaultLimit: 10 })).toMatchObject({ limit: 10 });
    expectViolation(
      () => resolveQuery({ paging: { limit: 30 } }, { maxLimit: 20, fieldPrefix: 'search' }),
      'search.paging.limit',
      'at most 20',
      'MAX',
    );
  });

  it.each([
    [{ paging: { limit: 101 } }, 'query.paging.limit', 'Must be at most 100', 'MAX'],
    [{ paging: { limit: -1 } }, 'query.paging.limit', 'Must be at least 0', 'MIN'],
    [{ paging: { offset: -1 } }, 'query.paging.offset', 'Must be at least 0', 'MIN'],
    [{ paging: { limit: 1.5 } }, 'query.paging.limit', 'Expected an integer', 'VALIDATION'],
    [{ paging: { offset: 'ten' } }, 'query.paging.offset', 'Expected an integer', 'VALIDATION'],
    [{ paging: 5 }, 'query.paging', 'Expected {limit, offset}', 'VALIDATION'],
    [{ cursorPaging: { limit: 0 } }, 'query.cursorPaging.limit', 'Must be at least 1', 'MIN'],
    [{ cursorPaging: { limit: 500 } }, 'query.cursorPaging.limit', 'Must be at most 100', 'MAX'],
    [
      { paging: {}, cursorPaging: {} },
      'query.cursorPaging',
      'either paging or cursorPaging',
      'ONE_OF_ALIGNMENT',
    ],
    [{ filter: { price: { $foo: 1 } } }, 'query.filter.price', 'Unknown operator $foo', 'VALIDATION'],
    [
      { sort: [{ fieldName: 'a', order: 'up' }] },
      'query.sort[0].order',
      'Expected ASC or DESC',
      'INVALID_ENUM_VALUE',
    ],
  ] satisfies Array<
    [unknown, string, string, FieldViolation['violatedRule']]
  >)('rejects %j on %s', (input, field, description, rule) => {
    expectViolation(() => resolveQuery(input as QueryInput), field, description, rule);
  });

  it('starts cursor paging from the filter and sort of the request', () => {
    expect(resolveQuery({ filter: FILTER, sort: SORT, cursorPaging: { limit: 2 } })).toEqual({
      filter: FILTER,
      sort: SORT,
      offset: 0,
      limit: 2,
      mode: 'cursor',
    });
  });

  const AFTER = { values: ['Ann', 'id-1'], backward: false };

  it('takes filter, sort, limit and the row to start after from a cursor; a limit sent with it wins', () => {
    const cursor = encodeCursor({ filter: FILTER, sort: SORT, limit: 2, keyset: AFTER });
    const expected = { filter: FILTER, sort: SORT, offset: 0, limit: 2, mode: 'cursor', keyset: AFTER };
    expect(resolveQuery({ cursorPaging: { cursor } })).toEqual(expected);
    expect(resolveQuery({ filter: {}, sort: [], cursorPaging: { cursor } })).toEqual(expected);
    expect(resolveQuery({ cursorPaging: { cursor, limit: 3 } })).toEqual({ ...expected, limit: 3 });
    const back = encodeCursor({ filter: FILTER, sort: SORT, limit: 2, keyset: { ...AFTER, backward: true } });
    expect(resolveQuery({ cursorPaging: { cursor: back } })).toMatchObject({ keyset: { backward: true } });
  });

  it('refuses a cursor of another list', () => {
    const cursor = encodeCursor({ filter: {}, sort: [], limit: 2, keyset: AFTER, scope: 'products' });
    expect(resolveQuery({ cursorPaging: { cursor } }, { scope: 'products' })).toMatchObject({
      scope: 'products',
    });
    expectViolation(
      () => resolveQuery({ cursorPaging: { cursor } }, { scope: 'orders' }),
      'query.cursorPaging.cursor',
      'pages another list',
      'FORMAT',
    );
  });

  it('refuses a filter or sort sent along with a cursor', () => {
    const cursor = encodeCursor({ filter: {}, sort: [], limit: 2, keyset: AFTER });
    expectViolation(
      () => resolveQuery({ filter: FILTER, cursorPaging: { cursor } }),
      'query.filter',
      'comes from the cursor',
      'FIELD_NOT_ALLOWED',
    );
    expectViolation(
      () => resolveQuery({ sort: SORT, cursorPaging: { cursor } }),
      'query.sort',
      'comes from the cursor',
      'FIELD_NOT_ALLOWED',
    );
  });

  const cursorOf = (fields: Record<string, unknown>) =>
    base64url(JSON.stringify({ filter: {}, sort: [], limit: 2, after: ['x'], ...fields }));

  it.each([
    ['not base64url', 'abc+/='],
    ['not a string', 42],
    ['not JSON', base64url('{filter')],
    ['a JSON array', base64url('[1,2]')],
    ['no filter', base64url(JSON.stringify({ sort: [], limit: 2, after: ['x'] }))],
    ['an offset instead of a row', cursorOf({ after: undefined, offset: 2 })],
    ['both directions', cursorOf({ before: ['x'] })],
    ['values that are no list', cursorOf({ after: 'x' })],
    ['too many values', cursorOf({ after: Array.from({ length: 40 }, () => 'x') })],
    ['a limit over the maximum', cursorOf({ limit: 1000 })],
    ['a bad filter', cursorOf({ filter: { a: { $foo: 1 } } })],
    ['a bad sort', cursorOf({ sort: [{ fieldName: 'a b' }] })],
    ['a huge size', 'A'.repeat(70_000)],
  ])('rejects a cursor holding %s', (_title, cursor) => {
    expectViolation(
      () => resolveQuery({ cursorPaging: { cursor } }),
      'query.cursorPaging.cursor',
      'Malformed cursor',
      'FORMAT',
    );
  });
});

describe('withDefaultSort', () => {
  it('sorts a query that names no sort, and leaves sorted, cursor and malformed queries alone', () => {
    expect(withDefaultSort(undefined, NEWEST_FIRST)).toEqual({ sort: NEWEST_FIRST });
    expect(withDefaultSort({ filter: { a: 1 }, sort: [] }, NEWEST_FIRST)).toEqual({
      filter: { a: 1 },
      sort: NEWEST_FIRST,
    });
    const sorted = { sort: [{ fieldName: 'number' }] };
    expect(withDefaultSort(sorted, NEWEST_FIRST)).toBe(sorted);
    const next = { cursorPaging: { cursor: 'abc' } };
    expect(withDefaultSort(next, NEWEST_FIRST)).toBe(next);
    expect(withDefaultSort('nonsense', NEWEST_FIRST)).toBe('nonsense');
  });
});

describe('pagingMetadata', () => {
  it('writes offset metadata', () => {
    const resolved = resolveQuery({ paging: { offset: 10, limit: 5 } });
    expect(pagingMetadata(resolved, { count: 5, total: 42 })).toEqual({
      count: 5,
      offset: 10,
      total: 42,
      tooManyToCount: false,
      cursors: {},
    });
  });

  it('writes cursors from the first and last rows: next while more follow, prev while more precede', () => {
    const first = resolveQuery({ filter: FILTER, sort: SORT, cursorPaging: { limit: 2 } });
    const edges = { first: ['Ann', 'a'], last: ['Bob', 'b'] };
    const firstMetadata = pagingMetadata(first, {
      count: 2,
      total: 5,
      ...edges,
      hasNext: true,
    }) as CursorPagingMetadata;
    expect(firstMetadata).toMatchObject({ count: 2, hasNext: true, total: 5 });
    expect(firstMetadata.cursors.prev).toBeUndefined();
    const second = resolveQuery({ cursorPaging: { cursor: firstMetadata.cursors.next } });
    expect(second).toEqual({
      filter: FILTER,
      sort: SORT,
      offset: 0,
      limit: 2,
      mode: 'cursor',
      keyset: { values: ['Bob', 'b'], backward: false },
    });
    const lastMetadata = pagingMetadata(second, {
      count: 1,
      total: 5,
      first: ['Cy', 'c'],
      last: ['Cy', 'c'],
      hasNext: false,
      hasPrev: true,
    }) as CursorPagingMetadata;
    expect(lastMetadata).toEqual({
      count: 1,
      hasNext: false,
      total: 5,
      cursors: { prev: lastMetadata.cursors.prev },
    });
    expect(resolveQuery({ cursorPaging: { cursor: lastMetadata.cursors.prev } })).toMatchObject({
      keyset: { values: ['Cy', 'c'], backward: true },
    });
  });
});

describe.each(engines)('following cursors on %s', (engine) => {
  let database: TestDatabase;
  let db: QueryDb;
  const target = queryTarget(engine);
  const docs: Doc[] = Array.from({ length: 23 }, (_, index) => ({
    id: `d${String(index).padStart(2, '0')}`,
    createdDate: `2024-01-${String(1 + (index % 5)).padStart(2, '0')}`,
    group: index % 3 === 0 ? 'A' : 'B',
    price: index % 4,
  }));

  beforeAll(async () => {
    database = await freshDatabase(engine, { migrated: false });
    db = await createQueryTable(database);
    await replaceDocs(db, docs);
  });
  afterAll(() => database?.dispose());

  it('visits every matching document once, in order', async () => {
    const filter = { group: 'B' };
    const sort = [
      { fieldName: 'price', order: 'DESC' as const },
      { fieldName: 'createdDate', order: 'ASC' as const },
    ];
    const expected = referenceQuery(docs, { filter, sort });
    const seen: string[] = [];
    let resolved = resolveQuery({ filter, sort, cursorPaging: { limit: 4 } });
    for (let pages = 0; pages < 10; pages++) {
      const page = await selectKeysetPage(db, target, {
        filter: resolved.filter,
        sort: resolved.sort,
        limit: resolved.limit + 1,
        ...(resolved.keyset ? { after: resolved.keyset.values } : {}),
      });
      const shown = page!.ids.slice(0, resolved.limit);
      const keys = page!.keys.slice(0, resolved.limit);
      seen.push(...shown);
      const metadata = pagingMetadata(resolved, {
        count: shown.length,
        total: expected.length,
        first: keys[0],
        last: keys.at(-1),
        hasNext: page!.ids.length > resolved.limit,
      }) as CursorPagingMetadata;
      if (!metadata.cursors.next) break;
      resolved = resolveQuery({ cursorPaging: { cursor: metadata.cursors.next } });
    }
    expect(seen).toEqual(expected);
  });
});
