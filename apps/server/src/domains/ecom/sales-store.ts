/**
 * SQL of the sales summary (sales.ts): orders counted and their amounts summed by the database, per
 * calendar day of the site (the caller gives each day's first instant) and per catalog app of their
 * lines. Nothing but the sums leaves the database.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';

export interface SalesWindow {
  siteId: string;
  currency: string;
  /** Decimals of the currency: amounts are summed in its minor units. */
  digits: number;
  /** Each day's first instant (`toISOString()`), oldest first, then the end of the last day. */
  bounds: readonly string[];
}

export interface DayRow {
  day: number;
  orders: number;
  revenue: number;
}

export interface CatalogDayRow extends DayRow {
  appId: string;
}

export function salesQueries(database: Database) {
  const db = database.db as Kysely<Schema>;
  const postgres = database.engine === 'postgres';
  const text = (json: RawBuilder<unknown>, path: readonly string[]) =>
    postgres
      ? sql`(${json} #>> ${sql.lit(`{${path.join(',')}}`)})`
      : sql`json_extract(${json}, ${sql.lit(`$.${path.join('.')}`)})`;
  /**
   * A decimal amount ("24.90") in minor units. SQLite has no decimal type: the text is read as a
   * double and rounded after scaling, which is exact while amounts stay below 2^53 minor units / 10
   * (a double holds the scaled value within far less than half a unit).
   */
  const minor = (amount: RawBuilder<unknown>, digits: number) =>
    postgres
      ? sql`round(CAST(${amount} AS numeric) * ${sql.lit(10 ** digits)})`
      : sql`CAST(round(CAST(${amount} AS REAL) * ${sql.lit(10 ** digits)}) AS INTEGER)`;
  const doc = sql.ref('o.doc');

  /** The day index of `o.created_date` (its bounds are the window's). */
  const dayOf = (bounds: readonly string[]) => {
    const branches = bounds
      .slice(1, -1)
      .map((bound, index) => sql`WHEN o.created_date < ${bound} THEN ${sql.lit(index)}`);
    return sql`CASE ${sql.join(branches, sql` `)} ELSE ${sql.lit(bounds.length - 2)} END`;
  };
  const within = (window: SalesWindow) =>
    sql`o.site_id = ${window.siteId} AND o.status <> 'CANCELED' AND o.created_date >= ${window.bounds[0]!} AND o.created_date < ${window.bounds.at(-1)!} AND ${text(doc, ['currency'])} = ${window.currency}`;
  const rows = (value: Record<string, unknown>) => ({
    day: Number(value.day),
    orders: Number(value.orders),
    revenue: Number(value.revenue ?? 0),
  });

  return {
    /** Orders and their totals per day of the window. */
    async byDay(window: SalesWindow): Promise<DayRow[]> {
      const total = minor(text(doc, ['priceSummary', 'total', 'amount']), window.digits);
      const result = await sql<Record<string, unknown>>`
        SELECT t.day AS day, count(*) AS orders, sum(t.amount) AS revenue
        FROM (SELECT ${dayOf(window.bounds)} AS day, ${total} AS amount
              FROM ecom_orders o WHERE ${within(window)}) t
        GROUP BY t.day`.execute(db);
      return result.rows.map(rows);
    },

    /** Per day and catalog app: the orders with a line of it, and its lines' totals (tax included). */
    async byCatalogDay(window: SalesWindow): Promise<CatalogDayRow[]> {
      const line = sql.ref('l.value');
      const lines = postgres
        ? sql`ecom_orders o CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(o.doc -> 'lineItems') = 'array' THEN o.doc -> 'lineItems' END) AS l(value)`
        : sql`ecom_orders o, json_each(o.doc, '$.lineItems') AS l`;
      const amount = minor(text(line, ['totalPriceAfterTax', 'amount']), window.digits);
      const result = await sql<Record<string, unknown>>`
        SELECT t.day AS day, t.app AS app, count(DISTINCT t.id) AS orders, sum(t.amount) AS revenue
        FROM (SELECT ${dayOf(window.bounds)} AS day, o.id AS id,
                     ${text(line, ['catalogReference', 'appId'])} AS app, ${amount} AS amount
              FROM ${lines} WHERE ${within(window)}) t
        GROUP BY t.day, t.app`.execute(db);
      return result.rows.map((row) => ({ ...rows(row), appId: String(row.app ?? '') }));
    },
  };
}

export type SalesQueries = ReturnType<typeof salesQueries>;
