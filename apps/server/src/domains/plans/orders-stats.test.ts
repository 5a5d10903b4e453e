import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { code, PLANS } from '../../../test/flows/plans-fixtures.ts';

const STATS = [
  '/pricing-plans/v2/orders/stats',
  '/_api/pricing-plans/v2/orders/stats',
  '/_api/paid-plans/v2/orders/stats',
];
const monthly = {
  name: 'Monthly',
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
    price: { value: '20', currency: 'USD' },
  },
};

/** `getOrdersStats`: the site's plan orders counted, and the ACTIVE ones among them. */
describe.each(engines)('plan orders stats (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let planId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
    const made = await t.call({
      method: 'POST',
      url: PLANS,
      auth: site.adminKey,
      payload: { plan: monthly },
    });
    expect(made.statusCode, made.body).toBe(200);
    planId = made.data.plan.id;
  });
  afterAll(() => t.close());

  const offline = async (paid: boolean) => {
    const made = await t.call({
      method: 'POST',
      url: '/pricing-plans/v2/checkout/orders/offline',
      auth: site.adminKey,
      payload: { planId, memberId: crypto.randomUUID(), paid },
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.data.order.id as string;
  };
  const stats = async (auth: string, url = STATS[0]!) => t.call({ method: 'GET', url, auth });

  it('counts every order and the active ones, at each path', async () => {
    expect((await stats(site.adminKey)).data).toEqual({ totalOrderCount: 0, activeOrderCount: 0 });
    await offline(true);
    await offline(true);
    const pending = await offline(false);
    const cancelled = await offline(true);
    const cancel = await t.call({
      method: 'POST',
      url: `/pricing-plans/v2/orders/${cancelled}/cancel`,
      auth: site.adminKey,
      payload: { effectiveAt: 'IMMEDIATELY' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const url of STATS) {
      const answer = await stats(site.adminKey, url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.data).toEqual({ totalOrderCount: 4, activeOrderCount: 2 });
    }
    // "stats" is not taken for an order id.
    const order = await t.call({
      method: 'GET',
      url: `/pricing-plans/v2/orders/${pending}`,
      auth: site.adminKey,
    });
    expect(order.data.order.status).toBe('PENDING');
  });

  it('refuses bad input, visitors and members, and counts only the caller site', async () => {
    const bad = await t.call({ method: 'GET', url: STATS[0]!, auth: 'Bearer not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.data.message).toBeTruthy();
    for (const kind of ['visitor', 'member'] as const) {
      const refused = await stats(await site.token(kind));
      expect([refused.statusCode, code(refused)]).toEqual([403, 'PERMISSION_DENIED']);
    }
    const other = await t.createSite({ currency: 'USD' });
    expect((await stats(other.adminKey)).data).toEqual({ totalOrderCount: 0, activeOrderCount: 0 });
  });
});
