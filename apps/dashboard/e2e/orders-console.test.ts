import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import { BOOKINGS_APP_ID } from '../../server/src/domains/bookings/index.ts';
import { STORES_APP_IDS } from '../../server/src/domains/stores/index.ts';
import { seedOrders } from '../../server/src/seed/orders.ts';
import {
  checkBrowser,
  hasBrowser,
  launchChromium,
  type Plaza,
  screenshots,
  signIn,
  startPlaza,
  VIEWPORTS,
} from './harness.ts';

checkBrowser();

async function look(page: Page, name: string) {
  await screenshots(page, name);
  await checkA11y(page, name);
}

const CARD_OK = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const CARD_AUTH_ONLY = { number: '4000000000003220', expiry: '12/40', cvc: '123' };

/** Orders: server-side filters kept in the URL, mark paid, capture / void, the e-mail again, CSV export, Home's figures. */
describe.skipIf(!hasBrowser)('orders console in Chromium', { timeout: 120_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;
  let productId: string;
  let timeZone: string;
  const orders: Record<string, { id: string; number: string }> = {};

  /** An order of one mug placed by a visitor through the API, as a storefront would. */
  async function placeOrder(email: string, payment: object) {
    const { token } = await plaza.t.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'visitor',
      subjectId: crypto.randomUUID(),
      clientId: plaza.demo.clientId,
    });
    const line = { catalogReference: { appId: STORES_APP_IDS[0], catalogItemId: productId }, quantity: 1 };
    expect(
      (await plaza.call('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [line] }, token)).status,
    ).toBe(200);
    const checkout = await plaza.call(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      { email, shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'Los Angeles' } },
      token,
    );
    expect(checkout.status, JSON.stringify(checkout.data)).toBe(200);
    const paid = await plaza.call(
      'POST',
      `/ecom/v1/checkouts/${checkout.data.checkoutId}/pay`,
      payment,
      token,
    );
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    return { id: paid.data.order.id as string, number: paid.data.order.number as string };
  }

  const orderLink = (key: string) => page.getByRole('link', { name: `#${orders[key]!.number}`, exact: true });
  const listed = async (key: string) => (await orderLink(key).count()) === 1;
  const getOrder = async (key: string) =>
    (await plaza.call('GET', `/ecom/v1/orders/${orders[key]!.id}`)).data.order;

  beforeAll(async () => {
    plaza = await startPlaza();
    const created = await plaza.call('POST', '/stores/v1/products', {
      product: {
        name: 'Console Mug',
        productType: 'physical',
        priceData: { price: 18 },
        stock: { trackInventory: true, quantity: 50 },
      },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    productId = created.data.product.id;
    timeZone = (await plaza.call('GET', '/plaza/v1/site')).data.site.timeZone;
    orders.offline = await placeOrder('offline.buyer@example.com', { paymentMethod: 'offline' });
    orders.card = await placeOrder('card.buyer@example.com', { paymentMethod: 'test', card: CARD_OK });
    orders.authorised = await placeOrder('auth.buyer@example.com', {
      paymentMethod: 'test',
      card: CARD_AUTH_ONLY,
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
  });

  it('filters on the server, keeps the filters in the URL and across a reload', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await orderLink('card').waitFor();
    expect(await listed('offline')).toBe(true);

    await page.getByLabel('Payment').selectOption('NOT_PAID');
    await expect.poll(() => listed('card')).toBe(false);
    expect(await listed('offline')).toBe(true);
    expect(page.url()).toContain('payment=NOT_PAID');

    await page.getByLabel('Buyer e-mail or order number').fill('card.buyer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No order matches these filters.').waitFor();
    await page.getByLabel('Payment').selectOption('');
    await orderLink('card').waitFor();
    expect(await listed('offline')).toBe(false);

    await page.getByLabel('Sells').selectOption('bookings');
    await page.getByText('No order matches these filters.').waitFor();
    await page.getByLabel('Sells').selectOption('store');
    await orderLink('card').waitFor();

    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(plaza.t.clock.now());
    await page.getByLabel('Placed from').fill(today);
    await page.getByLabel('Placed until').fill(today);
    await orderLink('card').waitFor();
    expect(page.url()).toContain(`from=${today}`);

    // By number, the box finds the one order whatever the other filters say of the e-mail.
    await page.getByLabel('Buyer e-mail or order number').fill(`#${orders.offline!.number}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await orderLink('offline').waitFor();
    expect(await listed('card')).toBe(false);

    await page.reload();
    await orderLink('offline').waitFor();
    expect(await listed('card')).toBe(false);
    expect(await page.getByLabel('Sells').inputValue()).toBe('store');
    expect(await page.getByLabel('Placed from').inputValue()).toBe(today);
    expect(await page.getByLabel('Buyer e-mail or order number').inputValue()).toBe(
      `#${orders.offline!.number}`,
    );
    await look(page, 'orders-filtered');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await orderLink('card').waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('marks an offline order paid after asking first', async () => {
    await orderLink('offline').click();
    await page.getByRole('heading', { name: `Order #${orders.offline!.number}` }).waitFor();
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark order #${orders.offline!.number} paid?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await getOrder('offline')).paymentStatus).toBe('NOT_PAID');

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await look(page, 'order-mark-paid');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Paid');
    expect((await getOrder('offline')).paymentStatus).toBe('PAID');
    expect(await page.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
  });

  it('sends the confirmation e-mail again: the mailbox has it, saying the payment arrived', async () => {
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await page.getByRole('status').filter({ hasText: 'on its way to offline.buyer@example.com' }).waitFor();
    const mailbox = await plaza.call('POST', '/plaza/v1/mailbox/query', {
      to: 'offline.buyer@example.com',
      limit: 100,
    });
    expect(mailbox.status, JSON.stringify(mailbox.data)).toBe(200);
    const confirmations = mailbox.data.messages.filter(
      (m: { subject: string }) => m.subject === `Order #${orders.offline!.number} confirmed`,
    );
    expect(confirmations).toHaveLength(2);
    expect(confirmations[0].text).toContain('Payment: received.');
    await look(page, 'order-actions');
  });

  it('captures or voids an authorised payment, the button saying which', async () => {
    await page.goto(`${plaza.url}/dashboard/orders/${orders.authorised!.id}`);
    await page.getByRole('heading', { name: `Order #${orders.authorised!.number}` }).waitFor();
    await page.getByRole('button', { name: 'Capture payment' }).waitFor();
    await page.getByRole('button', { name: 'Cancel and void payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${orders.authorised!.number}?` });
    await dialog.getByText('The authorised payment is voided').waitFor();
    await look(page, 'order-void');
    await dialog.getByRole('button', { name: 'Cancel and void payment' }).click();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Voided');
    expect(await getOrder('authorised')).toMatchObject({ status: 'CANCELED', paymentStatus: 'VOIDED' });
  });

  it('exports the filtered orders as CSV, page by page, showing how far it is', async () => {
    await seedOrders(plaza.t.platform, plaza.demo.siteId, {
      count: 230,
      appIds: [STORES_APP_IDS[0]!, BOOKINGS_APP_ID],
      emailPrefix: 'export.buyer',
    });
    await page.goto(`${plaza.url}/dashboard/orders?q=export.buyer&vertical=bookings`);
    await page.getByRole('navigation', { name: 'Order pages' }).getByText('115 in all').waitFor();
    // Slower answers, so that the progress can be seen between pages.
    const calls: string[] = [];
    await page.route('**/ecom/v1/orders/search', async (route) => {
      calls.push(route.request().postData() ?? '');
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('Exporting 100 of 115 orders').waitFor();
    expect(await page.getByRole('progressbar').getAttribute('value')).toBe('100');
    await look(page, 'orders-export');
    const file = await (await downloading).path();
    await page.getByRole('status').filter({ hasText: 'Exported 115 orders.' }).waitFor();
    await page.unroute('**/ecom/v1/orders/search');

    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Number,Placed,Buyer e-mail,Status,Payment,Items,Sells,Currency,Subtotal,Shipping,Tax,Discount,Total',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(115);
    expect(new Set(rows.map((row) => row[0])).size).toBe(115);
    expect(rows.every((row) => row[2]!.startsWith('export.buyer') && row[6] === 'Bookings')).toBe(true);
    // Two pages: the first with the filter, the next with the cursor alone.
    const bodies = calls.map((body) => JSON.parse(body).search);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ cursorPaging: { limit: 100 }, filter: expect.any(Object) });
    expect(bodies[1]).toEqual({ cursorPaging: { limit: 100, cursor: expect.any(String) } });
  });

  it('shows on Home the sales the server computes', async () => {
    const summary = (await plaza.call('GET', '/plaza/v1/orders/sales-summary')).data.summary;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.reload();
    for (const [title, period] of [
      ['Today', summary.periods[0]],
      ['Last 7 days', summary.periods[1]],
      ['Last 30 days', summary.periods[2]],
    ]) {
      await expect.poll(() => page.getByTestId(`${title}-orders`).textContent()).toBe(String(period.orders));
      expect(await page.getByTestId(`${title}-revenue`).textContent()).toBe(period.revenue.formattedAmount);
      expect(await page.getByTestId(`${title}-average`).textContent()).toBe(
        period.averageOrder.formattedAmount,
      );
    }
    const month = summary.periods[2];
    const bookings = month.byCatalog.find((c: { appId: string }) => c.appId === BOOKINGS_APP_ID);
    expect(await page.getByTestId('Last 30 days-Bookings').textContent()).toContain(
      bookings.revenue.formattedAmount,
    );
    expect(month.orders).toBeGreaterThan(200);
    await page.getByRole('figure').waitFor();
    await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    await look(page, 'home-sales');
  });
});
