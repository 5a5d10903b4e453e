import { orders, plans } from '@wix/pricing-plans';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/pricing-plans` `orders`, unchanged, against Plaza: the checkout service's calls (offline and
 * free online orders, their previews, the price preview) and `markAsPaid`, on the demo plans.
 */

const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = () => JSON.parse(lastCall().body ?? 'null');

let owner: ReturnType<typeof ownerClient>;
let visitor: ReturnType<typeof visitorClient>;
const ownerClient = () => createClient({ modules: { orders }, auth: demoOwnerAuth(), fetch: plaza.fetch });
const visitorClient = () =>
  createClient({ modules: { orders, plans }, auth: demoVisitorAuth(), fetch: plaza.fetch });
const memberClient = (token: string) =>
  createClient({
    modules: { orders },
    auth: OAuthStrategy({
      clientId: plaza.demo.clientId,
      tokens: {
        accessToken: { value: token, expiresAt: Math.floor(Date.now() / 1000) + 600 },
        refreshToken: { value: 'unused', role: 'member' as never },
      },
    }),
    fetch: plaza.fetch,
  });

usePlazaPerFile(() => {
  owner = ownerClient();
  visitor = visitorClient();
});

describe('orders checkout calls', () => {
  const memberId = crypto.randomUUID();
  let member: ReturnType<typeof memberClient>;
  const ids: Record<'community' | 'pass' | 'year', string> = { community: '', pass: '', year: '' };

  beforeAll(async () => {
    const issued = await plaza.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'member',
      subjectId: memberId,
      clientId: plaza.demo.clientId,
    });
    member = memberClient(issued.token);
    const { plans: listed = [] } = await visitor.plans.listPublicPlans();
    const [community, pass, year] = listed.map((plan) => plan._id ?? '');
    Object.assign(ids, { community, pass, year });
  });

  it('getPricePreview (anyone): the prices over the cycles', async () => {
    const { prices = [] } = await visitor.orders.getPricePreview(ids.pass);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/pricing-plans/v2/checkout/orders/price-preview',
      status: 200,
    });
    expect(bodyOf()).toEqual({ planId: ids.pass });
    expect(prices).toEqual([
      {
        duration: { cycleFrom: 1 },
        price: { subtotal: '49.00', discount: '0', total: '49.00', currency: 'USD' },
      },
    ]);
  });

  it('getOnlineOrderPreview and createOnlineOrder (member): a free plan', async () => {
    const preview = await member.orders.getOnlineOrderPreview(ids.pass);
    expect(lastCall().pathAndQuery).toBe('/pricing-plans/v2/checkout/orders/preview-online');
    expect(preview).toMatchObject({
      purchaseLimitExceeded: false,
      order: { planId: ids.pass, buyer: { memberId }, freeTrialDays: 7, currentCycle: { index: 0 } },
    });
    expect(preview.order?.startDate).toBeInstanceOf(Date);
    const { order } = await member.orders.createOnlineOrder(ids.community);
    expect(lastCall()).toMatchObject({
      pathAndQuery: '/pricing-plans/v2/checkout/orders/online',
      status: 200,
    });
    expect(order).toMatchObject({ planId: ids.community, type: 'ONLINE', status: 'ACTIVE' });
    await expect(member.orders.createOnlineOrder(ids.pass)).rejects.toMatchObject({
      details: { applicationError: { code: 'PLAN_NOT_FREE' } },
    });
  });

  it('getOfflineOrderPreview, createOfflineOrder and markAsPaid (owner)', async () => {
    const start = new Date(Date.now() + 5 * 86_400_000);
    const preview = await owner.orders.getOfflineOrderPreview(ids.year, memberId, { startDate: start });
    expect(lastCall()).toMatchObject({
      host: 'www.wixapis.com',
      pathAndQuery: '/pricing-plans/v2/checkout/orders/preview-offline',
    });
    expect(bodyOf()).toEqual({ planId: ids.year, memberId, startDate: start.toISOString() });
    expect(preview.order).toMatchObject({ type: 'OFFLINE', status: 'PENDING' });
    expect(preview.order?.startDate).toEqual(start);

    const { order } = await owner.orders.createOfflineOrder(ids.year, memberId, { paid: false });
    const id = order?._id ?? '';
    expect(lastCall().pathAndQuery).toBe('/pricing-plans/v2/checkout/orders/offline');
    expect(order).toMatchObject({ type: 'OFFLINE', status: 'PENDING', lastPaymentStatus: 'UNPAID' });
    await owner.orders.markAsPaid(id);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/pricing-plans/v2/orders/${id}/mark-as-paid`,
      status: 200,
    });
    expect((await owner.orders.managementGetOrder(id)).order).toMatchObject({
      status: 'ACTIVE',
      lastPaymentStatus: 'PAID',
    });
  });
});
