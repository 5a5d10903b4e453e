export { compileFilter } from './filter.ts';
export { MAX_FILTER_CONDITIONS, MAX_FILTER_DEPTH, parseFilter } from './filter-parse.ts';
export { withFieldOperands } from './operands.ts';
export {
  encodeCursor,
  NEWEST_FIRST,
  pagingMetadata,
  type ResolveOptions,
  resolveQuery,
  withDefaultSort,
} from './paging.ts';
export { compileOrderBy, MAX_SORT_KEYS, parseSort } from './sort.ts';
export type {
  ColumnField,
  CursorPagingMetadata,
  FieldType,
  OffsetPagingMetadata,
  PagingCursors,
  PagingMetadata,
  Predicate,
  QueryInput,
  QueryTarget,
  ResolvedQuery,
  SortKey,
  SortOrder,
} from './types.ts';
