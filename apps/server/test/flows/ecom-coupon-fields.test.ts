import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';

/** A coupon keeps its own fields only: keys a request adds are not stored, nor answered back. */
describe.each(engines)('ecom coupon fields (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  const stored = async (id: string) =>
    JSON.parse((await t.platform.ecom.store.coupons.forSite(site.id).getRaw(id)) as string) as Record<
      string,
      unknown
    >;

  it('drops unknown keys on create and update', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: {
        coupon: {
          code: 'EXTRA',
          type: 'PERCENTAGE',
          percentage: 10,
          numberOfUsages: 99,
          note: 'x'.repeat(1000),
          scope: { catalogItemIds: ['p1'], hidden: true },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body.match(/"numberOfUsages"/g)).toHaveLength(1);
    expect(created.data.coupon.numberOfUsages).toBe(0);
    expect(created.data.coupon).not.toHaveProperty('note');
    expect(created.data.coupon.scope).toEqual({ catalogItemIds: ['p1'] });
    const id = created.data.coupon.id;
    expect(Object.keys(await stored(id)).sort()).toEqual(
      [
        'active',
        'code',
        'createdDate',
        'id',
        'percentage',
        'revision',
        'scope',
        'type',
        'updatedDate',
      ].sort(),
    );

    const updated = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${id}`,
      auth: site.adminKey,
      payload: { coupon: { id, name: 'Extra', numberOfUsages: 5, other: { deep: 1 } } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.body.match(/"numberOfUsages"/g)).toHaveLength(1);
    expect(updated.data.coupon).toMatchObject({ name: 'Extra', numberOfUsages: 0 });
    expect(await stored(id)).not.toHaveProperty('other');
    expect(await stored(id)).not.toHaveProperty('numberOfUsages');
  });

  it('clears keys a coupon was stored with before they were dropped', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: { coupon: { code: 'OLDER', type: 'FREE_SHIPPING' } },
    });
    const id = created.data.coupon.id;
    await t.platform.ecom.store.coupons.forSite(site.id).update(id, { numberOfUsages: 7, note: 'kept' });
    const updated = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${id}`,
      auth: site.adminKey,
      payload: { coupon: { id, active: false } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.body.match(/"numberOfUsages"/g)).toHaveLength(1);
    expect(Object.keys(await stored(id))).not.toContain('note');
  });
});
