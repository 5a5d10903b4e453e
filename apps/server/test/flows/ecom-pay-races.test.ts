import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestHashOf } from '../../src/domains/ecom/checkout/pay.ts';
import type { TestApp, TestSite } from '../build-test-app.ts';
import { buildTestApp } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CARD_AUTH_ONLY, CARD_DECLINED, CARD_OK, checkoutOf, code, pay, shop } from './ecom-fixtures.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Requests fired at once, counting the answers. `untilAnswered(n)` holds a provider call until n of
 * them answered (or a second passed), so the first call to reach the provider is still running
 * when every other request is decided: without a claim they all reach the provider too.
 */
function burst<T>(requests: Array<() => Promise<T>>) {
  let answered = 0;
  const untilAnswered = async (n: number) => {
    for (let waited = 0; answered < n && waited < 1000; waited += 10) await sleep(10);
  };
  const start = () =>
    Promise.all(
      requests.map((request) =>
        request().then((response) => {
          answered++;
          return response;
        }),
      ),
    );
  return { start, untilAnswered };
}

/** Paying one checkout, and changing one order's payment, from several requests at once. */
describe.each(engines)('ecom payment races (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  const provider = () => t.platform.ecom.payments.test;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 100 }));
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => t.close());

  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url, auth: site.adminKey, ...(payload ? { payload } : {}) });
  const ordersOf = async (checkoutId: string) =>
    (await admin('POST', '/ecom/v1/orders/search', { search: { filter: { checkoutId } } })).data.orders;
  const markPaid = (id: string) => admin('POST', `/ecom/v1/orders/${id}/mark-as-paid`, {});
  const cancel = (id: string) => admin('POST', `/ecom/v1/orders/${id}/cancel`, {});
  const orderOf = async (id: string) => (await admin('GET', `/ecom/v1/orders/${id}`)).data.order;

  async function authorisedOrder() {
    const visitor = await site.token('visitor');
    const paid = await pay(t, visitor, await checkoutOf(t, visitor, mug.id), {
      paymentMethod: 'test',
      card: CARD_AUTH_ONLY,
    });
    expect(paid.data.order.paymentStatus, paid.body).toBe('AUTHORIZED');
    return { id: paid.data.order.id as string, transactionId: paid.data.order.payments[0].transactionId };
  }

  it('charges once when one checkout is paid 20 times at once under different keys', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id);
    const body = { paymentMethod: 'test', card: CARD_OK };
    const race = burst(
      Array.from({ length: 20 }, (_, i) => () => pay(t, visitor, checkoutId, body, `k-${i}`)),
    );
    const original = provider().charge;
    const charge = vi.spyOn(provider(), 'charge').mockImplementation(async (request) => {
      await race.untilAnswered(19);
      return original(request);
    });
    const refund = vi.spyOn(provider(), 'refund');

    const results = await race.start();
    expect(charge).toHaveBeenCalledTimes(1);
    expect(refund).not.toHaveBeenCalled();
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200))
      expect([r.statusCode, code(r)], r.body).toEqual([409, 'CHECKOUT_PAYMENT_IN_PROGRESS']);
    expect((await ordersOf(checkoutId)).map((o: any) => o.id)).toEqual([ok[0]!.data.order.id]);

    // Once paid, another key finds the order, and the refused keys were not kept as refusals.
    const later = await pay(t, visitor, checkoutId, body, 'k-3');
    expect([later.statusCode, code(later)]).toEqual([409, 'CHECKOUT_ALREADY_COMPLETED']);
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it('frees the checkout after a decline or a provider failure, so the buyer can pay again', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id);
    const declined = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_DECLINED }, 'd-1');
    expect([declined.statusCode, code(declined)]).toEqual([402, 'PAYMENT_DECLINED']);

    vi.spyOn(provider(), 'charge').mockRejectedValueOnce(new Error('provider unreachable'));
    const failed = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'd-2');
    expect(failed.statusCode).toBe(500);

    const retried = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'd-2');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
  });

  it('lets a claim left by a dead process be taken over once it is stale', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id);
    const past = new Date(t.clock.nowMs() - 1000).toISOString();
    expect(await t.platform.ecom.store.claimPayment(site.id, 'checkout', checkoutId, 'dead', past)).toBe(
      true,
    );
    const body = { paymentMethod: 'test', card: CARD_OK };
    const refused = await pay(t, visitor, checkoutId, body);
    expect([refused.statusCode, code(refused)]).toEqual([409, 'CHECKOUT_PAYMENT_IN_PROGRESS']);
    t.clock.advance(3 * 60_000);
    const paid = await pay(t, visitor, checkoutId, body);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('lets a key whose pay died mid-way be retried once it is stale, and only for its checkout', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id);
    const store = t.platform.ecom.store;
    const long = new Date(t.clock.nowMs() - 1000).toISOString();
    // The dead process's pay: the key claimed, never finished.
    const body = { paymentMethod: 'test' as const, card: CARD_OK };
    expect(
      await store.claimAttempt(site.id, 'died-key', checkoutId, requestHashOf(body), long),
    ).toBeUndefined();
    const early = await pay(t, visitor, checkoutId, body, 'died-key');
    expect([early.statusCode, code(early)]).toEqual([409, 'PAYMENT_IN_PROGRESS']);

    t.clock.advance(3 * 60_000);
    const other = await checkoutOf(t, visitor, mug.id);
    const elsewhere = await pay(t, visitor, other, body, 'died-key');
    expect([elsewhere.statusCode, code(elsewhere)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const [paid, twin] = await Promise.all([
      pay(t, visitor, checkoutId, body, 'died-key'),
      pay(t, visitor, checkoutId, body, 'died-key'),
    ]);
    const answers = [paid, twin].map((r) => [r.statusCode, code(r)]);
    expect(answers).toContainEqual([200, undefined]);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
    const replayed = await pay(t, visitor, checkoutId, body, 'died-key');
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.data.order.id).toBe((paid.statusCode === 200 ? paid : twin).data.order.id);
  });

  it('lets a stale key from before requests were told apart (no digest) be retried; another request is refused', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id);
    const store = t.platform.ecom.store;
    const long = new Date(t.clock.nowMs() - 1000).toISOString();
    const body = { paymentMethod: 'test' as const, card: CARD_OK };
    for (const key of ['pre-0009-key', 'stale-other-key'])
      expect(await store.claimAttempt(site.id, key, checkoutId, requestHashOf(body), long)).toBeUndefined();
    // Recorded before migration 0009: no digest.
    await t.platform.database.db
      .updateTable('ecom_payment_attempts')
      .set({ request_hash: null })
      .where('site_id', '=', site.id)
      .where('idempotency_key', '=', 'pre-0009-key')
      .execute();
    t.clock.advance(3 * 60_000);
    const otherCard = { paymentMethod: 'offline' as const };
    const refused = await pay(t, visitor, checkoutId, otherCard, 'stale-other-key');
    expect([refused.statusCode, code(refused)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const paid = await pay(t, visitor, checkoutId, body, 'pre-0009-key');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
  });

  it('captures once when an authorised order is marked paid 10 times at once', async () => {
    const order = await authorisedOrder();
    const race = burst(Array.from({ length: 10 }, () => () => markPaid(order.id)));
    const capture = vi.spyOn(provider(), 'capture').mockImplementation(() => race.untilAnswered(9));

    const results = await race.start();
    expect(capture).toHaveBeenCalledTimes(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200))
      expect([r.statusCode, code(r)], r.body).toEqual([409, 'ORDER_PAYMENT_IN_PROGRESS']);
    expect((await orderOf(order.id)).paymentStatus).toBe('PAID');
  });

  it('leaves the order authorised when the capture fails, and a retry captures it', async () => {
    const order = await authorisedOrder();
    vi.spyOn(provider(), 'capture').mockRejectedValueOnce(new Error('provider unreachable'));
    expect((await markPaid(order.id)).statusCode).toBe(500);
    expect((await orderOf(order.id)).paymentStatus).toBe('AUTHORIZED');
    const retried = await markPaid(order.id);
    expect(retried.data.order.paymentStatus, retried.body).toBe('PAID');
  });

  it('captures nothing when a cancel holds the order; the cancel voids the authorisation', async () => {
    const order = await authorisedOrder();
    const capture = vi.spyOn(provider(), 'capture');
    const refund = vi.spyOn(provider(), 'refund');
    let restocking!: () => void;
    const restockStarted = new Promise<void>((resolve) => {
      restocking = resolve;
    });
    const catalogs = t.platform.ecom.catalogs;
    const cancelLines = catalogs.cancel.bind(catalogs);
    vi.spyOn(catalogs, 'cancel').mockImplementation(async (...args) => {
      restocking();
      await sleep(150);
      return cancelLines(...args);
    });

    const canceling = cancel(order.id);
    await restockStarted;
    const marked = await markPaid(order.id);
    expect((await canceling).statusCode).toBe(200);
    expect(marked.statusCode, marked.body).toBe(409);
    expect(['ORDER_PAYMENT_IN_PROGRESS', 'INVALID_ORDER_STATE']).toContain(code(marked));
    expect(capture).not.toHaveBeenCalled();
    expect(refund).toHaveBeenCalledWith(order.transactionId);
    expect(await orderOf(order.id)).toMatchObject({ status: 'CANCELED', paymentStatus: 'VOIDED' });
  });

  it('refuses a cancel while mark-as-paid captures; the order ends PAID', async () => {
    const order = await authorisedOrder();
    let canceled = false;
    const capture = vi.spyOn(provider(), 'capture').mockImplementation(async () => {
      for (let waited = 0; !canceled && waited < 1000; waited += 10) await sleep(10);
    });
    const refund = vi.spyOn(provider(), 'refund');
    const marking = markPaid(order.id);
    await vi.waitFor(() => expect(capture).toHaveBeenCalled());
    const refused = await cancel(order.id);
    canceled = true;
    expect([refused.statusCode, code(refused)]).toEqual([409, 'ORDER_PAYMENT_IN_PROGRESS']);
    expect((await marking).statusCode).toBe(200);
    expect(capture).toHaveBeenCalledTimes(1);
    expect(refund).not.toHaveBeenCalled();
    expect(await orderOf(order.id)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
  });

  it('ends every cancel racing mark-as-paid in a state that matches the money', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => authorisedOrder()));
    const original = provider().capture;
    const capture = vi.spyOn(provider(), 'capture').mockImplementation(async (id) => {
      await sleep(20);
      return original(id);
    });
    const refund = vi.spyOn(provider(), 'refund');
    await Promise.all(orders.map((o) => Promise.all([markPaid(o.id), cancel(o.id)])));
    for (const o of orders) {
      const final = await orderOf(o.id);
      const captures = capture.mock.calls.filter(([id]) => id === o.transactionId).length;
      const refunds = refund.mock.calls.filter(([id]) => id === o.transactionId).length;
      const state = `${final.status}/${final.paymentStatus}`;
      const expected: Record<string, [number, number]> = {
        'CANCELED/VOIDED': [0, 1],
        'CANCELED/FULLY_REFUNDED': [1, 1],
        'APPROVED/PAID': [1, 0],
      };
      expect(Object.keys(expected)).toContain(state);
      expect([state, captures, refunds]).toEqual([state, ...expected[state]!]);
    }
  });
});
