/** What a scenario may use in its headers: the seeded site and its credentials. */
export interface BenchContext {
  siteId: string;
  /** An admin API key, sent raw in `Authorization`. */
  adminKey: string;
  /** A visitor access token of the site, for `anyone`-level calls. */
  visitorToken: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request measured against Plaza and its bare twin. Add one object to `scenarios` to measure a call. */
export interface Scenario {
  name: string;
  method: Method;
  path: string;
  headers?: (context: BenchContext) => Record<string, string>;
  /** Sent as JSON (with `content-type: application/json`). */
  body?: unknown;
  /** The status the call must answer; the capture fails loudly on any other. Default 200. */
  expectStatus?: number;
}

export const scenarios: Scenario[] = [
  { name: 'health', method: 'GET', path: '/healthz' },
  {
    name: 'query-oauth-apps',
    method: 'POST',
    path: '/oauth-app/v1/oauth-apps/query',
    headers: (context) => ({ authorization: context.adminKey }),
    body: { query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: 50 } } },
  },
];

/** The request exactly as sent on the wire, the same for Plaza, the twin and the capture. */
export interface WireRequest {
  method: Method;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function wireRequest(scenario: Scenario, context: BenchContext): WireRequest {
  const body = scenario.body === undefined ? undefined : JSON.stringify(scenario.body);
  return {
    method: scenario.method,
    path: scenario.path,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...scenario.headers?.(context),
    },
    body,
  };
}

/** One real HTTP answer of Plaza: the bytes the twin will send back. */
export interface Captured {
  status: number;
  contentType: string;
  body: Buffer;
}

export async function capture(baseUrl: string, scenario: Scenario, request: WireRequest): Promise<Captured> {
  const response = await fetch(new URL(request.path, baseUrl), {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(10_000),
  });
  const captured: Captured = {
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    body: Buffer.from(await response.arrayBuffer()),
  };
  const expected = scenario.expectStatus ?? 200;
  if (captured.status !== expected) {
    throw new Error(
      `${scenario.name}: Plaza answered ${captured.status} (expected ${expected}): ${captured.body.toString('utf8', 0, 500)}`,
    );
  }
  return captured;
}

/** The scenarios named in `only` (comma-separated), all when empty; unknown names are an error. */
export function selectScenarios(only: string | undefined): Scenario[] {
  const names = (only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return scenarios;
  const unknown = names.filter((name) => !scenarios.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_ONLY: unknown scenario ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`,
    );
  }
  return scenarios.filter((scenario) => names.includes(scenario.name));
}
