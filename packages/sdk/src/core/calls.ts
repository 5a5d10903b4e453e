import type { CallDefinition, RequestOf, ResponseOf } from '@plaza/contracts';
import type { AcceptDates, WithDates } from './dates.ts';
import type { CallEntry, CallRecord, ClientContext } from './types.ts';

/** What a module function takes: the contract's request, with `Date` allowed in `…Date` fields. */
export type CallRequest<C> = AcceptDates<RequestOf<C>>;
/** What a module function returns: the contract's response, with `…Date` fields as `Date`. */
export type CallResponse<C> = WithDates<ResponseOf<C>>;

/**
 * A call whose request may be empty takes an optional argument; one without request fields takes
 * none (`Record<string, never>` rather than `{}`, which would accept any value).
 */
export type CallFunction<C> = [keyof CallRequest<C>] extends [never]
  ? (request?: Record<string, never>) => Promise<CallResponse<C>>
  : {} extends CallRequest<C>
    ? (request?: CallRequest<C>) => Promise<CallResponse<C>>
    : (request: CallRequest<C>) => Promise<CallResponse<C>>;

/**
 * One entry of a module: binds itself to a client (`createClient` calls it with the client's
 * context) and carries its call record, so tests and tools can see what it sends.
 */
export interface ModuleMember<F> {
  (context: ClientContext): F;
  readonly call: CallRecord;
}

/** A domain module: entries keyed by the name the client exposes. */
export type Module = Readonly<Record<string, ModuleMember<unknown>>>;

/** A generated table that holds at least the call `Name`. */
export type CallTable<Name extends string> = { readonly [K in Name]: CallEntry };

export interface CallOptions {
  /** Send the GET as a POST with a JSON body when its query string would pass 4000 characters. */
  postFallback?: boolean;
  /**
   * Send the whole request of a GET as the single parameter `.r`: its JSON, base64url-encoded
   * without padding (stores `queryProducts`, API map 2.3).
   */
  packRequest?: boolean;
}

/** @internal Builds the runtime record of a call from its generated table entry. */
export function callRecord(
  table: Readonly<Record<string, CallEntry>>,
  name: string,
  options: CallOptions = {},
): CallRecord {
  const entry = table[name];
  if (!entry) throw new Error(`Unknown call ${name}: regenerate src/generated/calls.ts`);
  return { name, method: entry[0], path: entry[1], ...options };
}

/** @internal */
export const moduleMember = <F>(record: CallRecord, bind: (context: ClientContext) => F): ModuleMember<F> =>
  Object.assign(bind, { call: record });

/**
 * Declares a plain module function for contract `C`. The type argument names the contract (types
 * only); the table and name give the method and path. A name that is not the contract's own does
 * not compile.
 *
 * @example
 * import type { getSite } from '@plaza/contracts';
 * export const sites = { getSite: call<typeof getSite>(sitesCalls, 'getSite') };
 */
export function call<C extends CallDefinition>(
  table: CallTable<C['name']>,
  name: C['name'],
  options?: CallOptions,
): ModuleMember<CallFunction<C>> {
  const record = callRecord(table, name, options);
  return moduleMember(
    record,
    (context) => ((request?: object) => context.invoke(record, request)) as CallFunction<C>,
  );
}
