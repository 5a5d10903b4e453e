import { describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import {
  checkBrowser,
  env,
  example,
  hasBrowser,
  newPage,
  PHONE,
  SANDBOX_ORIGIN,
  SKIP_REASON,
  sessionTokens,
  settled,
  shoot,
  useDemoBrowser,
} from './harness.ts';

/**
 * The demo storefront around its store, in real Chromium against a real Plaza (set-up in
 * harness.ts): examples and app detection, the not-found pages, member sign-up / sign-in / logout
 * through the hosted pages and a failed sign-in callback, the client id (a changed one, an
 * unknown one, the default one's toast), the CodeSandbox modal and keyboard use. Screenshots
 * (phone 390 px and desktop 1280 px) go to PLAZA_DEMO_SHOTS when it is set. The store:
 * demo-store.test.ts.
 */

checkBrowser();

const PASSWORD = 'correct-Horse-7';

describe.skipIf(!hasBrowser)(`demo storefront in Chromium${hasBrowser ? '' : ` (${SKIP_REASON})`}`, () => {
  useDemoBrowser();

  it('lists every installed app as installed, as a visitor', async () => {
    const page = await newPage(PHONE);
    const storeChunk = page.waitForRequest(/\/assets\/store-page-[^/]+\.js$/);
    await page.goto(env.main.origin);
    await example(page, '/store').waitFor();
    await settled(page);

    expect(await example(page, '/store').getAttribute('data-installed')).toBe('true');
    expect(await example(page, '/store').getByRole('heading').textContent()).toBe('Ecommerce');
    // The demo site has every app: bookings and events list what the site sells.
    for (const slug of ['/booking', '/tickets'])
      expect(await example(page, slug).getAttribute('data-installed')).toBe('true');
    expect(await example(page, '/subscriptions').count()).toBe(0);
    const installed = page.getByRole('region', { name: 'Installed' });
    expect(await installed.getByRole('link', { name: /Open example/ }).count()).toBe(3);

    await expect(page.getByText('Hello visitor').isVisible()).resolves.toBe(true);
    const tokens = await sessionTokens(page);
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.value).toMatch(/^OauthNG\.JWS\./);
    // Detection read the catalog and left the visitor without a cart.
    expect(
      (await env.call('GET', '/ecom/v1/carts/current', undefined, tokens.accessToken.value)).status,
    ).toBe(404);
    // The store link is within 200 px of the viewport: its code was prefetched before any click.
    await storeChunk;
    // Own client id: no toast.
    expect(await page.locator('[data-toast="client-id"]').count()).toBe(0);
    // The documentation and the code, as the original examples app links them.
    expect(await page.getByRole('link', { name: /^Documentation/ }).getAttribute('href')).toBe(
      `${env.api}/docs`,
    );
    expect(await page.locator('[data-repository]').textContent()).toBe('Source: apps/demo');
    await shoot(page, 'home');
    await checkA11y(page, 'home');

    await example(page, '/store')
      .getByRole('link', { name: /Open example/ })
      .click();
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/store');
    await page.getByRole('link', { name: 'Back' }).click();
    await example(page, '/store').waitFor();
  }, 60_000);

  it('lists the services and events of the installed apps on their example pages', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${env.main.origin}/booking`);
    await page.getByRole('heading', { name: 'Haircut', level: 2 }).waitFor();
    await page.goto(`${env.main.origin}/tickets`);
    await page.getByRole('heading', { name: 'Summer Jazz Night', level: 2 }).waitFor();
    // Past events sell nothing: the list leaves them out.
    expect(await page.getByRole('heading', { name: 'Spring Warehouse Sale' }).count()).toBe(0);
  }, 60_000);

  it('shows a not-found page naming the app for routes of apps that are not installed', async () => {
    const site = await env.call('GET', '/plaza/v1/site', undefined, env.adminKey);
    const installed: string[] = site.data.site.installedApps;
    const set = (apps: string[]) =>
      env.call('PATCH', '/plaza/v1/site', { site: { installedApps: apps } }, env.adminKey);
    expect((await set(installed.filter((app) => app !== 'bookings' && app !== 'events'))).status).toBe(200);
    const page = await newPage();
    try {
      for (const [path, app] of [
        ['/booking', 'Bookings'],
        ['/tickets', 'Events'],
      ] as const) {
        await page.goto(`${env.main.origin}${path}`);
        await page.getByRole('heading', { name: `${app} is not installed`, level: 1 }).waitFor();
        // The install link leads to this app's page that explains how the owner installs it.
        expect(await page.getByRole('link', { name: `How to install ${app}` }).getAttribute('href')).toBe(
          `/install/${path === '/booking' ? 'bookings' : 'events'}`,
        );
        if (path === '/booking') await shoot(page, 'not-installed');
      }
      // On the home page too; the install page's reference link keeps the site id read from the token.
      await page.goto(env.main.origin);
      await example(page, '/booking')
        .getByRole('link', { name: /How to install Bookings/ })
        .click();
      await page.getByRole('heading', { name: 'Install Bookings', level: 1 }).waitFor();
      expect(
        await page.getByRole('link', { name: /The call in the API reference/ }).getAttribute('href'),
      ).toBe(`${env.api}/docs?siteId=${env.siteId}&app=bookings#tag/sites/PATCH/plaza/v1/site`);
    } finally {
      await set(installed);
    }
    await page.goto(`${env.main.origin}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await shoot(page, 'not-found');
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
    // A slim banner in the page's flow, under the header: on the store it covers no control, on a
    // phone (the cart bar) or on a desktop (the cart's Checkout and Clear buttons).
    expect(await toast.evaluate((banner) => getComputedStyle(banner).position)).toBe('static');
    await page.goto(`${env.defaultId.origin}/store`);
    await page.getByRole('button', { name: /^Add Ceramic Mug/ }).click();
    await page.locator('[data-cart-bar]').waitFor();
    await settled(page);
    const coveredControls = () =>
      page.evaluate(() => {
        const banner = document.querySelector('[data-toast="client-id"]')!.getBoundingClientRect();
        return [...document.querySelectorAll('main button, main a, [data-cart-bar]')]
          .map((control) => control.getBoundingClientRect())
          .filter(
            (r) =>
              r.bottom > banner.top &&
              r.top < banner.bottom &&
              r.right > banner.left &&
              r.left < banner.right,
          ).length;
      });
    expect(await coveredControls()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Checkout' }).scrollIntoViewIfNeeded();
    expect(await coveredControls()).toBe(0);
    await shoot(page, 'client-id-toast-store');
    await toast.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'hidden' });
    await page.goto(env.defaultId.origin);
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
    expect(await focused()).toBe('Documentation (opens in a new tab)');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Open example');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
  }, 60_000);
});
