import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { Engine } from '../db/connect.ts';
import { compileFilter } from './filter.ts';
import { type Doc, referenceQuery } from './reference.test-helper.ts';
import {
  CREATED_INDEX,
  createQueryTable,
  type QueryDb,
  queryTarget,
  replaceDocs,
  SITE,
  selectIds,
  TABLE,
} from './test-table.test-helper.ts';

const DOCS: Doc[] = [
  {
    id: 'p1',
    createdDate: '2024-01-01T00:00:00.000Z',
    rank: 1,
    name: 'Shirt',
    price: 10,
    priceData: { price: 10, currency: 'USD' },
    tags: ['sale', 'new'],
    active: true,
    featured: true,
    note: null,
  },
  {
    id: 'p2',
    createdDate: '2024-02-01T00:00:00.000Z',
    rank: 2.5,
    name: 'shirt long',
    price: 25.5,
    priceData: { price: 25.5 },
    tags: ['new'],
    active: false,
    featured: false,
    note: '',
  },
  {
    id: 'p3',
    createdDate: '2024-03-01T00:00:00.000Z',
    name: 'Hat',
    price: '30',
    tags: [],
    active: 'true',
    note: 'x',
  },
  {
    id: 'p4',
    createdDate: '2024-04-01T00:00:00.000Z',
    rank: 10,
    name: 'Ünïcode 😀',
    price: 1.0,
    tags: ['sale', 1, true, null],
    priceData: { price: null },
  },
  {
    id: 'p5',
    createdDate: '2024-05-01T00:00:00.000Z',
    rank: 1,
    tags: 'sale',
    items: [{ price: 5 }],
    o: { '0': 'zero' },
  },
];

const ALL = ['p1', 'p2', 'p3', 'p4', 'p5'];

/** [what it shows, filter, ids expected] */
const EXAMPLES: Array<[string, unknown, string[]]> = [
  ['empty filter', {}, ALL],
  ['null filter', null, ALL],
  ['implicit equality is case-sensitive', { name: 'Shirt' }, ['p1']],
  ['numbers equal by value (1 = 1.0)', { price: 1 }, ['p4']],
  ['equality is type-strict: number', { price: 30 }, []],
  ['equality is type-strict: string', { price: '30' }, ['p3']],
  ['boolean equality', { active: true }, ['p1']],
  ['null matches JSON null and missing', { note: null }, ['p1', 'p4', 'p5']],
  ['$eq', { price: { $eq: 10 } }, ['p1']],
  ['dotted path', { 'priceData.price': 10 }, ['p1']],
  ['dotted path to null or missing', { 'priceData.price': null }, ['p3', 'p4', 'p5']],
  ['$ne includes missing and other types', { price: { $ne: 10 } }, ['p2', 'p3', 'p4', 'p5']],
  ['$ne null means present and not null', { note: { $ne: null } }, ['p2', 'p3']],
  ['$gt on numbers skips strings', { price: { $gt: 5 } }, ['p1', 'p2']],
  ['$gte and $lte together', { price: { $gte: 1, $lte: 10 } }, ['p1', 'p4']],
  ['$lt on strings is byte order (uppercase first)', { name: { $lt: 'Shirt' } }, ['p3']],
  ['$gt on strings: lowercase and non-ASCII sort after Z', { name: { $gt: 'Z' } }, ['p2', 'p4']],
  ['$in', { name: { $in: ['Hat', 'Shirt', 10] } }, ['p1', 'p3']],
  ['$in with null', { note: { $in: [null, 'x'] } }, ['p1', 'p3', 'p4', 'p5']],
  ['$in []', { name: { $in: [] } }, []],
  ['$nin', { name: { $nin: ['Hat'] } }, ['p1', 'p2', 'p4', 'p5']],
  ['$nin []', { name: { $nin: [] } }, ALL],
  ['$exists true counts JSON null', { note: { $exists: true } }, ['p1', 'p2', 'p3']],
  ['$exists false', { note: { $exists: false } }, ['p4', 'p5']],
  ['$startsWith ignores the case of ASCII letters', { name: { $startsWith: 'sH' } }, ['p1', 'p2']],
  ['$startsWith folds ASCII letters only', { name: { $startsWith: 'ünï' } }, []],
  ['$startsWith with non-ASCII', { name: { $startsWith: 'Ünï' } }, ['p4']],
  ['$endsWith an astral character', { name: { $endsWith: '😀' } }, ['p4']],
  ['$endsWith', { name: { $endsWith: 'long' } }, ['p2']],
  ['$endsWith ignores the case of ASCII letters', { name: { $endsWith: 'LoNG' } }, ['p2']],
  ['$contains', { name: { $contains: 'hir' } }, ['p1', 'p2']],
  ['$contains ignores the case of ASCII letters', { name: { $contains: 'HIR' } }, ['p1', 'p2']],
  ['$contains "" matches strings only', { price: { $contains: '' } }, ['p3']],
  ['$hasSome needs an array', { tags: { $hasSome: ['sale'] } }, ['p1', 'p4']],
  ['$hasSome on numbers', { tags: { $hasSome: [1] } }, ['p4']],
  ['$hasSome is type-strict', { tags: { $hasSome: ['1', 'true'] } }, []],
  ['$hasSome null element', { tags: { $hasSome: [null] } }, ['p4']],
  ['$hasSome []', { tags: { $hasSome: [] } }, []],
  ['$hasAll', { tags: { $hasAll: ['sale', 'new'] } }, ['p1']],
  ['$hasAll [] matches every array', { tags: { $hasAll: [] } }, ['p1', 'p2', 'p3', 'p4']],
  ['$isEmpty: null, "", missing', { note: { $isEmpty: true } }, ['p1', 'p2', 'p4', 'p5']],
  ['$isEmpty: []', { tags: { $isEmpty: true } }, ['p3']],
  ['$isEmpty false', { note: { $isEmpty: false } }, ['p3']],
  ['$and', { $and: [{ tags: { $hasSome: ['sale'] } }, { price: { $gt: 5 } }] }, ['p1']],
  ['$and []', { $and: [] }, ALL],
  ['$or', { $or: [{ name: 'Hat' }, { rank: 10 }] }, ['p3', 'p4']],
  ['$or []', { $or: [] }, []],
  ['$not', { $not: { price: { $gt: 5 } } }, ['p3', 'p4', 'p5']],
  ['field-level $not', { price: { $not: { $gt: 5 } } }, ['p3', 'p4', 'p5']],
  ['several keys mean AND', { tags: { $hasSome: ['new'] }, active: false }, ['p2']],
  ['paths do not step into arrays', { 'items.price': 5 }, []],
  ['a digit segment is an object key', { 'o.0': 'zero' }, ['p5']],
  ['a digit segment never indexes an array', { 'tags.0': 'sale' }, []],
  [
    'SDK filter from the API map',
    {
      $and: [
        { name: 'Shirt' },
        { tags: { $hasSome: ['sale'] } },
        { price: { $gte: 5 } },
        { price: { $lt: 50 } },
      ],
    },
    ['p1'],
  ],
  ['column: string range', { createdDate: { $gte: '2024-03-01T00:00:00.000Z' } }, ['p3', 'p4', 'p5']],
  ['column: $startsWith', { createdDate: { $startsWith: '2024-0' } }, ALL],
  ['column: number equality', { rank: 1 }, ['p1', 'p5']],
  ['column: number range', { rank: { $gt: 1 } }, ['p2', 'p4']],
  ['column: fractional operand', { rank: { $lt: 2.5 } }, ['p1', 'p5']],
  ['column: null is missing', { rank: null }, ['p3']],
  ['column: $exists false', { rank: { $exists: false } }, ['p3']],
  ['column: operand of another type matches nothing', { rank: '1' }, []],
  ['column: range of another type matches nothing', { rank: { $lt: 'x' } }, []],
  ['column: $ne includes missing', { rank: { $ne: 1 } }, ['p2', 'p3', 'p4']],
  ['column: $in with null', { rank: { $in: [1, null] } }, ['p1', 'p3', 'p5']],
  ['column: $nin with null', { rank: { $nin: [1, null] } }, ['p2', 'p4']],
  ['column: $isEmpty', { rank: { $isEmpty: true } }, ['p3']],
  ['column: $hasSome never matches a scalar', { rank: { $hasAll: [] } }, []],
  ['column: id', { id: { $in: ['p2', 'p4'] } }, ['p2', 'p4']],
  ['boolean column: equality', { featured: true }, ['p1']],
  ['boolean column: $ne includes missing', { featured: { $ne: true } }, ['p2', 'p3', 'p4', 'p5']],
  ['boolean column: $in', { featured: { $in: [false, null] } }, ['p2', 'p3', 'p4', 'p5']],
  ['boolean column: a string operand matches nothing', { featured: 'true' }, []],
];

describe.each(engines)('filter examples on %s', (engine) => {
  let database: TestDatabase;
  let db: QueryDb;
  const target = queryTarget(engine);

  beforeAll(async () => {
    database = await freshDatabase(engine, { migrated: false });
    db = await createQueryTable(database);
    await replaceDocs(db, DOCS);
  });
  afterAll(() => database?.dispose());

  it.each(EXAMPLES)('%s', async (_title, filter, expected) => {
    expect((await selectIds(db, target, { filter })).sort()).toEqual(expected);
    expect(referenceQuery(DOCS, { filter }).sort()).toEqual(expected);
  });

  it('compiles the largest filter allowed into SQL that both engines accept', async () => {
    const filter = { $or: Array.from({ length: 500 }, (_, index) => ({ price: { $eq: index } })) };
    expect((await selectIds(db, target, { filter })).sort()).toEqual(['p1', 'p4']);
  });
});

/** The plan the engine chooses for a select of `filter` (PostgreSQL told to avoid sequential scans). */
async function queryPlan(
  database: TestDatabase,
  db: QueryDb,
  table: string,
  filter: unknown,
): Promise<string> {
  const target = { ...queryTarget(database.engine), table };
  const query = db
    .selectFrom(TABLE)
    .select('id')
    .where('site_id', '=', SITE)
    .where(compileFilter(filter, target))
    .compile();
  const sqlText = query.sql.replaceAll(`"${TABLE}"`, `"${table}"`);
  if (database.engine === 'sqlite') {
    const plan = await db.executeQuery(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sqlText}`, [...query.parameters]),
    );
    return JSON.stringify(plan.rows);
  }
  return db.connection().execute(async (connection) => {
    await sql`SET enable_seqscan = off`.execute(connection);
    const plan = await connection.executeQuery(
      CompiledQuery.raw(`EXPLAIN ${sqlText}`, [...query.parameters]),
    );
    await sql`RESET enable_seqscan`.execute(connection);
    return JSON.stringify(plan.rows);
  });
}

/** The index is used, and the created_date condition is part of the index search, not a filter after it. */
function expectIndexSearch(plan: string, index: string) {
  expect(plan).toContain(index);
  expect(plan).toMatch(/(Index Cond|USING INDEX)[^\]]*created_date\W*(=|>|<)/);
}

describe.each(engines)('filters on a real column use its index on %s', (engine: Engine) => {
  let database: TestDatabase;
  let db: QueryDb;
  const C_TABLE = 'query_docs_c';
  const C_INDEX = 'query_docs_c_site_created';

  beforeAll(async () => {
    database = await freshDatabase(engine, { migrated: false });
    db = await createQueryTable(database);
    // Enough distinct dates, with statistics, that an index search is the plan a planner should pick.
    const many = Array.from({ length: 2000 }, (_, index) => ({
      id: `i${index}`,
      createdDate: new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString(),
    }));
    await replaceDocs(db, many);
    // PostgreSQL can only use an index for byte-order ranges when the column itself is COLLATE "C".
    const collate = engine === 'postgres' ? sql` COLLATE "C"` : sql``;
    await sql`CREATE TABLE ${sql.id(C_TABLE)} (site_id text NOT NULL, id text NOT NULL, created_date text${collate} NOT NULL, doc text NOT NULL, rank real)`.execute(
      db,
    );
    await sql`CREATE INDEX ${sql.id(C_INDEX)} ON ${sql.id(C_TABLE)} (site_id, created_date)`.execute(db);
    await sql`INSERT INTO ${sql.id(C_TABLE)} SELECT site_id, id, created_date, doc, rank FROM ${sql.id(TABLE)}`.execute(
      db,
    );
    await sql`ANALYZE`.execute(db);
  });
  afterAll(() => database?.dispose());

  it.each([
    ['equality', { createdDate: '2024-03-01T00:00:00.000Z' }],
    ['$in', { createdDate: { $in: ['2024-03-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z'] } }],
  ])('%s on a document table column', async (_title, filter) => {
    expectIndexSearch(await queryPlan(database, db, TABLE, filter), CREATED_INDEX);
  });

  it.each([
    ['range', { createdDate: { $gte: '2024-03-01T00:00:00.000Z', $lt: '2024-05-01' } }],
    ['equality', { createdDate: '2024-03-01T00:00:00.000Z' }],
  ])('%s on a byte-ordered column', async (_title, filter) => {
    expectIndexSearch(await queryPlan(database, db, C_TABLE, filter), C_INDEX);
  });

  it.runIf(engine === 'sqlite')(
    'range on a document table column (SQLite text is byte-ordered)',
    async () => {
      const filter = { createdDate: { $gte: '2024-03-01T00:00:00.000Z' } };
      expectIndexSearch(await queryPlan(database, db, TABLE, filter), CREATED_INDEX);
    },
  );
});
