import { errorFromResponse, systemError } from './errors.ts';
import type { FetchFunction, HttpMethod } from './types.ts';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  /** A JSON text; sent with `Content-Type: application/json`. */
  body?: string;
}

export const REQUEST_ID_HEADER = 'x-wix-request-id';

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends one request and returns the parsed JSON body. Success is status 200 exactly, with a JSON
 * body (API map 3.1); anything else throws a `PlazaError`.
 */
export async function sendJson(fetchFn: FetchFunction, request: HttpRequest): Promise<unknown> {
  const headers: Record<string, string> = {
    ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...request.headers,
  };
  let response: Response;
  try {
    response = await fetchFn(request.url, { method: request.method, headers, body: request.body });
  } catch (cause) {
    throw systemError(undefined, { cause });
  }
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  let body: unknown;
  try {
    body = parseJson(await response.text());
  } catch (cause) {
    throw systemError(requestId, { status: response.status, cause });
  }
  if (response.status !== 200) {
    throw errorFromResponse({ status: response.status, statusText: response.statusText, body, requestId });
  }
  if (body === undefined) throw systemError(requestId, { status: response.status });
  return body;
}
