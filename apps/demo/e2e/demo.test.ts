import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoEnvironment, hostedHasCheckout, SANDBOX_ORIGIN, startDemoEnvironment } from './harness.ts';

/**
 * The demo storefront in real Chromium against a real Plaza: examples and app detection, the
 * store (cart, checkout on the hosted page, the premium modal), member sign-up / sign-in / logout
 * through the hosted pages, the shell's modals and toast, and the error pages.
 * Screenshots (phone 390 px and desktop 1280 px) go to PLAZA_DEMO_SHOTS when it is set.
 */

/** Debian's Chromium; PLAZA_CHROMIUM points elsewhere (playwright-core cannot download browsers here). */
const CHROMIUM = process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium';
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.PLAZA_REQUIRE_BROWSER === '1')
  throw new Error(`PLAZA_REQUIRE_BROWSER=1 but ${CHROMIUM} is missing`);
const SKIP_REASON = `skipped: ${CHROMIUM} not found (set PLAZA_REQUIRE_BROWSER=1 to fail instead)`;
if (!hasBrowser) console.warn(`apps/demo/e2e: browser tests ${SKIP_REASON}`);

const checkoutBuilt = hostedHasCheckout();
const CHECKOUT_SKIP = 'skipped: apps/hosted has no checkout page yet (its router has no "checkout" route)';
if (hasBrowser && !checkoutBuilt) console.warn(`apps/demo/e2e: checkout test ${CHECKOUT_SKIP}`);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const shotsDir = process.env.PLAZA_DEMO_SHOTS;
const PASSWORD = 'correct-Horse-7';

describe.skipIf(!hasBrowser)(`demo storefront in Chromium${hasBrowser ? '' : ` (${SKIP_REASON})`}`, () => {
  let env: DemoEnvironment;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    env = await startDemoEnvironment();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    if (shotsDir) mkdirSync(shotsDir, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await env?.close();
  });

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => console.error('page error:', error));
    return page;
  }

  /** Waits until no tracked task runs (the overlay is gone). */
  async function settled(page: Page) {
    await page.waitForFunction(() => !document.querySelector('[data-loading-overlay]'));
  }

  /** Phone and desktop screenshots of the page as it is now; checks nothing is wider than a phone. */
  async function shoot(page: Page, name: string) {
    const original = page.viewportSize();
    await page.setViewportSize(PHONE);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} on a phone`,
    ).toBeLessThanOrEqual(PHONE.width);
    if (shotsDir) {
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const [label, size] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await page.setViewportSize(size);
        await page.waitForTimeout(150);
        await page.screenshot({
          path: join(shotsDir, `${name}-${label}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }
    }
    if (original) await page.setViewportSize(original);
  }

  const example = (page: Page, slug: string) => page.locator(`[data-example="${slug}"]`);
  const cartLine = (page: Page, name: string) => page.locator(`[data-cart] [data-line="${name}"]`);

  async function sessionTokens(page: Page) {
    const cookie = (await page.context().cookies()).find((c) => c.name === 'session');
    return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : undefined;
  }

  it('lists Ecommerce as installed and the other apps as not installed, as a visitor', async () => {
    const page = await newPage(PHONE);
    const storeChunk = page.waitForRequest(/\/assets\/store-page-[^/]+\.js$/);
    await page.goto(env.main.origin);
    await example(page, '/store').waitFor();
    await settled(page);

    expect(await example(page, '/store').getAttribute('data-installed')).toBe('true');
    expect(await example(page, '/store').getByRole('heading').textContent()).toBe('Ecommerce');
    for (const slug of ['/booking', '/tickets'])
      expect(await example(page, slug).getAttribute('data-installed')).toBe('false');
    expect(await example(page, '/subscriptions').count()).toBe(0);
    const installed = page.getByRole('region', { name: 'Installed' });
    expect(await installed.getByRole('link', { name: /Open example/ }).count()).toBe(1);
    // Not-installed examples link to the owner's app settings, with the site id read from the token.
    const install = example(page, '/booking').getByRole('link', { name: /Install Bookings/ });
    expect(await install.getAttribute('href')).toBe(
      `${env.api}/docs?siteId=${env.siteId}&app=bookings#tag/sites/PATCH/plaza/v1/site`,
    );

    await expect(page.getByText('Hello visitor').isVisible()).resolves.toBe(true);
    const tokens = await sessionTokens(page);
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.value).toMatch(/^OauthNG\.JWS\./);
    // Detection used the visitor's cart and deleted it again.
    expect(
      (await env.call('GET', '/ecom/v1/carts/current', undefined, tokens.accessToken.value)).status,
    ).toBe(404);
    // The store link is within 200 px of the viewport: its code was prefetched before any click.
    await storeChunk;
    // Own client id: no toast.
    expect(await page.locator('[data-toast="client-id"]').count()).toBe(0);
    await shoot(page, 'home');

    await page.getByRole('link', { name: /Open example/ }).click();
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/store');
    await page.getByRole('link', { name: 'Back' }).click();
    await example(page, '/store').waitFor();
  }, 60_000);

  it('shows a not-found page naming the app for routes of apps that are not installed', async () => {
    const page = await newPage();
    for (const [path, app] of [
      ['/booking', 'Bookings'],
      ['/tickets', 'Events'],
      ['/subscriptions', 'Pricing Plans'],
    ] as const) {
      await page.goto(`${env.main.origin}${path}`);
      await page.getByRole('heading', { name: `${app} is not installed`, level: 1 }).waitFor();
      expect(
        await page.getByRole('link', { name: new RegExp(`Install ${app}`) }).getAttribute('href'),
      ).toContain(`siteId=${env.siteId}`);
      if (path === '/booking') await shoot(page, 'not-installed');
    }
    await page.goto(`${env.main.origin}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await shoot(page, 'not-found');
  }, 60_000);

  it('adds products to the cart (click and keyboard), raises quantities, keeps the cart over a reload and clears it', async () => {
    const page = await newPage();
    await page.goto(`${env.main.origin}/store`);
    const shirt = page.getByRole('button', { name: /^Add Classic T-shirt \(S, Black\) to cart/ });
    await shirt.waitFor();
    await page.locator('[data-cart-empty]').waitFor();
    await settled(page);
    expect(await page.locator('[data-product]').count()).toBe(12);
    // Sold out: shown, not addable.
    expect(await page.getByRole('button', { name: 'Rain Jacket, sold out' }).isDisabled()).toBe(true);
    // srcset at the seed's widths with quality 75.
    const srcset = await page.locator('[data-product="Classic T-shirt"] img').getAttribute('srcset');
    expect(srcset).toContain('?w=640&q=75 640w');
    expect(srcset).toContain('?w=16&q=75 16w');
    expect(srcset).toContain('?w=3840&q=75 3840w');
    await shoot(page, 'store-empty-cart');

    await shirt.click();
    await cartLine(page, 'Classic T-shirt').waitFor();
    await settled(page);
    await shirt.click();
    await page.waitForFunction(() =>
      document.querySelector('[data-line="Classic T-shirt"] [data-quantity]')?.textContent?.endsWith('2'),
    );
    await settled(page);
    expect(await cartLine(page, 'Classic T-shirt').textContent()).toContain('Black');

    // Keyboard: focus a product and press Enter.
    await page.getByRole('button', { name: /^Add Ceramic Mug/ }).focus();
    await page.keyboard.press('Enter');
    await cartLine(page, 'Ceramic Mug').waitFor();
    await settled(page);
    expect(await page.locator('[data-subtotal]').textContent()).toBe('$62.00');
    expect(await page.locator('[data-cart-count]').textContent()).toBe('3 items');
    await shoot(page, 'store');

    // A reload keeps the cart (tokens in the session cookie) and detection leaves it alone.
    await page.reload();
    await cartLine(page, 'Ceramic Mug').waitFor();
    await settled(page);
    expect(await page.locator('[data-subtotal]').textContent()).toBe('$62.00');

    await page.getByRole('button', { name: 'One less Classic T-shirt' }).click();
    await page.waitForFunction(() => document.querySelector('[data-subtotal]')?.textContent === '$38.00');
    await settled(page);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await page.locator('[data-cart-empty]').waitFor();
    expect(await page.locator('[data-cart] [data-line]').count()).toBe(0);
  }, 60_000);

  it.skipIf(!checkoutBuilt)(
    `checks out on the hosted page with the test card and comes back to an empty cart${checkoutBuilt ? '' : ` (${CHECKOUT_SKIP})`}`,
    async () => {
      const page = await newPage();
      await page.goto(`${env.main.origin}/store`);
      await page.getByRole('button', { name: /^Add Digital Recipe Book to cart/ }).click();
      await cartLine(page, 'Digital Recipe Book').waitFor();
      await settled(page);
      await page.getByRole('button', { name: 'Checkout' }).click();

      await page.waitForURL(`${env.api}/hosted/checkout?session=*`);
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      await expect(page.getByText('Digital Recipe Book').first().isVisible()).resolves.toBe(true);
      await page.getByLabel('E-mail').fill('buyer@example.com');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date').fill('12 / 34');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: /^Pay / }).click();

      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
      await page.getByRole('link', { name: 'Continue shopping' }).click();
      await page.waitForURL(`${env.main.origin}/store`);
      await page.locator('[data-cart-empty]').waitFor();
      await settled(page);
      const orders = await env.call('POST', '/ecom/v1/orders/query', { query: {} }, env.adminKey);
      expect(
        orders.data.orders.some(
          (o: any) => o.buyerInfo?.email === 'buyer@example.com' || o.buyerEmail === 'buyer@example.com',
        ),
      ).toBe(true);
    },
    90_000,
  );

  it('opens the premium modal when the site cannot take payments online', async () => {
    const off = await env.call(
      'PATCH',
      '/plaza/v1/ecom-settings',
      { settings: { payments: { test: false, offline: false } } },
      env.adminKey,
    );
    expect(off.status, JSON.stringify(off.data)).toBe(200);
    try {
      const page = await newPage(PHONE);
      await page.goto(`${env.main.origin}/store`);
      await page.getByRole('button', { name: /^Add Canvas Tote to cart/ }).click();
      await cartLine(page, 'Canvas Tote').waitFor();
      await settled(page);
      await page.getByRole('button', { name: 'Checkout' }).click();
      const modal = page.getByRole('dialog', { name: 'Upgrade this site to accept payments online' });
      await modal.waitFor();
      const upgrade = modal.getByRole('link', { name: /Upgrade Now/ });
      expect(await upgrade.getAttribute('href')).toBe(
        `${env.api}/docs?siteId=${env.siteId}#tag/ecom/PATCH/plaza/v1/ecom-settings`,
      );
      expect(await upgrade.getAttribute('target')).toBe('_blank');
      // Still on the store, nothing lost.
      expect(new URL(page.url()).pathname).toBe('/store');
      await settled(page);
      await shoot(page, 'premium-modal');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
      expect(await cartLine(page, 'Canvas Tote').isVisible()).toBe(true);
    } finally {
      await env.call(
        'PATCH',
        '/plaza/v1/ecom-settings',
        { settings: { payments: { test: true, offline: true } } },
        env.adminKey,
      );
    }
  }, 60_000);

  it('signs up and signs in through the hosted pages; the greeting names the member; logout returns to visitor', async () => {
    const member = { email: 'mia.chen@example.com', first: 'Mia', last: 'Chen' };
    const page = await newPage(PHONE);
    await page.goto(`${env.main.origin}/store`);
    await page.getByText('Hello visitor').waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${env.api}/hosted/**`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('First name').fill(member.first);
    await page.getByLabel('Last name').fill(member.last);
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back on the page sign-in started from, as the member.
    await page.waitForURL(`${env.main.origin}/store`, { timeout: 15_000 });
    const greeting = page.locator('[data-member-bar]');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await greeting.textContent()).toMatch(/^Hello (Mia|mia)/);
    expect((await sessionTokens(page)).refreshToken.role).toBe('member');
    await settled(page);
    await shoot(page, 'store-member');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${env.main.origin}/store`, { timeout: 15_000 });
    await page.getByText('Hello visitor').waitFor();
    expect((await sessionTokens(page))?.refreshToken.role).not.toBe('member');

    // Sign in again with the new account.
    await settled(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${env.api}/hosted/**`);
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${env.main.origin}/store`, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await greeting.textContent()).toMatch(/^Hello (Mia|mia)/);
  }, 90_000);

  it('shows the sign-in error and a Continue link when the callback fails', async () => {
    const page = await newPage(PHONE);
    await page.goto(
      `${env.main.origin}/login-callback#error=access_denied&error_description=The%20member%20cancelled`,
    );
    const alert = page.getByRole('alert');
    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
    expect(await alert.textContent()).toContain('The member cancelled');
    await shoot(page, 'login-callback-error');
    await page.getByRole('link', { name: 'Continue' }).click();
    await example(page, '/store').waitFor();

    // A callback this tab did not start.
    await page.goto(`${env.main.origin}/login-callback#code=abc&state=xyz`);
    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
    expect(await page.locator('[data-login-error]').textContent()).toContain('not started in this tab');
  }, 60_000);

  it('shows the empty and error states of the product list', async () => {
    const page = await newPage(PHONE);
    // The catalog answers with no products: the store is installed, with nothing in it yet.
    await page.route('**/stores-reader/v1/products/query-platformized**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': env.main.origin },
        body: JSON.stringify({ products: [], metadata: { count: 0, offset: 0, total: 0 } }),
      }),
    );
    await page.goto(`${env.main.origin}/store`);
    await page.getByRole('heading', { name: 'No products available' }).waitFor();
    expect(await page.getByRole('link', { name: /Add a product/ }).getAttribute('href')).toContain(
      '#tag/stores/POST/stores/v1/products',
    );
    await settled(page);
    await shoot(page, 'store-no-products');

    // Detection passes, then the list fails: an error with a retry that works.
    await page.unroute('**/stores-reader/v1/products/query-platformized**');
    let calls = 0;
    await page.route('**/stores-reader/v1/products/query-platformized**', (route) =>
      ++calls === 2
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': env.main.origin },
            body: JSON.stringify({ message: 'Service unavailable', details: {} }),
          })
        : route.continue(),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'The products could not be loaded' }).waitFor();
    await settled(page);
    await shoot(page, 'store-error');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-product]').first().waitFor();
  }, 60_000);

  it('starts a new session when the client id changed since the last visit', async () => {
    const page = await newPage();
    await page.goto(env.main.origin);
    await example(page, '/store').waitFor();
    const before = await sessionTokens(page);
    await page.evaluate(() => localStorage.setItem('plaza-demo.clientId', 'a-previous-client'));
    await page.reload();
    await example(page, '/store').waitFor();
    await settled(page);
    const after = await sessionTokens(page);
    expect(after.refreshToken.value).not.toBe(before.refreshToken.value);
    expect(await page.evaluate(() => localStorage.getItem('plaza-demo.clientId'))).toBe(env.main.clientId);
    // Same client id next time: the session stays.
    await page.reload();
    await example(page, '/store').waitFor();
    expect((await sessionTokens(page)).refreshToken.value).toBe(after.refreshToken.value);
  }, 60_000);

  it('says so when the client id is not valid', async () => {
    const page = await newPage(PHONE);
    await page.goto(env.badId.origin);
    await page.getByRole('heading', { name: 'This client id is not valid' }).waitFor();
    expect(await page.locator('[data-server-error]').textContent()).toContain(env.badId.clientId);
    expect(await example(page, '/store').count()).toBe(0);
    await shoot(page, 'bad-client-id');
  }, 60_000);

  it('shows the client-id toast with the default client id until it is closed', async () => {
    const page = await newPage(PHONE);
    await page.goto(env.defaultId.origin);
    const toast = page.getByRole('region', { name: 'Add your Client ID to get started' });
    await toast.waitFor();
    await example(page, '/store').waitFor();
    await settled(page);
    expect(await example(page, '/store').getAttribute('data-installed')).toBe('true');
    await shoot(page, 'client-id-toast');
    await toast.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'hidden' });
    await page.reload();
    await example(page, '/store').waitFor();
    expect(await page.locator('[data-toast="client-id"]').count()).toBe(0);
  }, 60_000);

  it('explains the CodeSandbox environment once, until "Don’t show again"', async () => {
    const page = await newPage(PHONE);
    // The sandbox host serves the main build (its pages and files come from the static server).
    await page.route(`${SANDBOX_ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      const response = await fetch(`${env.main.origin}${url.pathname}${url.search}`);
      await route.fulfill({
        status: response.status,
        headers: { 'content-type': response.headers.get('content-type') ?? 'text/plain' },
        body: Buffer.from(await response.arrayBuffer()),
      });
    });
    await page.goto(SANDBOX_ORIGIN);
    const modal = page.getByRole('dialog', { name: 'CodeSandbox Environment Detected' });
    await modal.waitFor();
    await settled(page);
    await shoot(page, 'login-modal');
    // Closing keeps no flag: it shows again on the next load.
    await modal.getByRole('button', { name: 'Got it' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.reload();
    await modal.waitFor();
    await modal.getByRole('button', { name: "Don't show again" }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.reload();
    // The page is up (the API itself is out of reach here: Chromium's Private Network Access
    // keeps a public https origin from calling http://127.0.0.1), and the modal stays closed.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settled(page);
    expect(await modal.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('plaza-demo.loginModal.dontShowAgain'))).toBe(
      'true',
    );
    // Not on an ordinary host.
    const plain = await newPage();
    await plain.goto(env.main.origin);
    await example(plain, '/store').waitFor();
    expect(await plain.getByRole('dialog').count()).toBe(0);
  }, 60_000);

  it('is keyboard-usable: skip link, header and example links in order', async () => {
    const page = await newPage();
    await page.goto(env.main.origin);
    await example(page, '/store').waitFor();
    await settled(page);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      });
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Plaza examples, home');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Login');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Open example');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
  }, 60_000);
});
