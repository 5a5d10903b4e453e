import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  addLines,
  CARD_DECLINED,
  CARD_OK,
  cart,
  checkoutOf,
  code,
  line,
  pay,
  settings,
  shop,
  stockOf,
} from './ecom-fixtures.ts';

/** Checkout creation, payment through the built-in providers, and the orders it places. */
describe.each(engines)('ecom checkout and pay (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 20 }));
  });
  afterAll(() => t.close());

  it('refuses empty carts, unavailable lines and sites without payments', async () => {
    const visitor = await site.token('visitor');
    const empty = await cart(t, visitor, 'POST', '/create-checkout', {});
    expect([empty.statusCode, code(empty)]).toEqual([400, 'CART_EMPTY']);
    const added = await addLines(t, visitor, [line(mug.id), line('gone')]);
    const unavailable = await cart(t, visitor, 'POST', '/create-checkout', {});
    expect([unavailable.statusCode, code(unavailable)]).toEqual([409, 'LINE_ITEMS_UNAVAILABLE']);
    expect(unavailable.data.details.applicationError.data.lineItemIds).toEqual([added.lineItems[1].id]);
    const tooMany = await cart(t, visitor, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: added.lineItems[0].id, quantity: 21 }],
    });
    expect(tooMany.data.cart.lineItems[0].availability.status).toBe('PARTIALLY_AVAILABLE');
    await cart(t, visitor, 'POST', '/remove-line-items', { lineItemIds: [added.lineItems[1].id] });
    expect(code(await cart(t, visitor, 'POST', '/create-checkout', {}))).toBe('LINE_ITEMS_UNAVAILABLE');

    const { site: unpaid, product: item } = await shop(t);
    await settings(t, unpaid, { payments: { test: false, offline: false } });
    const visitorOfUnpaid = await unpaid.token('visitor');
    await addLines(t, visitorOfUnpaid, [line(item.id)]);
    const refused = await cart(t, visitorOfUnpaid, 'POST', '/create-checkout', {});
    expect([refused.statusCode, code(refused)]).toEqual([409, 'ONLINE_PAYMENTS_NOT_ENABLED']);
    await settings(t, unpaid, { payments: { offline: true } });
    expect((await cart(t, visitorOfUnpaid, 'GET')).data.cart.lineItems[0].paymentOption).toBe(
      'FULL_PAYMENT_OFFLINE',
    );
    expect((await cart(t, visitorOfUnpaid, 'POST', '/create-checkout', {})).statusCode).toBe(200);
  });

  it('shows a checkout to its buyer and owners only, and recomputes totals on update', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id, 2);
    const mine = await t.call({ method: 'GET', url: `/ecom/v1/checkouts/${checkoutId}`, auth: visitor });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.data.checkout).toMatchObject({
      id: checkoutId,
      completed: false,
      channelType: 'WEB',
      buyerInfo: { email: 'buyer@example.com' },
      priceSummary: {
        subtotal: { amount: '40.00' },
        shipping: { amount: '5.00' },
        tax: { amount: '2.90' },
        total: { amount: '47.90' },
      },
      shippingInfo: { selectedCarrierServiceOption: { code: 'standard' } },
      paymentMethods: ['test', 'offline'],
    });
    expect(mine.data.checkout.internal).toBeUndefined();
    const admin = await t.call({
      method: 'GET',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      auth: site.adminKey,
    });
    expect(admin.statusCode).toBe(200);
    const stranger = await t.call({
      method: 'GET',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      auth: await site.token('visitor'),
    });
    expect([stranger.statusCode, code(stranger)]).toEqual([404, 'CHECKOUT_NOT_FOUND']);

    const updated = await t.call({
      method: 'PATCH',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      auth: visitor,
      payload: {
        checkout: {
          shippingInfo: {
            selectedCarrierServiceOption: { code: 'pickup' },
            shippingDestination: {
              contactDetails: { firstName: 'Ana', lastName: 'Lima', phone: '+1 555 0100' },
            },
          },
          buyerInfo: { email: 'new@example.com' },
          billingInfo: {
            address: { country: 'US', subdivision: 'US-NY' },
            contactDetails: { company: 'Lima Ltd' },
          },
          lineItems: [{ note: 'read-only fields of a checkout sent back whole are left alone' }],
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.data.checkout).toMatchObject({
      buyerInfo: { email: 'new@example.com' },
      shippingInfo: {
        selectedCarrierServiceOption: { code: 'pickup' },
        shippingDestination: {
          address: { country: 'US', subdivision: 'US-CA', city: 'LA' },
          contactDetails: { firstName: 'Ana', lastName: 'Lima', phone: '+1 555 0100' },
        },
      },
      billingInfo: {
        address: { country: 'US', subdivision: 'US-NY' },
        contactDetails: { company: 'Lima Ltd' },
      },
      lineItems: [{ quantity: 2 }],
      priceSummary: { shipping: { amount: '0.00' }, tax: { amount: '0.00' }, total: { amount: '40.00' } },
    });
    const badOption = await t.call({
      method: 'PATCH',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      auth: visitor,
      payload: { checkout: { shippingInfo: { selectedCarrierServiceOption: { code: 'teleport' } } } },
    });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.data.details.validationError.fieldViolations[0].field).toBe(
      'checkout.shippingInfo.selectedCarrierServiceOption.code',
    );
  });

  it('pays with the test card: one order, stock taken, e-mail sent, events recorded', async () => {
    const visitor = await site.token('visitor');
    const before = await stockOf(t, site, mug.id);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 2);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'key-ok');
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.data.order;
    expect(order).toMatchObject({
      checkoutId,
      status: 'APPROVED',
      paymentStatus: 'PAID',
      buyerInfo: { email: 'buyer@example.com' },
      priceSummary: { total: { amount: '47.90', formattedAmount: '$47.90' } },
      lineItems: [{ quantity: 2, productName: { original: 'Mug' }, price: { amount: '20.00' } }],
      payments: [{ provider: 'test', status: 'CAPTURED', card: { last4: '4242' } }],
    });
    expect(Number(order.number)).toBeGreaterThanOrEqual(10001);
    expect(paid.data.transaction).toEqual({ provider: 'test', status: 'CAPTURED' });
    expect(await stockOf(t, site, mug.id)).toBe(before - 2);

    const retried = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'key-ok');
    expect(retried.statusCode).toBe(200);
    expect(retried.data.order.id).toBe(order.id);
    const again = await pay(t, visitor, checkoutId, {
      paymentMethod: 'test',
      card: CARD_OK,
      idempotencyKey: 'other',
    });
    expect([again.statusCode, code(again)]).toEqual([409, 'CHECKOUT_ALREADY_COMPLETED']);
    expect(await stockOf(t, site, mug.id)).toBe(before - 2);
    const reused = await pay(
      t,
      visitor,
      await checkoutOf(t, visitor, mug.id),
      { paymentMethod: 'test', card: CARD_OK },
      'key-ok',
    );
    expect([reused.statusCode, code(reused)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // A key is never cut: two long keys with a common start would name one payment.
    const long = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'k'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.data.details.validationError.fieldViolations).toMatchObject([
      { field: 'Idempotency-Key', description: 'must be at most 200 characters', violatedRule: 'MAX_LENGTH' },
    ]);

    const checkout = await t.call({ method: 'GET', url: `/ecom/v1/checkouts/${checkoutId}`, auth: visitor });
    expect(checkout.data.checkout).toMatchObject({ completed: true, orderId: order.id });
    const mail = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: site.adminKey,
      payload: { to: 'buyer@example.com' },
    });
    const confirmation = mail.data.messages.find(
      (m: any) => m.subject === `Order #${order.number} confirmed`,
    );
    // Every amount of the total is in the e-mail: the lines and their subtotal, shipping, tax.
    expect(confirmation.text).toBe(
      [
        `Thank you for your order #${order.number}.`,
        '',
        '2 × Mug, $20.00 each',
        '',
        'Subtotal: $40.00',
        'Standard: $5.00',
        'Tax: $2.90',
        'Total: $47.90 (USD)',
        'Payment: received.',
        'Delivery: Standard',
        'Ship to: LA, CA, US',
        'Paid with: Visa ending in 4242',
      ].join('\n'),
    );
    const events = await t.platform.database.db
      .selectFrom('outbox')
      .select(['entity_kind', 'event'])
      .where('site_id', '=', site.id)
      .where('entity_id', '=', order.id)
      .orderBy('seq')
      .execute();
    // Paid as it was placed: its `paid` event is written with it.
    expect(events).toEqual([
      { entity_kind: 'order', event: 'created' },
      { entity_kind: 'order', event: 'paid' },
    ]);
    // The checkout's events carry it as its answers show it: without the server's own part.
    const checkoutEvents = await t.platform.database.db
      .selectFrom('outbox')
      .select(['event', 'payload'])
      .where('site_id', '=', site.id)
      .where('entity_id', '=', order.checkoutId)
      .orderBy('seq')
      .execute();
    expect(checkoutEvents.map((e) => e.event)).toEqual(['created', 'updated']);
    for (const { payload } of checkoutEvents) {
      const { entity } = JSON.parse(payload);
      expect(entity).toMatchObject({ id: order.checkoutId, buyerInfo: expect.any(Object) });
      expect(entity).not.toHaveProperty('internal');
    }
  });

  it('refuses to pay before the buyer has given an e-mail and, for goods that ship, an address', async () => {
    const visitor = await site.token('visitor');
    const before = await stockOf(t, site, mug.id);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1, {
      email: undefined,
      shippingAddress: undefined,
    });
    const patch = (checkout: object) =>
      t.call({
        method: 'PATCH',
        url: `/ecom/v1/checkouts/${checkoutId}`,
        auth: visitor,
        payload: { checkout },
      });
    const card = { paymentMethod: 'test', card: CARD_OK };

    const bare = await pay(t, visitor, checkoutId, card, 'incomplete-1');
    expect([bare.statusCode, code(bare)]).toEqual([400, 'CHECKOUT_INCOMPLETE']);
    expect(bare.data.details.applicationError.data.missingFields).toEqual(['email', 'shippingAddress']);
    expect(bare.data.message).toBe('The checkout is missing buyer details');

    expect((await patch({ buyerInfo: { email: 'late@example.com' } })).statusCode).toBe(200);
    const noAddress = await pay(t, visitor, checkoutId, card);
    expect(noAddress.data.details.applicationError.data.missingFields).toEqual(['shippingAddress']);
    expect(await stockOf(t, site, mug.id)).toBe(before);

    // Picked up in store: no address needed.
    const pickup = { shippingInfo: { selectedCarrierServiceOption: { code: 'pickup' } } };
    expect((await patch(pickup)).statusCode).toBe(200);
    const picked = await pay(t, visitor, checkoutId, card);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.data.order.buyerInfo.email).toBe('late@example.com');
    expect(await stockOf(t, site, mug.id)).toBe(before - 1);
  });

  it('leaves no order and no stock change when the card is declined', async () => {
    const visitor = await site.token('visitor');
    const before = await stockOf(t, site, mug.id);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 3);
    const declined = await pay(
      t,
      visitor,
      checkoutId,
      { paymentMethod: 'test', card: CARD_DECLINED },
      'decline-1',
    );
    expect([declined.statusCode, code(declined)]).toEqual([402, 'PAYMENT_DECLINED']);
    expect(await stockOf(t, site, mug.id)).toBe(before);
    // The same request again is the same decline; the key with another card is refused, not replayed.
    const replayed = await pay(
      t,
      visitor,
      checkoutId,
      { paymentMethod: 'test', card: CARD_DECLINED },
      'decline-1',
    );
    expect(code(replayed)).toBe('PAYMENT_DECLINED');
    // The card as typed otherwise is the same card: what the key stands for is what may be kept of it.
    const spaced = { ...CARD_DECLINED, number: CARD_DECLINED.number.replace(/(\d{4})/g, '$1 ').trim() };
    const again = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: spaced }, 'decline-1');
    expect(code(again)).toBe('PAYMENT_DECLINED');
    const otherCard = await pay(
      t,
      visitor,
      checkoutId,
      { paymentMethod: 'test', card: CARD_OK },
      'decline-1',
    );
    expect([otherCard.statusCode, code(otherCard)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(otherCard.data.details.applicationError.description).toMatch(/send a new key/);
    const search = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      auth: site.adminKey,
      payload: { search: { filter: { checkoutId } } },
    });
    expect(search.data.metadata.total).toBe(0);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }, 'decline-2');
    expect(paid.statusCode).toBe(200);
    expect(await stockOf(t, site, mug.id)).toBe(before - 3);
  });

  it('spends a limited coupon once: a checkout holding it after its last use drops it before charging', async () => {
    const coupon = { code: 'ONCE', type: 'FIXED_AMOUNT', amount: '1.00', usageLimit: 1 };
    expect(
      (await t.call({ method: 'POST', url: '/plaza/v1/coupons', auth: site.adminKey, payload: { coupon } }))
        .statusCode,
    ).toBe(200);
    const checkouts: Array<[string, string]> = [];
    for (let i = 0; i < 2; i++) {
      const visitor = await site.token('visitor');
      await addLines(t, visitor, [line(mug.id)]);
      expect((await cart(t, visitor, 'PATCH', '', { couponCode: 'once' })).statusCode).toBe(200);
      checkouts.push([visitor, await checkoutOf(t, visitor, mug.id, 0 + 1)]);
    }
    const before = await stockOf(t, site, mug.id);
    const first = await pay(t, checkouts[0]![0], checkouts[0]![1], { paymentMethod: 'offline' });
    expect(first.data.order.appliedDiscounts[0]).toMatchObject({
      discountType: 'GLOBAL',
      coupon: { code: 'ONCE' },
    });
    // The other checkout still shows the coupon; paying it is refused before any charge, at the new
    // total, rather than charged, refused and refunded at every try.
    const [buyer, checkoutId] = checkouts[1]!;
    const second = await pay(t, buyer, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect([second.statusCode, code(second)], second.body).toEqual([409, 'CHECKOUT_TOTAL_CHANGED']);
    expect(second.data.details.applicationError.description).toMatch(
      /"ONCE" was used up\. The total is now \$\d+\.\d\d/,
    );
    expect(second.data.details.applicationError.data).toMatchObject({ checkoutId });
    // Each checkout holds two mugs: the first order took its two, the refusal none.
    expect(await stockOf(t, site, mug.id)).toBe(before - 2);
    const shown = await t.call({ method: 'GET', url: `/ecom/v1/checkouts/${checkoutId}`, auth: buyer });
    expect(shown.data.checkout.appliedDiscounts ?? []).toEqual([]);
    // Paid again as told: at the full price.
    const again = await pay(t, buyer, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.data.order.appliedDiscounts ?? []).toEqual([]);
    expect(again.data.order.priceSummary.total.amount).toBe(
      second.data.details.applicationError.data.total.replace(/[^\d.]/g, ''),
    );
    expect(await stockOf(t, site, mug.id)).toBe(before - 4);
    const stored = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons/query',
      auth: site.adminKey,
      payload: {},
    });
    expect(stored.data.coupons.find((c: any) => c.code === 'ONCE').numberOfUsages).toBe(1);
  });
});
