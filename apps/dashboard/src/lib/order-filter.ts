/**
 * The Orders list's filters: read from and written to the URL, and turned into the server's query
 * language (`searchOrders`). Dates are calendar days of the site's time zone.
 */
import { DateTime } from 'luxon';
import { isVertical, VERTICAL_APP_IDS } from './verticals.ts';

export interface OrderFilters {
  status: string;
  payment: string;
  vertical: string;
  /** First and last day placed (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  /** A buyer's e-mail (or part of it) or an order number. */
  q: string;
}

const KEYS = ['status', 'payment', 'vertical', 'from', 'to', 'q'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const read = (key: (typeof KEYS)[number]) => params.get(key)?.trim() ?? '';
  return {
    status: read('status'),
    payment: read('payment'),
    vertical: isVertical(read('vertical')) ? read('vertical') : '',
    from: DAY.test(read('from')) ? read('from') : '',
    to: DAY.test(read('to')) ? read('to') : '',
    q: read('q'),
  };
}

/** The filters as URL parameters, empty ones left out. */
export function filtersToParams(filters: OrderFilters): Record<string, string> {
  return Object.fromEntries(KEYS.flatMap((key) => (filters[key] ? [[key, filters[key]]] : [])));
}

export const hasFilters = (filters: OrderFilters) => KEYS.some((key) => filters[key] !== '');

/** The first instant of `day` in `timeZone`, as the server stores instants. */
function startOf(day: string, timeZone: string, plusDays = 0): string | undefined {
  const start = DateTime.fromISO(day, { zone: timeZone }).startOf('day').plus({ days: plusDays });
  return start.isValid ? (start.toUTC().toISO() ?? undefined) : undefined;
}

/** The `searchOrders` filter of the list's filters. */
export function orderFilter(filters: OrderFilters, timeZone: string): Record<string, unknown> {
  const all: Record<string, unknown>[] = [];
  if (filters.status) all.push({ status: filters.status });
  if (filters.payment) all.push({ paymentStatus: filters.payment });
  if (isVertical(filters.vertical))
    all.push({ 'lineItems.catalogReference.appId': { $hasSome: [...VERTICAL_APP_IDS[filters.vertical]] } });
  const from = filters.from && startOf(filters.from, timeZone);
  const to = filters.to && startOf(filters.to, timeZone, 1);
  if (from || to) all.push({ createdDate: { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) } });
  const q = filters.q.replace(/^#/, '').trim();
  if (q) {
    // A number is an order number or part of an e-mail; anything else, part of an e-mail.
    const email = { 'buyerInfo.email': { $contains: q } };
    all.push(/^\d+$/.test(q) ? { $or: [{ number: q }, email] } : email);
  }
  if (all.length === 0) return {};
  return all.length === 1 ? all[0]! : { $and: all };
}
