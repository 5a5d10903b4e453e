import { describe, expect, it } from 'vitest';
import { createClient } from '../src/index.ts';
import { recordingFetch } from './support/recording-fetch.ts';
import { bookings, stores } from './support/test-contracts.ts';

const service = (id: string) => ({ id, name: id, type: 'CLASS', createdDate: '2024-01-01T00:00:00Z' });

/** A server with `total` services that answers with the metadata `extra` adds. */
function serviceServer(total: number, extra: Record<string, unknown> = {}) {
  const { fetch, requests } = recordingFetch((request) => {
    const { offset, limit } = (request.json as { query: { paging: { offset: number; limit: number } } }).query
      .paging;
    const ids = Array.from(
      { length: Math.max(0, Math.min(limit, total - offset)) },
      (_, index) => `s${offset + index}`,
    );
    return {
      body: { services: ids.map(service), pagingMetadata: { count: ids.length, offset, total, ...extra } },
    };
  });
  const client = createClient({ modules: { bookings, stores }, apiBaseUrl: 'http://api.test', fetch });
  const offsets = () =>
    requests.map(
      (request) => (request.json as { query: { paging: { offset: number } } }).query.paging.offset,
    );
  return { client, offsets };
}

describe('find() paging (API map 5.2)', () => {
  it('reads items, total and page numbers, and converts item dates', async () => {
    const { client } = serviceServer(25);
    const page = await client.bookings.queryServices().limit(10).find();
    expect(page.items.map((item) => item.id)).toEqual([
      's0',
      's1',
      's2',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
      's9',
    ]);
    expect(page.items[0]?.createdDate).toBeInstanceOf(Date);
    expect(page).toMatchObject({ totalCount: 25, totalPages: 3, currentPage: 0, pageSize: 10, length: 10 });
    expect(page.hasNext()).toBe(true);
    expect(page.hasPrev()).toBe(false);
  });

  it('next() re-sends the same query with offset + limit until the last page', async () => {
    const { client, offsets } = serviceServer(25);
    const first = await client.bookings.queryServices().eq('type', 'CLASS').limit(10).find();
    const second = await first.next();
    const third = await second.next();
    expect(offsets()).toEqual([0, 10, 20]);
    expect(third).toMatchObject({ currentPage: 2, length: 5 });
    expect(third.hasNext()).toBe(false);
    await expect(third.next()).rejects.toThrow('No next page to fetch');
    expect(third.query.filter).toEqual({ type: 'CLASS' });
    const back = await third.prev();
    expect(back.currentPage).toBe(1);
  });

  it('reports no next page when the server sends no total', async () => {
    const { fetch } = recordingFetch(() => ({
      body: { services: [service('a')], pagingMetadata: { count: 1, offset: 0 } },
    }));
    const client = createClient({ modules: { bookings }, apiBaseUrl: 'http://api.test', fetch });
    const page = await client.bookings.queryServices().limit(1).find();
    expect(page.totalCount).toBeUndefined();
    expect(page.totalPages).toBeUndefined();
    expect(page.hasNext()).toBe(false);
    await expect(page.next()).rejects.toThrow('No next page to fetch');
  });

  it('ignores total when tooManyToCount is set', async () => {
    const { client } = serviceServer(500, { tooManyToCount: true });
    const page = await client.bookings.queryServices().find();
    expect(page.totalCount).toBeUndefined();
    expect(page.hasNext()).toBe(false);
  });

  it('computes the current page from the offset: floor(offset / limit)', async () => {
    const { client } = serviceServer(100);
    const page = await client.bookings.queryServices().limit(10).skip(35).find();
    expect(page.currentPage).toBe(3);
    expect(page.totalPages).toBe(10);
  });

  it('reads metadata under another key when the call says so (products: metadata)', async () => {
    const { fetch } = recordingFetch(() => ({
      body: {
        products: [{ id: 'p1', name: 'Shirt', collectionIds: [], priceData: { price: 5 } }],
        metadata: { count: 1, offset: 0, total: 2 },
      },
    }));
    const client = createClient({ modules: { stores }, apiBaseUrl: 'http://api.test', fetch });
    const page = await client.stores.queryProducts().limit(1).find();
    expect(page.items[0]?.priceData.price).toBe(5);
    expect(page.totalCount).toBe(2);
    expect(page.hasNext()).toBe(true);
  });
});
