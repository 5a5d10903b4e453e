import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { shortenedOperand } from './decimal-field.ts';
import type { RangeOperator } from './filter-parse.ts';
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

  it("answers operands longer than PostgreSQL's numeric holds as SQLite does, never an error", async () => {
    const ids = (filter: unknown) =>
      selectIds(db, target, { filter, sort: [{ fieldName: 'id', order: 'ASC' }] });
    const huge = `1${'0'.repeat(140_000)}`;
    expect(await ids({ amount: { $gt: huge } })).toEqual([]);
    expect(await ids({ amount: { $lte: huge } })).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(await ids({ amount: { $gte: `000${'0'.repeat(140_000)}44.96` } })).toEqual(['d3', 'd4', 'd5']);
    const justAbove9 = `9.${'0'.repeat(20_000)}1`;
    expect(await ids({ amount: { $gt: justAbove9 } })).toEqual(['d3', 'd4', 'd5']);
    expect(await ids({ amount: { $gte: justAbove9, $lt: `100.${'0'.repeat(20_000)}` } })).toEqual(['d3']);
    expect(await ids({ amount: { $lte: `0.5${'0'.repeat(20_000)}` } })).toEqual(['d1']);
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

/** Exact comparison of two decimal strings (digits, maybe a point and digits). */
function compareDecimals(a: string, b: string): number {
  const split = (x: string) => {
    const [whole = '', fraction = ''] = x.split('.');
    return [whole.replace(/^0+/, ''), fraction.replace(/0+$/, '')] as const;
  };
  const [ai, af] = split(a);
  const [bi, bf] = split(b);
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const [pa, pb] = [af.padEnd(width, '0'), bf.padEnd(width, '0')];
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

const holds = (operator: RangeOperator, order: number) =>
  ({ $lt: order < 0, $lte: order <= 0, $gt: order > 0, $gte: order >= 0 })[operator];

describe('shortenedOperand', () => {
  const limits = { integer: 4, fraction: 3 };
  const digits = (min: number, max: number) =>
    fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
  const decimal = (integer: number, fraction: number) =>
    fc
      .tuple(digits(1, integer), fc.option(digits(1, fraction), { nil: undefined }))
      .map(([i, f]) => (f === undefined ? i : `${i}.${f}`));

  it('keeps every result for every value the limits hold, however long the operand', () => {
    fc.assert(
      fc.property(
        decimal(limits.integer, limits.fraction),
        decimal(limits.integer + 3, limits.fraction + 4),
        fc.constantFrom<RangeOperator>('$lt', '$lte', '$gt', '$gte'),
        (value, operand, operator) => {
          const short = shortenedOperand(operator, operand, limits);
          const expected = holds(operator, compareDecimals(value, operand));
          if ('all' in short) return short.all === expected;
          const [whole = '', fraction = ''] = short.operand.split('.');
          expect(whole.replace(/^0+/, '').length).toBeLessThanOrEqual(limits.integer);
          expect(fraction.length).toBeLessThanOrEqual(limits.fraction);
          return holds(short.operator, compareDecimals(value, short.operand)) === expected;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('works through the cases by hand', () => {
    expect(shortenedOperand('$gt', '000123.4500', limits)).toEqual({ operator: '$gt', operand: '123.45' });
    expect(shortenedOperand('$lt', '12345', limits)).toEqual({ all: true });
    expect(shortenedOperand('$gte', '12345', limits)).toEqual({ all: false });
    // 9.0001 lies between 9.000 and 9.001: below it is at most 9.000, at or above it is above 9.000.
    expect(shortenedOperand('$lt', '9.0001', limits)).toEqual({ operator: '$lte', operand: '9.000' });
    expect(shortenedOperand('$gte', '9.0001', limits)).toEqual({ operator: '$gt', operand: '9.000' });
    expect(shortenedOperand('$lte', '9.0000000', limits)).toEqual({ operator: '$lte', operand: '9' });
  });
});
