import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { community, PLANS, studioPass } from '../../../test/flows/plans-fixtures.ts';

/** Public plans answers are kept (store.ts `publicAnswers`), and every write of this process shows at once. */
describe.each(engines)('kept public plans answers (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD' });
  });
  afterAll(() => t.close());

  const owner = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.call({ method, url, auth: site.adminKey, payload });
  const listed = async (kind: 'visitor' | 'member' = 'visitor') => {
    const answer = await t.call({ method: 'GET', url: `${PLANS}/public`, auth: await site.token(kind) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  };
  const names = async () => (await listed()).data.plans.map((plan: { name: string }) => plan.name).sort();

  it('lists what was written at once: a new plan, a hidden one', async () => {
    expect(await names()).toEqual([]);
    const free = (await owner('POST', PLANS, { plan: community })).data.plan;
    expect(await names()).toEqual(['Community']);
    const pass = (await owner('POST', PLANS, { plan: studioPass })).data.plan;
    expect(await names()).toEqual(['Community', 'Studio Pass']);
    // The same bytes for every caller who may ask.
    expect((await listed('member')).body).toBe((await listed('visitor')).body);

    const before = (await listed()).body;
    const ordered = await owner('POST', '/pricing-plans/v2/checkout/orders/offline', {
      planId: pass.id,
      memberId: crypto.randomUUID(),
      paid: true,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    // What the public see of a plan does not say whether it was bought.
    expect((await listed()).body).toBe(before);

    const hidden = await owner('PUT', `${PLANS}/${free.id}/visibility`, { visible: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await names()).toEqual(['Studio Pass']);
    const queried = await t.call({
      method: 'POST',
      url: `${PLANS}/public/query`,
      auth: await site.token('visitor'),
      payload: { query: { filter: { name: 'Studio Pass' } } },
    });
    expect(queried.statusCode, queried.body).toBe(200);
    expect(queried.data.plans.map((plan: { id: string }) => plan.id)).toEqual([pass.id]);
  });
});
