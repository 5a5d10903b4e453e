import type { FetchFunction } from '../../src/index.ts';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The raw body text, if any. */
  body: string | undefined;
  /** The body parsed as JSON, if any. */
  json: unknown;
}

export interface Reply {
  status?: number;
  statusText?: string;
  /** Sent as JSON unless `text` is given. */
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type Route = (request: RecordedRequest) => Reply | Promise<Reply>;

/** A `fetch` that records every request and answers from `route` (200 `{}` by default). */
export function recordingFetch(route: Route = () => ({ body: {} })) {
  const requests: RecordedRequest[] = [];
  const fetch: FetchFunction = async (url, init) => {
    const body = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body,
      json: body === undefined ? undefined : JSON.parse(body),
    };
    requests.push(request);
    const reply = await route(request);
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, {
      status: reply.status ?? 200,
      statusText: reply.statusText ?? (reply.status && reply.status !== 200 ? 'Bad Request' : 'OK'),
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch, requests };
}

/** A token endpoint answer. */
export const tokenReply = (
  accessToken: string,
  refreshToken = `refresh-${accessToken}`,
  expiresIn: number | string = 14400,
): Reply => ({
  body: {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: expiresIn,
    token_type: 'Bearer',
  },
});

/** A path without the origin, plus its query string. */
export const pathOf = (request: RecordedRequest) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};
