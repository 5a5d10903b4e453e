import type { Module, ModuleMember } from './core/calls.ts';
import { reviveDates } from './core/dates.ts';
import { encodeRequest } from './core/encode.ts';
import { sendJson } from './core/http.ts';
import {
  type AuthStrategy,
  type ClientContext,
  type FetchFunction,
  normaliseBaseUrl,
  resolveFetch,
} from './core/types.ts';

export interface ClientOptions<
  Modules extends Record<string, Module>,
  Auth extends AuthStrategy | undefined,
> {
  /** Domain modules to expose, keyed by the name to use: `{ sites, identity }`. */
  modules: Modules;
  /** Credentials for every call: `OAuthStrategy(...)`, `ApiKeyStrategy(...)`, or none. */
  auth?: Auth;
  /** The Plaza server, e.g. `http://localhost:4000` (`https://` is assumed when no scheme is given). */
  apiBaseUrl: string;
  /** A `fetch` to use instead of the global one (tests, proxies, server runtimes). */
  fetch?: FetchFunction;
  /** Extra headers sent with every module call. */
  headers?: Record<string, string>;
}

/** A module as the client exposes it: each member bound to the client. */
export type BoundModule<M extends Module> = {
  [Name in keyof M]: M[Name] extends ModuleMember<infer Fn> ? Fn : never;
};

export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

export interface GraphqlAnswer<Data> {
  data: Data;
  errors?: GraphqlError[];
}

export interface ClientCore<Auth> {
  /** The auth strategy given to `createClient` (e.g. `client.auth.loggedIn()`). */
  readonly auth: Auth;
  /**
   * POSTs `{query, variables}` to `/graphql/alpha` and returns `{data, errors}` as sent.
   * @example
   * const { data } = await client.graphql<{ site: { name: string } }>('query { site { name } }');
   */
  graphql<Data = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphqlAnswer<Data>>;
}

export type PlazaClient<Modules extends Record<string, Module>, Auth> = ClientCore<Auth> & {
  readonly [Name in keyof Modules]: BoundModule<Modules[Name]>;
};

/**
 * Makes a client: each module's calls become typed async functions under the module's key.
 *
 * @example
 * import { createClient, OAuthStrategy, cookieTokenStore } from '@plaza/sdk';
 * import { sites } from '@plaza/sdk/modules/sites';
 *
 * const client = createClient({
 *   modules: { sites },
 *   apiBaseUrl: 'http://localhost:4000',
 *   auth: OAuthStrategy({ clientId: 'my-client-id', baseUrl: 'http://localhost:4000', tokenStore: cookieTokenStore() }),
 * });
 * const { site } = await client.sites.getSite();
 */
export function createClient<
  Modules extends Record<string, Module>,
  Auth extends AuthStrategy | undefined = undefined,
>(options: ClientOptions<Modules, Auth>): PlazaClient<Modules, Auth> {
  const baseUrl = normaliseBaseUrl(options.apiBaseUrl);
  const fetchFn = resolveFetch(options.fetch);
  const headers = async () => ({ ...options.headers, ...(await options.auth?.getAuthHeaders()) });

  const context: ClientContext = {
    async invoke(call, request) {
      const encoded = encodeRequest(call, request);
      const answer = await sendJson(fetchFn, {
        method: encoded.method,
        url: baseUrl + encoded.target,
        headers: await headers(),
        body: encoded.body,
      });
      return reviveDates(answer);
    },
  };

  const client: Record<string, unknown> = {
    auth: options.auth,
    graphql: async (query: string, variables?: Record<string, unknown>) => {
      const answer = (await sendJson(fetchFn, {
        method: 'POST',
        url: `${baseUrl}/graphql/alpha`,
        headers: await headers(),
        body: JSON.stringify({ query, variables }),
      })) as Record<string, unknown>;
      return { data: answer.data ?? {}, ...(answer.errors ? { errors: answer.errors } : {}) };
    },
  };
  for (const [moduleName, module] of Object.entries(options.modules)) {
    client[moduleName] = Object.fromEntries(
      Object.entries(module).map(([name, member]) => [name, member(context)]),
    );
  }
  return client as PlazaClient<Modules, Auth>;
}
