import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Who may make a call.
 * - `public`: no site credentials at all (token endpoint, health, JWKS).
 * - `anyone`: any caller of the site: visitor, member, owner or app.
 * - `member`: a signed-in member of the site, or an owner/app acting for the site.
 * - `admin`: the site owner (dashboard session or API key) or an app with the site's credentials.
 */
export type Access = 'public' | 'anyone' | 'member' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The installable business apps. A call of an app the site has not installed is refused. */
export type AppName = 'stores' | 'bookings' | 'events' | 'pricing-plans';

/**
 * One call of the public API. Paths use the API map's `{param}` syntax, dotted names included
 * (`/stores/v1/products/{product.id}`); the request object is what the official client builds:
 * for GET and DELETE its fields arrive in the query string, otherwise as the JSON body, and path
 * parameters are taken from the path.
 */
export interface CallDefinition<
  Req extends TSchema = TSchema,
  Res extends TSchema = TSchema,
  Name extends string = string,
> {
  /** camelCase name, shared by the server handler, the SDK method and the tests. */
  readonly name: Name;
  readonly method: HttpMethod;
  /** Canonical public path first, then every alias the API map lists. */
  readonly paths: readonly [string, ...string[]];
  readonly access: Access;
  readonly app?: AppName;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
}

export function defineCall<const Name extends string, Req extends TSchema, Res extends TSchema>(
  call: CallDefinition<Req, Res, Name>,
): CallDefinition<Req, Res, Name> {
  return call;
}

export type RequestOf<C> = C extends CallDefinition<infer Req, TSchema, string> ? Static<Req> : never;
export type ResponseOf<C> = C extends CallDefinition<TSchema, infer Res, string> ? Static<Res> : never;
