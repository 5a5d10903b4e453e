import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChargeResult } from '../../src/domains/ecom/payments/index.ts';
import { anotherApp, buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CARD_OK, checkoutOf, pay, shop } from './ecom-fixtures.ts';

/** The `test` provider keeps its charges by idempotency key in the database, for every process. */
describe.each(engines)('test provider idempotency across processes (%s)', (engine) => {
  let one: TestApp;
  let two: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    one = await buildTestApp(engine, { shared: true });
    two = await anotherApp(one);
    ({ site, product: mug } = await shop(one, { quantity: 10 }));
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('answers a retry in another process with the charge the first one made', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(one, visitor, mug.id);
    const provider = one.platform.ecom.payments.test;
    const original = provider.charge.bind(provider);
    let first: ChargeResult | undefined;
    // The first process charges, then fails before the order is written.
    const dies = vi.spyOn(provider, 'charge').mockImplementation(async (request) => {
      first = await original(request);
      throw new Error('process died');
    });
    try {
      const lost = await pay(one, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'key-1');
      expect(lost.statusCode).toBe(500);
    } finally {
      dies.mockRestore();
    }
    expect(first?.status).toBe('CAPTURED');

    const retried = await pay(two, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'key-1');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.data.order.payments[0].transactionId).toBe(first!.transactionId);
  });

  it('charges again without a key, or under another one', async () => {
    const request = {
      siteId: site.id,
      checkoutId: 'c',
      amount: 100,
      currency: 'USD',
      card: CARD_OK,
      now: one.clock.now(),
    };
    const a = await one.platform.ecom.payments.test.charge(request);
    const b = await two.platform.ecom.payments.test.charge(request);
    const c = await two.platform.ecom.payments.test.charge({ ...request, idempotencyKey: 'key-2' });
    const d = await one.platform.ecom.payments.test.charge({ ...request, idempotencyKey: 'key-3' });
    const e = await one.platform.ecom.payments.test.charge({ ...request, idempotencyKey: 'key-2' });
    expect(new Set([a, b, c, d].map((r) => r.transactionId)).size).toBe(4);
    expect(e).toEqual(c);
  });
});
