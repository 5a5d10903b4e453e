import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import { STORES_APP_IDS } from '../../server/src/domains/stores/index.ts';
import {
  checkBrowser,
  hasBrowser,
  launchChromium,
  type Plaza,
  screenshots,
  startPlaza,
  VIEWPORTS,
} from './harness.ts';

checkBrowser();

/** Screenshots at desktop and tablet width, and no serious WCAG 2 AA violation on the page. */
async function look(page: Page, name: string) {
  await screenshots(page, name);
  await checkA11y(page, name);
}

const CARD_OK = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/** The owner's morning: sign in, read the figures, find the new order, cancel it with restock, sign out. */
describe.skipIf(!hasBrowser)('owner dashboard in Chromium', { timeout: 60_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;
  let productId: string;

  const stock = async () =>
    (await plaza.call('GET', `/stores-reader/v1/products/${productId}`)).data.product.stock.quantity;

  /** An order placed by a visitor through the API, as a storefront would. */
  async function placeOrder(): Promise<{ id: string; number: string }> {
    const { token } = await plaza.t.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'visitor',
      subjectId: crypto.randomUUID(),
      clientId: plaza.demo.clientId,
    });
    const added = await plaza.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      {
        lineItems: [
          { catalogReference: { appId: STORES_APP_IDS[0], catalogItemId: productId }, quantity: 1 },
        ],
      },
      token,
    );
    expect(added.status, JSON.stringify(added.data)).toBe(200);
    const checkout = await plaza.call(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      {
        email: 'buyer@example.com',
        shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'Los Angeles' },
      },
      token,
    );
    expect(checkout.status, JSON.stringify(checkout.data)).toBe(200);
    const paid = await plaza.call(
      'POST',
      `/ecom/v1/checkouts/${checkout.data.checkoutId}/pay`,
      { paymentMethod: 'test', card: CARD_OK },
      token,
    );
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    return { id: paid.data.order.id, number: paid.data.order.number };
  }

  beforeAll(async () => {
    plaza = await startPlaza();
    const created = await plaza.call('POST', '/stores/v1/products', {
      product: {
        name: 'Dashboard Mug',
        sku: 'DASH-MUG',
        productType: 'physical',
        priceData: { price: 12.5 },
        stock: { trackInventory: true, quantity: 4 },
      },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    productId = created.data.product.id;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
  });

  it('signs in with an HTTP-only, strict same-site cookie and shows the home figures', async () => {
    await page.goto(`${plaza.url}/dashboard/`);
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
    await look(page, 'sign-in');

    await page.getByLabel('E-mail').fill(plaza.demo.owner.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'No site owner has this e-mail and password' }).waitFor();

    await page.getByLabel('Password').fill(plaza.demo.owner.password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'plaza_owner');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('plaza_owner');

    await expect.poll(() => page.getByTestId('Today-orders').textContent()).toBe('0');
    await page.getByRole('listitem').filter({ hasText: 'Dashboard Mug' }).getByText('4 left').waitFor();
  });

  it('counts an order placed through the API on the home page', async () => {
    const order = await placeOrder();
    expect(await stock()).toBe(3);
    await page.reload();
    await expect.poll(() => page.getByTestId('Today-orders').textContent()).toBe('1');
    const revenue = await page.getByTestId('Today-revenue').textContent();
    expect(revenue).toMatch(/^\$\d+\.\d\d$/);
    expect(await page.getByTestId('Last 30 days-orders').textContent()).toBe('1');
    await page.getByRole('figure').waitFor();
    await look(page, 'home');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const link = page.getByRole('link', { name: `#${order.number}` });
    await link.waitFor();
    await page.getByLabel('Status').selectOption('CANCELED');
    await page.getByText('No order matches these filters.').waitFor();
    await page.getByLabel('Status').selectOption('APPROVED');
    await link.waitFor();
    expect(page.url()).toContain('status=APPROVED');
    await look(page, 'orders');

    await link.click();
    await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    await page.getByRole('cell', { name: 'Dashboard Mug' }).waitFor();
    await page.getByText('buyer@example.com').waitFor();
    await page.getByText('Los Angeles').waitFor();
    await look(page, 'order');
  });

  it('cancels the order with restock after asking first', async () => {
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    const dialog = page.getByRole('dialog', { name: /Cancel order #/ });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Put the items back in stock').isChecked()).toBe(true);
    // Escape keeps the order.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await stock()).toBe(3);

    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    await dialog.waitFor();
    await look(page, 'order-cancel');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Cancelled');
    await page.getByRole('status').filter({ hasText: 'back in stock' }).waitFor();
    expect(await stock()).toBe(4);
    await page.getByText('Order cancelled').waitFor();
    await look(page, 'order-cancelled');
  });

  it('lists products with search and paging', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Product pages' }).waitFor();
    await look(page, 'products');
    await page.getByLabel('Search products by name').fill('Dashboard');
    await page.getByLabel('Search products by name').press('Enter');
    await page.getByRole('link', { name: 'Dashboard Mug', exact: true }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await page.getByLabel('Search products by name').fill('No such thing');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No product name contains').waitFor();
  });

  it('signs out: the cookie opens nothing any more', async () => {
    const before = await page.evaluate(async () => (await fetch('/dashboard/api/session')).status);
    expect(before).toBe(200);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
    const after = await page.evaluate(async () => (await fetch('/dashboard/api/session')).status);
    expect(after).toBe(401);
    await page.goto(`${plaza.url}/dashboard/orders`);
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
  });
});
