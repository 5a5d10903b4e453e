import { expect, it } from 'vitest';
import { describeCheckout, fillCard, newPage, plaza, shotsDir } from './checkout-setup.ts';
import { screenshots } from './harness.ts';

/**
 * A plan's hosted Order summary in a real browser (set-up in checkout-setup.ts): a signed-in member's
 * `paidPlansCheckout` session, the plan's terms shown once, the member's e-mail filled in, and a free
 * trial that costs nothing now but keeps the card for its renewals.
 */

const TERMS = 'No refunds after 14 days, and the plan is yours alone.';
const plans = {
  yearly: {
    name: 'Yearly Plan',
    description: 'Every class for a year.',
    perks: { values: ['Unlimited classes'] },
    pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '120' } },
    termsAndConditions: TERMS,
  },
  trial: {
    name: 'Trial Pass',
    perks: { values: ['8 classes a month'] },
    pricing: {
      subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
      price: { value: '30' },
      freeTrialDays: 14,
    },
  },
};

async function planId(plan: object) {
  const made = await plaza.call('POST', '/pricing-plans/v2/plans', { plan }, plaza.site.adminKey);
  expect(made.status, JSON.stringify(made.data)).toBe(200);
  return made.data.plan.id as string;
}

/** A member of the site with `email`, signed in: their access token. */
async function memberToken(email: string) {
  const identity = await plaza.t.platform.identity.context.store.identities.create(
    plaza.site.id,
    {
      identityProfile: {},
      email: { address: email, isVerified: true },
      status: { name: 'ACTIVE', reasons: [] },
      factors: [],
      connections: [],
      metadata: {},
    },
    null,
  );
  return plaza.site.token('member', identity.id);
}

async function planSession(id: string, token: string) {
  const session = await plaza.call(
    'POST',
    '/redirect-session/v1/redirect-session',
    { paidPlansCheckout: { planId: id } },
    token,
  );
  expect(session.status, JSON.stringify(session.data)).toBe(200);
  return session.data.redirectSession.fullUrl as string;
}

describeCheckout('checkout plans', () => {
  it("shows a plan's terms once and fills in the member's e-mail", async () => {
    const url = await planSession(await planId(plans.yearly), await memberToken('yearly.member@example.com'));
    const page = await newPage();
    await page.goto(url);
    const summary = page.getByRole('region', { name: /Order summary/ });
    await summary.getByText('Yearly Plan').first().waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe('yearly.member@example.com');
    await page.getByText('Terms and conditions').first().click();
    await page.getByText(TERMS).first().waitFor();
    expect(await page.getByText(TERMS).count()).toBe(1);
    expect(await page.getByText('Terms and conditions').count()).toBe(1);
    // The billing terms once each: the line's subscription terms, and how long the payment lasts.
    const line = await summary.locator('li', { hasText: 'Yearly Plan' }).first().textContent();
    expect(line?.match(/Single payment/g)).toHaveLength(1);
    expect(line?.match(/1 year/g)).toHaveLength(1);
    await screenshots(page, shotsDir, 'checkout-plan-terms');
    await page.context().close();
  }, 60_000);

  it('starts a free trial: nothing due now, the price later, the card kept for the renewals', async () => {
    const id = await planId(plans.trial);
    const url = await planSession(id, await memberToken('trial.member@example.com'));
    const page = await newPage();
    await page.goto(url);
    const summary = page.getByRole('region', { name: /Order summary/ });
    await summary.getByText('Trial Pass').first().waitFor();
    expect(await summary.textContent()).toMatch(/Due later: \$30\.00 on/);
    expect(await summary.locator('[data-line-billing]').allTextContents()).toEqual([
      'Billed monthly until canceled',
      'Free trial: 14 days',
    ]);
    expect((await summary.textContent())?.match(/month/gi)).toHaveLength(2);
    await fillCard(page, '4242424242424242');
    await screenshots(page, shotsDir, 'checkout-plan-trial');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orders = await plaza.call(
      'GET',
      `/pricing-plans/v2/orders?planIds=${id}`,
      undefined,
      plaza.site.adminKey,
    );
    expect(orders.data.orders).toHaveLength(1);
    expect(orders.data.orders[0]).toMatchObject({ status: 'ACTIVE', currentCycle: { index: 0 } });
    await page.context().close();
  }, 60_000);
});
