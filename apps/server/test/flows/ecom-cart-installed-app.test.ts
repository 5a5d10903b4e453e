import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateSite } from '../../src/domains/sites/index.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CARD_OK, cart, checkoutOf, code, line, pay, shop } from './ecom-fixtures.ts';
import { R } from './stores-fixtures.ts';

/**
 * A site without the stores app sells none of its products: the catalog reads answer APP_NOT_INSTALLED,
 * and the cart finds no such item (as for any item no catalog has), so no checkout is made of it.
 */
describe.each(engines)('ecom cart of a site without the stores app (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  let before: string;
  let visitor: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t));
    visitor = await site.token('visitor');
    before = await checkoutOf(t, visitor, mug.id);
    await updateSite(t.platform.sites, site.id, { installedApps: ['bookings'] });
    t.clock.advance(60_000);
  });
  afterAll(() => t.close());

  it('answers the catalog reads APP_NOT_INSTALLED', async () => {
    const read = await t.call({ method: 'GET', url: `${R}/products/${mug.id}`, auth: visitor });
    expect([read.statusCode, code(read)]).toEqual([404, 'APP_NOT_INSTALLED']);
  });

  it('keeps an added product as an item not found, and makes no checkout of it', async () => {
    const buyer = await site.token('visitor');
    const added = await cart(t, buyer, 'POST', '/add-to-cart', { lineItems: [line(mug.id)] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.data.cart.lineItems[0].availability).toEqual({ status: 'NOT_FOUND' });
    expect(added.data.cart.lineItems[0].price.amount).toBe('0.00');
    const checkout = await cart(t, buyer, 'POST', '/create-checkout', {
      email: 'buyer@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
    });
    expect([checkout.statusCode, code(checkout)], checkout.body).toEqual([409, 'LINE_ITEMS_UNAVAILABLE']);
  });

  it('refuses to pay a checkout made while the app was installed, and gives the charge back', async () => {
    const refund = vi.spyOn(t.platform.ecom.payments.test, 'refund');
    const paid = await pay(t, visitor, before, { paymentMethod: 'test', card: CARD_OK });
    expect([paid.statusCode, code(paid)], paid.body).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(paid.data.details.applicationError.data.items).toEqual([
      expect.objectContaining({ catalogItemId: mug.id, reason: 'NOT_FOR_SALE' }),
    ]);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
  });
});
