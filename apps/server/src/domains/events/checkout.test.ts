import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { ALIASES, buyer, code, fields, shopCalls, ticketShop, V1 } from './checkout.test-helper.ts';

describe.each(engines)('events checkout v1 (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let visitor: string;
  let eventId: string;
  let paid: string;
  let free: string;
  let crew: string;
  const { reserve, left, invoice } = shopCalls(() => ({ t, site, eventId }));

  beforeAll(async () => {
    ({ t, site, other, visitor, eventId, paid, free, crew } = await ticketShop(engine));
  });
  afterAll(() => t.close());

  it('getCheckoutOptions at every path alias', async () => {
    for (const prefix of ALIASES) {
      const response = await t.call({ method: 'GET', url: `${prefix}/checkout/options`, auth: visitor });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.data).toEqual({
        paymentMethodConfigured: true,
        acceptCoupons: true,
        premiumServices: true,
        paidTickets: true,
        acceptGiftCards: false,
      });
    }
  });

  it('listAvailableTickets and queryAvailableTickets: the v1 definitions on sale, hidden ones for owners only', async () => {
    const listed = await t.call({
      method: 'GET',
      url: `${V1}/checkout/available-tickets?eventId=${eventId}&limit=10`,
      auth: visitor,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.data.metaData).toEqual({ count: 2, offset: 0, total: 2 });
    expect(listed.data.definitions.map((d: { name: string }) => d.name)).toEqual(['GA', 'Free']);
    expect(listed.data.definitions[0]).toMatchObject({
      id: paid,
      eventId,
      price: { amount: '25.00', currency: 'USD', value: '25.00' },
      free: false,
      orderIndex: 0,
      description: '',
      policy: '',
      dashboard: { hidden: false, limited: true, quantity: 150, sold: 0, ticketsSold: 0, ticketsReserved: 0 },
      wixFeeConfig: { type: 'FEE_ADDED_AT_CHECKOUT' },
      salePeriod: { hideNotOnSale: false },
      saleStatus: 'SALE_STARTED',
      pricing: { fixedPrice: { amount: '25.00' }, pricingType: 'STANDARD' },
    });
    const counted = await t.call({
      method: 'GET',
      url: `/_api/events/v1/checkout/available-tickets?eventId=${eventId}`,
      auth: visitor,
    });
    expect(counted.data).toEqual({ metaData: { count: 0, offset: 0, total: 2 }, definitions: [] });
    const hidden = `${V1}/checkout/available-tickets?eventId=${eventId}&limit=10&state=INCLUDE_HIDDEN_NOT_ON_SALE`;
    expect((await t.call({ method: 'GET', url: hidden, auth: visitor })).statusCode).toBe(403);
    const all = await t.call({ method: 'GET', url: hidden, auth: site.adminKey });
    expect(all.data.metaData.total).toBe(3);

    const queried = await t.call({
      method: 'POST',
      url: `${V1}/checkout/available-tickets/query`,
      auth: visitor,
      payload: { limit: 10, filter: { eventId } },
    });
    expect(queried.statusCode, queried.body).toBe(200);
    expect(queried.data.definitions.map((d: { id: string }) => d.id)).toEqual([paid, free]);
    const elsewhere = await t.call({
      method: 'POST',
      url: `${V1}/checkout/available-tickets/query`,
      auth: await other.token('visitor'),
      payload: { limit: 10, filter: { eventId } },
    });
    expect(elsewhere.data.metaData.total).toBe(0);
  });

  it('createReservation holds the tickets until it expires; owner-only options; bad input', async () => {
    const before = await left(paid);
    const made = await reserve(visitor, [{ ticketDefinitionId: paid, quantity: 2 }]);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.data).toMatchObject({
      reservationStatus: 'RESERVATION_PENDING',

      reservations: [{ quantity: 2, ticket: { id: paid, dashboard: { ticketsReserved: 2 } } }],
      invoice: { subTotal: { amount: '50.00' }, grandTotal: { amount: '50.00' }, fees: [] },
    });
    expect((await left(paid)).held).toBe(before.held + 2);

    expect(
      (await reserve(visitor, [{ ticketDefinitionId: paid, quantity: 1 }], { ignoreLimits: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await reserve(visitor, [{ ticketDefinitionId: crew, quantity: 1 }], { allowHiddenTickets: true }))
        .statusCode,
    ).toBe(403);
    expect(code(await reserve(visitor, [{ ticketDefinitionId: crew, quantity: 1 }]))).toBe(
      'TICKET_DEFINITION_NOT_FOUND',
    );
    const hiddenByOwner = await reserve(site.adminKey, [{ ticketDefinitionId: crew, quantity: 1 }], {
      allowHiddenTickets: true,
    });
    expect(hiddenByOwner.statusCode, hiddenByOwner.body).toBe(200);

    const tooMany = await reserve(visitor, [{ ticketDefinitionId: paid, quantity: 21 }]);
    expect([tooMany.statusCode, fields(tooMany)]).toEqual([400, ['ticketQuantities[0].quantity']]);
    const zero = await reserve(visitor, [{ ticketDefinitionId: paid, quantity: 0 }]);
    expect([zero.statusCode, fields(zero)]).toEqual([400, ['ticketQuantities[0].quantity']]);
    const none = await t.call({
      method: 'POST',
      url: `${V1}/checkout/reservations`,
      auth: visitor,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(fields(none)).toContain('eventId');
    const soldOut = await reserve(site.adminKey, [{ ticketDefinitionId: free, quantity: 11 }], {
      ignoreLimits: true,
    });
    expect([soldOut.statusCode, code(soldOut)]).toEqual([409, 'TICKET_SOLD_OUT']);
  });

  it('getInvoice applies a site coupon, says why another is refused; cancelReservation gives tickets back', async () => {
    const coupon = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons',
      auth: site.adminKey,
      payload: { coupon: { code: 'JAZZ10', type: 'PERCENTAGE', percentage: 10 } },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const made = await reserve(visitor, [{ ticketDefinitionId: paid, quantity: 2 }]);
    const id = made.data.id;
    const priced = await invoice(visitor, id, { withDiscount: { couponCode: 'jazz10' } });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.data).toMatchObject({
      invoice: {
        subTotal: { amount: '50.00' },
        discount: { amount: { amount: '5.00' }, code: 'JAZZ10', afterDiscount: { amount: '45.00' } },
        grandTotal: { amount: '45.00' },
      },
      discountErrors: { error: [] },
      reservationStatus: 'RESERVATION_PENDING',
      reservationOccupied: false,
    });
    const unknown = await invoice(visitor, id, { withDiscount: { couponCode: 'NOPE' } });
    expect(unknown.data.discountErrors.error).toEqual([{ code: 'ERROR_COUPON_DOES_NOT_EXIST' }]);
    expect(unknown.data.invoice.grandTotal.amount).toBe('50.00');
    // Someone else's reservation is not found, on this site or another.
    expect(code(await invoice(await site.token('visitor'), id))).toBe('RESERVATION_NOT_FOUND');
    expect((await invoice(other.adminKey, id)).statusCode).toBe(404);

    const held = (await left(paid)).held;
    const canceled = await t.call({
      method: 'DELETE',
      url: `/_api/events/v1/checkout/reservations/${id}?eventId=${eventId}`,
      auth: visitor,
    });
    expect([canceled.statusCode, canceled.data]).toEqual([200, {}]);
    expect((await left(paid)).held).toBe(held - 2);
    expect((await invoice(visitor, id)).data.reservationStatus).toBe('RESERVATION_CANCELED_MANUALLY');
  });

  it('checkout: a free reservation is a FREE order at once, with tickets; pay in person is OFFLINE_PENDING', async () => {
    const freeOne = await reserve(visitor, [{ ticketDefinitionId: free, quantity: 2 }]);
    const done = await t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth: visitor,
      payload: {
        eventId,
        reservationId: freeOne.data.id,
        buyer,
        guests: [{ form: { inputValues: [{ inputName: 'firstName', value: 'Bob' }] } }],
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const order = done.data.order;
    expect(order).toMatchObject({
      status: 'FREE',
      confirmed: true,
      reservationId: freeOne.data.id,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      ticketsQuantity: 2,
      totalPrice: { amount: '0.00' },
      channel: 'ONLINE',
    });
    expect(order.orderNumber).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{3}$/);
    expect(order.tickets.map((ticket: { ticketNumber: string }) => ticket.ticketNumber)).toEqual([
      `${order.orderNumber.replace(/-/g, '')}01`,
      `${order.orderNumber.replace(/-/g, '')}02`,
    ]);
    expect(order.tickets[0]).toMatchObject({
      free: true,
      orderStatus: 'FREE',
      guestDetails: { firstName: 'Bob' },
    });
    expect((await left(free)).confirmed).toBeGreaterThanOrEqual(2);
    const again = await t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth: visitor,
      payload: { eventId, reservationId: freeOne.data.id, buyer },
    });
    expect([again.statusCode, code(again)]).toEqual([409, 'RESERVATION_NOT_PENDING']);

    const paidOne = await reserve(visitor, [{ ticketDefinitionId: paid, quantity: 1 }]);
    const inPerson = await t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth: visitor,
      payload: { eventId, reservationId: paidOne.data.id, buyer, options: { payInPerson: true } },
    });
    expect(inPerson.statusCode, inPerson.body).toBe(200);
    expect(inPerson.data.order).toMatchObject({
      status: 'OFFLINE_PENDING',
      method: 'inPerson',
      totalPrice: { amount: '25.00' },
    });

    const noBuyer = await t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth: visitor,
      payload: { eventId, reservationId: paidOne.data.id },
    });
    expect([noBuyer.statusCode, fields(noBuyer)]).toEqual([400, ['buyer.firstName']]);
    const marked = await t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth: visitor,
      payload: { eventId, reservationId: paidOne.data.id, buyer, options: { markAsPaid: true } },
    });
    expect(marked.statusCode).toBe(403);

    const changed = await t.call({
      method: 'PATCH',
      url: `${V1}/checkout/${inPerson.data.order.orderNumber}`,
      auth: visitor,
      payload: { eventId, buyer: { firstName: 'Augusta' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data.order).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      status: 'OFFLINE_PENDING',
    });
    const stranger = await t.call({
      method: 'PATCH',
      url: `${V1}/checkout/${inPerson.data.order.orderNumber}`,
      auth: await site.token('visitor'),
      payload: { eventId, buyer: { firstName: 'Mallory' } },
    });
    expect([stranger.statusCode, code(stranger)]).toEqual([404, 'ORDER_NOT_FOUND']);
  });
});
