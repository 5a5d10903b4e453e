import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { docsArb, filterArb, sortArb } from './arbitraries.test-helper.ts';
import { compileFilter } from './filter.ts';
import { type Doc, referenceQuery } from './reference.test-helper.ts';
import { compileOrderBy, MAX_SORT_KEYS, parseSort } from './sort.ts';
import {
  createQueryTable,
  type QueryDb,
  queryTarget,
  replaceDocs,
  selectIds,
} from './test-table.test-helper.ts';
import type { SortKey } from './types.ts';
import { expectViolation } from './validation.test-helper.ts';

/** Raise for a deeper search, e.g. PLAZA_PROPERTY_RUNS=2000. */
const NUM_RUNS = Math.max(1, Math.round(Number(process.env.PLAZA_PROPERTY_RUNS ?? 150)));
const DATE = '2024-01-01T00:00:00.000Z';

/** One value of every kind, listed in ascending sort order (ties broken by id). */
const MIXED: Doc[] = [
  { id: 'm01', createdDate: DATE },
  { id: 'm02', createdDate: DATE, v: null },
  { id: 'm03', createdDate: DATE, v: -1, rank: 3 },
  { id: 'm04', createdDate: DATE, v: 1.5, rank: -2 },
  { id: 'm05', createdDate: DATE, v: 2, rank: 1.5 },
  { id: 'm06', createdDate: DATE, v: 10 },
  { id: 'm07', createdDate: DATE, v: '' },
  { id: 'm08', createdDate: DATE, v: '10' },
  { id: 'm09', createdDate: DATE, v: 'B' },
  { id: 'm10', createdDate: DATE, v: 'a' },
  { id: 'm11', createdDate: DATE, v: 'é' },
  { id: 'm12', createdDate: DATE, v: '\uE000' },
  { id: 'm13', createdDate: DATE, v: '😀' },
  { id: 'm14', createdDate: DATE, v: false },
  { id: 'm15', createdDate: DATE, v: true },
  { id: 'm16', createdDate: DATE, v: [1] },
  { id: 'm17', createdDate: DATE, v: { a: 1 } },
];
const MIXED_IDS = MIXED.map((doc) => doc.id);

describe.each(engines)('sorting on %s', (engine) => {
  let database: TestDatabase;
  let db: QueryDb;
  const target = queryTarget(engine);

  beforeAll(async () => {
    database = await freshDatabase(engine, { migrated: false });
    db = await createQueryTable(database);
  });
  afterAll(() => database?.dispose());

  it('orders mixed JSON types: missing/null < numbers < strings (bytes) < booleans < arrays/objects', async () => {
    await replaceDocs(db, [...MIXED].reverse());
    expect(await selectIds(db, target, { sort: [{ fieldName: 'v', order: 'ASC' }] })).toEqual(MIXED_IDS);
  });

  it('reverses the whole order, ties included, for DESC', async () => {
    await replaceDocs(db, MIXED);
    expect(await selectIds(db, target, { sort: [{ fieldName: 'v', order: 'DESC' }] })).toEqual(
      [...MIXED_IDS].reverse(),
    );
  });

  it('puts a missing real column first ascending and last descending', async () => {
    await replaceDocs(db, MIXED);
    const ranked = ['m04', 'm05', 'm03'];
    const unranked = MIXED_IDS.filter((id) => !ranked.includes(id));
    expect(await selectIds(db, target, { sort: [{ fieldName: 'rank', order: 'ASC' }] })).toEqual([
      ...unranked,
      ...ranked,
    ]);
    expect(await selectIds(db, target, { sort: [{ fieldName: 'rank', order: 'DESC' }] })).toEqual(
      [...unranked, ...ranked].reverse(),
    );
  });

  it('sorts by several keys, then by id in the direction of the last key', async () => {
    const docs: Doc[] = [
      { id: 'c', createdDate: '2024-02', name: 'x' },
      { id: 'a', createdDate: '2024-01', name: 'y' },
      { id: 'd', createdDate: '2024-02', name: 'x' },
      { id: 'b', createdDate: '2024-02', name: 'w' },
    ];
    await replaceDocs(db, docs);
    const sort: SortKey[] = [
      { fieldName: 'createdDate', order: 'DESC' },
      { fieldName: 'name', order: 'ASC' },
    ];
    expect(await selectIds(db, target, { sort })).toEqual(['b', 'c', 'd', 'a']);
    const descending: SortKey[] = [sort[0]!, { fieldName: 'name', order: 'DESC' }];
    expect(await selectIds(db, target, { sort: descending })).toEqual(['d', 'c', 'b', 'a']);
    expect(await selectIds(db, target, {})).toEqual(['a', 'b', 'c', 'd']);
  });

  it.runIf(engine === 'postgres')(
    'compares a column by bytes even when its own collation is not',
    async () => {
      const table = 'query_docs_icu';
      await sql`CREATE TABLE ${sql.id(table)} (site_id text NOT NULL, id text NOT NULL, created_date text COLLATE "und-x-icu" NOT NULL, doc jsonb NOT NULL)`.execute(
        db,
      );
      await sql`INSERT INTO ${sql.id(table)} VALUES ('s', '1', 'a', '{}'), ('s', '2', 'B', '{}'), ('s', '3', 'é', '{}'), ('s', '4', 'Z', '{}')`.execute(
        db,
      );
      const icuTarget = { ...target, table };
      const icuDb = db.withTables<{ query_docs_icu: { id: string } }>();
      const ids = async (filter: unknown) => {
        let select = icuDb.selectFrom(table).select('id').where(compileFilter(filter, icuTarget));
        for (const term of compileOrderBy([{ fieldName: 'createdDate', order: 'ASC' }], icuTarget)) {
          select = select.orderBy(term);
        }
        return (await select.execute()).map((row) => row.id);
      };
      expect(await ids({})).toEqual(['2', '4', '1', '3']);
      expect(await ids({ createdDate: { $lt: 'a' } })).toEqual(['2', '4']);
    },
  );

  it('matches the reference order for random documents, sorts, filters and pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        docsArb(30),
        fc.array(fc.tuple(sortArb, fc.option(filterArb, { nil: undefined })), { minLength: 1, maxLength: 3 }),
        fc.nat(10),
        fc.integer({ min: 1, max: 12 }),
        async (docs, queries, offset, limit) => {
          await replaceDocs(db, docs);
          for (const [sort, filter] of queries) {
            const expected = referenceQuery(docs, { filter, sort });
            expect(await selectIds(db, target, { filter, sort }), JSON.stringify({ sort, filter })).toEqual(
              expected,
            );
            const page = await selectIds(db, target, { filter, sort, offset, limit });
            expect(page).toEqual(expected.slice(offset, offset + limit));
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('sort validation', () => {
  const target = queryTarget('sqlite');

  it('defaults the order to ASC and accepts no sort at all', () => {
    expect(parseSort([{ fieldName: 'name' }])).toEqual([{ fieldName: 'name', order: 'ASC' }]);
    expect(parseSort(undefined)).toEqual([]);
    expect(parseSort(null)).toEqual([]);
    expect(compileOrderBy([], target)).toHaveLength(1);
  });

  it('rejects an order other than ASC or DESC', () => {
    const sort = [{ fieldName: 'name', order: 'asc' }] as unknown as SortKey[];
    expectViolation(
      () => compileOrderBy(sort, target),
      'query.sort[0].order',
      'Expected ASC or DESC',
      'INVALID_ENUM_VALUE',
    );
  });

  it('rejects bad field names', () => {
    const sort = [
      { fieldName: 'name', order: 'ASC' },
      { fieldName: 'name; DROP TABLE x', order: 'ASC' },
    ] as SortKey[];
    expectViolation(
      () => compileOrderBy(sort, target),
      'query.sort[1].fieldName',
      'Invalid field name',
      'FORMAT',
    );
    expectViolation(
      () => parseSort([{ order: 'ASC' }]),
      'query.sort[0].fieldName',
      'Expected a field name',
      'REQUIRED_FIELD',
    );
  });

  it(`allows at most ${MAX_SORT_KEYS} keys`, () => {
    const keys = (count: number) =>
      Array.from({ length: count }, () => ({ fieldName: 'a', order: 'ASC' as const }));
    expect(() => parseSort(keys(MAX_SORT_KEYS))).not.toThrow();
    expectViolation(
      () => parseSort(keys(MAX_SORT_KEYS + 1)),
      'query.sort',
      'At most 5 sort keys',
      'MAX_SIZE',
    );
  });

  it('rejects a sort that is not an array of objects, under the prefix it is given', () => {
    expectViolation(() => parseSort({ fieldName: 'a' }, 'search.sort'), 'search.sort', 'Expected an array');
    expectViolation(() => parseSort(['a'], 'search.sort'), 'search.sort[0]', 'Expected {fieldName, order}');
  });
});
