import type { Comparable, ElementOf, FieldPath, FieldValue } from './field-path.ts';
import { toQueryResult } from './result.ts';
import type {
  Filter,
  OffsetPaging,
  QueryResult,
  QueryRunner,
  Sorting,
  SortOrder,
  WireQuery,
} from './types.ts';

/** Page size of a query that sets no `limit` (seed section 9). */
export const DEFAULT_QUERY_LIMIT = 50;

interface QueryState {
  readonly filter: Filter;
  readonly sort: readonly Sorting[];
  readonly paging: OffsetPaging;
}

const isEmptyFilter = (filter: Filter) => Object.keys(filter).length === 0;

/** `{$and: [a, b]}` → `[a, b]`; any other filter is one condition. */
const conditionsOf = (filter: Filter): unknown[] =>
  Object.keys(filter).length === 1 && Array.isArray(filter.$and) ? filter.$and : [filter];

/** Conjunction in the official client's shape: one condition stays bare, more are one flat `$and`. */
function andFilters(current: Filter, next: Filter): Filter {
  if (isEmptyFilter(current)) return next;
  if (isEmptyFilter(next)) return current;
  return { $and: [...conditionsOf(current), ...conditionsOf(next)] };
}

/**
 * An immutable query: every method returns a new builder, so a partial query can be reused.
 * Filters follow the wire shapes of API map 5.1 (implicit equality, flat `$and`, `not()` replacing
 * the filter); paging starts at `{offset: 0, limit: 50}`.
 *
 * @example
 * const { items, totalCount } = await client.sites
 *   .queryOAuthApps()
 *   .startsWith('name', 'Shop')
 *   .descending('createdDate')
 *   .limit(10)
 *   .find();
 */
export class QueryBuilder<Item> {
  readonly #run: QueryRunner<Item>;
  readonly #state: QueryState;

  constructor(run: QueryRunner<Item>, state?: QueryState) {
    this.#run = run;
    this.#state = state ?? { filter: {}, sort: [], paging: { offset: 0, limit: DEFAULT_QUERY_LIMIT } };
  }

  #with(change: Partial<QueryState>): QueryBuilder<Item> {
    return new QueryBuilder(this.#run, { ...this.#state, ...change });
  }

  #where(field: string, condition: unknown): QueryBuilder<Item> {
    return this.#with({ filter: andFilters(this.#state.filter, { [field]: condition }) });
  }

  /** `{field: value}` (no `$eq`); `eq(field, undefined)` matches a missing value. @example query.eq('name', 'Shop') */
  eq<F extends FieldPath<Item>>(
    field: F,
    value: Comparable<FieldValue<Item, F>> | null | undefined,
  ): QueryBuilder<Item> {
    return this.#where(field, value ?? null);
  }
  /** `{field: {$ne: value}}`. @example query.ne('status', 'ARCHIVED') */
  ne<F extends FieldPath<Item>>(field: F, value: Comparable<FieldValue<Item, F>> | null): QueryBuilder<Item> {
    return this.#where(field, { $ne: value });
  }
  /** `$gt`. @example query.gt('priceData.price', 10) */
  gt<F extends FieldPath<Item>>(field: F, value: Comparable<FieldValue<Item, F>>): QueryBuilder<Item> {
    return this.#where(field, { $gt: value });
  }
  /** `$gte`. @example query.ge('createdDate', new Date('2024-01-01')) */
  ge<F extends FieldPath<Item>>(field: F, value: Comparable<FieldValue<Item, F>>): QueryBuilder<Item> {
    return this.#where(field, { $gte: value });
  }
  /** `$lt`. @example query.lt('priceData.price', 100) */
  lt<F extends FieldPath<Item>>(field: F, value: Comparable<FieldValue<Item, F>>): QueryBuilder<Item> {
    return this.#where(field, { $lt: value });
  }
  /** `$lte`. @example query.le('updatedDate', new Date()) */
  le<F extends FieldPath<Item>>(field: F, value: Comparable<FieldValue<Item, F>>): QueryBuilder<Item> {
    return this.#where(field, { $lte: value });
  }
  /** `from <= field < to`, sent as two conditions (`$gte`, `$lt`). @example query.between('priceData.price', 5, 50) */
  between<F extends FieldPath<Item>>(
    field: F,
    from: Comparable<FieldValue<Item, F>>,
    to: Comparable<FieldValue<Item, F>>,
  ): QueryBuilder<Item> {
    return this.#where(field, { $gte: from }).#where(field, { $lt: to });
  }
  /** `$in`. @example query.in('id', ['a', 'b']) */
  in<F extends FieldPath<Item>>(
    field: F,
    values: readonly Comparable<ElementOf<FieldValue<Item, F>>>[],
  ): QueryBuilder<Item> {
    return this.#where(field, { $in: [...values] });
  }
  /** The array field holds at least one of the values. @example query.hasSome('collectionIds', ['c1', 'c2']) */
  hasSome<F extends FieldPath<Item>>(
    field: F,
    values: readonly ElementOf<FieldValue<Item, F>>[],
  ): QueryBuilder<Item>;
  hasSome<F extends FieldPath<Item>>(
    field: F,
    ...values: ElementOf<FieldValue<Item, F>>[]
  ): QueryBuilder<Item>;
  hasSome(field: string, ...values: unknown[]): QueryBuilder<Item> {
    return this.#where(field, { $hasSome: spread(values) });
  }
  /** The array field holds every value. @example query.hasAll('installedApps', 'stores', 'bookings') */
  hasAll<F extends FieldPath<Item>>(
    field: F,
    values: readonly ElementOf<FieldValue<Item, F>>[],
  ): QueryBuilder<Item>;
  hasAll<F extends FieldPath<Item>>(
    field: F,
    ...values: ElementOf<FieldValue<Item, F>>[]
  ): QueryBuilder<Item>;
  hasAll(field: string, ...values: unknown[]): QueryBuilder<Item> {
    return this.#where(field, { $hasAll: spread(values) });
  }
  /** `$startsWith`. @example query.startsWith('name', 'Sh') */
  startsWith<F extends FieldPath<Item>>(field: F, value: string): QueryBuilder<Item> {
    return this.#where(field, { $startsWith: value });
  }
  /** `$endsWith`. @example query.endsWith('name', 'shirt') */
  endsWith<F extends FieldPath<Item>>(field: F, value: string): QueryBuilder<Item> {
    return this.#where(field, { $endsWith: value });
  }
  /** `$contains`. @example query.contains('description', 'cotton') */
  contains<F extends FieldPath<Item>>(field: F, value: string): QueryBuilder<Item> {
    return this.#where(field, { $contains: value });
  }
  /** `{field: {$exists: value}}`. @example query.exists('description') */
  exists<F extends FieldPath<Item>>(field: F, value = true): QueryBuilder<Item> {
    return this.#where(field, { $exists: value });
  }
  /** `{field: null}`. @example query.isEmpty('description') */
  isEmpty<F extends FieldPath<Item>>(field: F): QueryBuilder<Item> {
    return this.#where(field, null);
  }
  /** `{field: {$ne: null}}`. @example query.isNotEmpty('description') */
  isNotEmpty<F extends FieldPath<Item>>(field: F): QueryBuilder<Item> {
    return this.#where(field, { $ne: null });
  }
  /** Adds another query's filter to this one (flat `$and`). @example query.and(other.eq('name', 'B')) */
  and(other: QueryBuilder<Item> | Filter): QueryBuilder<Item> {
    return this.#with({ filter: andFilters(this.#state.filter, filterOf(other)) });
  }
  /** `{$or: [this filter, other filter]}`. @example query.eq('name', 'A').or(query.eq('name', 'B')) */
  or(other: QueryBuilder<Item> | Filter): QueryBuilder<Item> {
    return this.#with({ filter: { $or: [this.#state.filter, filterOf(other)] } });
  }
  /** `{$not: other filter}`; it replaces the filter built so far, as in the official client. @example query.not(query.eq('name', 'A')) */
  not(other: QueryBuilder<Item> | Filter): QueryBuilder<Item> {
    return this.#with({ filter: { $not: filterOf(other) } });
  }
  /** Appends `{fieldName, order: 'ASC'}` per field. @example query.ascending('name') */
  ascending(...fields: FieldPath<Item>[]): QueryBuilder<Item> {
    return this.#sortBy(fields, 'ASC');
  }
  /** Appends `{fieldName, order: 'DESC'}` per field. @example query.descending('createdDate') */
  descending(...fields: FieldPath<Item>[]): QueryBuilder<Item> {
    return this.#sortBy(fields, 'DESC');
  }
  #sortBy(fields: readonly string[], order: SortOrder): QueryBuilder<Item> {
    return this.#with({ sort: [...this.#state.sort, ...fields.map((fieldName) => ({ fieldName, order }))] });
  }
  /** Page size (`paging.limit`); the offset is kept. @example query.limit(10) */
  limit(limit: number): QueryBuilder<Item> {
    return this.#with({ paging: { limit, offset: this.#state.paging.offset } });
  }
  /** Items to skip (`paging.offset`); the limit is kept. @example query.skip(20) */
  skip(offset: number): QueryBuilder<Item> {
    return this.#with({ paging: { offset, limit: this.#state.paging.limit } });
  }
  /** The wire `query` object `find()` would send. @example query.eq('name', 'A').toQuery() // {filter: {name: 'A'}, paging: {offset: 0, limit: 50}} */
  toQuery(): WireQuery {
    const { filter, paging, sort } = this.#state;
    return { filter, paging, ...(sort.length > 0 ? { sort: [...sort] } : {}) };
  }
  /** Sends the query; the result pages on with `next()`. @example const { items, hasNext } = await query.find(); */
  async find(): Promise<QueryResult<Item>> {
    const query = this.toQuery();
    return toQueryResult(this, query, await this.#run(query));
  }
}

/** `hasSome(f, a, b)` and `hasSome(f, [a, b])` send the same array. */
const spread = (values: unknown[]): unknown[] =>
  values.length === 1 && Array.isArray(values[0]) ? [...values[0]] : values;

const filterOf = <Item>(other: QueryBuilder<Item> | Filter): Filter =>
  other instanceof QueryBuilder ? other.toQuery().filter : other;
