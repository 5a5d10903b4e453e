import { expect, it } from 'vitest';
import {
  CARD,
  checkoutSession,
  describeCheckout,
  fillCard,
  line,
  newPage,
  ordersOf,
  payButton,
  plaza,
  row,
  shopUrl,
  shotsDir,
  visitorToken,
} from './checkout-setup.ts';
import { screenshots } from './harness.ts';

/**
 * The hosted checkout in a real browser when things go wrong (set-up in checkout-setup.ts): lost
 * answers while paying (one order, one idempotency key), an item no longer sold by the time of
 * paying, another payment of the checkout running, a pay broken off by a busy store, and unknown,
 * incomplete, foreign and expired links, also when the link expires while the page is open.
 * Screenshots go to PLAZA_HOSTED_SHOTS. Placing orders: checkout-orders.test.ts.
 */

describeCheckout('checkout failures', () => {
  it('keeps one idempotency key while the answer is lost, and never pays twice', async () => {
    const session = await checkoutSession([line('Canvas Tote', 1)]);
    const page = await newPage();
    const payKeys: string[] = [];
    let round = 0;
    await page.route('**/checkout/pay', async (route) => {
      payKeys.push(route.request().headers()['idempotency-key'] ?? '');
      round++;
      // 1: the request is lost on the way. 2: the server pays, the answer is lost on the way back.
      if (round === 2) await route.fetch();
      if (round <= 2) return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto(session.fullUrl);
    await page.getByText('Canvas Tote').waitFor();
    await page.getByLabel('E-mail').fill('di@example.com');
    await page.getByLabel('First name').fill('Di');
    await page.getByLabel('Last name').fill('Park');
    await page.getByLabel('Street address').fill('5 Elm St');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').selectOption('US-TX');
    await page.getByLabel('ZIP code').fill('73301');
    await fillCard(page, CARD.ok);

    await payButton(page).click();
    await page.getByRole('alert').getByText('cannot tell whether the payment went through').waitFor();
    expect(await ordersOf(session.checkoutId)).toEqual([]);
    await payButton(page).click();
    await page.getByRole('alert').getByText('cannot tell whether the payment went through').waitFor();
    await expect.poll(async () => (await ordersOf(session.checkoutId)).length).toBe(1);
    // The third press finds the order placed (the checkout is completed) and shows it.
    await payButton(page).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orders = await ordersOf(session.checkoutId);
    expect(orders).toHaveLength(1);
    await page.getByText(`Order number ${orders[0].number}`).waitFor();
    expect(payKeys).toHaveLength(2);
    expect(payKeys[0]).toMatch(/^hosted-[0-9a-f]{32}$/);
    expect(payKeys[1]).toBe(payKeys[0]);
    await page.context().close();
  }, 60_000);

  it('says when an item sold out meanwhile, charges nothing and leads back to the store', async () => {
    const tote = line('Canvas Tote', 1);
    const session = await checkoutSession([tote]);
    const page = await newPage();
    await page.goto(session.fullUrl);
    await page.getByText('Canvas Tote').waitFor();
    await page.getByLabel('E-mail').fill('fay@example.com');
    await page.getByRole('radio', { name: /Store pickup/ }).check();
    await fillCard(page, CARD.ok);
    const hide = (visible: boolean) =>
      plaza.call(
        'PATCH',
        `/stores/v1/products/${tote.catalogReference.catalogItemId}`,
        { product: { visible } },
        plaza.site.adminKey,
      );
    expect((await hide(false)).status).toBe(200);
    try {
      await payButton(page).click();
      const alert = page.getByRole('alert');
      await alert
        .getByText('Some items sold out or are no longer sold while you were checking out.')
        .waitFor();
      expect(await alert.textContent()).toContain('No money was taken.');
      expect(await alert.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe(shopUrl);
      expect(await ordersOf(session.checkoutId)).toEqual([]);
      await screenshots(page, shotsDir, 'checkout-sold-out');
    } finally {
      expect((await hide(true)).status).toBe(200);
    }
    await page.context().close();
  }, 60_000);

  it('waits while another payment of the checkout runs, then pays once it is over', async () => {
    const session = await checkoutSession([line('Canvas Tote', 2)]);
    const page = await newPage();
    await page.goto(session.fullUrl);
    await page.getByText('Canvas Tote').waitFor();
    await page.getByLabel('E-mail').fill('gus@example.com');
    await page.getByRole('radio', { name: /Store pickup/ }).check();
    await fillCard(page, CARD.ok);
    // Another tab's pay holds the checkout's payment claim.
    const store = plaza.t.platform.ecom.store;
    const never = new Date(0).toISOString();
    expect(await store.claimPayment(plaza.site.id, 'checkout', session.checkoutId, 'other-tab', never)).toBe(
      true,
    );

    await payButton(page).click();
    await page
      .getByRole('alert')
      .getByText('Another payment of this order is being processed.')
      .waitFor({ timeout: 15_000 });
    expect(await ordersOf(session.checkoutId)).toEqual([]);
    await screenshots(page, shotsDir, 'checkout-other-payment');

    await store.releasePayment(plaza.site.id, 'checkout', session.checkoutId, 'other-tab');
    await payButton(page).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect(await ordersOf(session.checkoutId)).toHaveLength(1);
    await page.context().close();
  }, 60_000);

  it('pays again by itself when the store broke the pay off for other orders', async () => {
    const session = await checkoutSession([line('Canvas Tote', 1)]);
    const page = await newPage();
    let refused = 0;
    await page.route('**/checkout/pay', async (route) => {
      if (refused++ > 0) return route.continue();
      // What the server answers when the database broke the order's transaction off (a deadlock).
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Another request changed the same data at the same moment',
          details: {
            applicationError: { code: 'CONCURRENT_CHANGE', description: 'send it again', data: {} },
          },
        }),
      });
    });
    await page.goto(session.fullUrl);
    await page.getByText('Canvas Tote').waitFor();
    await page.getByLabel('E-mail').fill('hal@example.com');
    await page.getByRole('radio', { name: /Store pickup/ }).check();
    await fillCard(page, CARD.ok);
    await payButton(page).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect(refused).toBe(2);
    expect(await ordersOf(session.checkoutId)).toHaveLength(1);
    await page.context().close();
  }, 60_000);

  it('explains unknown, incomplete, foreign and expired links', async () => {
    const page = await newPage();
    await page.goto(`${plaza.url}/hosted/checkout?session=7d3c6f1e-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'This checkout link is not valid' }).waitFor();
    await page.goto(`${plaza.url}/hosted/checkout`);
    await page.getByRole('heading', { name: 'This checkout link is incomplete' }).waitFor();
    const login = await plaza.call(
      'POST',
      '/redirect-session/v1/redirect-session',
      { login: {} },
      await visitorToken(),
    );
    await page.goto(`${plaza.url}/hosted/checkout?session=${login.data.redirectSession.id}`);
    await page.getByRole('heading', { name: 'This is not a checkout link' }).waitFor();

    const session = await checkoutSession([line('Rib Beanie', 1, { Color: 'Red' })]);
    const later = await newPage();
    await later.clock.setSystemTime(new Date(Date.now() + 2 * 60 * 60_000));
    await later.goto(session.fullUrl);
    await later.getByRole('heading', { name: 'This checkout link has expired' }).waitFor();
    expect(await later.getByRole('alert').textContent()).toContain(
      'Go back to the store and check out again.',
    );
    expect(await later.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe(shopUrl);
    await screenshots(later, shotsDir, 'checkout-expired');
    await later.context().close();

    // The hour runs out while the page is open: paying says so instead of failing obscurely.
    await page.goto(session.fullUrl);
    await page.getByText('Rib Beanie').waitFor();
    await page.getByLabel('E-mail').fill('ed@example.com');
    await page.getByRole('radio', { name: /Store pickup/ }).check();
    await page.getByRole('radio', { name: /Pay later/ }).check();
    await expect.poll(async () => (await row(page, 'shipping'))?.[0]).toBe('Pickup');
    const start = plaza.t.clock.now();
    plaza.t.clock.advance(2 * 60 * 60_000);
    try {
      await payButton(page).click();
      await page.getByRole('heading', { name: 'This checkout link has expired' }).waitFor();
      expect(await ordersOf(session.checkoutId)).toEqual([]);
    } finally {
      plaza.t.clock.set(start);
    }
    await page.context().close();
  }, 60_000);
});
