/** A filter of the query language (API map 5.1): field paths or `$and`/`$or`/`$not` → conditions. */
export type Filter = Record<string, unknown>;

export type SortOrder = 'ASC' | 'DESC';

export interface Sorting {
  fieldName: string;
  order: SortOrder;
}

export interface OffsetPaging {
  offset: number;
  limit: number;
}

/** What `find()` sends as `query` (API map 5.3). */
export interface WireQuery {
  filter: Filter;
  paging: OffsetPaging;
  sort?: Sorting[];
}

/** Paging metadata of a query answer (`pagingMetadata`, or `metadata` for some calls). */
export interface PagingMetadata {
  count?: number;
  offset?: number;
  total?: number;
  tooManyToCount?: boolean;
  cursors?: { next?: string | null; prev?: string | null };
}

export interface QueryPage<Item> {
  items: Item[];
  metadata: PagingMetadata | undefined;
}

/** Sends one wire query and picks the items and paging metadata out of the answer. */
export type QueryRunner<Item> = (query: WireQuery) => Promise<QueryPage<Item>>;

/** The answer of `find()`: one page plus what is needed to move to the next one. */
export interface QueryResult<Item> {
  readonly items: Item[];
  readonly length: number;
  /** `metadata.total`; undefined when the server did not count (`tooManyToCount`) or sent no total. */
  readonly totalCount: number | undefined;
  readonly totalPages: number | undefined;
  /** Zero-based: `floor(offset / limit)`. */
  readonly currentPage: number;
  readonly pageSize: number;
  /** The wire query that produced this page. */
  readonly query: WireQuery;
  /** `currentPage < totalPages - 1`; false whenever the total is unknown (as in the official client). */
  hasNext(): boolean;
  hasPrev(): boolean;
  /** The same query with `offset + limit`; throws `No next page to fetch` after the last page. */
  next(): Promise<QueryResult<Item>>;
  /** The same query with `offset - limit`; throws `No previous page to fetch` on the first page. */
  prev(): Promise<QueryResult<Item>>;
}
