import type { QueryPage, QueryResult, WireQuery } from './types.ts';

/** What a result needs from its builder to fetch a neighbouring page. */
export interface PageSource<Item> {
  skip(offset: number): { find(): Promise<QueryResult<Item>> };
}

/** Paging arithmetic of the official client (API map 5.2). */
export function toQueryResult<Item>(
  source: PageSource<Item>,
  query: WireQuery,
  page: QueryPage<Item>,
): QueryResult<Item> {
  const { offset, limit } = query.paging;
  const metadata = page.metadata;
  const totalCount = metadata?.tooManyToCount ? undefined : metadata?.total;
  const totalPages = totalCount === undefined || limit <= 0 ? undefined : Math.ceil(totalCount / limit);
  const currentPage = limit > 0 ? Math.floor(offset / limit) : 0;
  const hasNext = () => totalPages !== undefined && currentPage < totalPages - 1;
  const hasPrev = () => offset > 0;
  return {
    items: page.items,
    length: page.items.length,
    totalCount,
    totalPages,
    currentPage,
    pageSize: limit,
    query,
    hasNext,
    hasPrev,
    next: async () => {
      if (!hasNext()) throw new Error('No next page to fetch');
      return source.skip(offset + limit).find();
    },
    prev: async () => {
      if (!hasPrev()) throw new Error('No previous page to fetch');
      return source.skip(Math.max(0, offset - limit)).find();
    },
  };
}
