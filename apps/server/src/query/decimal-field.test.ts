import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { Doc } from './reference.test-helper.ts';
import {
  createQueryTable,
  type QueryDb,
  queryTarget,
  replaceDocs,
  selectIds,
} from './test-table.test-helper.ts';
import type { QueryTarget } from './types.ts';

const DATE = '2024-01-01T00:00:00.000Z';

/** Decimal strings in ascending order of their numbers, then what is not one (ascending as before). */
const DOCS: Doc[] = [
  { id: 'd1', createdDate: DATE, amount: '0.50' },
  { id: 'd2', createdDate: DATE, amount: '9.00' },
  { id: 'd3', createdDate: DATE, amount: '44.96' },
  { id: 'd4', createdDate: DATE, amount: '100' },
  { id: 'd5', createdDate: DATE, amount: '100000.01' },
  { id: 's1', createdDate: DATE, amount: '' },
  { id: 's2', createdDate: DATE, amount: '-1' },
  { id: 's3', createdDate: DATE, amount: '.5' },
  { id: 's4', createdDate: DATE, amount: '1.' },
  { id: 's5', createdDate: DATE, amount: '1.2.3' },
  { id: 's6', createdDate: DATE, amount: '1e5' },
  { id: 's7', createdDate: DATE, amount: 'abc' },
];

describe.each(engines)('decimal strings on %s', (engine) => {
  let database: TestDatabase;
  let db: QueryDb;
  const target: QueryTarget = { ...queryTarget(engine), decimals: new Set(['amount']) };

  beforeAll(async () => {
    database = await freshDatabase(engine, { migrated: false });
    db = await createQueryTable(database);
    await replaceDocs(db, [
      ...[...DOCS].reverse(),
      { id: 'n1', createdDate: DATE, amount: 3 },
      { id: 'n0', createdDate: DATE },
    ]);
  });
  afterAll(() => database?.dispose());

  it('sorts decimal strings by their numbers, other strings after them, other types as before', async () => {
    const strings = DOCS.map((doc) => doc.id);
    expect(await selectIds(db, target, { sort: [{ fieldName: 'amount', order: 'ASC' }] })).toEqual([
      'n0',
      'n1',
      ...strings,
    ]);
    expect(await selectIds(db, target, { sort: [{ fieldName: 'amount', order: 'DESC' }] })).toEqual([
      ...strings.reverse(),
      'n1',
      'n0',
    ]);
  });

  it('compares decimal strings as numbers with a number or a decimal operand, as text otherwise', async () => {
    const ids = (filter: unknown) =>
      selectIds(db, target, { filter, sort: [{ fieldName: 'id', order: 'ASC' }] });
    expect(await ids({ amount: { $gt: '10' } })).toEqual(['d3', 'd4', 'd5']);
    expect(await ids({ amount: { $lte: 9 } })).toEqual(['d1', 'd2']);
    expect(await ids({ amount: { $gte: '100.00', $lt: 100000.01 } })).toEqual(['d4']);
    // A text operand: text comparison, of strings only ("9.00" and "abc" follow "5").
    expect(await ids({ amount: { $gt: '5x' } })).toEqual(['d2', 's7']);
    // Equality stays exact: "100" is not "100.00".
    expect(await ids({ amount: '100' })).toEqual(['d4']);
    expect(await ids({ amount: '100.00' })).toEqual([]);
  });

  it('sorts a real column of decimal strings by their numbers too', async () => {
    const column: QueryTarget = { ...queryTarget(engine), decimals: new Set(['id']) };
    await replaceDocs(
      db,
      ['100', '9', 'x', '10'].map((id) => ({ id, createdDate: DATE })),
    );
    expect(await selectIds(db, column, { sort: [{ fieldName: 'id', order: 'ASC' }] })).toEqual([
      '9',
      '10',
      '100',
      'x',
    ]);
    expect(
      await selectIds(db, column, {
        filter: { id: { $gte: '10' } },
        sort: [{ fieldName: 'id', order: 'DESC' }],
      }),
    ).toEqual(['100', '10']);
  });
});
