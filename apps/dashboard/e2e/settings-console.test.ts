import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
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

const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
const PASSWORD = 'correct-Horse-7';

async function look(page: Page, name: string) {
  await screenshots(page, name);
  await checkA11y(page, name);
}

/** Taxes, shipping, coupons, OAuth apps, SSO connections and the dev mailbox, checked through the API. */
describe.skipIf(!hasBrowser)('settings console in Chromium', { timeout: 90_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;
  let productId: string;

  const settingsPage = async (label: string, heading: string) => {
    await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: label }).click();
    await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
  };
  const invalid = (label: string | RegExp) =>
    expect.poll(() =>
      page.getByLabel(label, { exact: typeof label === 'string' }).getAttribute('aria-invalid'),
    );
  const saidStatus = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

  async function visitorToken() {
    const answer = await plaza.call('POST', '/oauth2/token', {
      clientId: plaza.demo.clientId,
      grantType: 'anonymous',
    });
    expect(answer.status).toBe(200);
    return answer.data.access_token as string;
  }

  /** A visitor's cart holding the test product, as a storefront makes it. */
  async function visitorCart() {
    const token = await visitorToken();
    const added = await plaza.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: productId }, quantity: 2 }] },
      token,
    );
    expect(added.status, JSON.stringify(added.data)).toBe(200);
    return token;
  }

  beforeAll(async () => {
    plaza = await startPlaza();
    const product = await plaza.call('POST', '/stores/v1/products', {
      product: { name: 'Settings Lamp', productType: 'physical', priceData: { price: 40 } },
    });
    expect(product.status, JSON.stringify(product.data)).toBe(200);
    productId = product.data.product.id;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Settings', level: 1, exact: true }).waitFor();
    await page.getByLabel('Currency').waitFor();
    await look(page, 'settings-general');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
  });

  it('adds a tax rate, with violations beside the fields, and a visitor’s estimate charges it', async () => {
    await settingsPage('Taxes', 'Taxes');
    await page.getByTestId('tax-rate').filter({ hasText: 'United States' }).waitFor();
    await page.getByLabel('Country', { exact: true }).fill('US');
    await page.getByLabel('Region (optional)').fill('US-ZZ');
    await page.getByLabel('Applies to').selectOption('PHYSICAL');
    await page.getByLabel('Rate (%)').fill('lots');
    await page.getByLabel('Name (optional)').fill('California tax');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await invalid('Rate (%)').toBe('true');
    await page.locator('#rate-rate-error').waitFor();
    await page.getByLabel('Rate (%)').fill('7.25');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await invalid('Region (optional)').toBe('true');
    await page.locator('#rate-region-error').filter({ hasText: 'not a region of US' }).waitFor();
    await look(page, 'settings-taxes-invalid');
    await page.getByLabel('Region (optional)').fill('US-CA');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await saidStatus('Rate for United States · US-CA saved.');
    const row = page.getByTestId('tax-rate').filter({ hasText: 'US-CA' });
    await row.getByText('7.25 %').waitFor();
    await look(page, 'settings-taxes');

    const token = await visitorCart();
    const estimate = await plaza.call(
      'POST',
      '/ecom/v1/carts/current/estimate-totals',
      { shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'Fresno', postalCode: '93650' } },
      token,
    );
    expect(estimate.status, JSON.stringify(estimate.data)).toBe(200);
    const breakdown = estimate.data.taxSummary.taxBreakdown as Array<{ taxName: string; rate: string }>;
    expect(breakdown).toEqual([expect.objectContaining({ taxName: 'California tax', rate: '0.0725' })]);

    // Edited, then removed after asking: the settings answer follows.
    await page.getByRole('button', { name: 'Edit United States · US-CA, Physical goods' }).click();
    await page.getByLabel('Rate (%)').fill('7.5');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await row.getByText('7.5 %').waitFor();
    const rates = (await plaza.call('GET', '/plaza/v1/ecom-settings')).data.settings.taxRates;
    expect(rates).toContainEqual({
      country: 'US',
      subdivision: 'US-CA',
      itemType: 'PHYSICAL',
      rate: 7.5,
      name: 'California tax',
    });
    await page.getByRole('button', { name: 'Remove United States · US-CA, Physical goods' }).click();
    const dialog = page.getByRole('dialog', { name: /Remove the rate for United States · US-CA/ });
    await dialog.getByRole('button', { name: 'Keep rate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor();
    await page.getByRole('button', { name: 'Remove United States · US-CA, Physical goods' }).click();
    await dialog.getByRole('button', { name: 'Remove rate' }).click();
    await row.waitFor({ state: 'detached' });
    const left = (await plaza.call('GET', '/plaza/v1/ecom-settings')).data.settings.taxRates;
    expect(left).toEqual([{ country: 'US', rate: 8, name: 'Sales tax' }]);
  });

  it('adds a shipping option with a region price, refusing a bad price beside it', async () => {
    await settingsPage('Shipping', 'Shipping');
    await page.getByTestId('shipping-option').filter({ hasText: 'Standard delivery' }).waitFor();
    await page.getByLabel('Title').fill('Express');
    await page.getByLabel('Code').fill('express');
    await page.getByLabel('Price (empty for free)').fill('12.00');
    await page.getByRole('button', { name: 'Add a region price' }).click();
    await page.getByLabel('Region 1 country').fill('US');
    await page.getByLabel('Region 1 subdivision').fill('US-AK');
    await page.getByLabel('Region 1 price').fill('3.999');
    await page.getByRole('button', { name: 'Add option' }).click();
    await invalid('Region 1 price').toBe('true');
    await look(page, 'settings-shipping-invalid');
    await page.getByLabel('Region 1 price').fill('30');
    await page.getByRole('button', { name: 'Add option' }).click();
    await saidStatus('Shipping option “Express” saved.');
    await page
      .getByTestId('shipping-option')
      .filter({ hasText: 'Express' })
      .getByText('US-AK: $30.00')
      .waitFor();
    await look(page, 'settings-shipping');
    const options = (await plaza.call('GET', '/plaza/v1/ecom-settings')).data.settings.shippingOptions;
    expect(options.find((o: { code: string }) => o.code === 'express')).toEqual({
      code: 'express',
      title: 'Express',
      type: 'FLAT_RATE',
      price: '12.00',
      regions: [{ country: 'US', subdivision: 'US-AK', price: '30' }],
    });

    await page.getByRole('button', { name: 'Remove Express' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Express?' })
      .getByRole('button', { name: 'Remove option' })
      .click();
    await saidStatus('Shipping option “Express” removed.');
    const after = (await plaza.call('GET', '/plaza/v1/ecom-settings')).data.settings.shippingOptions;
    expect(after.map((o: { code: string }) => o.code)).toEqual(['standard', 'pickup']);
  });

  it('creates a coupon a visitor applies to a cart, filters, edits and deletes it', async () => {
    await settingsPage('Coupons', 'Coupons');
    await page.getByTestId('coupon-WELCOME10').waitFor();
    await page.getByLabel('Code', { exact: true }).fill('SAVE5');
    await page.getByLabel('Discount', { exact: true }).selectOption('FIXED_AMOUNT');
    await page.getByLabel(/^Amount off/).fill('0');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await invalid(/^Amount off/).toBe('true');
    await page.locator('#coupon-amount-error').filter({ hasText: 'more than 0' }).waitFor();
    await look(page, 'settings-coupons-invalid');
    await page.getByLabel(/^Amount off/).fill('5');
    await page.getByLabel(/^Minimum subtotal/).fill('50');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await saidStatus('Coupon SAVE5 created.');
    const row = page.getByTestId('coupon-SAVE5');
    await row.getByText('$5.00 off').waitFor();

    const token = await visitorCart();
    const applied = await plaza.call('PATCH', '/ecom/v1/carts/current', { couponCode: 'save5' }, token);
    expect(applied.status, JSON.stringify(applied.data)).toBe(200);
    expect(JSON.stringify(applied.data.cart.appliedDiscounts)).toContain('SAVE5');

    // The filters are the server's, and stay in the URL.
    await page.getByLabel('Kind of discount').selectOption('FIXED_AMOUNT');
    await page.getByTestId('coupon-WELCOME10').waitFor({ state: 'detached' });
    expect(page.url()).toContain('type=FIXED_AMOUNT');
    await page.reload();
    await row.waitFor();
    expect(await page.getByTestId('coupon-WELCOME10').count()).toBe(0);
    await look(page, 'settings-coupons');

    await page.getByRole('button', { name: 'Edit SAVE5' }).click();
    await page.getByLabel(/^Minimum subtotal/).fill('');
    await page.getByLabel('Usage limit (optional)').fill('1');
    await page.getByRole('button', { name: 'Save coupon' }).click();
    await saidStatus('Coupon SAVE5 saved.');
    await row.getByText('0 of 1').waitFor();
    const coupon = (
      await plaza.call('POST', '/plaza/v1/coupons/query', { query: { filter: { code: 'SAVE5' } } })
    ).data.coupons[0];
    expect(coupon).toMatchObject({ usageLimit: 1, amount: '5.00' });
    expect(coupon).not.toHaveProperty('minimumSubtotal');

    await page.getByRole('button', { name: 'Delete SAVE5' }).click();
    await page
      .getByRole('dialog', { name: 'Delete coupon SAVE5?' })
      .getByRole('button', { name: 'Delete coupon' })
      .click();
    await saidStatus('Coupon SAVE5 deleted.');
    await page.getByText('No coupon matches.').waitFor();
    const refused = await plaza.call(
      'PATCH',
      '/ecom/v1/carts/current',
      { couponCode: 'SAVE5' },
      await visitorCart(),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    // An owner's call made with a visitor's token gets nothing.
    expect((await plaza.call('POST', '/plaza/v1/coupons/query', {}, token)).status).toBe(403);
  });

  it('registers an OAuth app with its redirect URIs, shows its client id, edits and deletes it', async () => {
    await settingsPage('OAuth apps', 'OAuth apps');
    await page.getByTestId('app-Demo storefront').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Kiosk');
    await page.getByLabel('Redirect URIs').fill('kiosk.example.com/callback');
    await page.getByRole('button', { name: 'Register app' }).click();
    await invalid('Redirect URIs').toBe('true');
    await page.locator('#app-allowedRedirectUris-error').waitFor();
    await look(page, 'settings-oauth-invalid');
    await page.getByLabel('Redirect URIs').fill('https://kiosk.example.com/callback');
    await page.getByLabel('Allowed origins').fill('https://kiosk.example.com');
    await page.getByRole('button', { name: 'Register app' }).click();
    const clientId = (await page.getByTestId('new-client-id').textContent())!;
    const read = await plaza.call('GET', `/oauth-app/v1/oauth-apps/${clientId}`);
    expect(read.status).toBe(200);
    expect(read.data.oAuthApp).toMatchObject({
      name: 'Kiosk',
      allowedRedirectUris: ['https://kiosk.example.com/callback'],
      allowedOrigins: ['https://kiosk.example.com'],
    });
    await page.getByTestId('app-Kiosk').getByText(clientId).waitFor();
    await look(page, 'settings-oauth');

    await page.getByRole('button', { name: 'Edit Kiosk' }).click();
    await page
      .getByLabel('Redirect URIs')
      .fill('https://kiosk.example.com/callback\nhttps://kiosk.example.com/again');
    await page.getByRole('button', { name: 'Save app' }).click();
    await saidStatus('App “Kiosk” saved.');
    const edited = await plaza.call('GET', `/oauth-app/v1/oauth-apps/${clientId}`);
    expect(edited.data.oAuthApp.allowedRedirectUris).toEqual([
      'https://kiosk.example.com/callback',
      'https://kiosk.example.com/again',
    ]);

    await page.getByRole('button', { name: 'Delete Kiosk' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Kiosk?' })
      .getByRole('button', { name: 'Delete app' })
      .click();
    await saidStatus('App “Kiosk” deleted.');
    expect((await plaza.call('GET', `/oauth-app/v1/oauth-apps/${clientId}`)).status).toBe(404);
  });

  it('adds an SSO connection without ever showing its secret back, and deletes it', async () => {
    await settingsPage('SSO', 'SSO connections');
    await page.getByText('No connections').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Acme ID');
    await page.getByLabel('Issuer URL').fill('ftp://id.acme.example');
    await page.getByLabel('Client id').fill('plaza-shop');
    await page.getByLabel('Client secret').fill('s3cret-never-shown');
    await page.getByRole('button', { name: 'Add connection' }).click();
    await invalid('Issuer URL').toBe('true');
    await look(page, 'settings-sso-invalid');
    await page.getByLabel('Issuer URL').fill('https://id.acme.example');
    await page.getByRole('button', { name: 'Add connection' }).click();
    await saidStatus('Connection “Acme ID” added.');
    const row = page.getByTestId('idp-Acme ID');
    await row.getByText('Secret set').waitFor();
    expect(await page.content()).not.toContain('s3cret-never-shown');
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    const listed = await plaza.call('GET', '/plaza/v1/idp-connections');
    expect(listed.data.idpConnections).toEqual([
      expect.objectContaining({ name: 'Acme ID', issuer: 'https://id.acme.example', hasClientSecret: true }),
    ]);
    expect(JSON.stringify(listed.data)).not.toContain('s3cret-never-shown');
    await look(page, 'settings-sso');

    // Edited without typing a secret: the one set stays, and is still not shown.
    await page.getByRole('button', { name: 'Edit Acme ID' }).click();
    await page.getByText('A secret is set and never shown').waitFor();
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    await page.getByLabel('Name', { exact: true }).fill('Acme Login');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await saidStatus('Connection “Acme Login” saved.');
    const edited = (await plaza.call('GET', '/plaza/v1/idp-connections')).data.idpConnections;
    expect(edited).toEqual([expect.objectContaining({ name: 'Acme Login', hasClientSecret: true })]);

    await page.getByRole('button', { name: 'Delete Acme Login' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Acme Login?' })
      .getByRole('button', { name: 'Delete connection' })
      .click();
    await saidStatus('Connection “Acme Login” deleted.');
    await page.getByText('No connections').waitFor();
    expect((await plaza.call('GET', '/plaza/v1/idp-connections')).data.idpConnections).toEqual([]);
  });

  it('finds a password-reset e-mail in the mailbox and pages through older mail', async () => {
    for (let n = 0; n < 22; n++)
      await plaza.t.platform.mail.send({
        siteId: plaza.demo.siteId,
        to: 'bulk@example.com',
        subject: `Newsletter ${n + 1}`,
        text: `Issue ${n + 1}`,
      });
    const email = 'reset-me@example.com';
    const token = await visitorToken();
    const registered = await plaza.call(
      'POST',
      '/_api/iam/authentication/v2/register',
      { loginId: { email }, password: PASSWORD },
      token,
    );
    expect(registered.status, JSON.stringify(registered.data)).toBe(200);
    const sent = await plaza.call('POST', '/_api/iam/recovery/v1/send-email', { email }, token);
    expect(sent.status, JSON.stringify(sent.data)).toBe(200);

    await settingsPage('Mailbox', 'Mailbox');
    const messages = page.locator('.mail-list button');
    await expect.poll(() => messages.count()).toBe(20);
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByRole('button', { name: /Newsletter 1 / }).waitFor();
    await page.getByRole('button', { name: 'Newer' }).click();
    await page.getByRole('button', { name: /Newsletter 22/ }).waitFor();

    await page.getByLabel("Recipient's e-mail address").fill(email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.url()).toContain(`to=${encodeURIComponent(email)}`);
    await expect.poll(() => messages.count()).toBeGreaterThan(0);
    const reset = messages.filter({ hasText: /password/i }).first();
    await reset.click();
    const reader = page.getByTestId('mail-reader');
    await reader.getByText(email, { exact: true }).waitFor();
    expect(await reader.locator('pre').textContent()).toMatch(/https?:\/\//);
    await look(page, 'settings-mailbox');
  });
});
