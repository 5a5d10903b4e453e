import type { BookingsBench } from './bookings-seed.ts';
import type { EventsBench } from './events-seed.ts';
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
  /** A visitor access token of the demo site (`npm start`'s seed: 12 products), as its storefront holds. */
  demoVisitorToken: string;
  /** The demo storefront's origin, which its browser requests carry. */
  demoOrigin: string;
  /** The bench site's events (events-seed.ts): the one whose tickets are listed and reserved. */
  events: EventsBench;
  /** The bookings scenarios' services and slots (bookings-seed.ts). */
  bookings: BookingsBench;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request measured against Plaza and its bare twin. Add one object to `scenarios` to measure a call. */
export interface Scenario {
  name: string;
  method: Method;
  /**
   * With its query string, if any; a function when it names seeded data. With `rotatePaths`, the route
   * alone: each request's path and query string come from the rotation.
   */
  path: string | ((context: BenchContext) => string);
  headers?: (context: BenchContext) => Record<string, string>;
  /**
   * Header sets the load cycles through, one request after another over all connections (capture: the
   * first). For calls that change the caller's state: with as many callers as sets, each one's state
   * changes once per cycle, so the same request stays valid however long the load runs.
   */
  rotateHeaders?: (context: BenchContext) => Array<Record<string, string>>;
  /**
   * Paths (with their query strings) the load cycles through, one request after another over all
   * connections, for a call that must differ on every request. The capture takes a sample of them,
   * spread over the cycle, and the twin answers those answers in turn (`CAPTURED_ANSWERS`).
   */
  rotatePaths?: (context: BenchContext) => string[];
  /**
   * Bodies the load sends in turn instead of `body` (which the capture sends), each once, for a call
   * that takes what it names (a slot): the turn carries on over the runs against one server, so the
   * list must be longer than all the requests its runs send; a body sent twice fails the scenario.
   */
  rotateBodies?: (context: BenchContext) => unknown[];
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
  /**
   * Measured at BENCH_RATE alone, for its tail: no throughput runs, and each latency run lasts as long
   * as both would have (2 × BENCH_DURATION), so that the p99 rests on twice as many answers.
   */
  latencyOnly?: boolean;
}

export interface Targets {
  minThroughputRatio?: number;
  maxP99Ratio?: number;
}

// The store issue's targets (#27), each against the scenario's twin: the writing twin for a call that
// writes (`writes`), the bare twin for a read. Every p99 at most 1.5× its twin's.
const productQuery: Targets = { minThroughputRatio: 0.8, maxP99Ratio: 1.5 };
const productRead: Targets = { minThroughputRatio: 0.6, maxP99Ratio: 1.5 };
const uncachedQuery: Targets = { minThroughputRatio: 0.5, maxP99Ratio: 1.5 };
const cartChange: Targets = { minThroughputRatio: 0.5, maxP99Ratio: 1.5 };
const p99Only: Targets = { maxP99Ratio: 1.5 };
// The events issue's targets (#29): reads at least 0.6 of the bare twin, a reservation at least 0.5 of the
// writing twin, every p99 at most 1.5×.
const eventsRead: Targets = { minThroughputRatio: 0.6, maxP99Ratio: 1.5 };
const reservationWrite: Targets = { minThroughputRatio: 0.5, maxP99Ratio: 1.5 };
// The bookings issue's targets (#28): the demo's day at least 0.6 of the bare twin, p99 at most 1.5×; a
// month of 10 staff on 15-minute slots at least 0.5, p99 at most 2×; a booking at least 0.5 of the writing twin.
const availabilityDay: Targets = { minThroughputRatio: 0.6, maxP99Ratio: 1.5 };
const availabilityMonth: Targets = { minThroughputRatio: 0.5, maxP99Ratio: 2 };
const bookingWrite: Targets = { minThroughputRatio: 0.5 };
const QUERY_AVAILABILITY = '/_api/availability-calendar/v1/availability/query';
// The plans issue's target (#30): the public plans at least 0.6 of the bare twin, p99 at most 1.5×.
const plansRead: Targets = { minThroughputRatio: 0.6, maxP99Ratio: 1.5 };

/** The GET form of a query call: the request object as base64url JSON in `.r` (map 2.3), as the SDK sends it. */
const dotR = (path: string, request: unknown) =>
  `${path}?.r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`;

/** Wix Stores' app id: the cart's `catalogReference.appId` for products. */
const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

const visitor = (context: BenchContext) => ({ authorization: context.visitorToken });

const QUERY_PRODUCTS = '/stores-reader/v1/products/query-platformized';

/**
 * Distinct requests of the query whose filter varies: more than Plaza answers in one 5-second run, and
 * five times as many as the largest of its caches holds (2,000 product reads; decoded `.r` values,
 * query plans, pages and totals keep at most 500), so that no request comes again while a cache could
 * still hold its answer.
 */
export const VARYING_REQUESTS = 10_000;

/** The seed of the varying price ranges: the same sequence every run, so that runs compare. */
const VARYING_SEED = 27;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * `count` distinct price ranges in cents, as a storefront's price slider sends them: a lower bound of
 * 5.00 to 180.00 and a width of 5.00 to 25.00. The bench catalog's prices spread evenly over 5.00 …
 * 204.99 (catalog-seed.ts `priceOf`), so each range holds 250 to 1,250 products: always a full page.
 */
export function priceRanges(count: number, seed: number): Array<{ min: number; max: number }> {
  const random = seededRandom(seed);
  const cents = (from: number, span: number) => from + Math.floor(random() * span * 100) / 100;
  const seen = new Set<string>();
  const ranges: Array<{ min: number; max: number }> = [];
  while (ranges.length < count) {
    const min = cents(5, 175);
    const max = Math.round((min + cents(5, 20)) * 100) / 100;
    const key = `${min}-${max}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ranges.push({ min, max });
  }
  return ranges;
}

/** The price-range list of `query-products-price`, for any range. */
const priceRangeQuery = (min: number, max: number) =>
  dotR(QUERY_PRODUCTS, {
    query: {
      filter: { 'priceData.price': { $gte: min, $lte: max } },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      paging: { limit: 50 },
    },
  });

const varyingPaths = priceRanges(VARYING_REQUESTS, VARYING_SEED).map(({ min, max }) =>
  priceRangeQuery(min, max),
);

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
    path: dotR(QUERY_PRODUCTS, {
      query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: 50 } },
    }),
    headers: visitor,
    targets: productQuery,
  },
  {
    // The same list filtered by a price range (about 15% of the catalog).
    name: 'query-products-price',
    method: 'GET',
    path: priceRangeQuery(20, 50),
    headers: visitor,
    targets: productQuery,
  },
  {
    // The same list with another price range on every request, as shoppers move a price slider: no
    // cache holds the answer, so each request decodes, plans, reads and counts its query afresh.
    name: 'query-products-varying',
    method: 'GET',
    path: QUERY_PRODUCTS,
    rotatePaths: () => varyingPaths,
    headers: visitor,
    targets: uncachedQuery,
  },
  {
    name: 'get-product',
    method: 'GET',
    path: (context) => `/stores-reader/v1/products/${context.productIds[context.productIds.length >> 1]}`,
    headers: visitor,
    targets: productRead,
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
    targets: cartChange,
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
    targets: p99Only,
  },
  {
    // The events still to come, soonest first, 50 a page, with their details and registration (what the
    // demo's tickets example asks, apps/demo `loadEvents`), over the bench site's 200 events.
    name: 'query-events',
    method: 'POST',
    path: '/events/v3/events/query',
    headers: visitor,
    body: {
      query: {
        filter: { status: { $in: ['UPCOMING', 'STARTED'] } },
        sort: [{ fieldName: 'dateAndTimeSettings.startDate', order: 'ASC' }],
        paging: { offset: 0, limit: 50 },
      },
      fields: ['DETAILS', 'REGISTRATION'],
    },
    targets: eventsRead,
  },
  {
    // An event's tickets on sale, with what is left of each (apps/demo `loadTickets`).
    name: 'list-available-tickets',
    method: 'GET',
    path: (context) => `/events/v1/checkout/available-tickets?eventId=${context.events.eventId}&limit=100`,
    headers: visitor,
    targets: eventsRead,
  },
  {
    // One ticket of a type without a limit, reserved again and again by one visitor: a new reservation
    // and its capacity hold each time. Against the writing twin, which commits one document's change.
    name: 'create-reservation',
    method: 'POST',
    path: '/events/v1/checkout/reservations',
    headers: visitor,
    body: (context: BenchContext) => ({
      eventId: context.events.eventId,
      ticketQuantities: [{ ticketDefinitionId: context.events.ticketDefinitionId, quantity: 1 }],
    }),
    writes: async (context) => ({ document: context.events.storedReservation, documents: 1 }),
    targets: reservationWrite,
  },
  {
    // The public plans of the demo site (its free tier, monthly pass and yearly plan), as the demo's
    // subscriptions page asks for them from its origin (the official client's listPublicPlans path).
    name: 'list-public-plans',
    method: 'GET',
    path: '/pricing-plans/v2/plans/public',
    headers: (context) => ({ authorization: context.demoVisitorToken, origin: context.demoOrigin }),
    targets: plansRead,
  },
  {
    // The demo's booking page (apps/demo `loadSlots`): the haircut's slots for the next 24 hours, in
    // UTC, from the demo's origin over the demo site's studio.
    name: 'query-availability-day',
    method: 'POST',
    path: QUERY_AVAILABILITY,
    headers: (context) => ({ authorization: context.demoVisitorToken, origin: context.demoOrigin }),
    body: (context: BenchContext) => ({
      query: {
        filter: {
          serviceId: [context.bookings.demoServiceId],
          startDate: context.bookings.dayFrom,
          endDate: context.bookings.dayTo,
        },
      },
      timezone: 'UTC',
    }),
    targets: availabilityDay,
  },
  {
    // A month of a service with 10 staff members on 15-minute slots, 09:00–17:00 every day: 9,600
    // entries, the large answer.
    name: 'query-availability-month',
    method: 'POST',
    path: QUERY_AVAILABILITY,
    headers: visitor,
    body: (context: BenchContext) => ({
      query: {
        filter: {
          serviceId: [context.bookings.monthServiceId],
          startDate: context.bookings.monthFrom,
          endDate: context.bookings.monthTo,
        },
      },
      timezone: 'UTC',
    }),
    targets: availabilityMonth,
  },
  {
    // The step of booking through checkout that writes: createBooking holds the slot for the buyer's
    // checkout (the checkout and its payment are other calls). Each request books the next free slot of
    // a 5-staff service, so none is refused. Against the writing twin, which commits one document.
    name: 'create-booking',
    method: 'POST',
    path: '/bookings/v2/bookings',
    headers: visitor,
    body: (context: BenchContext) => ({ booking: { bookedEntity: { slot: context.bookings.captureSlot } } }),
    rotateBodies: (context) =>
      context.bookings.slots.map((slot) => ({ booking: { bookedEntity: { slot } } })),
    writes: async (context) => ({ document: context.bookings.storedBooking, documents: 1 }),
    targets: bookingWrite,
  },
  {
    // The demo storefront's product list (apps/demo `loadProducts`: the SDK's `queryProducts().find()`,
    // sent from the demo's origin) over the demo site's 12 products, at BENCH_RATE alone: the tail of
    // a quiet shop.
    name: 'demo-products-tail',
    method: 'GET',
    path: dotR(QUERY_PRODUCTS, { query: { filter: {}, paging: { offset: 0, limit: 50 } } }),
    headers: (context) => ({ authorization: context.demoVisitorToken, origin: context.demoOrigin }),
    latencyOnly: true,
    targets: p99Only,
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
  /** Paths the load cycles through instead of `path` (which is the first of them). */
  paths?: string[];
  /** Bodies the load sends in turn, each once, instead of `body` (which the capture sends). */
  bodies?: string[];
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
  const paths = scenario.rotatePaths?.(context);
  if (paths && paths.length === 0) throw new Error(`${scenario.name}: rotatePaths gave no path`);
  const bodies = scenario.rotateBodies?.(context).map((each) => JSON.stringify(each));
  if (bodies && bodies.length === 0) throw new Error(`${scenario.name}: rotateBodies gave no body`);
  return {
    method: scenario.method,
    path: paths ? paths[0]! : typeof scenario.path === 'function' ? scenario.path(context) : scenario.path,
    headers: sets ? sets[0]! : headersWith(undefined),
    body,
    ...(sets ? { headerSets: sets } : {}),
    ...(paths ? { paths } : {}),
    ...(bodies ? { bodies } : {}),
  };
}

/**
 * Real HTTP answers of Plaza: the bytes the twin sends back, in turn. One, or for a scenario that
 * rotates its paths, those of `CAPTURED_ANSWERS` of them.
 */
export interface Captured {
  status: number;
  contentType: string;
  bodies: Buffer[];
}

/**
 * Answers captured of a scenario that rotates its paths: enough that their sizes average those of
 * the whole cycle, few enough to capture in a moment and keep in the twin's memory.
 */
export const CAPTURED_ANSWERS = 32;

/** The paths whose answers are captured: the first, and the others spread evenly over the cycle. */
export const capturedPaths = (request: WireRequest): string[] => {
  const paths = request.paths ?? [request.path];
  const count = Math.min(CAPTURED_ANSWERS, paths.length);
  return Array.from({ length: count }, (_, i) => paths[Math.floor((i * paths.length) / count)]!);
};

export async function capture(baseUrl: string, scenario: Scenario, request: WireRequest): Promise<Captured> {
  const expected = scenario.expectStatus ?? 200;
  let captured: Captured | undefined;
  for (const path of capturedPaths(request)) {
    const response = await fetch(new URL(path, baseUrl), {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(10_000),
    });
    const status = response.status;
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    const body = Buffer.from(await response.arrayBuffer());
    if (status !== expected) {
      throw new Error(
        `${scenario.name}: Plaza answered ${status} (expected ${expected}): ${body.toString('utf8', 0, 500)}`,
      );
    }
    if (captured && contentType !== captured.contentType) {
      throw new Error(`${scenario.name}: Plaza answered ${contentType} and ${captured.contentType}`);
    }
    captured ??= { status, contentType, bodies: [] };
    captured.bodies.push(body);
  }
  return captured!;
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
