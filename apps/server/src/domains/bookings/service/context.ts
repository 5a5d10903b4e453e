/** What every bookings use case shares: dependencies, the caller's view, site facts, small helpers. */
import type { Caller } from '../../../http/access.ts';
import type { Clock } from '../../../lib/clock.ts';
import { currencyDigits } from '../../../lib/money.ts';
import { getSite, type SitesDeps } from '../../sites/index.ts';
import type { MembershipCredits } from '../memberships.ts';
import type { BookingsStore } from '../store.ts';
import type { BookingOrders } from './orders.ts';

export interface BookingsDeps {
  store: BookingsStore;
  sites: SitesDeps;
  clock: Clock;
  /** Pricing plans' credits, for bookings paid with a plan (set in deps.ts). */
  memberships?: MembershipCredits;
  /** The ecom orders that paid for bookings (set in deps.ts): a cancelled booking cancels its own. */
  orders?: BookingOrders;
}

/** The Bookings app id (map 17): a service's `appId` unless its creator names another. */
export const BOOKINGS_APP_ID = '13d21c63-b5ec-5912-8397-c3a5ddb27a97';
/** The site's default booking form: services name it until forms are managed. */
export const DEFAULT_FORM_ID = '00000000-0000-0000-0000-000000000000';
/** Filters that select services in sets (search, by-filter bulk calls, location and category queries). */
export const SERVICE_SET_LIMIT = 1000;

export const isAdmin = (caller: Pick<Caller, 'kind'>) => caller.kind === 'admin' || caller.kind === 'app';

export interface SiteFacts {
  currency: string;
  digits: number;
  siteUrl: string;
  timeZone: string;
}

export async function siteFacts(deps: BookingsDeps, siteId: string): Promise<SiteFacts> {
  const site = await getSite(deps.sites, siteId);
  const siteUrl = typeof site.settings.siteUrl === 'string' ? site.settings.siteUrl.replace(/\/+$/, '') : '';
  return { currency: site.currency, digits: currencyDigits(site.currency), siteUrl, timeZone: site.timeZone };
}

/** A filter that also keeps hidden services from anyone but the owner. */
export function visibleTo(caller: Pick<Caller, 'kind'>, filter: unknown): Record<string, unknown> {
  const given = filter && typeof filter === 'object' ? (filter as Record<string, unknown>) : {};
  if (isAdmin(caller)) return given;
  return Object.keys(given).length === 0 ? { hidden: false } : { $and: [given, { hidden: false }] };
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` without the keys whose value is undefined (stored documents hold no undefined). */
export function defined<T extends Json>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
