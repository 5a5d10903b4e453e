import type { CallDefinition } from '@plaza/contracts';
import {
  type CallOptions,
  type CallRequest,
  type CallResponse,
  type CallTable,
  callRecord,
  type ModuleMember,
  moduleMember,
} from '../core/calls.ts';
import { QueryBuilder } from './builder.ts';
import type { PagingMetadata } from './types.ts';

/** Keys of a response that hold arrays: the candidates for a query's items. */
export type ArrayKey<T> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends readonly unknown[] ? K : never;
}[keyof T & string];

type ItemOf<T, K extends keyof T> = NonNullable<T[K]> extends readonly (infer Item)[] ? Item : never;

/**
 * A query function: the call's request fields other than `query` (sent beside it), then a builder.
 * `R` names the contract whose request describes those fields when the call's own does not
 * (stores `queryProducts`, whose wire request is the packed `.r`, takes `queryProductsPost`'s).
 */
export type QueryFunction<C, K extends keyof CallResponse<C>, R = C> = (
  options?: Omit<CallRequest<R>, 'query'>,
) => QueryBuilder<ItemOf<CallResponse<C>, K>>;

export interface QueryShape<K extends string> {
  /** Response key holding the items (`oAuthApps`, `products` …). */
  items: K;
  /** Response key holding the paging metadata; `pagingMetadata` unless said otherwise. */
  metadata?: string;
}

/**
 * Declares a query function for contract `C`, whose answer holds its items under key `K`; the
 * options sent beside `query` are typed after the request of `R` (`C` unless given).
 *
 * @example
 * import type { queryOAuthApps } from '@plaza/contracts';
 * export const sites = {
 *   queryOAuthApps: queryCall<typeof queryOAuthApps, 'oAuthApps'>(sitesCalls, 'queryOAuthApps', { items: 'oAuthApps' }),
 * };
 */
export function queryCall<
  C extends CallDefinition,
  K extends ArrayKey<CallResponse<C>>,
  R extends CallDefinition = C,
>(
  table: CallTable<C['name']>,
  name: C['name'],
  shape: QueryShape<K>,
  options?: CallOptions,
): ModuleMember<QueryFunction<C, K, R>> {
  const record = callRecord(table, name, options);
  const metadataKey = shape.metadata ?? 'pagingMetadata';
  return moduleMember(record, (context) => (queryOptions?: object) => {
    return new QueryBuilder(async (query) => {
      const answer = (await context.invoke(record, { ...queryOptions, query })) as Record<string, unknown>;
      const items = answer[shape.items];
      return {
        items: Array.isArray(items) ? items : [],
        metadata: answer[metadataKey] as PagingMetadata | undefined,
      };
    });
  }) as ModuleMember<QueryFunction<C, K, R>>;
}
