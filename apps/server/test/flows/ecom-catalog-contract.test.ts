import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availability, findHold } from '../../src/db/capacity.ts';
import { linesCheckoutIntent } from '../../src/domains/ecom/index.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { SEAT_PRICE, SEATS_APP_ID, type SeatsCatalog, seatsCatalog } from '../seats-catalog.ts';
import { CARD_OK, cart, code, pay, shop } from './ecom-fixtures.ts';

const SESSION = '/redirect-session/v1/redirect-session';
const hosted = (id: string, suffix = '') => `/plaza/v1/redirect-sessions/${id}/checkout${suffix}`;
const seatLine = (show: string, holdId: string, quantity: number) => ({
  catalogReference: { appId: SEATS_APP_ID, catalogItemId: show, options: { holdId } },
  quantity,
});

/**
 * A non-stock line (seats held with an expiry, `seats-catalog.ts`) goes through the one cart and
 * checkout as store goods do: cart → checkout → hosted page → order → commit → cancel.
 */
describe.each(engines)('catalog contract: a held line from cart to order (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let seats: SeatsCatalog;
  let visitorId: string;
  let visitor: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site } = await shop(t));
    seats = seatsCatalog(t.platform.database);
    t.platform.ecom.catalogs.register(seats);
  });
  afterAll(() => t.close());

  const newVisitor = async () => {
    visitorId = crypto.randomUUID();
    visitor = await site.token('visitor', visitorId);
  };
  const reserve = (show: string, quantity: number, owner = `visitor:${visitorId}`) =>
    seats.reserve(site.id, show, quantity, owner, t.clock.now());
  const seatsLeft = async (show: string) =>
    (await availability(t.platform.database.db, site.id, show, t.clock.now()))?.available;
  const holdState = async (holdId: string) =>
    (await findHold(t.platform.database.db, site.id, holdId))?.state;

  it('sells held seats: the provider describes the line, commits it with the order and frees it on cancel', async () => {
    await newVisitor();
    await seats.open(site.id, 'show-1', 3);
    const holdId = await reserve('show-1', 2);
    expect(await seatsLeft('show-1')).toBe(1);

    const added = await cart(t, visitor, 'POST', '/add-to-cart', {
      lineItems: [seatLine('show-1', holdId, 2)],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [line] = added.data.cart.lineItems;
    expect(line).toMatchObject({
      quantity: 2,
      productName: { original: 'Seats for show-1' },
      itemType: { preset: 'SERVICE', custom: '' },
      fixedQuantity: true,
      priceDescription: { original: 'per seat' },
      serviceProperties: { scheduledDate: '2026-12-01T19:00:00.000Z', numberOfParticipants: 2 },
      physicalProperties: { shippable: false },
      availability: { status: 'AVAILABLE' },
    });
    expect(added.data.cart.subtotal.amount).toBe(((2 * SEAT_PRICE) / 100).toFixed(2));

    // The provider fixed the quantity: neither a change of it nor the same hold again is taken.
    const changed = await cart(t, visitor, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: line.id, quantity: 3 }],
    });
    expect(changed.statusCode, changed.body).toBe(400);
    const again = await cart(t, visitor, 'POST', '/add-to-cart', {
      lineItems: [seatLine('show-1', holdId, 1)],
    });
    expect(again.statusCode, again.body).toBe(400);

    const made = await cart(t, visitor, 'POST', '/create-checkout', { email: 'seats@example.com' });
    expect(made.statusCode, made.body).toBe(200);
    const session = await t.call({
      method: 'POST',
      url: SESSION,
      auth: visitor,
      payload: { ecomCheckout: { checkoutId: made.data.checkoutId } },
    });
    expect(session.statusCode, session.body).toBe(200);
    const sessionId = session.data.redirectSession.id;
    const page = await t.call({ method: 'GET', url: hosted(sessionId) });
    expect(page.statusCode, page.body).toBe(200);
    // Nothing ships: no address is asked for, and no shipping is charged.
    expect(page.data.checkout.lineItems[0].serviceProperties.numberOfParticipants).toBe(2);

    const paid = await t.call({
      method: 'POST',
      url: hosted(sessionId, '/pay'),
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.data.order;
    expect(order.lineItems[0]).toMatchObject({ quantity: 2, itemType: { preset: 'SERVICE' } });
    expect(seats.committed.get(holdId)).toEqual({
      id: order.id,
      number: order.number,
      paid: true,
      authorized: false,
      payment: { provider: 'test' },
    });
    expect(await holdState(holdId)).toBe('CONFIRMED');
    expect(await seatsLeft('show-1')).toBe(1);

    // Cancelled without restock: the seats are freed all the same.
    const canceled = await t.call({
      method: 'POST',
      url: `/ecom/v1/orders/${order.id}/cancel`,
      auth: site.adminKey,
      payload: { restockAllItems: false },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(seats.canceled).toContain(holdId);
    expect(await holdState(holdId)).toBe('RELEASED');
    expect(await seatsLeft('show-1')).toBe(3);
  });

  it('shows an expired hold as unavailable at once, even in a kept cart, and refuses its checkout', async () => {
    await newVisitor();
    await seats.open(site.id, 'show-2', 2);
    const holdId = await reserve('show-2', 2);
    const added = await cart(t, visitor, 'POST', '/add-to-cart', {
      lineItems: [seatLine('show-2', holdId, 2)],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await cart(t, visitor, 'GET')).data.cart.lineItems[0].availability.status).toBe('AVAILABLE');

    t.clock.advance(15 * 60_000 + 1);
    const read = await cart(t, visitor, 'GET');
    expect(read.data.cart.lineItems[0].availability.status).toBe('NOT_AVAILABLE');
    const made = await cart(t, visitor, 'POST', '/create-checkout', { email: 'late@example.com' });
    expect([made.statusCode, code(made)]).toEqual([409, 'LINE_ITEMS_UNAVAILABLE']);
    // Reusable at once: another buyer takes both seats.
    await reserve('show-2', 2, 'visitor:someone-else');
    expect(await holdState(holdId)).toBe('EXPIRED');
  });

  it('refuses to pay a line whose hold lapsed and went to another buyer, and gives the charge back', async () => {
    await newVisitor();
    await seats.open(site.id, 'show-3', 1);
    const holdId = await reserve('show-3', 1);
    await cart(t, visitor, 'POST', '/add-to-cart', { lineItems: [seatLine('show-3', holdId, 1)] });
    const made = await cart(t, visitor, 'POST', '/create-checkout', { email: 'slow@example.com' });
    expect(made.statusCode, made.body).toBe(200);

    t.clock.advance(15 * 60_000 + 1);
    await reserve('show-3', 1, 'visitor:quicker');
    const refunds: string[] = [];
    const provider = t.platform.ecom.payments.test;
    const refund = provider.refund.bind(provider);
    provider.refund = async (id) => {
      refunds.push(id);
      return refund(id);
    };
    try {
      const paid = await pay(t, visitor, made.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
      expect([paid.statusCode, code(paid)]).toEqual([409, 'LINE_ITEM_HOLD_EXPIRED']);
      expect(refunds).toHaveLength(1);
    } finally {
      provider.refund = refund;
    }
    const orders = await t.call({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      auth: site.adminKey,
      payload: { search: { filter: { checkoutId: made.data.checkoutId } } },
    });
    expect(orders.data.orders).toEqual([]);
  });

  it('refuses to pay a line of a catalog no longer served, before any charge', async () => {
    await newVisitor();
    await seats.open(site.id, 'show-4', 1);
    const holdId = await reserve('show-4', 1);
    await cart(t, visitor, 'POST', '/add-to-cart', { lineItems: [seatLine('show-4', holdId, 1)] });
    const made = await cart(t, visitor, 'POST', '/create-checkout', { email: 'gone@example.com' });
    expect(made.statusCode, made.body).toBe(200);
    const checkout = await t.platform.ecom.store.checkouts
      .forSite(site.id)
      .get<{ internal: { lines: any[] } }>(made.data.checkoutId);
    // The checkout names a catalog app this server does not serve (an app removed since, say).
    const internal = checkout!.internal;
    internal.lines[0].catalogReference = { ...internal.lines[0].catalogReference, appId: 'removed-app' };
    await t.platform.ecom.store.checkouts.forSite(site.id).update(made.data.checkoutId, { internal });
    const charges: unknown[] = [];
    const provider = t.platform.ecom.payments.test;
    const charge = provider.charge.bind(provider);
    provider.charge = async (request) => {
      charges.push(request);
      return charge(request);
    };
    try {
      const paid = await pay(t, visitor, made.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
      expect([paid.statusCode, code(paid)]).toEqual([409, 'CATALOG_NOT_SERVED']);
      expect(charges).toEqual([]);
    } finally {
      provider.charge = charge;
    }
    expect(await holdState(holdId)).toBe('HELD');
  });

  it('opens the hosted checkout on lines a redirect intent names, leaving the cart alone', async () => {
    await newVisitor();
    await seats.open(site.id, 'show-5', 2);
    const holdId = await reserve('show-5', 1);
    const intent = linesCheckoutIntent(t.platform.ecom, async (_caller, value) => ({
      lines: [seatLine('show-5', (value as { holdId: string }).holdId, 1)],
      email: 'intent@example.com',
    }));
    const caller = { siteId: site.id, kind: 'visitor' as const, subjectId: visitorId };
    const { checkoutId } = (await intent.check(caller as never, { holdId })) as { checkoutId: string };
    const paid = await pay(t, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.buyerInfo).toMatchObject({ visitorId, email: 'intent@example.com' });
    expect(await holdState(holdId)).toBe('CONFIRMED');
    // No cart was made or spent.
    expect((await cart(t, visitor, 'GET')).statusCode).toBe(404);

    // Someone else's hold is not found for this buyer: nothing to check out.
    const theirs = await reserve('show-5', 1, 'visitor:other');
    await expect(intent.check(caller as never, { holdId: theirs })).rejects.toMatchObject({
      code: 'LINE_ITEMS_UNAVAILABLE',
    });
  });
});
