/**
 * fast-check generators for the property-based query tests: documents with mixed-type fields (two
 * levels of nesting, arrays of scalars, shared values so that equality and ranges hit), and
 * filters and sorts over those fields using every operator.
 */
import fc from 'fast-check';
import type { Doc, Json } from './reference.test-helper.ts';
import type { SortKey } from './types.ts';

/**
 * Shared strings: case and accent variants (the text operators fold ASCII letters only: `É` and `é`
 * stay apart), astral vs. private-use (UTF-16 and UTF-8 order differ).
 */
const SHARED_STRINGS = [
  '',
  'a',
  'ab',
  'abc',
  'aBC',
  'b',
  'B',
  'é',
  'É',
  'e\u0301',
  'E\u0301',
  'x😀',
  '😀',
  '\uE000',
  'Ab',
  '10',
  '9',
];
const DATES = ['2024-01-01T00:00:00.000Z', '2024-06-15T12:30:00.000Z', '2023-12-31T23:59:59.999Z', ''];

export const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SHARED_STRINGS) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }).filter((text) => !text.includes('\u0000')),
  },
);

export const numberArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(0.5, -1.5, 2.25, 1e-7, 1e21, 10, 9) },
  { weight: 1, arbitrary: fc.double({ min: -100, max: 100, noNaN: true, noDefaultInfinity: true }) },
);

export const scalarArb: fc.Arbitrary<string | number | boolean | null> = fc.oneof(
  stringArb,
  numberArb,
  fc.boolean(),
  fc.constant(null),
);

const arrayArb: fc.Arbitrary<Json[]> = fc.array(scalarArb, { maxLength: 3 });
const leafArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: scalarArb },
  { weight: 1, arbitrary: arrayArb },
);
const deepObjectArb: fc.Arbitrary<Json> = fc.record({ p: leafArb }, { requiredKeys: [] });
const objectArb: fc.Arbitrary<Json> = fc.record(
  { x: fc.oneof(leafArb, deepObjectArb), y: leafArb, '0': leafArb },
  { requiredKeys: [] },
);
const valueArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: leafArb },
  { weight: 1, arbitrary: objectArb },
);

const bodyArb = fc.record(
  {
    a: valueArb,
    b: valueArb,
    o: fc.oneof({ weight: 3, arbitrary: objectArb }, { weight: 1, arbitrary: leafArb }),
    tags: fc.oneof({ weight: 3, arbitrary: arrayArb }, { weight: 1, arbitrary: leafArb }),
    createdDate: fc.oneof(fc.constantFrom(...DATES), stringArb),
    rank: numberArb,
    featured: fc.boolean(),
  },
  { requiredKeys: ['createdDate'] },
);

/** Documents with ids d00, d01, ... (the `id` field is also a real column). */
export const docsArb = (maxLength: number): fc.Arbitrary<Doc[]> =>
  fc.array(bodyArb, { minLength: Math.min(8, maxLength), maxLength }).map((bodies) =>
    bodies.map((body, index) => ({
      ...(body as Record<string, Json>),
      id: `d${String(index).padStart(2, '0')}`,
    })),
  );

/** Paths of every kind: plain, nested, digit keys (never array indexes), missing, and real columns. */
const COMMON_FIELDS = ['a', 'b', 'o.x', 'tags', 'createdDate', 'rank'];
const RARE_FIELDS = ['o', 'o.y', 'o.0', 'o.x.p', 'tags.0', 'nope', 'a.x', 'id', 'featured'];
const fieldArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...COMMON_FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom(...RARE_FIELDS) },
);

const operatorArb: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constantFrom('$eq', '$ne'), scalarArb),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), fc.oneof(stringArb, numberArb)),
  fc.tuple(fc.constantFrom('$in', '$nin', '$hasSome', '$hasAll'), fc.array(scalarArb, { maxLength: 3 })),
  fc.tuple(fc.constantFrom('$exists', '$isEmpty'), fc.boolean()),
  fc.tuple(fc.constantFrom('$startsWith', '$endsWith', '$contains'), stringArb),
);

const operatorsArb = fc
  .array(operatorArb, { minLength: 1, maxLength: 2 })
  .map((entries) => Object.fromEntries(entries));

const fieldConditionArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.tuple(fieldArb, scalarArb).map(([field, value]) => ({ [field]: value })),
  {
    weight: 3,
    arbitrary: fc.tuple(fieldArb, operatorsArb).map(([field, operators]) => ({ [field]: operators })),
  },
  fc.tuple(fieldArb, operatorsArb).map(([field, operators]) => ({ [field]: { $not: operators } })),
);

export const filterArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{
  filter: Record<string, unknown>;
}>((tie) => ({
  filter: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    { weight: 3, arbitrary: fieldConditionArb },
    fc.tuple(fieldConditionArb, fieldConditionArb).map(([first, second]) => ({ ...first, ...second })),
    fc.array(tie('filter'), { maxLength: 3 }).map((filters) => ({ $and: filters })),
    fc.array(tie('filter'), { maxLength: 3 }).map((filters) => ({ $or: filters })),
    tie('filter').map((filter) => ({ $not: filter })),
  ),
})).filter;

export const sortArb: fc.Arbitrary<SortKey[]> = fc.array(
  fc.record({ fieldName: fieldArb, order: fc.constantFrom<'ASC' | 'DESC'>('ASC', 'DESC') }),
  { minLength: 1, maxLength: 3 },
);
