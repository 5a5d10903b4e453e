import { divideDecimal, sumDecimals } from './decimal.ts';

/** What the sales figures need of an order. */
export interface SaleOrder {
  status: string;
  createdDate: string;
  priceSummary: { total: { amount: string } };
}

export interface Figures {
  orders: number;
  revenue: string;
  average: string;
}

export interface Sales {
  today: Figures;
  week: Figures;
  month: Figures;
  /** Oldest first: the 30 days ending today, each with its revenue. */
  days: Array<{ day: string; revenue: string; orders: number }>;
}

/** The calendar day (YYYY-MM-DD) of an instant in the site's time zone. */
export function dayOf(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/**
 * The `count` calendar days ending with the one of `now`, newest first. Stepping back by hours keeps
 * days of 23 or 25 hours (daylight saving) from being skipped or counted twice.
 */
export function lastDays(now: Date, timeZone: string, count: number): string[] {
  const days: string[] = [];
  for (let at = now.getTime(); days.length < count; at -= 3_600_000) {
    const day = dayOf(new Date(at), timeZone);
    if (days.at(-1) !== day) days.push(day);
  }
  return days;
}

function figures(orders: readonly SaleOrder[]): Figures {
  const revenue = sumDecimals(orders.map((order) => order.priceSummary.total.amount));
  return { orders: orders.length, revenue, average: divideDecimal(revenue, orders.length) };
}

/** Orders, revenue and average order today, over 7 and 30 days, and revenue per day; cancelled orders left out. */
export function salesOf(orders: readonly SaleOrder[], now: Date, timeZone: string): Sales {
  const days = lastDays(now, timeZone, 30);
  const byDay = new Map<string, SaleOrder[]>(days.map((day) => [day, []]));
  for (const order of orders) {
    if (order.status === 'CANCELED') continue;
    byDay.get(dayOf(new Date(order.createdDate), timeZone))?.push(order);
  }
  const within = (count: number) => days.slice(0, count).flatMap((day) => byDay.get(day) ?? []);
  return {
    today: figures(within(1)),
    week: figures(within(7)),
    month: figures(within(30)),
    days: [...days].reverse().map((day) => {
      const sold = byDay.get(day) ?? [];
      return { day, orders: sold.length, revenue: sumDecimals(sold.map((o) => o.priceSummary.total.amount)) };
    }),
  };
}
