import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLine, settled } from '../../demo/e2e/harness.ts';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import { type DemoSite, serveDemo } from './demo-site.ts';
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

const PRODUCT = 'Journey Lamp';
const PLAN = 'Yearly Unlimited';

/** "$1,234.50" → 123450: the figures are compared in cents. */
const cents = (money: string | null) => Math.round(Number((money ?? '').replace(/[^\d.]/g, '')) * 100);

interface Figures {
  orders: number;
  revenue: number;
  /** Today's bar of the revenue chart: its day, and its revenue from the table read to screen readers. */
  bar: { day: string; orders: number; revenue: number } | undefined;
}

/**
 * Both sides of the demo storefront at once, in one Chromium: a visitor (a browser context of their
 * own) buys in the demo storefront, built and served beside the server, through the hosted checkout;
 * the owner, signed in to the dashboard in another context, finds the order on Home and in Orders and
 * cancels it with restock, and the demo sells the product again. The owner archives a plan and the
 * demo's subscriptions page stops offering it.
 */
describe.skipIf(!hasBrowser)('the owner and a demo visitor in Chromium', { timeout: 120_000 }, () => {
  let plaza: Plaza;
  let demo: DemoSite;
  let browser: Browser;
  let owner: Page;
  let shop: Page;
  let productId: string;
  let zone: string;

  const stock = async () =>
    (await plaza.call('GET', `/stores-reader/v1/products/${productId}`)).data.product.stock.quantity;
  const nav = (label: string) =>
    owner.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: label, exact: true });
  const card = () => shop.locator(`[data-product="${PRODUCT}"]`);

  /** Home's figures for today as the owner sees them, read once the sales have loaded. */
  async function homeFigures(): Promise<Figures> {
    await owner.goto(`${plaza.url}/dashboard/`);
    await owner.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const orders = owner.getByTestId('Today-orders');
    await orders.waitFor();
    const chart = owner.getByRole('figure');
    const empty = owner.getByText('No orders in the last 30 days.');
    await chart.or(empty).waitFor();
    let bar: Figures['bar'];
    if (await chart.isVisible()) {
      const cells = await chart.locator('tbody tr').last().locator('td').allTextContents();
      bar = { day: cells[0]!, orders: Number(cells[1]), revenue: cents(cells[2]!) };
    }
    return {
      orders: Number(await orders.textContent()),
      revenue: cents(await owner.getByTestId('Today-revenue').textContent()),
      bar,
    };
  }

  beforeAll(async () => {
    plaza = await startPlaza();
    const served = serveDemo(plaza);
    served.catch(() => {});
    // One left: the visitor's order sells it out, the restock puts it back on sale.
    const created = await plaza.call('POST', '/stores/v1/products', {
      product: {
        name: PRODUCT,
        sku: 'JOURNEY-LAMP',
        productType: 'physical',
        priceData: { price: 18 },
        stock: { trackInventory: true, quantity: 1 },
      },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    productId = created.data.product.id;
    zone = (await plaza.call('GET', '/plaza/v1/site')).data.site.timeZone;
    browser = await launchChromium();
    const [ownerContext, visitorContext] = await Promise.all([
      browser.newContext({ viewport: VIEWPORTS.desktop }),
      browser.newContext({ viewport: VIEWPORTS.desktop }),
    ]);
    owner = await ownerContext.newPage();
    shop = await visitorContext.newPage();
    owner.setDefaultTimeout(15_000);
    shop.setDefaultTimeout(15_000);
    await signIn(owner, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
    demo = await served;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
    await plaza?.close();
  });

  it('a visitor buys in the demo; the owner finds the order on Home and in Orders and cancels it with restock', async () => {
    const before = await homeFigures();

    // The visitor: store → cart → hosted checkout → pay with the test card.
    await shop.goto(`${demo.origin}/store`);
    await shop.getByRole('button', { name: new RegExp(`^Add ${PRODUCT} \\$18\\.00 to cart`) }).click();
    await cartLine(shop, PRODUCT).waitFor();
    await settled(shop);
    await shop.getByRole('button', { name: 'Checkout' }).click();
    await shop.waitForURL(`${plaza.url}/hosted/checkout?session=*`);
    await shop.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await shop.getByText(PRODUCT).first().waitFor();
    await shop.getByLabel('E-mail').fill('journey@example.com');
    await shop.getByLabel('Country').selectOption('US');
    await shop.getByLabel('First name').fill('Jo');
    await shop.getByLabel('Last name').fill('Rivers');
    await shop.getByLabel('Street address').fill('1 Market Street');
    await shop.getByLabel('City').fill('San Francisco');
    await shop.getByLabel('State').selectOption('US-CA');
    await shop.getByLabel('ZIP code').fill('94103');
    await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
    await shop.getByLabel('Expiry date').fill('12 / 34');
    await shop.getByLabel('Security code').fill('123');
    await shop.getByRole('button', { name: /^Pay / }).click();
    await shop.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const number = (await shop
      .getByText(/^Order number/)
      .locator('strong')
      .textContent())!;
    const total = cents(
      await shop
        .locator('dt', { hasText: /^Total$/ })
        .first()
        .locator('xpath=following-sibling::dd')
        .textContent(),
    );
    expect(number).toMatch(/^\d+$/);
    // Shipping and California's tax come on top of the lamp's price.
    expect(total).toBeGreaterThan(1800);
    await shop.getByRole('link', { name: 'Continue shopping' }).click();
    await shop.waitForURL(`${demo.origin}/store`);
    await shop.locator('[data-cart-empty]').waitFor();
    // The last one is sold: the demo no longer offers it.
    await expect.poll(() => card().isDisabled()).toBe(true);
    await card().getByText('Sold out', { exact: true }).first().waitFor();
    expect(await stock()).toBe(0);
    await settled(shop);
    await screenshots(shop, 'journey-demo-sold-out');

    // The owner: Home's figures for today went up by the order, and today's bar with them.
    await expect
      .poll(async () => {
        const after = await homeFigures();
        return { orders: after.orders - before.orders, revenue: after.revenue - before.revenue };
      })
      .toEqual({ orders: 1, revenue: total });
    const after = await homeFigures();
    // Today in the site's time zone, as the server counts its days.
    const today = DateTime.now().setZone(zone).toISODate()!;
    expect(after.bar).toEqual({
      day: today,
      orders: (before.bar?.day === today ? before.bar.orders : 0) + 1,
      revenue: (before.bar?.day === today ? before.bar.revenue : 0) + total,
    });
    // The bar's own label names the same day and amount.
    const label = await owner.locator('svg.chart-bars rect title').last().textContent();
    expect(label?.startsWith(`${today}: `)).toBe(true);
    expect(cents(label!.slice(today.length + 2))).toBe(after.bar!.revenue);
    expect(cents(await owner.getByTestId('Last 7 days-revenue').textContent())).toBeGreaterThanOrEqual(total);
    await look(owner, 'journey-home');

    // In Orders, opened, cancelled with restock after the confirmation.
    await nav('Orders').click();
    await owner.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await owner.getByRole('link', { name: `#${number}` }).click();
    await owner.getByRole('heading', { name: `Order #${number}` }).waitFor();
    await owner.getByRole('cell', { name: PRODUCT }).waitFor();
    await owner.getByText('journey@example.com').first().waitFor();
    await owner.getByText('San Francisco').first().waitFor();
    await owner.getByRole('button', { name: 'Cancel and refund' }).click();
    const dialog = owner.getByRole('dialog', { name: `Cancel order #${number}?` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Put the items back in stock').isChecked()).toBe(true);
    // Asked first: nothing happens until the owner confirms.
    expect(await stock()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect.poll(() => owner.getByTestId('order-status').textContent()).toBe('Cancelled');
    await owner.getByRole('status').filter({ hasText: 'back in stock' }).waitFor();
    await look(owner, 'journey-order-cancelled');
    expect(await stock()).toBe(1);

    // The demo sells the lamp again (a reload reads the products anew).
    await shop.reload();
    await shop.getByRole('button', { name: new RegExp(`^Add ${PRODUCT} \\$18\\.00 to cart`) }).waitFor();
    expect(await card().isDisabled()).toBe(false);
    await settled(shop);
    await screenshots(shop, 'journey-demo-restocked');

    // A cancelled order leaves the sales: today's figures are back where they were.
    const undone = await homeFigures();
    expect({ orders: undone.orders, revenue: undone.revenue }).toEqual({
      orders: before.orders,
      revenue: before.revenue,
    });
  });

  it('the owner archives a plan and the demo’s subscriptions page stops listing it', async () => {
    const plans = shop.locator('[data-plan]');
    await shop.goto(`${demo.origin}/subscriptions`);
    await shop.locator(`[data-plan="${PLAN}"]`).waitFor();
    await settled(shop);
    const listed = await plans.evaluateAll((all) => all.map((card) => card.getAttribute('data-plan')));
    expect(listed).toContain(PLAN);

    await owner.goto(`${plaza.url}/dashboard/plans`);
    await owner.getByRole('heading', { name: 'Plans', level: 1, exact: true }).waitFor();
    await owner.getByRole('button', { name: `Archive ${PLAN}` }).click();
    const dialog = owner.getByRole('dialog', { name: `Archive ${PLAN}?` });
    await dialog.getByRole('button', { name: 'Archive plan' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: `Plan “${PLAN}” archived.` })
      .waitFor();
    await owner.getByTestId(`plan-${PLAN}`).waitFor({ state: 'detached' });
    await look(owner, 'journey-plan-archived');

    // The visitor reloads: the other plans stay, in their order; the archived one is gone.
    await shop.reload();
    await shop.locator('[data-plan="Studio Pass"]').waitFor();
    await settled(shop);
    expect(await plans.evaluateAll((all) => all.map((card) => card.getAttribute('data-plan')))).toEqual(
      listed.filter((name) => name !== PLAN),
    );
    await screenshots(shop, 'journey-demo-plans');
  });
});
