import type { DocumentWrite } from './twin-write.ts';

/** What a scenario may use in its headers: the seeded site and its credentials. */
export interface BenchContext {
  siteId: string;
  /** An admin API key, sent raw in `Authorization`. */
  adminKey: string;
  /** A visitor access token of the site, for `anyone`-level calls; its cart holds a few lines. */
  visitorToken: string;
  /** Visitor tokens of their own (no cart at first), for calls that change the caller's cart. */
  cartVisitorTokens: string[];
  /** The cart of the visitor of one of `cartVisitorTokens` as stored (its JSON); refused when it has none. */
  storedCart(token: string): Promise<string>;
  /** The bench catalog (catalog-seed.ts), oldest first. */
  productIds: string[];
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request measured against Plaza and its bare twin. Add one object to `scenarios` to measure a call. */
export interface Scenario {
  name: string;
  method: Method;
  /** With its query string, if any; a function when it names seeded data. */
  path: string | ((context: BenchContext) => string);
  headers?: (context: BenchContext) => Record<string, string>;
  /**
   * Header sets the load cycles through, one request after another over all connections (capture: the
   * first). For calls that change the caller's state: with as many callers as sets, each one's state
   * changes once per cycle, so the same request stays valid however long the load runs.
   */
  rotateHeaders?: (context: BenchContext) => Array<Record<string, string>>;
  /** Sent as JSON (with `content-type: application/json`); a function when it names seeded data. */
  body?: unknown;
  /** The status the call must answer; the capture fails loudly on any other. Default 200. */
  expectStatus?: number;
  /** What the scenario's issue asks of it: at least this throughput ratio, at most this p99 ratio. */
  targets?: Targets;
  /**
   * For a call that changes a stored document: the write that change makes, told after the capture.
   * The scenario is then also measured against the writing twin (twin-write.ts), which commits such a
   * write before answering: the ceiling of any server that persists the change before it answers.
   */
  writes?: (context: BenchContext) => Promise<DocumentWrite>;
}

export interface Targets {
  minThroughputRatio?: number;
  maxP99Ratio?: number;
}

/** The store and checkout issue's targets: list reads ≥ 0.6 of the twin, single calls ≥ 0.5, p99 ≤ 1.5×. */
const listRead: Targets = { minThroughputRatio: 0.6, maxP99Ratio: 1.5 };
const singleCall: Targets = { minThroughputRatio: 0.5, maxP99Ratio: 1.5 };

/** The GET form of a query call: the request object as base64url JSON in `.r` (map 2.3), as the SDK sends it. */
const dotR = (path: string, request: unknown) =>
  `${path}?.r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`;

/** Wix Stores' app id: the cart's `catalogReference.appId` for products. */
const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

const visitor = (context: BenchContext) => ({ authorization: context.visitorToken });

export const scenarios: Scenario[] = [
  { name: 'health', method: 'GET', path: '/healthz' },
  {
    name: 'query-oauth-apps',
    method: 'POST',
    path: '/oauth-app/v1/oauth-apps/query',
    headers: (context) => ({ authorization: context.adminKey }),
    body: { query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: 50 } } },
  },
  {
    // The storefront's product list: newest first, 50 a page.
    name: 'query-products',
    method: 'GET',
    path: dotR('/stores-reader/v1/products/query-platformized', {
      query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: 50 } },
    }),
    headers: visitor,
    targets: listRead,
  },
  {
    // The same list filtered by a price range (about 15% of the catalog).
    name: 'query-products-price',
    method: 'GET',
    path: dotR('/stores-reader/v1/products/query-platformized', {
      query: {
        filter: { 'priceData.price': { $gte: 20, $lte: 50 } },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        paging: { limit: 50 },
      },
    }),
    headers: visitor,
    targets: listRead,
  },
  {
    name: 'get-product',
    method: 'GET',
    path: (context) => `/stores-reader/v1/products/${context.productIds[context.productIds.length >> 1]}`,
    headers: visitor,
    targets: singleCall,
  },
  {
    // The same variant of the same product for one visitor after another: each visitor's line grows by 1
    // per cycle over `cartVisitorTokens` (the cart's limit is 1000 per line), and the answer keeps its size.
    name: 'add-to-cart',
    method: 'POST',
    path: '/ecom/v1/carts/current/add-to-cart',
    rotateHeaders: (context) => context.cartVisitorTokens.map((token) => ({ authorization: token })),
    // The capture added to the first visitor's cart: the document each request rewrites, one per visitor.
    writes: async (context) => ({
      document: await context.storedCart(context.cartVisitorTokens[0]!),
      documents: context.cartVisitorTokens.length,
    }),
    body: (context: BenchContext) => ({
      lineItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: context.productIds[42],
            options: { options: { Size: 'M', Color: 'Blue' } },
          },
          quantity: 1,
        },
      ],
    }),
    targets: singleCall,
  },
  {
    // The visitor's cart (three lines, seeded) to a Californian address with the standard shipping option.
    name: 'estimate-totals',
    method: 'POST',
    path: '/ecom/v1/carts/current/estimate-totals',
    headers: visitor,
    body: {
      shippingAddress: {
        country: 'US',
        subdivision: 'US-CA',
        city: 'San Francisco',
        postalCode: '94103',
        addressLine: '500 Market St',
      },
      selectedShippingOption: { code: 'standard' },
    },
    targets: { maxP99Ratio: 1.5 },
  },
];

/** The request exactly as sent on the wire, the same for Plaza, the twin and the capture. */
export interface WireRequest {
  method: Method;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Whole header sets the load cycles through instead of `headers` (which is the first of them). */
  headerSets?: Array<Record<string, string>>;
}

export function wireRequest(scenario: Scenario, context: BenchContext): WireRequest {
  const given = typeof scenario.body === 'function' ? scenario.body(context) : scenario.body;
  const body = given === undefined ? undefined : JSON.stringify(given);
  const headersWith = (extra: Record<string, string> | undefined) => ({
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...scenario.headers?.(context),
    ...extra,
  });
  const sets = scenario.rotateHeaders?.(context).map(headersWith);
  if (sets && sets.length === 0) throw new Error(`${scenario.name}: rotateHeaders gave no header set`);
  return {
    method: scenario.method,
    path: typeof scenario.path === 'function' ? scenario.path(context) : scenario.path,
    headers: sets ? sets[0]! : headersWith(undefined),
    body,
    ...(sets ? { headerSets: sets } : {}),
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
