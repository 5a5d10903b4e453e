import { expect, it } from 'vitest';
import { checkA11y } from './axe.ts';
import { describeCheckout, line, newPage, plaza, shotsDir } from './checkout-setup.ts';
import { screenshots, VIEWPORTS } from './harness.ts';

/**
 * The hosted member account in a real browser (set-up in checkout-setup.ts): a member who bought a
 * plan and a product opens their account through a `membersAccount` redirect session, sees both, and
 * cancels the plan at the end of its period.
 */

const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const PLANS_APP_ID = '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3';
const BOOKINGS_APP_ID = '13d21c63-b5ec-5912-8397-c3a5ddb27a97';
const studio = {
  name: 'Studio Pass',
  perks: { values: ['8 classes a month'] },
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
    price: { value: '49' },
  },
  buyerCanCancel: true,
};

/** A member of the site, signed in: their id and a fresh access token. */
async function member(email: string) {
  const identity = await plaza.t.platform.identity.context.store.identities.create(
    plaza.site.id,
    {
      identityProfile: { firstName: 'Maya', lastName: 'Lindqvist' },
      email: { address: email, isVerified: true },
      status: { name: 'ACTIVE', reasons: [] },
      factors: [],
      connections: [],
      metadata: {},
    },
    null,
  );
  return { id: identity.id, token: () => plaza.site.token('member', identity.id) };
}

/** The member's cart of `lineItems`, checked out and paid by card, as a storefront does it. */
async function buy(token: string, lineItems: object[]) {
  const added = await plaza.call('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems }, token);
  expect(added.status, JSON.stringify(added.data)).toBe(200);
  const created = await plaza.call(
    'POST',
    '/ecom/v1/carts/current/create-checkout',
    { email: 'maya@example.com' },
    token,
  );
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const billingInfo = {
    address: {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      addressLine: '1 Main St',
      postalCode: '10001',
    },
    contactDetails: { firstName: 'Maya', lastName: 'Lindqvist' },
  };
  const updated = await plaza.call(
    'PATCH',
    `/ecom/v1/checkouts/${created.data.checkoutId}`,
    { checkout: { billingInfo } },
    token,
  );
  expect(updated.status, JSON.stringify(updated.data)).toBe(200);
  const paid = await plaza.call(
    'POST',
    `/ecom/v1/checkouts/${created.data.checkoutId}/pay`,
    {
      paymentMethod: 'test',
      card: CARD,
    },
    token,
  );
  expect(paid.status, JSON.stringify(paid.data)).toBe(200);
  return paid.data.order as { id: string; number: string };
}

describeCheckout('account', () => {
  it('shows a member their plan and order, and cancels the plan at the end of its period', async () => {
    const made = await plaza.call('POST', '/pricing-plans/v2/plans', { plan: studio }, plaza.site.adminKey);
    expect(made.status, JSON.stringify(made.data)).toBe(200);
    const credits = await plaza.call(
      'PUT',
      `/pricing-plans/v2/plans/${made.data.plan.id}/benefits`,
      { benefits: [{ appDefId: BOOKINGS_APP_ID, benefitType: 'LIMITED', creditAmount: 8 }] },
      plaza.site.adminKey,
    );
    expect(credits.status, JSON.stringify(credits.data)).toBe(200);
    const maya = await member('maya@example.com');
    const planLine = {
      catalogReference: { appId: PLANS_APP_ID, catalogItemId: made.data.plan.id },
      quantity: 1,
    };
    const planOrder = await buy(await maya.token(), [planLine]);
    const order = await buy(await maya.token(), [line('Digital Recipe Book', 1)]);

    const session = await plaza.call(
      'POST',
      '/redirect-session/v1/redirect-session',
      { membersAccount: { section: 'SUBSCRIPTIONS' } },
      await maya.token(),
    );
    expect(session.status, JSON.stringify(session.data)).toBe(200);
    const page = await newPage();
    await page.goto(session.data.redirectSession.fullUrl);
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    await page.getByText('Maya Lindqvist').waitFor();
    expect(await page.getByRole('button', { name: 'Plans' }).getAttribute('aria-current')).toBe('page');
    const plan = page.getByRole('listitem').filter({ hasText: 'Studio Pass' });
    await plan.getByText('$49.00 · Monthly').waitFor();
    await plan.getByText(/^Renews /).waitFor();
    await plan.getByText('Classes: 8 of 8 left this cycle').waitFor();
    await checkA11y(page, 'account plans');
    await screenshots(page, shotsDir, 'account-plans');

    await page.getByRole('button', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    await page.getByRole('heading', { name: `Order #${planOrder.number}` }).waitFor();
    await page.getByText('Digital Recipe Book').waitFor();
    await checkA11y(page, 'account orders');
    await screenshots(page, shotsDir, 'account-orders');

    await page.getByRole('button', { name: 'Bookings' }).click();
    await page.getByText('You have no bookings yet.').waitFor();
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByText('maya@example.com').waitFor();

    await page.getByRole('button', { name: 'Plans' }).click();
    await plan.getByRole('button', { name: 'Cancel plan' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, cancel it');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshots(page, shotsDir, 'account-plan-cancel');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('status').getByText('Studio Pass is canceled').waitFor();
    await plan.getByText(/^Canceled: ends /).waitFor();
    expect(await plan.getByRole('button', { name: 'Cancel plan' }).count()).toBe(0);
    await screenshots(page, shotsDir, 'account-plan-canceled');

    const orders = await plaza.call(
      'GET',
      `/pricing-plans/v2/orders?planIds=${made.data.plan.id}`,
      undefined,
      plaza.site.adminKey,
    );
    expect(orders.data.orders).toHaveLength(1);
    expect(orders.data.orders[0]).toMatchObject({
      status: 'ACTIVE',
      autoRenewCanceled: true,
      cancellation: { cause: 'MEMBER_ACTION', effectiveAt: 'NEXT_PAYMENT_DATE' },
    });
    await page.context().close();
  }, 90_000);

  it('refuses a visitor and explains an expired or wrong link', async () => {
    const visitor = await plaza.call('POST', '/oauth2/token', {
      clientId: plaza.clientId,
      grantType: 'anonymous',
    });
    const refused = await plaza.call(
      'POST',
      '/redirect-session/v1/redirect-session',
      { membersAccount: {} },
      visitor.data.access_token,
    );
    expect(refused.status).toBe(403);
    const page = await newPage();
    await page.goto(`${plaza.url}/hosted/account?session=${crypto.randomUUID()}`);
    await page.getByRole('heading', { name: 'This account link is not valid' }).waitFor();
    await page.context().close();
  }, 60_000);
});
