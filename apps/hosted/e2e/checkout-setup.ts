import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { seedEcom } from '../../server/src/seed/ecom.ts';
import { seedStores } from '../../server/src/seed/stores.ts';
import {
  BROWSER_SKIP_REASON,
  checkBrowser,
  hasBrowser,
  launchChromium,
  type Plaza,
  startPlaza,
  VIEWPORTS,
} from './harness.ts';

/**
 * What the hosted checkout tests (checkout-orders, checkout-failures) share: a real Plaza server
 * with the demo catalog and checkout settings (test card and pay later, US tax 8 %, standard
 * delivery $5 free from $75, store pickup, coupon WELCOME10) and one Chromium, started per test
 * file by `describeCheckout`; a visitor's cart over HTTP and its `ecomCheckout` redirect session;
 * the owner's view of the orders; and the steps that read and fill the page.
 */

const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
export const shotsDir = process.env.PLAZA_HOSTED_SHOTS;
export const CARD = { ok: '4242424242424242', declined: '4000000000000002' };

/** The Plaza of the running test file and its client app's storefront, set by `describeCheckout`. */
export let plaza: Plaza;
export let shopUrl: string;
let browser: Browser;
let dataDir: string;
const products = new Map<string, { id: string; options: Record<string, string[]> }>();

/**
 * The tests of a file under the name every checkout test has, skipped without Chromium (`suite`
 * names the file in the warning), with one seeded Plaza and one Chromium for them.
 */
export function describeCheckout(suite: string, tests: () => void) {
  checkBrowser(suite);
  describe.skipIf(!hasBrowser)(
    `hosted checkout in Chromium${hasBrowser ? '' : ` (${BROWSER_SKIP_REASON})`}`,
    () => {
      useCheckoutPlaza();
      tests();
    },
  );
}

function useCheckoutPlaza() {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'plaza-hosted-checkout-'));
    plaza = await startPlaza({ env: { DATA_DIR: dataDir } });
    await seedStores(plaza.t.platform, plaza.site.id);
    await seedEcom(plaza.t.platform, plaza.site.id);
    shopUrl = `${plaza.client.origin}/shop`;
    const answer = await plaza.call(
      'POST',
      '/stores-reader/v1/products/query-platformized',
      { query: { paging: { limit: 100 } } },
      await visitorToken(),
    );
    expect(answer.status, JSON.stringify(answer.data)).toBe(200);
    for (const product of answer.data.products)
      products.set(product.name, {
        id: product.id,
        options: Object.fromEntries(
          product.productOptions.map((o: any) => [o.name, o.choices.map((c: any) => c.description)]),
        ),
      });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}

export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US', ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

export async function visitorToken() {
  const answer = await plaza.call('POST', '/oauth2/token', {
    clientId: plaza.clientId,
    grantType: 'anonymous',
  });
  expect(answer.status).toBe(200);
  return answer.data.access_token as string;
}

export const line = (name: string, quantity: number, options: Record<string, string> = {}) => {
  const product = products.get(name);
  if (!product) throw new Error(`no demo product ${name}`);
  return {
    catalogReference: {
      appId: STORES_APP_ID,
      catalogItemId: product.id,
      ...(Object.keys(options).length > 0 ? { options: { options } } : {}),
    },
    quantity,
  };
};

/** A visitor's cart → checkout → `ecomCheckout` redirect session, all over HTTP as a storefront does. */
export async function checkoutSession(lineItems: object[], options: { coupon?: string } = {}) {
  const token = await visitorToken();
  const added = await plaza.call('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems }, token);
  expect(added.status, JSON.stringify(added.data)).toBe(200);
  if (options.coupon) {
    const coupon = await plaza.call('PATCH', '/ecom/v1/carts/current', { couponCode: options.coupon }, token);
    expect(coupon.status, JSON.stringify(coupon.data)).toBe(200);
  }
  const created = await plaza.call('POST', '/ecom/v1/carts/current/create-checkout', {}, token);
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const checkoutId: string = created.data.checkoutId;
  const session = await plaza.call(
    'POST',
    '/redirect-session/v1/redirect-session',
    { ecomCheckout: { checkoutId }, callbacks: { postFlowUrl: shopUrl } },
    token,
  );
  expect(session.status, JSON.stringify(session.data)).toBe(200);
  const { id, fullUrl } = session.data.redirectSession as { id: string; fullUrl: string };
  expect(fullUrl).toBe(`${plaza.url}/hosted/checkout?session=${id}`);
  return { id, fullUrl, checkoutId, token };
}

/** The owner's view: orders of a checkout (admin API key). */
export async function ordersOf(checkoutId: string) {
  const answer = await plaza.call(
    'POST',
    '/ecom/v1/orders/query',
    { query: { filter: { checkoutId } } },
    plaza.site.adminKey,
  );
  expect(answer.status, JSON.stringify(answer.data)).toBe(200);
  return answer.data.orders as any[];
}

export const hostedCheckout = async (id: string) =>
  (await plaza.call('GET', `/plaza/v1/redirect-sessions/${id}/checkout`)).data.checkout;

/** The totals rows as shown, once no update is running. */
export async function shownTotals(page: Page): Promise<Record<string, [string, string]>> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-row]')].map((row) => [
        row.dataset.row,
        [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? ''],
      ]),
    ),
  );
}
export const row = async (page: Page, id: string) => (await shownTotals(page))[id];

export const payButton = (page: Page) => page.getByRole('button', { name: /^(Pay \$|Place order)/ });

export async function fillCard(page: Page, number: string) {
  const input = page.getByLabel('Card number');
  await input.fill('');
  await input.pressSequentially(number);
  await page.getByLabel('Expiry date').fill('');
  await page.getByLabel('Expiry date').pressSequentially('1240');
  await page.getByLabel('Security code').fill('123');
}

export const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
