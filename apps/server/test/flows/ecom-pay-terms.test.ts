import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  addLines,
  CARD_OK,
  cart,
  checkoutOf,
  code,
  line,
  pay,
  settings,
  shop,
  shopSettings,
  stockOf,
} from './ecom-fixtures.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

/** What paying charges: the total the buyer was shown, once per cart, under coupons still in force. */
describe.each(engines)('ecom pay terms (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 100 }));
  });
  afterAll(() => t.close());

  const getCheckout = async (auth: string, id: string) =>
    (await t.call({ method: 'GET', url: `/ecom/v1/checkouts/${id}`, auth })).data.checkout;
  const orderCount = async () =>
    (await t.call({ method: 'POST', url: '/ecom/v1/orders/search', auth: site.adminKey, payload: {} })).data
      .metadata.total as number;
  const createCoupon = async (coupon: Record<string, unknown>) => {
    const response = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: { coupon },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.coupon;
  };
  const couponUses = async (couponCode: string) => {
    const stored = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons/query',
      auth: site.adminKey,
      payload: {},
    });
    return stored.data.coupons.find((c: any) => c.code === couponCode).numberOfUsages as number;
  };

  it('charges only the total shown: a rate changed meanwhile refreshes the checkout and refuses', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id, 2);
    const shown = (await getCheckout(visitor, checkoutId)).priceSummary.total;
    expect(shown.amount).toBe('47.90'); // 40 + 7.25 % tax on the goods + 5 shipping
    const orders = await orderCount();
    const stock = await stockOf(t, site, mug.id);

    await settings(t, site, {
      taxRates: [{ country: 'US', subdivision: 'CA', rate: 10, name: 'CA sales tax' }],
    });
    const refused = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect([refused.statusCode, code(refused)]).toEqual([409, 'CHECKOUT_TOTAL_CHANGED']);
    expect(refused.data.details.applicationError.data).toMatchObject({
      previousTotal: '$47.90',
      total: '$49.00',
    });
    expect(refused.data.message).toBe('The checkout total changed');
    expect(await orderCount()).toBe(orders);
    expect(await stockOf(t, site, mug.id)).toBe(stock);
    expect((await getCheckout(visitor, checkoutId)).priceSummary.total.amount).toBe('49.00');

    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.priceSummary.total.amount).toBe('49.00');
    await settings(t, site, { taxRates: shopSettings.taxRates });
  });

  it('drops a coupon switched off after the checkout was made, and says so before charging', async () => {
    await createCoupon({ code: 'HALF', type: 'PERCENTAGE', percentage: 50 });
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    expect((await cart(t, visitor, 'PATCH', '', { couponCode: 'HALF' })).statusCode).toBe(200);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    const coupons = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons/query',
      auth: site.adminKey,
      payload: {},
    });
    const half = coupons.data.coupons.find((c: any) => c.code === 'HALF');
    await t.call({
      method: 'PATCH',
      url: `/plaza/v1/coupons/${half.id}`,
      auth: site.adminKey,
      payload: { coupon: { id: half.id, active: false } },
    });

    const refused = await pay(t, visitor, checkoutId, { paymentMethod: 'offline' });
    expect([refused.statusCode, code(refused)]).toEqual([409, 'CHECKOUT_TOTAL_CHANGED']);
    expect(refused.data.details.applicationError.description).toMatch(/^The coupon "HALF" is switched off\./);
    expect(refused.data.details.applicationError.description).not.toMatch(/tax or shipping/);
    const refreshed = await getCheckout(visitor, checkoutId);
    expect(refreshed.appliedDiscounts).toEqual([]);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'offline' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.appliedDiscounts).toEqual([]);
    expect(await couponUses('HALF')).toBe(0);
  });

  it('drops a lapsed coupon as soon as the checkout changes, and tells a coupon made again apart', async () => {
    const first = await createCoupon({ code: 'AGAIN', type: 'PERCENTAGE', percentage: 50 });
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    expect((await cart(t, visitor, 'PATCH', '', { couponCode: 'AGAIN' })).statusCode).toBe(200);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    expect((await getCheckout(visitor, checkoutId)).appliedDiscounts).toHaveLength(1);
    // Deleted and made again under the same code: another coupon, which this checkout never had.
    await t.call({ method: 'DELETE', url: `/plaza/v1/coupons/${first.id}`, auth: site.adminKey });
    await createCoupon({ code: 'AGAIN', type: 'PERCENTAGE', percentage: 50 });
    const changed = await t.call({
      method: 'PATCH',
      url: `/ecom/v1/checkouts/${checkoutId}`,
      auth: visitor,
      payload: { checkout: { id: checkoutId, buyerInfo: { email: 'again@example.com' } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data.checkout.appliedDiscounts).toEqual([]);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'offline' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await couponUses('AGAIN')).toBe(0);
  });

  it('counts no use of a limited coupon that took nothing off', async () => {
    await createCoupon({
      code: 'OTHERS',
      type: 'PERCENTAGE',
      percentage: 30,
      usageLimit: 1,
      scope: { catalogItemIds: ['not-the-mug'] },
    });
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    expect((await cart(t, visitor, 'PATCH', '', { couponCode: 'OTHERS' })).statusCode).toBe(200);
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    expect((await pay(t, visitor, checkoutId, { paymentMethod: 'offline' })).statusCode).toBe(200);
    expect(await couponUses('OTHERS')).toBe(0);
  });

  it('compares coupon dates as instants, whatever their offset', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000) * 1000;
    // An hour ago and in an hour, written in UTC+05:00 and UTC-05:00: as text both sort the other way.
    const at = (ms: number, offsetHours: number) => {
      const local = new Date(ms + offsetHours * 3_600_000).toISOString().slice(0, 19);
      const sign = offsetHours < 0 ? '-' : '+';
      return `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
    };
    const expired = await createCoupon({
      code: 'GONE',
      type: 'PERCENTAGE',
      percentage: 10,
      expirationDate: at(now - 3_600_000, 5),
    });
    expect(expired.expirationDate).toBe(new Date(now - 3_600_000).toISOString());
    await createCoupon({
      code: 'SOON',
      type: 'PERCENTAGE',
      percentage: 10,
      startDate: at(now + 3_600_000, -5),
    });
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const gone = await cart(t, visitor, 'PATCH', '', { couponCode: 'GONE' });
    expect([gone.statusCode, code(gone)]).toEqual([400, 'ERROR_COUPON_IS_EXPIRED']);
    const soon = await cart(t, visitor, 'PATCH', '', { couponCode: 'SOON' });
    expect([soon.statusCode, code(soon)]).toEqual([400, 'ERROR_COUPON_IS_NOT_ACTIVE_YET']);
    const leap = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: {
        coupon: { code: 'LEAP', type: 'PERCENTAGE', percentage: 5, expirationDate: '2030-06-30T23:59:60Z' },
      },
    });
    expect(leap.statusCode).toBe(400);
    expect(leap.data.details.validationError.fieldViolations[0].field).toBe('coupon.expirationDate');
  });

  it('places one order per cart: a second checkout of the same cart is refused at pay', async () => {
    const visitor = await site.token('visitor');
    const first = await checkoutOf(t, visitor, mug.id, 1);
    const address = { country: 'US', subdivision: 'US-CA', city: 'LA' };
    const again = await cart(t, visitor, 'POST', '/create-checkout', {
      email: 'buyer@example.com',
      shippingAddress: address,
    });
    const second = again.data.checkoutId as string;
    expect(second).not.toBe(first);
    expect((await cart(t, visitor, 'GET')).data.cart.checkoutId).toBe(second);
    expect((await pay(t, visitor, first, { paymentMethod: 'test', card: CARD_OK })).statusCode).toBe(200);
    const orders = await orderCount();
    const stock = await stockOf(t, site, mug.id);
    const charge = vi.spyOn(t.platform.ecom.payments.test, 'charge');
    const refused = await pay(t, visitor, second, { paymentMethod: 'test', card: CARD_OK });
    expect([refused.statusCode, code(refused)]).toEqual([409, 'CART_ALREADY_ORDERED']);
    expect(charge).not.toHaveBeenCalled(); // refused before the card is asked for money
    charge.mockRestore();
    expect(await orderCount()).toBe(orders);
    expect(await stockOf(t, site, mug.id)).toBe(stock);
  });

  it('moves what was added to the cart after its checkout to a new cart when the checkout is paid', async () => {
    const cap = await createProduct(
      t,
      site,
      tShirt({ name: 'Cap', productOptions: [], priceData: { price: 15 }, stock: { trackInventory: false } }),
    );
    const visitor = await site.token('visitor');
    const paidAlone = await checkoutOf(t, visitor, mug.id, 1);
    expect((await pay(t, visitor, paidAlone, { paymentMethod: 'test', card: CARD_OK })).statusCode).toBe(200);
    expect(code(await cart(t, visitor, 'GET'))).toBe('OWNED_CART_NOT_FOUND'); // nothing left: no cart

    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    const spent = (await cart(t, visitor, 'GET')).data.cart;
    await addLines(t, visitor, [line(mug.id, 2), line(cap.id, 1)]);
    const address = { country: 'US', subdivision: 'US-CA', city: 'LA', addressLine: '1 Main St' };
    const details = await cart(t, visitor, 'PATCH', '', {
      cartInfo: {
        contactInfo: { address },
        selectedShippingOption: { code: 'standard' },
        buyerNote: 'For this order only',
      },
    });
    expect(details.statusCode, details.body).toBe(200);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity])).toEqual(
      [[mug.id, 1]],
    );
    const left = (await cart(t, visitor, 'GET')).data.cart;
    expect(left.id).not.toBe(spent.id);
    expect(left.checkoutId).toBeUndefined();
    expect(left.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity])).toEqual([
      [mug.id, 2],
      [cap.id, 1],
    ]);
    // Where and how the buyer ships stays with the lines; the note went with the order.
    expect(left.contactInfo).toEqual({ address });
    expect(left.selectedShippingOption).toEqual({ code: 'standard' });
    expect(left.buyerNote).toBeUndefined();
  });

  it('keeps in the cart an item removed and added again after its checkout was made', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id, 2);
    const [ordered] = (await cart(t, visitor, 'GET')).data.cart.lineItems;
    const removed = await cart(t, visitor, 'POST', '/remove-line-items', { lineItemIds: [ordered.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    await addLines(t, visitor, [line(mug.id, 1)]);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    // The mug added since is another line, not one the order took.
    const left = await cart(t, visitor, 'GET');
    expect(left.statusCode, left.body).toBe(200);
    expect(left.data.cart.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity])).toEqual([
      [mug.id, 1],
    ]);
  });

  it('sells nothing hidden since the checkout was made: refused, the charge given back, stock kept', async () => {
    const lamp = await createProduct(
      t,
      site,
      tShirt({
        name: 'Lamp',
        productOptions: [],
        priceData: { price: 100 },
        stock: { trackInventory: true, quantity: 5 },
      }),
    );
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, lamp.id, 2);
    const hide = await t.call({
      method: 'PATCH',
      url: `/stores/v1/products/${lamp.id}`,
      auth: site.adminKey,
      payload: { product: { visible: false } },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const orders = await orderCount();
    const refund = vi.spyOn(t.platform.ecom.payments.test, 'refund');
    const refused = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect([refused.statusCode, code(refused)]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    expect(await orderCount()).toBe(orders);
    expect(await stockOf(t, site, lamp.id)).toBe(5);
  });

  it('carries the purchase flow id from cart to checkout to order, and keeps an override checkout URL', async () => {
    const visitor = await site.token('visitor');
    const added = await addLines(t, visitor, [line(mug.id)]);
    expect(added.purchaseFlowId).toMatch(/^[0-9a-f-]{36}$/);
    const url = 'https://shop.example/checkout';
    const set = await cart(t, visitor, 'PATCH', '', { cartInfo: { overrideCheckoutUrl: url } });
    expect(set.data.cart.overrideCheckoutUrl).toBe(url);
    const bad = await cart(t, visitor, 'PATCH', '', {
      cartInfo: { overrideCheckoutUrl: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    const cleared = await cart(t, visitor, 'PATCH', '', { cartInfo: { overrideCheckoutUrl: '' } });
    expect(cleared.data.cart.overrideCheckoutUrl).toBeUndefined();

    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    expect((await getCheckout(visitor, checkoutId)).purchaseFlowId).toBe(added.purchaseFlowId);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'offline' });
    expect(paid.data.order.purchaseFlowId).toBe(added.purchaseFlowId);
  });

  it('marks lines of an order paid offline as paid offline, and refuses unknown channel types', async () => {
    const visitor = await site.token('visitor');
    const checkoutId = await checkoutOf(t, visitor, mug.id, 1);
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'offline' });
    expect(paid.data.order.lineItems[0].paymentOption).toBe('FULL_PAYMENT_OFFLINE');

    const other = await site.token('visitor');
    await addLines(t, other, [line(mug.id)]);
    const bad = await cart(t, other, 'POST', '/create-checkout', { channelType: 'FOO' });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.details.validationError.fieldViolations[0].field).toBe('channelType');
    const pos = await cart(t, other, 'POST', '/create-checkout', { channelType: 'POS' });
    expect(pos.statusCode, pos.body).toBe(200);
  });
});
