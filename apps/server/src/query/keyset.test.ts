import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { docsArb, filterArb, sortArb } from './arbitraries.test-helper.ts';
import { compareKeys, keyValues } from './keyset.ts';
import { type Doc, referenceQuery } from './reference.test-helper.ts';
import { compileSortTerms } from './sort.ts';
import {
  createQueryTable,
  type QueryDb,
  queryTarget,
  replaceDocs,
  SITE,
  selectKeysetPage,
  TABLE,
} from './test-table.test-helper.ts';
import type { KeyValue, QueryTarget, SortKey } from './types.ts';

const NUM_RUNS = Math.max(1, Math.round(Number(process.env.PLAZA_PROPERTY_RUNS ?? 60)));

/** Every id of a query, read page by page forwards (or backwards from before `from`). */
async function readAll(
  db: QueryDb,
  target: QueryTarget,
  query: { filter?: unknown; sort?: readonly SortKey[]; limit: number },
  options: { backwardFrom?: readonly KeyValue[]; between?: (page: number) => Promise<void> } = {},
): Promise<string[]> {
  const seen: string[] = [];
  const backward = options.backwardFrom !== undefined;
  let after: readonly KeyValue[] | undefined = options.backwardFrom;
  for (let page = 0; page < 200; page++) {
    const found = await selectKeysetPage(db, target, {
      ...query,
      ...(after ? { after } : {}),
      backward,
    });
    if (!found || found.ids.length === 0) break;
    if (backward) seen.unshift(...found.ids);
    else seen.push(...found.ids);
    after = backward ? found.keys[0] : found.keys.at(-1);
    await options.between?.(page);
  }
  return seen;
}

async function insertDoc(db: QueryDb, doc: Doc) {
  await db
    .insertInto(TABLE)
    .values({
      site_id: SITE,
      id: doc.id,
      revision: 1,
      created_date: String(doc.createdDate),
      updated_date: String(doc.createdDate),
      doc: JSON.stringify(doc),
      rank: typeof doc.rank === 'number' ? doc.rank : null,
      featured: null,
    })
    .execute();
}

describe.each(engines)('keyset paging on %s', (engine) => {
  let database: TestDatabase;
  let db: QueryDb;
  const target = queryTarget(engine);

  beforeAll(async () => {
    database = await freshDatabase(engine, { migrated: false });
    db = await createQueryTable(database);
  });
  afterAll(() => database?.dispose());

  it('pages forwards and backwards in the reference order for random documents, sorts and filters', async () => {
    await fc.assert(
      fc.asyncProperty(
        docsArb(25),
        sortArb,
        fc.option(filterArb, { nil: undefined }),
        fc.integer({ min: 1, max: 7 }),
        async (docs, sort, filter, limit) => {
          await replaceDocs(db, docs);
          const expected = referenceQuery(docs, { filter, sort });
          const label = JSON.stringify({ sort, filter, limit });
          expect(await readAll(db, target, { filter, sort, limit }), label).toEqual(expected);
          if (expected.length === 0) return;
          const everything = await selectKeysetPage(db, target, { filter, sort, limit: expected.length });
          // The order the engine gave is the order compareKeys gives, each row strictly after the one before.
          const terms = compileSortTerms(sort, target);
          const keys = everything!.keys;
          for (let i = 1; i < keys.length; i++)
            expect(compareKeys(terms, keys[i - 1]!, keys[i]!), `${label} ${i}`).toBe(-1);
          const fromLast = keys.at(-1)!;
          const backwards = await readAll(db, target, { filter, sort, limit }, { backwardFrom: fromLast });
          expect(backwards, label).toEqual(expected.slice(0, -1));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it.each<[string, SortKey[]]>([
    ['a non-unique field, descending', [{ fieldName: 'group', order: 'DESC' }]],
    [
      'mixed directions over a missing-or-number column',
      [
        { fieldName: 'rank', order: 'DESC' },
        { fieldName: 'createdDate', order: 'ASC' },
      ],
    ],
    ['the newest first', [{ fieldName: 'createdDate', order: 'DESC' }]],
  ])('neither repeats nor skips a row when rows come and go between pages: %s', async (_title, sort) => {
    const docs: Doc[] = Array.from({ length: 20 }, (_, i) => ({
      id: `d${String(i).padStart(2, '0')}`,
      createdDate: `2024-01-${String(1 + (i % 6)).padStart(2, '0')}T00:00:00.000Z`,
      group: ['A', 'B', 'C'][i % 3]!,
      ...(i % 4 === 0 ? {} : { rank: i % 5 }),
    }));
    await replaceDocs(db, docs);
    const removed = new Set(['d03', 'd17', 'd10']);
    const added: Doc[] = [
      { id: 'n1', createdDate: '2024-01-03T00:00:00.000Z', group: 'B', rank: 2 },
      { id: 'n2', createdDate: '2023-12-31T00:00:00.000Z', group: 'A' },
      { id: 'n3', createdDate: '2024-02-01T00:00:00.000Z', group: 'C', rank: 9 },
    ];
    const seen = await readAll(
      db,
      target,
      { sort, limit: 4 },
      {
        between: async (page) => {
          const doc = added[page];
          if (doc) await insertDoc(db, doc);
          const gone = [...removed][page];
          if (gone) await db.deleteFrom(TABLE).where('id', '=', gone).execute();
        },
      },
    );
    expect(new Set(seen).size).toBe(seen.length);
    const kept = docs.filter((doc) => !removed.has(doc.id)).map((doc) => doc.id);
    for (const id of kept) expect(seen).toContain(id);
    // Whatever came and went, the ids read are in the query's order.
    const final = referenceQuery([...docs, ...added], { sort }).filter((id) => seen.includes(id));
    expect(seen).toEqual(final);
  });

  it('refuses values that do not fit the sort: another count, another kind, unstorable text', () => {
    const terms = compileSortTerms([{ fieldName: 'createdDate', order: 'DESC' }], target);
    expect(keyValues(terms, ['2024-01-01T00:00:00.000Z', 'd01'], engine)).toEqual([
      '2024-01-01T00:00:00.000Z',
      'd01',
    ]);
    expect(keyValues(terms, ['2024-01-01T00:00:00.000Z'], engine)).toBeUndefined();
    expect(keyValues(terms, [5, 'd01'], engine)).toBeUndefined();
    expect(keyValues(terms, [null, 'd01'], engine)).toBeUndefined();
    expect(keyValues(terms, ['a\u0000', 'd01'], engine)).toBeUndefined();
    expect(keyValues(terms, ['\uD800', 'd01'], engine)).toBeUndefined();
    const ranked = compileSortTerms([{ fieldName: 'price', order: 'ASC' }], target);
    const wrong = ranked.map((term) => (term.kind === 'integer' ? 'one' : null));
    expect(keyValues(ranked, wrong, engine)).toBeUndefined();
    const huge = ranked.map((term) => (term.kind === 'integer' ? 1e300 : null));
    expect(keyValues(ranked, huge, engine)).toBeUndefined();
  });
});
