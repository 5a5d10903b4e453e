import { describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import {
  cartLine,
  checkBrowser,
  env,
  hasBrowser,
  hostedHasCheckout,
  newPage,
  PHONE,
  SKIP_REASON,
  SMALL_PHONE,
  settled,
  shoot,
  useDemoBrowser,
} from './harness.ts';

/**
 * The demo storefront's store in real Chromium against a real Plaza (set-up in harness.ts): the
 * cart, checkout on the hosted page, the premium modal when the site cannot take payments online,
 * and the empty and error states of the product list. Screenshots (phone 390 px and desktop
 * 1280 px) go to PLAZA_DEMO_SHOTS when it is set. The rest of the app: demo-shell.test.ts.
 */

checkBrowser();

const checkoutBuilt = hostedHasCheckout();
const CHECKOUT_SKIP = 'skipped: apps/hosted has no checkout page yet (its router has no "checkout" route)';
if (hasBrowser && !checkoutBuilt) console.warn(`apps/demo/e2e: checkout test ${CHECKOUT_SKIP}`);

describe.skipIf(!hasBrowser)(`demo storefront in Chromium${hasBrowser ? '' : ` (${SKIP_REASON})`}`, () => {
  useDemoBrowser();

  it('loads the store in one go: one token request, products read once, no cart writes, one skeleton', async () => {
    const page = await newPage(PHONE);
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === env.api && request.method() !== 'OPTIONS')
        requests.push(`${request.method()} ${url.pathname}`);
    });
    // Every loading state the page puts in its content on the way (a status element added).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes) {
            if (!(node instanceof Element) || !node.closest('main')) continue;
            for (const status of [node, ...node.querySelectorAll('[role="status"]')])
              if (status.getAttribute('role') === 'status')
                seen.push(status.getAttribute('aria-label') || status.textContent?.trim() || '');
          }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${env.main.origin}/store`);
    await page.locator('[data-product]').first().waitFor();
    await page.locator('[data-cart-empty]').waitFor();
    await settled(page);
    // Detection runs once the browser is idle: wait for it before counting.
    await page.waitForTimeout(2500);
    const count = (prefix: string) => requests.filter((r) => r.startsWith(prefix)).length;
    expect(count('POST /oauth2/token'), requests.join('\n')).toBe(1);
    expect(count('GET /stores-reader/v1/products/query-platformized'), requests.join('\n')).toBe(1);
    expect(requests.filter((r) => /^(POST|PATCH|DELETE) \/ecom\/v1\/carts/.test(r))).toEqual([]);
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // At most the start-up wait (shown only when slow), then the store's one skeleton, at most once
    // (none when the products came with the page's code).
    const quiet = ['Connecting to the site…', 'Loading…', 'Loading your cart', 'Loading products'];
    expect(seen.filter((text) => text && !quiet.includes(text))).toEqual([]);
    expect(seen.filter((text) => text === 'Loading products').length).toBeLessThanOrEqual(1);
    await checkA11y(page, 'store');
  }, 60_000);

  it('adds products to the cart (click and keyboard), raises quantities, keeps the cart over a reload and clears it', async () => {
    const page = await newPage();
    await page.goto(`${env.main.origin}/store`);
    const shirt = page.getByRole('button', { name: /^Add Classic T-shirt S · Black \$24\.00 to cart/ });
    await shirt.waitFor();
    await page.locator('[data-cart-empty]').waitFor();
    await settled(page);
    expect(await page.locator('[data-product]').count()).toBe(12);
    // Sold out: shown, not addable.
    expect(await page.getByRole('button', { name: 'Rain Jacket M $120.00 (sold out)' }).isDisabled()).toBe(
      true,
    );
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
    // No text in the pictures: each is a drawing, named by its product beside it.
    const src = await page.locator('[data-product="Classic T-shirt"] img').getAttribute('src');
    const picture = await (await fetch(src!)).text();
    expect(picture).toContain('<svg');
    expect(picture).not.toContain('<text');
    await shoot(page, 'store');
    await checkA11y(page, 'store with a cart');

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

  it('keeps keyboard focus while the cart saves, and the phone cart bar covers nothing', async () => {
    const page = await newPage(SMALL_PHONE);
    await page.goto(`${env.main.origin}/store`);
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute('data-product') ?? active?.getAttribute('aria-label') ?? active?.id;
      });
    const mug = page.getByRole('button', { name: /^Add Ceramic Mug/ });
    await mug.waitFor();
    await page.locator('[data-cart-empty]').waitFor();
    await settled(page);

    // Enter on a card: the card stays focused while the cart saves, and after.
    await mug.focus();
    await page.keyboard.press('Enter');
    await cartLine(page, 'Ceramic Mug').waitFor();
    await settled(page);
    expect(await focused()).toBe('Ceramic Mug');

    // The fixed "View cart" bar: the page ends above it, so the footer stays readable.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const overlap = await page.evaluate(() => {
      const bar = document.querySelector('a[href="#cart"]')!.getBoundingClientRect();
      return document.querySelector('footer')!.getBoundingClientRect().bottom - bar.top;
    });
    expect(overlap).toBeLessThanOrEqual(0);

    // "View cart" takes focus into the cart; + and − keep it, the last − leaves it on the cart.
    await page.getByRole('link', { name: /View cart/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('cart');
    await page.getByRole('button', { name: 'One more Ceramic Mug' }).focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() =>
      document.querySelector('[data-line="Ceramic Mug"] [data-quantity]')?.textContent?.endsWith('2'),
    );
    await settled(page);
    expect(await focused()).toBe('One more Ceramic Mug');
    await page.getByRole('button', { name: 'One less Ceramic Mug' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('[data-line="Ceramic Mug"] [data-quantity]')?.textContent?.endsWith('1'),
    );
    await settled(page);
    expect(await focused()).toBe('Remove Ceramic Mug');
    await page.keyboard.press('Enter');
    await page.locator('[data-cart-empty]').waitFor();
    expect(await focused()).toBe('cart');
  }, 60_000);

  it('applies a coupon, shows its discount, explains refused codes and removes it', async () => {
    const big = await env.call(
      'POST',
      '/plaza/v1/coupons',
      { coupon: { code: 'BIGSPEND', type: 'PERCENTAGE', percentage: 20, minimumSubtotal: '500.00' } },
      env.adminKey,
    );
    expect(big.status, JSON.stringify(big.data)).toBe(200);
    const page = await newPage(SMALL_PHONE);
    await page.goto(`${env.main.origin}/store`);
    await page.getByRole('button', { name: /^Add Classic T-shirt S · Black \$24\.00 to cart/ }).click();
    await cartLine(page, 'Classic T-shirt').waitFor();
    await settled(page);
    const field = page.getByRole('textbox', { name: 'Coupon code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    const cart = page.locator('[data-cart]');

    // Refused: the reason under the field, which stays marked and focused.
    await field.fill('nope');
    await field.press('Enter');
    await cart.getByRole('alert').getByText('No coupon has the code "NOPE".').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    await field.fill('BIGSPEND');
    await apply.click();
    await cart.getByRole('alert').getByText('needs a subtotal of at least $500.00').waitFor();
    expect(await page.locator('[data-discount]').count()).toBe(0);
    await settled(page);
    await shoot(page, 'cart-coupon-refused', SMALL_PHONE);

    // Applied by keyboard: the discount line, and focus on the way to remove it.
    await field.fill('welcome10');
    await field.press('Enter');
    await page.locator('[data-coupon-applied]').waitFor();
    await settled(page);
    expect(await page.locator('[data-subtotal]').textContent()).toBe('$24.00');
    expect(await page.locator('[data-discount]').textContent()).toBe('−$2.40');
    expect(await cart.textContent()).toContain('Discount (WELCOME10)');
    expect(await page.locator('[data-total]').textContent()).toBe('$21.60');
    const remove = page.getByRole('button', { name: 'Remove coupon WELCOME10' });
    expect(await remove.evaluate((button) => button === document.activeElement)).toBe(true);
    await shoot(page, 'cart-coupon-applied', SMALL_PHONE);
    await checkA11y(page, 'cart with a coupon');

    // A reload keeps it (it is the cart's); removing it brings the field back, focused.
    await page.reload();
    await page.locator('[data-coupon-applied]').waitFor();
    await settled(page);
    await remove.focus();
    await page.keyboard.press('Enter');
    await field.waitFor();
    await settled(page);
    expect(await page.locator('[data-discount]').count()).toBe(0);
    expect(await page.locator('[data-total]').count()).toBe(0);
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await page.locator('[data-cart-empty]').waitFor();
  }, 60_000);

  it.skipIf(!checkoutBuilt)(
    `checks out on the hosted page with the test card and comes back to an empty cart${checkoutBuilt ? '' : ` (${CHECKOUT_SKIP})`}`,
    async () => {
      const page = await newPage();
      await page.goto(`${env.main.origin}/store`);
      await page.getByRole('button', { name: /^Add Digital Recipe Book \$9\.00 to cart/ }).click();
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
      await page.getByRole('button', { name: /^Add Canvas Tote \$15\.00 to cart, Bestseller/ }).click();
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

  it('explains how to install the store when the site does not have it', async () => {
    const site = await env.call('GET', '/plaza/v1/site', undefined, env.adminKey);
    const apps: string[] = site.data.site.installedApps;
    const off = await env.call(
      'PATCH',
      '/plaza/v1/site',
      { site: { installedApps: apps.filter((app) => app !== 'stores') } },
      env.adminKey,
    );
    expect(off.status, JSON.stringify(off.data)).toBe(200);
    try {
      const page = await newPage(PHONE);
      await page.goto(`${env.main.origin}/store`);
      await page.getByRole('heading', { name: 'Stores is not installed', level: 1 }).waitFor();
      await settled(page);
      await checkA11y(page, 'store not installed');
      await page.getByRole('link', { name: 'How to install Stores' }).click();
      await page.getByRole('heading', { name: 'Install Stores', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/install/stores');
      expect(await page.locator('pre').last().textContent()).toContain(`PATCH ${env.api}/plaza/v1/site`);
      await shoot(page, 'install-stores');
      await checkA11y(page, 'install page');
      // The home page sends there too.
      await page.getByRole('link', { name: 'Back to examples' }).first().click();
      const card = page.locator('[data-example="/store"]');
      await card.waitFor();
      expect(await card.getAttribute('data-installed')).toBe('false');
      expect(await card.getByRole('link', { name: /How to install Stores/ }).getAttribute('href')).toBe(
        '/install/stores',
      );
    } finally {
      await env.call('PATCH', '/plaza/v1/site', { site: { installedApps: apps } }, env.adminKey);
    }
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

    // The list (the store's one products read) fails: an error with a retry that works.
    await page.unroute('**/stores-reader/v1/products/query-platformized**');
    // Every read fails until the error shows (the header's app check may read the list first).
    let failing = true;
    await page.route('**/stores-reader/v1/products/query-platformized**', (route) =>
      failing
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
    await checkA11y(page, 'store error');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-product]').first().waitFor();
  }, 60_000);
});
