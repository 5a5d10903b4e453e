import { encodeBase64Url } from './base64url.ts';
import type { CallRecord, HttpMethod } from './types.ts';

/** A GET whose query string is longer than this is sent as its declared POST fallback (API map 2.3). */
export const MAX_QUERY_STRING_LENGTH = 4000;

export interface EncodedRequest {
  method: HttpMethod;
  /** Path plus query string, to append to the base URL. */
  target: string;
  /** JSON text for POST, PATCH and PUT (and a GET sent as its POST fallback). */
  body?: string;
}

const isScalar = (value: unknown): value is string | number | boolean | bigint | Date =>
  value instanceof Date || ['string', 'number', 'boolean', 'bigint'].includes(typeof value);

const scalarText = (value: string | number | boolean | bigint | Date) =>
  value instanceof Date ? value.toISOString() : String(value);

function valueAt(source: object, dottedPath: string): unknown {
  let current: unknown = source;
  for (const segment of dottedPath.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * `{oAuthApp.id}` → the request's `oAuthApp.id`, percent-encoded. The value also stays in the
 * request (so it is repeated in the query string or body, as the official client does).
 * Unlike the official client, a missing value is refused here instead of sending `undefined`.
 */
export function fillPath(call: CallRecord, request: object): string {
  return call.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = valueAt(request, name);
    if (value === undefined || value === null || value === '' || !isScalar(value)) {
      throw new TypeError(`${call.name}: the request needs "${name}" for the path ${call.path}`);
    }
    return encodeURIComponent(scalarText(value));
  });
}

function appendFields(params: URLSearchParams, prefix: string, source: object) {
  for (const [key, value] of Object.entries(source)) {
    const name = prefix + key;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      // Scalars become repeated keys; objects cannot travel in a query string and are dropped.
      for (const item of value) if (isScalar(item)) params.append(name, scalarText(item));
    } else if (isScalar(value)) {
      params.append(name, scalarText(value));
    } else if (typeof value === 'object') {
      appendFields(params, `${name}.`, value);
    }
  }
}

/**
 * The query string of a GET or DELETE (API map 2.3): nested fields joined with dots, arrays of
 * scalars as repeated keys, arrays of objects dropped, `null`/`undefined` skipped, `Date` as ISO
 * text, form encoding (`URLSearchParams`), field order kept.
 *
 * @example
 * toQueryString({ fields: ['A', 'B'], paging: { limit: 10 } }); // 'fields=A&fields=B&paging.limit=10'
 */
export function toQueryString(request: object): string {
  const params = new URLSearchParams();
  appendFields(params, '', request);
  return params.toString();
}

/** Non-finite numbers travel as the strings "NaN", "Infinity" and "-Infinity" (API map 2.4); JSON would send null. */
const nonFiniteAsText = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;

/** A request as JSON text, as the API reads it. */
export const requestJson = (request: object): string => JSON.stringify(request, nonFiniteAsText);

/**
 * The query string of a packed GET (API map 2.3): the whole request as JSON, UTF-8,
 * base64url without padding, in the single parameter `.r` (its characters need no escaping).
 *
 * @example
 * packedQueryString({ query: { filter: {} } }); // '.r=eyJxdWVyeSI6eyJmaWx0ZXIiOnt9fX0'
 */
export const packedQueryString = (request: object): string =>
  `.r=${encodeBase64Url(new TextEncoder().encode(requestJson(request)))}`;

/** Where each request field goes (API map 2.2), with the POST fallback of long GETs. */
export function encodeRequest(call: CallRecord, request: object = {}): EncodedRequest {
  const path = fillPath(call, request);
  if (call.method !== 'GET' && call.method !== 'DELETE') {
    return { method: call.method, target: path, body: requestJson(request) };
  }
  const query = call.packRequest ? packedQueryString(request) : toQueryString(request);
  if (call.postFallback && call.method === 'GET' && query.length > MAX_QUERY_STRING_LENGTH) {
    return { method: 'POST', target: path, body: requestJson(request) };
  }
  return { method: call.method, target: query ? `${path}?${query}` : path };
}
