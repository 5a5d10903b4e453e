import { expect, it } from 'vitest';
import { checkA11y } from './axe.ts';
import { describeCheckout, newPage, plaza, shotsDir } from './checkout-setup.ts';
import { screenshots, VIEWPORTS } from './harness.ts';

/**
 * A member's declined renewal in the hosted account (set-up in checkout-setup.ts): the plans section
 * says the payment failed and when it is tried again; a new card that is declined changes nothing, and
 * one that pays is saved and charged at once for the failed month.
 */

const PLANS_APP_ID = '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3';
const DAY = 86_400_000;
const monthly = {
  name: 'Studio Monthly',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
    price: { value: '49' },
  },
};

async function member(email: string) {
  const identity = await plaza.t.platform.identity.context.store.identities.create(
    plaza.site.id,
    {
      identityProfile: { firstName: 'Noor', lastName: 'Haddad' },
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

/** The member buys the plan with a card whose renewals are all declined (4000 0000 0000 0341). */
async function buyWithFailingCard(token: string, planId: string) {
  const lineItems = [{ catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId }, quantity: 1 }];
  const added = await plaza.call('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems }, token);
  expect(added.status, JSON.stringify(added.data)).toBe(200);
  const created = await plaza.call(
    'POST',
    '/ecom/v1/carts/current/create-checkout',
    { email: 'noor@example.com' },
    token,
  );
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const address = {
    country: 'US',
    subdivision: 'US-NY',
    city: 'New York',
    addressLine: '1 Main St',
    postalCode: '10001',
  };
  const billed = await plaza.call(
    'PATCH',
    `/ecom/v1/checkouts/${created.data.checkoutId}`,
    { checkout: { billingInfo: { address, contactDetails: { firstName: 'Noor', lastName: 'Haddad' } } } },
    token,
  );
  expect(billed.status, JSON.stringify(billed.data)).toBe(200);
  const paid = await plaza.call(
    'POST',
    `/ecom/v1/checkouts/${created.data.checkoutId}/pay`,
    { paymentMethod: 'test', card: { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' } },
    token,
  );
  expect(paid.status, JSON.stringify(paid.data)).toBe(200);
}

describeCheckout('account-card', () => {
  it('a declined renewal: the member replaces the card in the account and the month is paid', async () => {
    const made = await plaza.call('POST', '/pricing-plans/v2/plans', { plan: monthly }, plaza.site.adminKey);
    expect(made.status, JSON.stringify(made.data)).toBe(200);
    const noor = await member('noor@example.com');
    await buyWithFailingCard(await noor.token(), made.data.plan.id);

    // A month later the renewal is declined; its retry waits a day.
    plaza.t.clock.advance(32 * DAY);
    while ((await plaza.t.platform.jobs.runDue()) > 0);
    const session = await plaza.call(
      'POST',
      '/redirect-session/v1/redirect-session',
      { membersAccount: { section: 'SUBSCRIPTIONS' } },
      await noor.token(),
    );
    expect(session.status, JSON.stringify(session.data)).toBe(200);
    const page = await newPage();
    await page.goto(session.data.redirectSession.fullUrl);
    const plan = page.getByRole('listitem').filter({ hasText: 'Studio Monthly' });
    await plan.getByText('Your last payment was declined').waitFor();
    await plan.getByText(/card ending 0341\)\. We will try again on /).waitFor();
    await checkA11y(page, 'account plan payment failed');
    await screenshots(page, shotsDir, 'account-plan-failed');

    await plan.getByRole('button', { name: 'Update card' }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.autocomplete))
      .toBe('cc-number');
    const form = page.getByRole('form', { name: 'New card for Studio Monthly' });
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiry date').fill('12 / 40');
    await form.getByLabel('Security code').fill('123');
    await form.getByRole('button', { name: 'Save card and pay $49.00' }).click();
    await form.getByRole('alert').getByText('This card was declined too').waitFor();
    await checkA11y(page, 'account plan card declined');
    await screenshots(page, shotsDir, 'account-plan-card-declined');

    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.setViewportSize(VIEWPORTS.phone);
    await form.getByRole('button', { name: 'Save card and pay $49.00' }).click();
    await page.getByRole('status').getByText('Your card is updated and $49.00 is paid').waitFor();
    expect(await plan.getByText('Your last payment was declined').count()).toBe(0);
    await plan.getByText(/^Renews /).waitFor();
    await checkA11y(page, 'account plan card replaced');
    await screenshots(page, shotsDir, 'account-plan-card-replaced');

    const orders = await plaza.call(
      'GET',
      `/pricing-plans/v2/orders?planIds=${made.data.plan.id}`,
      undefined,
      plaza.site.adminKey,
    );
    expect(orders.data.orders[0]).toMatchObject({ status: 'ACTIVE', lastPaymentStatus: 'PAID' });
    await page.context().close();
  }, 120_000);
});
