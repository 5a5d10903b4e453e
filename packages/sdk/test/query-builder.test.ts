import { describe, expect, it } from 'vitest';
import { createClient } from '../src/index.ts';
import { QueryBuilder } from '../src/query/builder.ts';
import type { WireQuery } from '../src/query/types.ts';
import { type RecordedRequest, recordingFetch } from './support/recording-fetch.ts';
import { bookings, stores } from './support/test-contracts.ts';

function setup() {
  const { fetch, requests } = recordingFetch(() => ({
    body: { services: [], products: [], pagingMetadata: { count: 0 } },
  }));
  const client = createClient({ modules: { bookings, stores }, apiBaseUrl: 'http://api.test', fetch });
  const lastBody = () => (requests.at(-1) as RecordedRequest).body;
  return { client, requests, lastBody };
}

/** A builder over plain records whose `find()` only captures the wire query. */
const captured = () => {
  const queries: WireQuery[] = [];
  const builder = new QueryBuilder<Record<string, unknown>>(async (query) => {
    queries.push(query);
    return { items: [], metadata: undefined };
  });
  return {
    builder,
    filterOf: (query: QueryBuilder<Record<string, unknown>>) => query.toQuery().filter,
    queries,
  };
};

describe('query builder wire shapes: the API map 5.3 examples', () => {
  it('queryServices().find() sends the default query', async () => {
    const { client, requests, lastBody } = setup();
    await client.bookings.queryServices().find();
    expect(requests[0]?.url).toBe('http://api.test/_api/bookings/v2/services/query');
    expect(requests[0]?.method).toBe('POST');
    expect(lastBody()).toBe('{"query":{"filter":{},"paging":{"offset":0,"limit":50}}}');
  });

  it('sends the services example byte for byte (ids and dates are not renamed)', async () => {
    const { client, lastBody } = setup();
    await client.bookings
      .queryServices()
      .eq('type', 'CLASS')
      .in('id', ['a', 'b'])
      .ge('createdDate', new Date('2024-01-01T00:00:00.000Z'))
      .ascending('name')
      .limit(5)
      .skip(10)
      .find();
    expect(lastBody()).toBe(
      '{"query":{"filter":{"$and":[{"type":"CLASS"},{"id":{"$in":["a","b"]}},{"createdDate":{"$gte":"2024-01-01T00:00:00.000Z"}}]},"paging":{"offset":10,"limit":5},"sort":[{"fieldName":"name","order":"ASC"}]}}',
    );
  });

  it('keeps paging key order: limit() alone sends {limit, offset}', async () => {
    const { client, lastBody } = setup();
    await client.bookings.queryServices().limit(10).find();
    expect(lastBody()).toBe('{"query":{"filter":{},"paging":{"limit":10,"offset":0}}}');
  });

  it('sends query options as siblings of query', async () => {
    const { client, lastBody } = setup();
    await client.bookings
      .queryServices({ conditionalFields: ['DETAILS'] })
      .eq('type', 'COURSE')
      .find();
    expect(lastBody()).toBe(
      '{"conditionalFields":["DETAILS"],"query":{"filter":{"type":"COURSE"},"paging":{"offset":0,"limit":50}}}',
    );
  });

  it('sends the products example: hasSome and between as flat $and conditions', async () => {
    const { client, lastBody } = setup();
    await client.stores
      .queryProducts()
      .eq('name', 'Shirt')
      .hasSome('collectionIds', ['c1'])
      .between('priceData.price', 5, 50)
      .find();
    expect(lastBody()).toBe(
      '{"query":{"filter":{"$and":[{"name":"Shirt"},{"collectionIds":{"$hasSome":["c1"]}},{"priceData.price":{"$gte":5}},{"priceData.price":{"$lt":50}}]},"paging":{"offset":0,"limit":50}}}',
    );
  });
});

describe('query builder operators (API map 5.1)', () => {
  const { builder: query, filterOf } = captured();

  it.each([
    ['eq', query.eq('f', 1), { f: 1 }],
    ['eq undefined', query.eq('f', undefined), { f: null }],
    ['isEmpty', query.isEmpty('f'), { f: null }],
    ['ne', query.ne('f', 'x'), { f: { $ne: 'x' } }],
    ['isNotEmpty', query.isNotEmpty('f'), { f: { $ne: null } }],
    ['gt', query.gt('f', 1), { f: { $gt: 1 } }],
    ['ge', query.ge('f', 1), { f: { $gte: 1 } }],
    ['lt', query.lt('f', 1), { f: { $lt: 1 } }],
    ['le', query.le('f', 1), { f: { $lte: 1 } }],
    ['in', query.in('f', [1, 2]), { f: { $in: [1, 2] } }],
    ['hasSome variadic', query.hasSome('f', 'a', 'b'), { f: { $hasSome: ['a', 'b'] } }],
    ['hasAll array', query.hasAll('f', ['a', 'b']), { f: { $hasAll: ['a', 'b'] } }],
    ['startsWith', query.startsWith('f', 'a'), { f: { $startsWith: 'a' } }],
    ['endsWith', query.endsWith('f', 'a'), { f: { $endsWith: 'a' } }],
    ['contains', query.contains('f', 'a'), { f: { $contains: 'a' } }],
    ['exists', query.exists('f'), { f: { $exists: true } }],
    ['exists false', query.exists('f', false), { f: { $exists: false } }],
    ['between', query.between('f', 1, 9), { $and: [{ f: { $gte: 1 } }, { f: { $lt: 9 } }] }],
  ])('%s', (_name, built, filter) => {
    expect(filterOf(built)).toEqual(filter);
  });

  it('leaves a single condition unwrapped and flattens $and', () => {
    expect(filterOf(query.eq('a', 1))).toEqual({ a: 1 });
    expect(filterOf(query.eq('a', 1).eq('b', 2).eq('c', 3))).toEqual({
      $and: [{ a: 1 }, { b: 2 }, { c: 3 }],
    });
    expect(filterOf(query.eq('a', 1).and(query.eq('b', 2).eq('c', 3)))).toEqual({
      $and: [{ a: 1 }, { b: 2 }, { c: 3 }],
    });
  });

  it('or() joins the current filter with the other one', () => {
    expect(filterOf(query.eq('a', 1).or(query.eq('b', 2)))).toEqual({ $or: [{ a: 1 }, { b: 2 }] });
    expect(filterOf(query.eq('a', 1).or({ b: { $gt: 2 } }))).toEqual({ $or: [{ a: 1 }, { b: { $gt: 2 } }] });
  });

  it('not() replaces the filter built so far', () => {
    expect(filterOf(query.eq('a', 1).not(query.eq('b', 2)))).toEqual({ $not: { b: 2 } });
    expect(filterOf(query.eq('a', 1).not(query.eq('b', 2)).eq('c', 3))).toEqual({
      $and: [{ $not: { b: 2 } }, { c: 3 }],
    });
  });

  it('appends sort entries in call order', () => {
    expect(query.ascending('a', 'b').descending('c').toQuery().sort).toEqual([
      { fieldName: 'a', order: 'ASC' },
      { fieldName: 'b', order: 'ASC' },
      { fieldName: 'c', order: 'DESC' },
    ]);
    expect(query.toQuery()).not.toHaveProperty('sort');
  });

  it('skip() keeps the limit and limit() keeps the offset', () => {
    expect(query.skip(20).toQuery().paging).toEqual({ offset: 20, limit: 50 });
    expect(query.skip(20).limit(5).toQuery().paging).toEqual({ limit: 5, offset: 20 });
  });

  it('is immutable: a partial query can be reused', () => {
    const base = query.eq('a', 1);
    base.eq('b', 2);
    base.limit(3);
    expect(base.toQuery()).toEqual({ filter: { a: 1 }, paging: { offset: 0, limit: 50 } });
  });
});
