import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { createCategory, createService, SERVICES } from './bookings.test-helper.ts';

/**
 * searchServices over a small fixed catalogue, with the exact buckets each aggregation must give.
 *
 * | service           | type        | category | price  | capacity | created    | hidden |
 * | Yoga Basics       | CLASS       | Fitness  | 20     | 10       | 2024-01-10 |        |
 * | Yoga Flow         | CLASS       | Fitness  | 25     | 15       | 2024-01-20 |        |
 * | Haircut           | APPOINTMENT | Beauty   | 40     | 1        | 2024-02-05 |        |
 * | Free consultation | APPOINTMENT | -        | no fee | 1        | 2024-02-06 |        |
 * | Pottery course    | COURSE      | -        | 100    | 8        | 2024-03-15 | yes    |
 */
describe.each(engines)('bookings searchServices (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const search = (body: object, auth?: string) =>
    t.call({
      method: 'POST',
      url: `${SERVICES}/search`,
      auth: auth ?? site.adminKey,
      payload: { search: body },
    });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD', timeZone: 'UTC' });
    const fitness = await createCategory(t, site, 'Fitness');
    const beauty = await createCategory(t, site, 'Beauty');
    const fixed = (value: string) => ({
      rateType: 'FIXED',
      fixed: { price: { value } },
      options: { inPerson: true },
    });
    const rows = [
      [
        '2024-01-10T09:00:00.000Z',
        {
          name: 'Yoga Basics',
          type: 'CLASS',
          category: { id: fitness.id },
          payment: fixed('20'),
          defaultCapacity: 10,
          description: 'Gentle stretching',
        },
      ],
      [
        '2024-01-20T09:00:00.000Z',
        {
          name: 'Yoga Flow',
          type: 'CLASS',
          category: { id: fitness.id },
          payment: fixed('25'),
          defaultCapacity: 15,
        },
      ],
      [
        '2024-02-05T23:30:00.000Z',
        {
          name: 'Haircut',
          type: 'APPOINTMENT',
          category: { id: beauty.id },
          payment: fixed('40'),
          tagLine: 'Sharp looks',
        },
      ],
      [
        '2024-02-06T10:00:00.000Z',
        { name: 'Free consultation', type: 'APPOINTMENT', payment: { rateType: 'NO_FEE' } },
      ],
      [
        '2024-03-15T10:00:00.000Z',
        {
          name: 'Pottery course',
          type: 'COURSE',
          hidden: true,
          defaultCapacity: 8,
          payment: {
            rateType: 'VARIED',
            varied: { defaultPrice: { value: '100' } },
            options: { inPerson: true },
          },
        },
      ],
    ] as const;
    for (const [date, service] of rows) {
      t.clock.set(date);
      await createService(t, site, service);
    }
  });
  afterAll(() => t.close());

  const names = (response: { data: { services: Array<{ name: string }> } }) =>
    response.data.services.map((s) => s.name);

  it('free text: OR by default, AND on request, fields, fuzzy, category names', async () => {
    expect(names(await search({ search: { expression: 'yoga' }, sort: [{ fieldName: 'name' }] }))).toEqual([
      'Yoga Basics',
      'Yoga Flow',
    ]);
    expect(
      names(await search({ search: { expression: 'stretching haircut' }, sort: [{ fieldName: 'name' }] })),
    ).toEqual(['Haircut', 'Yoga Basics']);
    expect(names(await search({ search: { expression: 'yoga flow', mode: 'AND' } }))).toEqual(['Yoga Flow']);
    expect(names(await search({ search: { expression: 'sharp', fields: ['name'] } }))).toEqual([]);
    expect(names(await search({ search: { expression: 'sharp' } }))).toEqual(['Haircut']);
    expect(names(await search({ search: { expression: 'beauty' } }))).toEqual(['Haircut']);
    expect(names(await search({ search: { expression: 'hairkut' } }))).toEqual([]);
    expect(names(await search({ search: { expression: 'hairkut', fuzzy: true } }))).toEqual(['Haircut']);
    const visitor = await site.token('visitor');
    expect(names(await search({ search: { expression: 'pottery' } }, visitor))).toEqual([]);
    expect(names(await search({ search: { expression: 'pottery' } }))).toEqual(['Pottery course']);
  });

  it('filter, sort and cursor paging', async () => {
    const first = await search({
      filter: { type: { $ne: 'COURSE' } },
      sort: [{ fieldName: 'name', order: 'ASC' }],
      cursorPaging: { limit: 3 },
    });
    expect(names(first)).toEqual(['Free consultation', 'Haircut', 'Yoga Basics']);
    expect(first.data.pagingMetadata).toMatchObject({ count: 3, hasNext: true });
    const second = await search({
      cursorPaging: { limit: 3, cursor: first.data.pagingMetadata.cursors.next },
    });
    expect(names(second)).toEqual(['Yoga Flow']);
    expect(second.data.pagingMetadata).toMatchObject({
      count: 1,
      hasNext: false,
      cursors: { prev: expect.any(String) },
    });
    const mixed = await search({
      filter: { type: 'CLASS' },
      cursorPaging: { cursor: first.data.pagingMetadata.cursors.next },
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('VALUE aggregations: counts, sort by value, limit, missing values', async () => {
    const response = await search({
      aggregations: [
        { name: 'types', type: 'VALUE', fieldPath: 'type' },
        {
          name: 'byName',
          type: 'VALUE',
          fieldPath: 'category.name',
          value: { sortType: 'VALUE', sortDirection: 'ASC' },
        },
        { name: 'top1', type: 'VALUE', fieldPath: 'type', value: { limit: 1 } },
        {
          name: 'withMissing',
          type: 'VALUE',
          fieldPath: 'category.name',
          value: { missingValues: 'INCLUDE', includeOptions: { addToBucket: 'None' } },
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [types, byName, top1, withMissing] = response.data.aggregationData.results;
    expect(types).toEqual({
      name: 'types',
      type: 'VALUE',
      fieldPath: 'type',
      values: {
        results: [
          { value: 'APPOINTMENT', count: 2 },
          { value: 'CLASS', count: 2 },
          { value: 'COURSE', count: 1 },
        ],
      },
    });
    expect(byName.values.results).toEqual([
      { value: 'Beauty', count: 1 },
      { value: 'Fitness', count: 2 },
    ]);
    expect(top1.values.results).toEqual([{ value: 'APPOINTMENT', count: 2 }]);
    expect(withMissing.values.results).toEqual([
      { value: 'Fitness', count: 2 },
      { value: 'None', count: 2 },
      { value: 'Beauty', count: 1 },
    ]);
  });

  it('RANGE, SCALAR and DATE_HISTOGRAM aggregations over what the filter matches', async () => {
    const response = await search({
      filter: { hidden: false },
      aggregations: [
        {
          name: 'price',
          type: 'RANGE',
          fieldPath: 'payment.fixed.price.value',
          range: { buckets: [{ to: 25 }, { from: 25, to: 50 }, { from: 50 }] },
        },
        { name: 'maxCapacity', type: 'SCALAR', fieldPath: 'defaultCapacity', scalar: { type: 'MAX' } },
        { name: 'minCapacity', type: 'SCALAR', fieldPath: 'defaultCapacity', scalar: { type: 'MIN' } },
        { name: 'kinds', type: 'SCALAR', fieldPath: 'type', scalar: { type: 'COUNT_DISTINCT' } },
        { name: 'firstCreated', type: 'SCALAR', fieldPath: 'createdDate', scalar: { type: 'MIN' } },
        {
          name: 'months',
          type: 'DATE_HISTOGRAM',
          fieldPath: 'createdDate',
          dateHistogram: { interval: 'MONTH' },
        },
      ],
    });
    const [price, maxCapacity, minCapacity, kinds, firstCreated, months] =
      response.data.aggregationData.results;
    expect(price.ranges.results).toEqual([
      { to: 25, count: 1 },
      { from: 25, to: 50, count: 2 },
      { from: 50, count: 0 },
    ]);
    expect(maxCapacity.scalar).toEqual({ type: 'MAX', value: 15 });
    expect(minCapacity.scalar).toEqual({ type: 'MIN', value: 1 });
    expect(kinds.scalar).toEqual({ type: 'COUNT_DISTINCT', value: 2 });
    expect(firstCreated.scalarDate).toEqual({ type: 'MIN', value: '2024-01-10T09:00:00.000Z' });
    expect(months.dateHistogram.results).toEqual([
      { value: '2024-01-01T00:00:00.000Z', count: 2 },
      { value: '2024-02-01T00:00:00.000Z', count: 2 },
    ]);

    // Buckets are days of the zone asked for: the haircut, made at 23:30 UTC on 5 February, is of the 6th in Tokyo.
    const days = await search({
      filter: { type: 'APPOINTMENT' },
      timeZone: 'Asia/Tokyo',
      aggregations: [
        {
          name: 'days',
          type: 'DATE_HISTOGRAM',
          fieldPath: 'createdDate',
          dateHistogram: { interval: 'DAY' },
        },
      ],
    });
    expect(days.data.aggregationData.results[0].dateHistogram.results).toEqual([
      { value: '2024-02-06T00:00:00.000+09:00', count: 2 },
    ]);
  });

  it('NESTED aggregations: each level split by the next, a scalar last', async () => {
    const response = await search({
      aggregations: [
        {
          name: 'byType',
          type: 'NESTED',
          nested: {
            nestedAggregations: [
              {
                name: 'type',
                type: 'VALUE',
                fieldPath: 'type',
                value: { sortType: 'VALUE', sortDirection: 'ASC' },
              },
              { name: 'capacity', type: 'SCALAR', fieldPath: 'defaultCapacity', scalar: { type: 'MAX' } },
            ],
          },
        },
        {
          name: 'typeAndCategory',
          type: 'NESTED',
          nested: {
            nestedAggregations: [
              {
                name: 'type',
                type: 'VALUE',
                fieldPath: 'type',
                value: { sortType: 'VALUE', sortDirection: 'ASC' },
              },
              { name: 'category', type: 'VALUE', fieldPath: 'category.name' },
            ],
          },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [byType, typeAndCategory] = response.data.aggregationData.results;
    expect(byType).toEqual({
      name: 'byType',
      type: 'NESTED',
      fieldPath: '',
      nested: {
        results: [
          {
            results: {
              type: { value: { value: 'APPOINTMENT', count: 2 } },
              capacity: { scalar: { value: 1 } },
            },
          },
          { results: { type: { value: { value: 'CLASS', count: 2 } }, capacity: { scalar: { value: 15 } } } },
          { results: { type: { value: { value: 'COURSE', count: 1 } }, capacity: { scalar: { value: 8 } } } },
        ],
      },
    });
    expect(typeAndCategory.nested.results).toEqual([
      {
        results: {
          type: { value: { value: 'APPOINTMENT', count: 2 } },
          category: { value: { value: 'Beauty', count: 1 } },
        },
      },
      {
        results: {
          type: { value: { value: 'CLASS', count: 2 } },
          category: { value: { value: 'Fitness', count: 2 } },
        },
      },
    ]);
  });

  it('refuses malformed aggregations with field violations', async () => {
    const cases = [
      [{ name: 'r', type: 'RANGE', fieldPath: 'defaultCapacity' }, 'search.aggregations[0].range'],
      [{ name: 'v', type: 'VALUE' }, 'search.aggregations[0].fieldPath'],
      [{ name: 'v', type: 'VALUE', fieldPath: 'a..b' }, 'search.aggregations[0].fieldPath'],
      [
        {
          name: 'n',
          type: 'NESTED',
          nested: {
            nestedAggregations: [
              { type: 'SCALAR', fieldPath: 'a', scalar: { type: 'MAX' } },
              { type: 'VALUE', fieldPath: 'b' },
            ],
          },
        },
        'search.aggregations[0].nested.nestedAggregations[0].type',
      ],
    ] as const;
    for (const [aggregation, field] of cases) {
      const response = await search({ aggregations: [aggregation] });
      expect(response.statusCode, JSON.stringify(aggregation)).toBe(400);
      expect(response.data.details.validationError.fieldViolations[0].field).toBe(field);
    }
    expect((await search({ timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
  });
});
