import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COUPON, seedEcom } from '../../src/seed/ecom.ts';
import { seedStores } from '../../src/seed/stores.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, line, pay } from './ecom-fixtures.ts';
import { dotR, R } from './stores-fixtures.ts';

describe.each(engines)('ecom demo data (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const dataDir = mkdtempSync(join(tmpdir(), 'plaza-ecom-seed-'));

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DATA_DIR: dataDir } });
    site = await t.createSite();
    await seedStores(t.platform, site.id);
    await seedEcom(t.platform, site.id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a visitor buy a demo product with the demo coupon, shipping options and the test card', async () => {
    const visitor = await site.token('visitor');
    const products = await t.call({
      method: 'GET',
      url: `${R}/products/query-platformized?.r=${dotR({ query: { filter: { name: 'Classic T-shirt' } } })}`,
      auth: visitor,
    });
    const product = products.data.products[0];
    const options = Object.fromEntries(
      product.productOptions.map((o: any) => [o.name, o.choices[0].description]),
    );
    await addLines(t, visitor, [line(product.id, 1, { options })]);
    expect((await cart(t, visitor, 'PATCH', '', { couponCode: DEMO_COUPON.toLowerCase() })).statusCode).toBe(
      200,
    );
    const estimate = await cart(t, visitor, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'US' },
    });
    expect(
      estimate.data.shippingInfo.carrierServiceOptions[0].shippingOptions.map((o: any) => o.code),
    ).toEqual(['standard', 'pickup']);
    expect(estimate.data.appliedDiscounts[0].coupon.code).toBe(DEMO_COUPON);
    expect(estimate.data.taxSummary.calculationDetails.rateType).toBe('MANUAL_RATE');
    const checkout = await cart(t, visitor, 'POST', '/create-checkout', {
      email: 'demo@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '1 Main St' },
    });
    const paid = await pay(t, visitor, checkout.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order).toMatchObject({ number: '10001', paymentStatus: 'PAID' });
    expect((await cart(t, visitor, 'GET')).statusCode).toBe(404);
  });
});
