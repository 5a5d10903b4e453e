import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKINGS_APP_ID } from '../../server/src/domains/bookings/index.ts';
import { EVENTS_APP_ID } from '../../server/src/domains/events/index.ts';
import { PLANS_APP_ID } from '../../server/src/domains/plans/index.ts';
import { STORES_APP_IDS } from '../../server/src/domains/stores/index.ts';
import { seedOrders } from '../../server/src/seed/orders.ts';
import {
  checkBrowser,
  hasBrowser,
  launchChromium,
  type Plaza,
  signIn,
  startPlaza,
  VIEWPORTS,
} from './harness.ts';

checkBrowser();

const ORDERS = 10_000;

interface Transfer {
  url: string;
  bytes: number;
  rows: number;
}

/**
 * The Orders list over 10,000 orders: each page the browser shows is one call answering its 20 rows,
 * never the whole list; Home's figures are one call whatever the number of orders. Prints what was
 * transferred and how long it took (the figures in the dashboard's README).
 */
describe.skipIf(!hasBrowser)('orders list over 10,000 orders', { timeout: 300_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;
  let seedMs = 0;
  const transfers: Transfer[] = [];

  async function record(response: Response) {
    const url = new URL(response.url()).pathname;
    if (!url.startsWith('/ecom/v1/orders') && !url.startsWith('/plaza/v1/orders')) return;
    const body = await response.body();
    const data = JSON.parse(body.toString('utf8'));
    transfers.push({ url, bytes: body.length, rows: Array.isArray(data.orders) ? data.orders.length : 0 });
  }

  beforeAll(async () => {
    plaza = await startPlaza();
    const started = performance.now();
    await seedOrders(plaza.t.platform, plaza.demo.siteId, {
      count: ORDERS,
      appIds: [STORES_APP_IDS[0]!, BOOKINGS_APP_ID, EVENTS_APP_ID, PLANS_APP_ID],
    });
    seedMs = performance.now() - started;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
    page.on('response', (response) => void record(response));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
  });

  /** Runs `act`, waits for `done`, and answers the milliseconds and the order calls made meanwhile. */
  async function measure(act: () => Promise<unknown>, done: () => Promise<unknown>) {
    const before = transfers.length;
    const started = performance.now();
    await act();
    await done();
    const ms = Math.round(performance.now() - started);
    // Bodies are read after the response event: give the last one its moment.
    await expect.poll(() => transfers.length).toBeGreaterThan(before);
    return { ms, calls: transfers.slice(before) };
  }

  it('shows the first page and the next one, 20 rows each, without fetching the rest', async () => {
    const pager = page.getByRole('navigation', { name: 'Order pages' });
    const first = await measure(
      () => page.goto(`${plaza.url}/dashboard/orders`),
      () => pager.getByText(/in all/).waitFor(),
    );
    const total = Number((await pager.getByText(/in all/).textContent())?.match(/(\d+) in all/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(ORDERS);
    const firstNumber = await page.getByRole('row').nth(1).getByRole('link').textContent();

    const next = await measure(
      () => pager.getByRole('button', { name: 'Next' }).click(),
      () => pager.getByText('Page 2 of').waitFor(),
    );
    await expect
      .poll(() => page.getByRole('row').nth(1).getByRole('link').textContent())
      .not.toBe(firstNumber);

    // A filter on what the lines sell reads every order's lines (no index): still one page of 20.
    const filtered = await measure(
      () => page.getByLabel('Sells').selectOption('bookings'),
      () => pager.getByText('2500 in all').waitFor(),
    );

    const home = await measure(
      () => page.goto(`${plaza.url}/dashboard/`),
      () => page.getByTestId('Last 30 days-orders').waitFor(),
    );

    for (const step of [first, next, filtered]) {
      const searches = step.calls.filter((call) => call.url === '/ecom/v1/orders/search');
      expect(searches).toHaveLength(1);
      expect(searches[0]!.rows).toBe(20);
      expect(searches[0]!.bytes).toBeLessThan(100_000);
    }
    const summaries = home.calls.filter((call) => call.url === '/plaza/v1/orders/sales-summary');
    expect(summaries).toHaveLength(1);
    expect(home.calls.filter((call) => call.rows > 0)).toHaveLength(0);
    const rowsFetched = transfers.reduce((sum, call) => sum + call.rows, 0);
    expect(rowsFetched).toBe(60);

    const line = (name: string, step: { ms: number; calls: Transfer[] }) =>
      `${name}: ${step.ms} ms, ${step.calls.map((c) => `${c.url} ${c.rows} rows ${(c.bytes / 1024).toFixed(1)} KB`).join('; ')}`;
    console.log(
      [
        `seeded ${ORDERS} orders through the order store in ${Math.round(seedMs)} ms; list total ${total}`,
        line('orders, first page', first),
        line('orders, next page', next),
        line('orders sold by bookings, first page', filtered),
        line('home', home),
        `rows transferred in all: ${rowsFetched} of ${total}`,
      ].join('\n'),
    );
  });
});
