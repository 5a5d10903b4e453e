import type { HttpMethod } from '@plaza/contracts';

export type { HttpMethod };

/** The subset of `fetch` the SDK uses; the global `fetch` of browsers and Node 20 fits it. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** One generated call: `[method, canonical path]` (see `src/generated/calls.ts`). */
export type CallEntry = readonly [HttpMethod, string];

/** What the runtime knows of a call: no schema, so nothing of the contracts reaches a bundle. */
export interface CallRecord {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** A GET whose query string would pass 4000 characters is sent as a POST with a JSON body instead. */
  readonly postFallback?: boolean;
  /** A GET whose whole request travels as one `.r` parameter: base64url JSON, no padding (API map 2.3). */
  readonly packRequest?: boolean;
}

/** What a module function needs from the client it is bound to. */
export interface ClientContext {
  invoke(call: CallRecord, request: object | undefined): Promise<unknown>;
}

/** Anything that can put credentials on a request. */
export interface AuthStrategy {
  /** Headers to send with the next API call (for OAuth: a fresh access token in `Authorization`). */
  getAuthHeaders(): Promise<Record<string, string>>;
}

/** Calls `fetch` late, so a global replaced after the client was made (tests, polyfills) is used. */
export const resolveFetch = (custom?: FetchFunction): FetchFunction =>
  custom ?? ((url, init) => globalThis.fetch(url, init));

/** `localhost:4000` → `https://localhost:4000`; `http://x/` → `http://x` (paths are appended to it). */
export function normaliseBaseUrl(baseUrl: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(baseUrl) ? baseUrl : `https://${baseUrl}`;
  return withScheme.replace(/\/+$/, '');
}
