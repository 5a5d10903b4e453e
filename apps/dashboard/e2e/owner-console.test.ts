import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import { type Receiver, receiverEnv, startReceiver } from '../../server/test/webhook-receiver.ts';
import {
  checkBrowser,
  hasBrowser,
  launchChromium,
  otherSiteOwner,
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

const PASSWORD = 'correct-Horse-7';

/** Plans and memberships, members, settings and webhooks; another site's owner sees none of it. */
describe.skipIf(!hasBrowser)('owner console in Chromium', { timeout: 90_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;
  let receiver: Receiver;
  let webhookId: string;

  const nav = (label: string) =>
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: label, exact: true });
  const publicPlanNames = async () =>
    (await plaza.call('GET', '/pricing-plans/v2/plans/public?limit=100')).data.plans.map(
      (plan: { name: string }) => plan.name,
    );

  /** A member of the demo site, registered as a storefront would. */
  async function registerMember(email: string) {
    const { token } = await plaza.t.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'visitor',
      subjectId: crypto.randomUUID(),
      clientId: plaza.demo.clientId,
    });
    const registered = await plaza.call(
      'POST',
      '/_api/iam/authentication/v2/register',
      { loginId: { email }, password: PASSWORD },
      token,
    );
    expect(registered.status, JSON.stringify(registered.data)).toBe(200);
    return registered.data.identity.id as string;
  }

  const ownerApproval = async (on: boolean) =>
    expect(
      (
        await plaza.call('PATCH', '/plaza/v1/site', {
          site: { settings: { identity: { requireOwnerApproval: on } } },
        })
      ).status,
    ).toBe(200);

  beforeAll(async () => {
    receiver = await startReceiver();
    plaza = await startPlaza({ env: receiverEnv });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
    await receiver?.close();
  });

  it('creates a plan, showing the API’s violation beside the price', async () => {
    await nav('Plans').click();
    await page.getByRole('heading', { name: 'Plans', level: 1, exact: true }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Studio Pass' })
      .getByText('Primary', { exact: true })
      .waitFor();
    await page.getByLabel('Name').fill('Dashboard Club');
    await page.getByLabel('Billing').selectOption('MONTH');
    await page.getByRole('button', { name: 'Create plan' }).click();
    // A subscription cannot be free: the violation sits next to the price, which says why.
    const price = page.getByLabel(/^Price/);
    await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
    await page.locator('#plan-price-error').filter({ hasText: 'must be more than 0' }).waitFor();
    await price.fill('9.50');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('status').filter({ hasText: 'Plan “Dashboard Club” created.' }).waitFor();
    const row = page.getByTestId('plan-Dashboard Club');
    await row.getByText('$9.50 / month').waitFor();
    expect(await publicPlanNames()).toContain('Dashboard Club');
    await look(page, 'plans');

    await page.getByRole('button', { name: 'Hide Dashboard Club' }).click();
    await row.getByText('Hidden').waitFor();
    expect(await publicPlanNames()).not.toContain('Dashboard Club');
    await page.getByRole('button', { name: 'Show Dashboard Club' }).click();
    await row.getByText('Public').waitFor();
    await page.getByRole('button', { name: 'Make primary: Dashboard Club' }).click();
    await row.getByText('Primary', { exact: true }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Studio Pass' })
      .getByText('Primary', { exact: true })
      .waitFor({ state: 'detached' });
  });

  it('archives a plan after asking, and it leaves the public plans', async () => {
    await page.getByRole('button', { name: 'Archive Dashboard Club' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Dashboard Club?' });
    await dialog.waitFor();
    await look(page, 'plan-archive');
    await dialog.getByRole('button', { name: 'Keep plan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await publicPlanNames()).toContain('Dashboard Club');

    await page.getByRole('button', { name: 'Archive Dashboard Club' }).click();
    await dialog.getByRole('button', { name: 'Archive plan' }).click();
    await page.getByRole('status').filter({ hasText: 'Plan “Dashboard Club” archived.' }).waitFor();
    await page.getByTestId('plan-Dashboard Club').waitFor({ state: 'detached' });
    expect(await publicPlanNames()).not.toContain('Dashboard Club');
    await page.getByLabel('Plans shown').selectOption('ARCHIVED');
    await page.getByTestId('plan-Dashboard Club').getByText('Archived').waitFor();
  });

  it('lists memberships with their next charge and cancels one after asking', async () => {
    const memberId = await registerMember('studio@example.com');
    const plans = (await plaza.call('GET', '/pricing-plans/v2/plans?limit=100')).data.plans;
    const studio = plans.find((plan: { name: string }) => plan.name === 'Studio Pass');
    const ordered = await plaza.call('POST', '/pricing-plans/v2/checkout/orders/offline', {
      planId: studio.id,
      memberId,
      paid: true,
    });
    expect(ordered.status, JSON.stringify(ordered.data)).toBe(200);

    await nav('Memberships').click();
    await page.getByRole('heading', { name: 'Memberships', level: 1, exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Studio Pass' });
    await row.getByText('Active').waitFor();
    expect(await row.locator('td').nth(5).textContent()).not.toBe('—');
    await look(page, 'memberships');
    await row.getByRole('button', { name: /^Cancel Studio Pass/ }).click();
    const dialog = page.getByRole('dialog', { name: /Cancel this Studio Pass membership/ });
    await dialog.getByLabel('Wait until the end of the paid cycle').waitFor();
    await dialog.getByRole('button', { name: 'Cancel membership' }).click();
    await page.getByRole('status').filter({ hasText: 'The membership is cancelled' }).waitFor();
    await row.getByText('Cancelled').waitFor();
    await page.getByLabel('Status').selectOption('ACTIVE');
    await page.getByText('No memberships with this status.').waitFor();
  });

  it('approves a waiting member and blocks one after asking', async () => {
    await ownerApproval(true);
    await registerMember('waiting@example.com');
    await ownerApproval(false);
    await nav('Members').click();
    await page.getByRole('heading', { name: 'Members', level: 1, exact: true }).waitFor();
    await page.getByLabel('Status').selectOption('PENDING');
    const waiting = page.getByRole('row').filter({ hasText: 'waiting@example.com' });
    await waiting.getByText('Pending').waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await look(page, 'members');
    await page.getByRole('button', { name: 'Approve waiting@example.com' }).click();
    await page.getByRole('status').filter({ hasText: 'waiting@example.com is approved.' }).waitFor();
    await page.getByText('No member matches.').waitFor();

    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search members by e-mail').fill('studio@');
    await page.getByLabel('Search members by e-mail').press('Enter');
    await page.getByRole('button', { name: 'Block studio@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block studio@example.com?' });
    await dialog.getByRole('button', { name: 'Block member' }).click();
    await page.getByRole('row').filter({ hasText: 'studio@example.com' }).getByText('Blocked').waitFor();
    await page.getByRole('button', { name: 'Unblock studio@example.com' }).waitFor();
  });

  it('saves the site and payment providers, with violations beside the field', async () => {
    await nav('Settings').click();
    await page.getByRole('heading', { name: 'Settings', level: 1, exact: true }).waitFor();
    await page.getByLabel('Currency').fill('US');
    await page.getByRole('button', { name: 'Save site' }).click();
    await expect.poll(() => page.getByLabel('Currency').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#site-currency-error').waitFor();
    await look(page, 'settings-invalid');
    await page.getByLabel('Currency').fill('USD');
    await page.getByLabel('Name', { exact: true }).fill('Plaza Demo Studio');
    await page.getByRole('button', { name: 'Save site' }).click();
    await page.getByRole('status').filter({ hasText: 'Site saved.' }).waitFor();
    expect((await plaza.call('GET', '/plaza/v1/site')).data.site.name).toBe('Plaza Demo Studio');

    const offline = page.getByLabel(/^Offline payments/);
    const wasOn = await offline.isChecked();
    await offline.setChecked(!wasOn);
    await page.getByRole('button', { name: 'Save payments' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment providers saved.' }).waitFor();
    const saved = (await plaza.call('GET', '/plaza/v1/ecom-settings')).data.settings.payments;
    expect(saved.offline).toBe(!wasOn);

    await page.getByLabel('New key name').fill('Reports server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('api-key').textContent())!;
    expect((await plaza.call('GET', '/plaza/v1/api-keys', undefined, key)).status).toBe(200);
    await look(page, 'settings');
    await page.getByRole('button', { name: 'Revoke Reports server' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Reports server?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Key “Reports server” revoked.' }).waitFor();
    expect((await plaza.call('GET', '/plaza/v1/api-keys', undefined, key)).status).toBe(401);
  });

  it('adds a webhook endpoint, shows its deliveries and replays one', async () => {
    await nav('Webhooks').click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1, exact: true }).waitFor();
    await page.getByText('No endpoints yet').waitFor();
    await page.getByLabel('URL').fill('ftp://example.com/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => page.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Events').fill('product/*');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('webhook-secret').waitFor();
    await look(page, 'webhooks');

    const created = await plaza.call('POST', '/stores/v1/products', {
      product: { name: 'Hooked Mug', productType: 'physical', priceData: { price: 8 } },
    });
    expect(created.status).toBe(200);
    await expect
      .poll(async () => {
        await plaza.t.platform.jobs.runDue();
        return receiver.received.length;
      })
      .toBeGreaterThan(0);

    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { name: `Endpoint ${receiver.url}` }).waitFor();
    webhookId = page.url().split('/').at(-1)!;
    const first = page.getByTestId('delivery').filter({ hasText: 'product/created' });
    await first.getByText('Delivered').waitFor();
    await first.getByText('HTTP 200').waitFor();
    const before = receiver.received.length;
    await first.getByRole('button', { name: /^Replay product\/created/ }).click();
    await page.getByRole('status').filter({ hasText: 'Delivery sent again' }).waitFor();
    await expect
      .poll(async () => {
        await plaza.t.platform.jobs.runDue();
        return receiver.received.length;
      })
      .toBe(before + 1);
    await page.reload();
    const replayed = page.getByTestId('delivery').filter({ has: page.locator('.badge-info') });
    await replayed.getByText('Delivered').waitFor();
    expect(await page.getByTestId('delivery').count()).toBe(2);
    await look(page, 'webhook');
  });

  it('shows another site’s owner nothing of this site', async () => {
    const other = await otherSiteOwner(plaza, 'other-owner@example.com', PASSWORD);
    const context = await browser.newContext({ viewport: VIEWPORTS.tablet });
    const second = await context.newPage();
    await signIn(second, plaza.url, 'other-owner@example.com', PASSWORD);
    expect(await second.getByText('Other Shop').count()).toBeGreaterThan(0);
    for (const [label, heading, empty] of [
      ['Plans', 'Plans', 'No plans yet'],
      ['Members', 'Members', 'Nobody has signed up yet.'],
      ['Webhooks', 'Webhooks', 'No endpoints yet'],
    ] as const) {
      await second
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: label, exact: true })
        .click();
      await second.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
      await second.getByText(empty).waitFor();
    }
    await second.goto(`${plaza.url}/dashboard/webhooks/${webhookId}`);
    await second.getByRole('heading', { name: 'Endpoint not found' }).waitFor();
    // Nor by asking for the demo site outright.
    const switched = await second.evaluate(async (siteId) => {
      const session = await (await fetch('/dashboard/api/session')).json();
      const response = await fetch('/dashboard/api/session/site', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-plaza-csrf': session.csrfToken },
        body: JSON.stringify({ siteId }),
      });
      return response.status;
    }, plaza.demo.siteId);
    expect(switched).toBeGreaterThanOrEqual(400);
    expect(switched).toBeLessThan(500);
    expect(other.id).not.toBe(plaza.demo.siteId);
    await context.close();
  });
});
