import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { CatalogItem, CatalogMoney, CatalogProvider } from '../../server/src/domains/ecom/index.ts';
import { checkA11y } from './axe.ts';
import {
  activeId,
  CARD,
  checkoutSession,
  describeCheckout,
  fillCard,
  hostedCheckout,
  line,
  newPage,
  ordersOf,
  payButton,
  plaza,
  row,
  shopUrl,
  shotsDir,
  shownTotals,
} from './checkout-setup.ts';
import { screenshots, VIEWPORTS } from './harness.ts';

/**
 * The hosted checkout in a real browser, placing orders (set-up in checkout-setup.ts): totals as
 * choices change, a declined card, a paid order, the thank-you page and the way back; validation
 * on a small phone with pickup and pay later; a digital-only order; a free one; pickup where the
 * store does not deliver; a booking, tickets and a plan sold through a catalog of the test's own.
 * Screenshots go to PLAZA_HOSTED_SHOTS. Lost answers and broken links: checkout-failures.test.ts.
 */

/** The focused control's ring: on the radio's row or the input's frame, which draw it for them. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const framed = document.activeElement?.closest('label, div:has(> input)');
    const style = framed ? getComputedStyle(framed) : undefined;
    return style && { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });
const ACCENT_RING = { style: 'solid', width: '2px', color: 'rgb(52, 81, 209)' };

/**
 * A catalog of what the next selling domains will sell, answered the way their providers will describe
 * it (catalog-provider.ts): a class with its staff and room, two tickets of an event, a monthly plan.
 */
const LINES_APP_ID = '6d3a1f0e-5b2c-4e8a-9c71-0a4b3e2d1c5f';
const usd = (cents: number): CatalogMoney => {
  const decimal = (cents / 100).toFixed(2);
  return { amount: cents, currency: 'USD', decimal, formatted: `$${decimal}` };
};
const LINES: Record<string, Omit<CatalogItem, 'catalogItemId' | 'version' | 'availability'>> = {
  yoga: {
    name: 'Morning Yoga',
    price: usd(6000),
    fullPrice: usd(6000),
    descriptionLines: [
      { name: 'Staff', value: 'Dana Levi' },
      { name: 'Location', value: 'Studio 2, 18 Harbor Street' },
    ],
    itemType: 'SERVICE',
    fixedQuantity: true,
    paymentOption: 'DEPOSIT_ONLINE',
    depositAmount: usd(1000),
    priceDescription: '$30 per person',
    // 15:00 UTC on a January Friday: 10:00 in New York.
    serviceProperties: {
      scheduledDate: '2027-01-15T15:00:00.000Z',
      endDate: '2027-01-15T16:00:00.000Z',
      numberOfParticipants: 2,
    },
    policies: [{ title: 'Cancellation policy', content: 'Cancel up to 24 hours before for a full refund.' }],
  },
  jazz: {
    name: 'General admission',
    price: usd(2500),
    fullPrice: usd(2500),
    descriptionLines: [
      { name: 'Event', value: 'Jazz Night' },
      { name: 'Venue', value: 'Blue Hall' },
    ],
    itemType: 'SERVICE',
    fixedQuantity: true,
    serviceProperties: { scheduledDate: '2027-01-16T00:30:00.000Z', endDate: '2027-01-16T03:00:00.000Z' },
  },
  gold: {
    name: 'Gold membership',
    price: usd(2000),
    fullPrice: usd(2000),
    descriptionLines: [],
    itemType: 'DIGITAL',
    maxQuantity: 1,
    subscription: {
      subscriptionSettings: {
        frequency: 'MONTH',
        interval: 1,
        autoRenewal: true,
        billingCycles: 12,
        enableCustomerCancellation: true,
        freeTrialPeriod: { frequency: 'DAY', interval: 7 },
      },
      title: 'Gold',
      description: 'Every class, every month.',
    },
  },
};
const testLines: CatalogProvider = {
  appIds: [LINES_APP_ID],
  async lookUp(_context, { catalogItemId }) {
    const item = LINES[catalogItemId];
    return item
      ? { catalogItemId, version: '1', availability: { status: 'AVAILABLE' }, ...item }
      : { catalogItemId, availability: { status: 'NOT_FOUND' } };
  },
  async commit() {},
  async cancel() {},
};
const testLine = (catalogItemId: string, quantity: number) => ({
  catalogReference: { appId: LINES_APP_ID, catalogItemId },
  quantity,
});

describeCheckout('checkout orders', () => {
  it('updates totals as choices change, explains a decline, pays once and returns to the store', async () => {
    const session = await checkoutSession(
      [line('Classic T-shirt', 2, { Size: 'M', Color: 'Navy' }), line('Ceramic Mug', 1, { Color: 'Sage' })],
      { coupon: 'WELCOME10' },
    );
    const page = await newPage();
    const payKeys: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/checkout/pay'))
        payKeys.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.goto(session.fullUrl);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await page.title()).toBe('Checkout · Corner Shop');

    // Every line: picture, name, options, quantity and price.
    const summary = page.getByRole('region', { name: /Order summary/ });
    await summary.getByText('Classic T-shirt').waitFor();
    expect(await summary.textContent()).toMatch(/Size: M.*Color: Navy.*Qty 2 × \$24\.00/);
    expect(await summary.textContent()).toMatch(/Ceramic Mug.*Color: Sage.*Qty 1/);
    expect(await summary.locator('img').count()).toBe(2);
    expect(await summary.textContent()).toContain('(3 items)');
    // The thumbnail badge marks the line of two only; "Qty 1" is said once.
    expect(await summary.locator('[data-quantity-badge]').allTextContents()).toEqual(['2']);

    // Each line reads name then price, then options and quantity.
    const shirtLine = summary.locator('li', { hasText: 'Classic T-shirt' }).first();
    expect((await shirtLine.locator('p').allInnerTexts()).slice(0, 3)).toEqual([
      'Classic T-shirt',
      '$48.00',
      'Qty 2 × $24.00',
    ]);

    // en-US: the United States is preselected, but no tax is shown before the state is known, and
    // the total leaves it out.
    expect(await page.getByLabel('Country').inputValue()).toBe('US');
    await expect.poll(async () => (await row(page, 'tax'))?.join(' ')).toBe('Tax Calculated at next step');
    const rows = await shownTotals(page);
    expect(rows.discount).toEqual(['Discount (WELCOME10)', '−$6.20']);
    expect(rows.subtotal).toEqual(['Subtotal', '$62.00']);
    expect(rows.shipping).toEqual(['Shipping', '$5.00']);
    expect(rows.total).toEqual(['Total', '$60.80']);
    await checkA11y(page, 'checkout');

    // Another country, with its postal code: no tax there.
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Postal code').fill('10115');
    await expect.poll(async () => (await row(page, 'tax'))?.join(' ')).toBe('Tax $0.00');
    expect((await row(page, 'total'))?.[1]).toBe('$60.80');
    // The live region ends with the new total once the update is in.
    expect(await page.locator('[data-totals-status]').textContent()).toBe('Totals updated. Total: $60.80');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State').selectOption('US-CA');
    await expect.poll(async () => (await row(page, 'tax'))?.[0]).toBe('Tax (8%)');
    await expect.poll(async () => (await row(page, 'total'))?.[1]).toBe('$65.27');

    await page.getByLabel('E-mail').fill('ann.lee@example.com');
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Phone').fill('+1 415 555 0100');
    await page.getByLabel('Street address').fill('1 Market Street');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('ZIP code').fill('94103');

    // Pickup needs no address and costs nothing; the arrow keys go back to delivery.
    const pickup = page.getByRole('radio', { name: /Store pickup/ });
    await pickup.check();
    await expect.poll(async () => (await row(page, 'shipping'))?.join(' ')).toBe('Pickup Free');
    expect(await page.getByLabel('Street address').count()).toBe(0);
    expect(await summary.textContent()).toContain('$60.27');
    expect((await hostedCheckout(session.id)).priceSummary.total.amount).toBe('60.27');
    await page.getByText('Pick up at 1 Plaza Way, New York, NY').waitFor();
    await pickup.focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.getByRole('radio', { name: /Standard delivery/ }).isChecked()).toBe(true);
    expect(await focusRing(page)).toEqual(ACCENT_RING);
    await expect.poll(async () => (await row(page, 'shipping'))?.join(' ')).toBe('Shipping $5.00');
    expect(await page.getByLabel('Street address').inputValue()).toBe('1 Market Street');
    expect((await row(page, 'total'))?.[1]).toBe('$65.27');
    expect(await payButton(page).textContent()).toBe('Pay $65.27');

    // Light formatting while typing.
    await fillCard(page, CARD.declined);
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    expect(await page.getByLabel('Expiry date').inputValue()).toBe('12 / 40');
    await screenshots(page, shotsDir, 'checkout');

    // Declined: the message, the card field marked and focused, and no order.
    await payButton(page).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Your card was declined. No money was taken.').waitFor();
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('This card was declined.').waitFor();
    await expect.poll(() => activeId(page)).toBe('checkout-cardNumber');
    expect(await ordersOf(session.checkoutId)).toEqual([]);
    // Focus on an invalid field: the accent ring, not a red one.
    expect(await focusRing(page)).toEqual(ACCENT_RING);
    await screenshots(page, shotsDir, 'checkout-declined');
    // Editing the card clears the banner with the field's own message.
    await page.getByLabel('Card number').press('Backspace');
    await alert.waitFor({ state: 'detached' });
    expect(await page.getByText('This card was declined.').count()).toBe(0);

    // A good card, clicked twice: one payment, one order.
    await fillCard(page, CARD.ok);
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBeNull();
    await payButton(page).dblclick();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const [order, ...others] = await ordersOf(session.checkoutId);
    expect(others).toEqual([]);
    expect(order).toMatchObject({
      paymentStatus: 'PAID',
      buyerInfo: { email: 'ann.lee@example.com' },
      priceSummary: { total: { amount: '65.27' } },
      shippingInfo: { code: 'standard' },
      recipientInfo: {
        address: {
          country: 'US',
          subdivision: 'US-CA',
          city: 'San Francisco',
          postalCode: '94103',
          addressLine: '1 Market Street',
        },
        contactDetails: { firstName: 'Ann', lastName: 'Lee', phone: '+1 415 555 0100' },
      },
    });
    expect(payKeys).toHaveLength(2);
    expect(new Set(payKeys).size).toBe(2);
    const thanks = await page.locator('main').textContent();
    expect(thanks).toContain(`Order number ${order.number}`);
    expect(thanks).toContain('We sent a confirmation to ann.lee@example.com.');
    expect(thanks).toMatch(/Total\s*\$65\.27/);
    // The receipt: items, where it goes and how, and the card's last four digits.
    await page.locator('[data-receipt-items]').waitFor();
    expect(await page.locator('[data-receipt-items] li').allInnerTexts()).toEqual([
      expect.stringMatching(/^Classic T-shirt\s+Size: M · Color: Navy\s+Qty 2 × \$24\.00$/),
      expect.stringMatching(/^Ceramic Mug\s+Color: Sage\s+Qty 1 × \$14\.00$/),
    ]);
    expect(await page.locator('[data-receipt-delivery]').innerText()).toMatch(
      /Delivery\s+Standard delivery.*\s+To Ann Lee, 1 Market Street, San Francisco, CA 94103, US/s,
    );
    expect(await page.locator('[data-receipt-card]').innerText()).toMatch(/Paid with\s+\w+ ending in 4242/);
    await checkA11y(page, 'thank-you');
    expect(await activeId(page)).toBe('page-title');
    await screenshots(page, shotsDir, 'checkout-thank-you');

    // Back to the store; the used link then explains itself and still leads to the confirmation.
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL(shopUrl);
    await page.getByRole('heading', { name: 'Storefront' }).waitFor();
    await page.goto(session.fullUrl);
    await page.getByRole('heading', { name: 'This order was already placed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe(shopUrl);
    await page.getByRole('link', { name: 'See your order confirmation' }).click();
    await page.getByText(`Order number ${order.number}`).waitFor();
    await page.context().close();
  }, 90_000);

  it('on a 360 px phone: explains every missing field, then places a pickup order to pay later', async () => {
    const session = await checkoutSession([line('Scented Candle', 1, { Scent: 'Fig' })]);
    const page = await newPage({ viewport: VIEWPORTS.smallPhone, hasTouch: true, isMobile: true });
    await page.goto(session.fullUrl);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    // On a phone the order summary starts as one bar with the total; it opens on a press.
    const toggle = page.locator('[data-summary-toggle]');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-summary-total]').innerText()).toMatch(/^\$\d+\.\d\d$/);
    expect(await page.getByText('Scented Candle').isVisible()).toBe(false);
    await checkA11y(page, 'checkout on a phone');
    await toggle.click();
    await page.getByText('Scented Candle').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The test-mode note agrees with the field hint and never breaks a card number.
    const note = page.locator('[data-test-note]');
    expect(await note.textContent()).toContain('any security code of 3 or 4 digits');
    expect(
      await note.locator('code').evaluateAll((codes) => codes.map((c) => c.getClientRects().length)),
    ).toEqual([1, 1]);

    // A state with a ZIP code of another state: caught before anything is sent.
    await page.getByLabel('State').selectOption('US-CA');
    await page.getByLabel('ZIP code').fill('10001');
    await payButton(page).click();
    const alert = page.getByRole('alert');
    await alert.getByText('details need another look').waitFor();
    const listed = await alert.getByRole('listitem').allTextContents();
    expect(listed).toEqual([
      'Enter your e-mail address.',
      'Enter the first name.',
      'Enter the last name.',
      'Enter the street address.',
      'Enter the city.',
      'This ZIP code is not in California: check the ZIP code or the state.',
      'Enter the card number.',
      'Enter the expiry date.',
      'Enter the security code.',
    ]);
    await expect.poll(() => activeId(page)).toBe('checkout-email');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(9);
    await screenshots(page, shotsDir, 'checkout-invalid');
    await alert.getByRole('link', { name: 'Enter the card number.' }).click();
    await expect.poll(() => activeId(page)).toBe('checkout-cardNumber');

    await page.getByLabel('E-mail').fill('bo@example.com');
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('radio', { name: /Store pickup/ }).check();
    await page.getByRole('radio', { name: /Pay later/ }).check();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await expect.poll(async () => (await row(page, 'shipping'))?.join(' ')).toBe('Pickup Free');
    const total = (await hostedCheckout(session.id)).priceSummary.total.formattedAmount;
    expect(await payButton(page).textContent()).toBe(`Place order · ${total}`);
    await payButton(page).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await page.getByText('Not paid yet: the store will tell you how to pay').waitFor();
    const [order] = await ordersOf(session.checkoutId);
    expect(order).toMatchObject({ paymentStatus: 'NOT_PAID', shippingInfo: { code: 'pickup' } });
    expect(order.recipientInfo?.address?.addressLine).toBeUndefined();
    await page.context().close();
  }, 90_000);

  it('asks no address for a digital-only order, only the billing country for the tax', async () => {
    const session = await checkoutSession([line('Digital Recipe Book', 1)]);
    const page = await newPage();
    await page.goto(session.fullUrl);
    await page.getByText('Digital Recipe Book').waitFor();
    expect(await page.getByRole('heading', { name: 'Delivery' }).count()).toBe(0);
    expect(await page.getByLabel('Street address').count()).toBe(0);
    // Only the billing country, for the tax: guessed from the browser's language, changeable.
    expect(await page.getByLabel('Country').inputValue()).toBe('US');
    await expect
      .poll(async () => (await hostedCheckout(session.id)).billingInfo?.address?.country)
      .toBe('US');
    await page.getByLabel('Country').selectOption('PT');
    await expect
      .poll(async () => (await hostedCheckout(session.id)).billingInfo?.address?.country)
      .toBe('PT');
    await page.getByLabel('E-mail').fill('cy@example.com');
    await screenshots(page, shotsDir, 'checkout-digital');
    await fillCard(page, CARD.ok);
    await payButton(page).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const [order] = await ordersOf(session.checkoutId);
    expect(order).toMatchObject({ paymentStatus: 'PAID', billingInfo: { address: { country: 'PT' } } });
    await page.context().close();
  }, 60_000);

  it('places an order a coupon made free without asking for a card', async () => {
    const coupon = await plaza.call(
      'POST',
      '/plaza/v1/coupons',
      { coupon: { code: 'ONTHEHOUSE', type: 'FIXED_AMOUNT', amount: '500' } },
      plaza.site.adminKey,
    );
    expect(coupon.status, JSON.stringify(coupon.data)).toBe(200);
    const session = await checkoutSession([line('Digital Recipe Book', 1)], { coupon: 'ONTHEHOUSE' });
    const page = await newPage();
    await page.goto(session.fullUrl);
    await page.getByText('Nothing to pay').waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.getByLabel('E-mail').fill('free@example.com');
    await screenshots(page, shotsDir, 'checkout-free');
    await page.getByRole('button', { name: 'Place order · $0.00' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const [order] = await ordersOf(session.checkoutId);
    expect(order).toMatchObject({ paymentStatus: 'PAID', priceSummary: { total: { amount: '0.00' } } });
    await page.context().close();
  }, 60_000);

  it("shows a booking's local time, tickets and a plan's billing period", async () => {
    plaza.t.platform.ecom.catalogs.register(testLines);
    const session = await checkoutSession([testLine('yoga', 1), testLine('jazz', 2), testLine('gold', 1)]);
    // The server runs in UTC; the buyer is in New York.
    const page = await newPage({ timezoneId: 'America/New_York' });
    await page.goto(session.fullUrl);
    const summary = page.getByRole('region', { name: /Order summary/ });
    await summary.getByText('Morning Yoga').waitFor();
    const when = (await summary.locator('[data-line-when]').allTextContents()).map((t) =>
      t.replace(/\s/g, ' '),
    );
    expect(when).toEqual([
      'Fri, Jan 15, 2027, 10:00 – 11:00 AM EST',
      'Fri, Jan 15, 2027, 7:30 – 10:00 PM EST',
    ]);
    expect(await summary.locator('[data-line-billing]').allTextContents()).toEqual([
      'Billed monthly, 12 payments',
      'Free trial: 7 days',
    ]);
    const text = await summary.textContent();
    expect(text).toMatch(/Staff: Dana Levi.*2 participants.*\$30 per person.*Due now: \$10\.00 deposit/);
    expect(text).toMatch(/Event: Jazz Night.*Venue: Blue Hall.*Qty 2 × \$25\.00/);
    expect(await page.getByRole('heading', { name: 'Delivery' }).count()).toBe(0);
    await page.getByText('Cancellation policy').click();
    await page.getByText('Cancel up to 24 hours before for a full refund.').waitFor();
    await screenshots(page, shotsDir, 'checkout-lines');
    await page.context().close();
  }, 60_000);

  it('falls back to pickup where the store does not deliver, and the country stays changeable', async () => {
    const settings = await plaza.call('GET', '/plaza/v1/ecom-settings', undefined, plaza.site.adminKey);
    const original = settings.data.settings.shippingOptions;
    // Standard delivery to the United States only (no price outside its regions).
    const usOnly = original.map(({ price: _, ...option }: any) =>
      option.code === 'standard'
        ? { ...option, regions: [{ country: 'US', price: '5.00' }] }
        : { ...option, price: _ },
    );
    const set = (shippingOptions: unknown) =>
      plaza.call('PATCH', '/plaza/v1/ecom-settings', { settings: { shippingOptions } }, plaza.site.adminKey);
    expect((await set(usOnly)).status).toBe(200);
    try {
      const session = await checkoutSession([line('Canvas Tote', 1)]);
      const page = await newPage();
      await page.goto(session.fullUrl);
      // Without an address only pickup reached the buyer, so the store picked it; the guessed
      // country (en-US) brings standard delivery, and the address stays on the page.
      await page.getByRole('radio', { name: /Standard delivery/ }).check();
      await expect.poll(async () => (await row(page, 'shipping'))?.join(' ')).toBe('Shipping $5.00');
      await page.getByLabel('Country').selectOption('DE');
      await expect.poll(async () => (await row(page, 'shipping'))?.join(' ')).toBe('Pickup Free');
      await page.getByText('The store does not deliver to this country').waitFor();
      expect(await page.getByRole('radio').first().getAttribute('id')).toBe('checkout-shipping-pickup');
      await page.getByLabel('Country').selectOption('US');
      await page.getByRole('radio', { name: /Standard delivery/ }).check();
      await expect.poll(async () => (await row(page, 'shipping'))?.join(' ')).toBe('Shipping $5.00');
      // Picking up on purpose hides the address.
      await page.getByRole('radio', { name: /Store pickup/ }).check();
      await expect.poll(async () => page.getByLabel('Country').count()).toBe(0);
      await page.context().close();
    } finally {
      expect((await set(original)).status).toBe(200);
    }
  }, 60_000);
});
