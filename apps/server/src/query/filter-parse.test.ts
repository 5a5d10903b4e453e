import { describe, expect, it } from 'vitest';
import type { FieldViolation } from '../lib/errors.ts';
import { compileFilter } from './filter.ts';
import { MAX_FILTER_CONDITIONS, MAX_FILTER_DEPTH, parseFilter } from './filter-parse.ts';
import { queryTarget } from './test-table.test-helper.ts';
import { expectViolation } from './validation.test-helper.ts';

type Rule = FieldViolation['violatedRule'];

/** [filter, field of the violation, description (part), rule] */
const BAD_FILTERS: Array<[unknown, string, string, Rule?]> = [
  ['not an object', 'query.filter', 'Expected a filter object'],
  [[{ a: 1 }], 'query.filter', 'Expected a filter object'],
  [{ $foo: 1 }, 'query.filter', 'Unknown operator $foo'],
  [{ price: { $foo: 1 } }, 'query.filter.price', 'Unknown operator $foo'],
  [{ price: { $regex: 'a.*' } }, 'query.filter.price', 'Unknown operator $regex'],
  [{ price: { $in: 5 } }, 'query.filter.price', '$in expects an array'],
  [{ price: { $nin: 'a' } }, 'query.filter.price', '$nin expects an array'],
  [{ tags: { $hasSome: 'a' } }, 'query.filter.tags', '$hasSome expects an array'],
  [{ tags: { $hasAll: { a: 1 } } }, 'query.filter.tags', '$hasAll expects an array'],
  [
    { price: { $in: [[1]] } },
    'query.filter.price',
    '$in expects an array of strings, numbers, booleans or nulls',
  ],
  [{ price: { $in: [{ a: 1 }] } }, 'query.filter.price', '$in expects an array of strings'],
  [{ price: { $gt: true } }, 'query.filter.price', '$gt expects a number or a string'],
  [{ price: { $lte: null } }, 'query.filter.price', '$lte expects a number or a string'],
  [{ price: { $gte: [1] } }, 'query.filter.price', '$gte expects a number or a string'],
  [{ name: { $startsWith: 1 } }, 'query.filter.name', '$startsWith expects a string'],
  [{ name: { $endsWith: null } }, 'query.filter.name', '$endsWith expects a string'],
  [{ name: { $contains: ['a'] } }, 'query.filter.name', '$contains expects a string'],
  [{ name: { $exists: 'yes' } }, 'query.filter.name', '$exists expects true or false'],
  [{ name: { $isEmpty: 1 } }, 'query.filter.name', '$isEmpty expects true or false'],
  [{ price: { $eq: { a: 1 } } }, 'query.filter.price', '$eq expects a string, number, boolean or null'],
  [{ price: { $ne: [1] } }, 'query.filter.price', '$ne expects a string, number, boolean or null'],
  [{ price: [1, 2] }, 'query.filter.price', 'Expected a string, number, boolean or null'],
  [{ price: {} }, 'query.filter.price', 'Expected a value or an operator object'],
  [{ priceData: { price: 1 } }, 'query.filter.priceData', 'use a dotted name'],
  [{ price: { $gt: 1, currency: 'USD' } }, 'query.filter.price', 'Cannot mix operators and field names'],
  [{ price: { $not: 5 } }, 'query.filter.price', '$not expects an operator object'],
  [{ price: Number.POSITIVE_INFINITY }, 'query.filter.price', 'must be a finite number'],
  [{ price: { $in: [Number.NaN] } }, 'query.filter.price', 'must be a finite number'],
  [{ name: 'a\u0000b' }, 'query.filter.name', 'must not contain the NUL character'],
  [{ name: { $contains: '\uD800' } }, 'query.filter.name', 'unpaired surrogate'],
  [{ 'a b': 1 }, 'query.filter.a b', 'Invalid field name "a b"', 'FORMAT'],
  [{ 'a..b': 1 }, 'query.filter.a..b', 'Invalid field name', 'FORMAT'],
  [{ 'a.': 1 }, 'query.filter.a.', 'Invalid field name', 'FORMAT'],
  [{ "a')--": 1 }, "query.filter.a')--", 'Invalid field name', 'FORMAT'],
  [{ 'a"b': 1 }, 'query.filter.a"b', 'Invalid field name', 'FORMAT'],
  [{ 'a[0]': 1 }, 'query.filter.a[0]', 'Invalid field name', 'FORMAT'],
  [{ 'a-b': 1 }, 'query.filter.a-b', 'Invalid field name', 'FORMAT'],
  [{ é: 1 }, 'query.filter.é', 'Invalid field name', 'FORMAT'],
  [{ [`f${'x'.repeat(200)}`]: 1 }, `query.filter.f${'x'.repeat(200)}`, 'longer than 200', 'MAX_LENGTH'],
  [{ 'a.b.c.d.e.f.g.h.i.j.k': 1 }, 'query.filter.a.b.c.d.e.f.g.h.i.j.k', 'more than 10 dotted parts'],
  [{ $and: { a: 1 } }, 'query.filter.$and', '$and expects an array of filters'],
  [{ $or: 'a' }, 'query.filter.$or', '$or expects an array of filters'],
  [{ $and: [1] }, 'query.filter.$and[0]', 'Expected a filter object'],
  [{ $or: [{}, { price: { $bad: 1 } }] }, 'query.filter.$or[1].price', 'Unknown operator $bad'],
  [{ $not: [] }, 'query.filter.$not', 'Expected a filter object'],
  [{ $and: [{ $not: { 'x y': 1 } }] }, 'query.filter.$and[0].$not.x y', 'Invalid field name', 'FORMAT'],
];

describe('filter validation', () => {
  it.each(BAD_FILTERS)('%j is rejected on %s', (filter, field, description, rule) => {
    expectViolation(() => parseFilter(filter), field, description, rule ?? 'VALIDATION');
  });

  it('names fields under the prefix it is given', () => {
    const target = queryTarget('sqlite');
    expectViolation(
      () => compileFilter({ price: { $foo: 1 } }, target, 'search.filter'),
      'search.filter.price',
      'Unknown operator $foo',
    );
  });

  it(`accepts ${MAX_FILTER_DEPTH} levels of nesting and refuses one more`, () => {
    const nest = (levels: number): unknown => (levels === 0 ? { a: 1 } : { $not: nest(levels - 1) });
    expect(() => parseFilter(nest(MAX_FILTER_DEPTH))).not.toThrow();
    const deepest = `query.filter${'.$not'.repeat(MAX_FILTER_DEPTH + 1)}`;
    expectViolation(() => parseFilter(nest(MAX_FILTER_DEPTH + 1)), deepest, 'nested too deeply');
  });

  it('counts $and, $or and field-level $not towards the depth', () => {
    const nest = (levels: number): unknown =>
      levels === 0 ? { a: { $not: { $eq: 1 } } } : { [levels % 2 ? '$and' : '$or']: [nest(levels - 1)] };
    expect(() => parseFilter(nest(MAX_FILTER_DEPTH - 1))).not.toThrow();
    expect(() => parseFilter(nest(MAX_FILTER_DEPTH + 1))).toThrow(/nested too deeply/);
  });

  it(`accepts ${MAX_FILTER_CONDITIONS} conditions and refuses more, counting array operands`, () => {
    const conditions = (count: number) => Array.from({ length: count }, (_, index) => ({ price: index }));
    expect(() => parseFilter({ $or: conditions(MAX_FILTER_CONDITIONS) })).not.toThrow();
    expectViolation(
      () => parseFilter({ $or: conditions(MAX_FILTER_CONDITIONS + 1) }),
      'query.filter',
      'too many conditions',
      'MAX_SIZE',
    );
    const ids = Array.from({ length: MAX_FILTER_CONDITIONS + 1 }, (_, index) => `id${index}`);
    expectViolation(
      () => parseFilter({ id: { $in: ids } }),
      'query.filter',
      'too many conditions',
      'MAX_SIZE',
    );
  });

  it('reads negations as not-nodes and empty filters as TRUE', () => {
    expect(parseFilter(null)).toEqual({ kind: 'and', nodes: [] });
    expect(parseFilter({ a: { $ne: 1 } })).toEqual({
      kind: 'not',
      node: { kind: 'field', field: 'a', path: ['a'], test: { kind: 'eq', value: 1 } },
    });
    expect(parseFilter({ 'a.b': { $exists: false } })).toEqual({
      kind: 'not',
      node: { kind: 'field', field: 'a.b', path: ['a', 'b'], test: { kind: 'exists' } },
    });
  });
});
