/**
 * The one Plaza client of the app. Customer code: everything goes through `@plaza/sdk`.
 * Tokens live as JSON in the cookie `session` (seed section 4), so a reload keeps the visitor or
 * member; the SDK takes anonymous visitor tokens when there are none and renews expired ones.
 */
import { call, cookieTokenStore, createClient, OAuthStrategy } from '@plaza/sdk';
import { ecom } from '@plaza/sdk/modules/ecom';
import { events } from '@plaza/sdk/modules/events';
import { identity } from '@plaza/sdk/modules/identity';
import { plans } from '@plaza/sdk/modules/plans';
import { redirects } from '@plaza/sdk/modules/redirects';
import { stores } from '@plaza/sdk/modules/stores';
import { API_URL, CLIENT_ID } from './config.ts';
import { SESSION_COOKIE } from './lib/cookies.ts';

/**
 * The list queries of the apps this app has no SDK module for yet (API map 5.3). They go through the
 * SDK's generic `call` with the map's paths; until the server answers them they fail, and the app
 * counts as not installed. When a module ships, swap it in here.
 */
const appLists = {
  queryServices: call(
    { queryServices: ['POST', '/_api/bookings/v2/services/query'] } as const,
    'queryServices',
  ),
  queryEvents: call({ queryEvents: ['POST', '/events/v3/events/query'] } as const, 'queryEvents'),
  queryAvailability: call(
    { queryAvailability: ['POST', '/_api/availability-calendar/v1/availability/query'] } as const,
    'queryAvailability',
  ),
};

export const client = createClient({
  modules: { products: stores, cart: ecom, members: identity, redirects, plans, events, apps: appLists },
  apiBaseUrl: API_URL,
  auth: OAuthStrategy({
    clientId: CLIENT_ID,
    baseUrl: API_URL,
    tokenStore: cookieTokenStore({ name: SESSION_COOKIE, maxAgeSeconds: 60 * 60 * 24 * 30 }),
  }),
});

export type Client = typeof client;
