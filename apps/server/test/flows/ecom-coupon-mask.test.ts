import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';

const fieldsOf = (response: { data: any }) =>
  (response.data?.details?.validationError?.fieldViolations ?? []).map((v: { field: string }) => v.field);

/** updateCoupon with `mask`: exactly the named fields change, and a named field left out is cleared. */
describe.each(engines)('ecom coupon update mask (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let id: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
    other = await t.createSite();
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: {
        coupon: {
          code: 'SPRING',
          name: 'Spring',
          type: 'FIXED_AMOUNT',
          amount: '5',
          minimumSubtotal: '20',
          expirationDate: '2031-01-01T00:00:00Z',
          usageLimit: 10,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    id = created.data.coupon.id;
  });
  afterAll(() => t?.close());

  const update = (payload: object, auth = site.adminKey) =>
    t.call({ method: 'PATCH', url: `/plaza/v1/coupons/${id}`, auth, payload });

  it('clears the named fields left out and keeps the others', async () => {
    const answer = await update({
      coupon: { id, code: 'spring', type: 'FIXED_AMOUNT', amount: '6', name: 'Spring sale' },
      mask: ['code', 'type', 'amount', 'name', 'expirationDate', 'usageLimit'],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.data.coupon).toMatchObject({ code: 'SPRING', amount: '6.00', name: 'Spring sale' });
    expect(answer.data.coupon.minimumSubtotal).toBe('20.00');
    expect(answer.data.coupon).not.toHaveProperty('expirationDate');
    expect(answer.data.coupon).not.toHaveProperty('usageLimit');
    const read = await t.call({ method: 'GET', url: `/plaza/v1/coupons/${id}`, auth: site.adminKey });
    expect(read.data.coupon).toEqual(answer.data.coupon);
  });

  it('without a mask keeps what is not sent, as before', async () => {
    const answer = await update({ coupon: { id, usageLimit: 3 } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.data.coupon).toMatchObject({
      name: 'Spring sale',
      usageLimit: 3,
      minimumSubtotal: '20.00',
    });
  });

  it('refuses a mask naming what is not a coupon field, or its code or type left out', async () => {
    const unknown = await update({ coupon: { id }, mask: 'numberOfUsages' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['mask']);
    const noCode = await update({ coupon: { id, name: 'x' }, mask: 'name,code' });
    expect(noCode.statusCode).toBe(400);
    expect(fieldsOf(noCode)).toEqual(['coupon.code']);
    const read = await t.call({ method: 'GET', url: `/plaza/v1/coupons/${id}`, auth: site.adminKey });
    expect(read.data.coupon).toMatchObject({ code: 'SPRING', name: 'Spring sale' });
  });

  it('answers a visitor 403 and another site 404', async () => {
    const payload = { coupon: { id, name: 'x' }, mask: ['name'] };
    expect((await update(payload, await site.token('visitor'))).statusCode).toBe(403);
    expect((await update(payload, other.adminKey)).statusCode).toBe(404);
  });
});
