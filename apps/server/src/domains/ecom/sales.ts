/**
 * The owner's sales summary and the confirmation e-mail sent again: the dashboard's morning figures
 * computed where the orders are, and the one e-mail a buyer most often asks for twice.
 */
import { DateTime } from 'luxon';
import type { Caller } from '../../http/access.ts';
import { currencyDigits } from '../../lib/money.ts';
import { getSite } from '../sites/index.ts';
import type { EcomDeps } from './context.ts';
import { ecomErrors } from './errors.ts';
import { type MoneyFormat, price } from './money.ts';
import { type Order, sendConfirmation } from './orders.ts';
import type { DayRow } from './sales-store.ts';

/** The periods the summary gives, in days ending today. */
const PERIODS = [1, 7, 30] as const;
const DAYS = 30;

/** The site's last DAYS calendar days: their dates and first instants, then the end of today. */
export function calendarDays(now: Date, timeZone: string, count = DAYS) {
  const today = DateTime.fromJSDate(now).setZone(timeZone).startOf('day');
  const starts = Array.from({ length: count + 1 }, (_, i) => today.minus({ days: count - 1 - i }));
  return {
    dates: starts.slice(0, -1).map((day) => day.toISODate()!),
    // Calendar arithmetic, not 24-hour steps: a day of 23 or 25 hours keeps its own bounds.
    bounds: starts.map((day) => day.toJSDate().toISOString()),
  };
}

function sum(rows: readonly DayRow[]) {
  return rows.reduce(
    (total, row) => ({ orders: total.orders + row.orders, revenue: total.revenue + row.revenue }),
    {
      orders: 0,
      revenue: 0,
    },
  );
}

export async function getSalesSummary(deps: EcomDeps, caller: Caller) {
  const site = await getSite(deps.sites, caller.siteId);
  const format: MoneyFormat = { currency: site.currency, digits: currencyDigits(site.currency) };
  const { dates, bounds } = calendarDays(deps.clock.now(), site.timeZone);
  const window = { siteId: caller.siteId, currency: format.currency, digits: format.digits, bounds };
  const [days, catalogDays] = await Promise.all([
    deps.store.sales.byDay(window),
    deps.store.sales.byCatalogDay(window),
  ]);
  const money = (minor: number) => price(minor, format);
  const since = (count: number) => (row: { day: number }) => row.day >= DAYS - count;
  return {
    summary: {
      currency: format.currency,
      timeZone: site.timeZone,
      periods: PERIODS.map((count) => {
        const total = sum(days.filter(since(count)));
        // The two app ids of the store are one catalog: named by the id its provider gives first.
        const byCatalog = new Map<string, DayRow[]>();
        for (const row of catalogDays.filter(since(count))) {
          const key = deps.catalogs.keyOf(row.appId);
          byCatalog.set(key, [...(byCatalog.get(key) ?? []), row]);
        }
        return {
          days: count,
          from: dates[DAYS - count]!,
          orders: total.orders,
          revenue: money(total.revenue),
          averageOrder: money(total.orders === 0 ? 0 : Math.round(total.revenue / total.orders)),
          byCatalog: [...byCatalog.entries()]
            .map(([appId, rows]) => ({ appId, ...sum(rows) }))
            .sort((a, b) => b.revenue - a.revenue || (a.appId < b.appId ? -1 : 1))
            .map((entry) => ({ ...entry, revenue: money(entry.revenue) })),
        };
      }),
      days: dates.map((date, day) => {
        const row = days.find((r) => r.day === day);
        return { date, orders: row?.orders ?? 0, revenue: money(row?.revenue ?? 0) };
      }),
    },
  };
}

/** The confirmation e-mail again, as the order stands now (paid since, it says so). */
export async function sendBuyerConfirmationEmail(deps: EcomDeps, caller: Caller, orderId: string) {
  const order = await deps.store.orders.forSite(caller.siteId).get<Order>(orderId);
  if (!order) throw ecomErrors.orderNotFound(orderId);
  if (!order.buyerInfo.email) throw ecomErrors.orderState(orderId, 'The order has no buyer e-mail address.');
  const format: MoneyFormat = { currency: order.currency, digits: currencyDigits(order.currency) };
  await sendConfirmation(deps, caller.siteId, order, format);
  return {};
}
