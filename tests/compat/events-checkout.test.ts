import { orders as checkout, wixEventsV2 as events } from '@wix/events';
import { redirects } from '@wix/redirects';
import { createClient } from '@wix/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/events` `orders`, unchanged, for its nine checkout calls (map 10) against Plaza: a visitor
 * through the OAuth strategy (edge host), the owner through an API key (www host), a client of a
 * custom API host (`/_api/events/v1`), and the reservation paid through `eventsCheckout` (map 13).
 */
const modules = { checkout, events, redirects };
let owner: ReturnType<typeof ownerClient>;
let visitor: ReturnType<typeof visitorClient>;
let custom: ReturnType<typeof customHostClient>;

const ownerClient = () =>
  createClient({
    modules,
    auth: demoOwnerAuth(),
    fetch: plaza.fetch,
  });
const visitorClient = () => createClient({ modules, auth: demoVisitorAuth(), fetch: plaza.fetch });
const customHostClient = () =>
  createClient({
    modules,
    auth: demoVisitorAuth(),
    host: { apiBaseUrl: CUSTOM_HOST },
    useCDN: false,
    fetch: plaza.fetch,
  } as Parameters<typeof createClient>[0]);

usePlazaPerFile(() => {
  owner = ownerClient();
  visitor = visitorClient();
  custom = customHostClient();
});

const lastCall = () => plaza.requests.at(-1)!;
const buyer = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };
let concert: { _id?: string | null; slug?: string | null };
let general: string;
let freeTicket: string;

beforeAll(async () => {
  const listed = await visitor.events.queryEvents().find();
  concert = listed.items.find((event) => event.title === 'Summer Jazz Night')!;
  const made = await plaza.call('POST', '/events/v3/ticket-definitions', {
    auth: plaza.demo.apiKey,
    body: {
      ticketDefinition: {
        eventId: concert._id,
        name: 'Guest list',
        pricingMethod: { fixedPrice: { value: '0' } },
      },
    },
  });
  expect(made.status).toBe(200);
  freeTicket = made.data.ticketDefinition.id;
});

describe('events checkout (orders)', () => {
  it('getCheckoutOptions, listAvailableTickets, queryAvailableTickets', async () => {
    const options = await visitor.checkout.getCheckoutOptions();
    expect(lastCall()).toMatchObject({
      method: 'GET',
      host: 'edge.wixapis.com',
      pathAndQuery: '/events/v1/checkout/options',
    });
    expect(options).toMatchObject({
      paymentMethodConfigured: true,
      acceptCoupons: true,
      acceptGiftCards: false,
    });

    const listed = await visitor.checkout.listAvailableTickets({ eventId: concert._id!, limit: 10 });
    expect(lastCall().pathAndQuery).toBe(
      `/events/v1/checkout/available-tickets?eventId=${concert._id}&limit=10`,
    );
    expect(listed.metaData).toEqual({ count: 3, offset: 0, total: 3 });
    const byName = new Map((listed.definitions ?? []).map((definition) => [definition.name, definition]));
    const front = byName.get('Front row')!;
    general = byName.get('General admission')!._id!;
    expect(front).toMatchObject({
      price: { amount: '65.00', currency: 'USD' },
      free: false,
      eventId: concert._id,
      saleStatus: 'SALE_STARTED',
      dashboard: { hidden: false, limited: true, quantity: 4 },
      pricing: { pricingType: 'STANDARD' },
    });
    expect(front.salePeriod?.hideNotOnSale).toBe(false);

    const queried = await custom.checkout.queryAvailableTickets({
      limit: 10,
      filter: { eventId: concert._id },
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/_api/events/v1/checkout/available-tickets/query',
    });
    expect(
      (queried.definitions ?? []).map((definition: { _id?: string | null }) => definition._id),
    ).toContain(freeTicket);
  });

  it('createReservation, getInvoice, cancelReservation', async () => {
    const reservation = await visitor.checkout.createReservation(concert._id!, {
      ticketQuantities: [{ ticketDefinitionId: general, quantity: 2 }],
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: '/events/v1/checkout/reservations',
      status: 200,
    });
    expect(reservation._id).toEqual(expect.any(String));
    expect(reservation.expires).toBeInstanceOf(Date);
    expect(reservation).toMatchObject({
      reservationStatus: 'RESERVATION_PENDING',
      reservations: [{ quantity: 2, ticket: { _id: general, name: 'General admission' } }],
      invoice: { grandTotal: { amount: '50.00' } },
    });

    const invoice = await visitor.checkout.getInvoice(reservation._id!, concert._id!, {
      withDiscount: { couponCode: 'NO-SUCH-CODE' },
    });
    expect(lastCall().pathAndQuery).toBe(`/events/v1/checkout/invoices/${reservation._id}`);
    expect(invoice.discountErrors?.error?.[0]?.code).toEqual(expect.any(String));
    expect(invoice.reservations?.[0]?.quantity).toBe(2);

    await visitor.checkout.cancelReservation(reservation._id!, concert._id!);
    expect(lastCall()).toMatchObject({
      method: 'DELETE',
      pathAndQuery: `/events/v1/checkout/reservations/${reservation._id}?id=${reservation._id}&eventId=${concert._id}`,
      status: 200,
    });
    const after = await visitor.checkout.getInvoice(reservation._id!, concert._id!);
    expect(after.reservationStatus).toBe('RESERVATION_CANCELED_MANUALLY');

    await expect(
      visitor.checkout.createReservation(concert._id!, {
        ticketQuantities: [{ ticketDefinitionId: general, quantity: 1 }],
        ignoreLimits: true,
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'PERMISSION_DENIED' } } });
  });

  it('checkout: FREE at once for free tickets, OFFLINE_PENDING in person; updateCheckout', async () => {
    const freeOne = await visitor.checkout.createReservation(concert._id!, {
      ticketQuantities: [{ ticketDefinitionId: freeTicket, quantity: 1 }],
    });
    const done = await visitor.checkout.checkout(concert._id!, { reservationId: freeOne._id!, buyer });
    expect(lastCall()).toMatchObject({ method: 'POST', pathAndQuery: '/events/v1/checkout', status: 200 });
    expect(done.order).toMatchObject({ status: 'FREE', email: buyer.email, ticketsQuantity: 1 });
    expect(done.order?.created).toBeInstanceOf(Date);
    expect(done.order?.tickets?.[0]?.ticketNumber).toEqual(expect.any(String));

    const paidOne = await visitor.checkout.createReservation(concert._id!, {
      ticketQuantities: [{ ticketDefinitionId: general, quantity: 1 }],
    });
    const inPerson = await visitor.checkout.checkout(concert._id!, {
      reservationId: paidOne._id!,
      buyer,
      options: { payInPerson: true },
    });
    expect(inPerson.order).toMatchObject({ status: 'OFFLINE_PENDING', totalPrice: { amount: '25.00' } });
    const orderNumber = inPerson.order!.orderNumber!;
    const updated = await visitor.checkout.updateCheckout(orderNumber, concert._id!, {
      buyer: { firstName: 'Amazing Grace' },
    });
    expect(lastCall()).toMatchObject({ method: 'PATCH', pathAndQuery: `/events/v1/checkout/${orderNumber}` });
    expect(updated.order).toMatchObject({ firstName: 'Amazing Grace', status: 'OFFLINE_PENDING' });
  });

  it('posCheckout (owner) and the eventsCheckout redirect to the hosted checkout', async () => {
    const atTheDoor = await owner.checkout.createReservation(concert._id!, {
      ticketQuantities: [{ ticketDefinitionId: general, quantity: 1 }],
    });
    const sold = await owner.checkout.posCheckout(concert._id!, { reservationId: atTheDoor._id! });
    expect(lastCall()).toMatchObject({
      host: 'www.wixapis.com',
      pathAndQuery: '/events/v1/pos-checkout',
      status: 200,
    });
    expect(sold.order).toMatchObject({ status: 'PAID', channel: 'OFFLINE_POS' });

    const reservation = await visitor.checkout.createReservation(concert._id!, {
      ticketQuantities: [{ ticketDefinitionId: general, quantity: 2 }],
    });
    const { redirectSession } = await visitor.redirects.createRedirectSession({
      eventsCheckout: { eventSlug: concert.slug!, reservationId: reservation._id! },
      callbacks: { postFlowUrl: 'http://localhost:3000/tickets' },
    });
    expect(redirectSession?.fullUrl).toMatch(/\/hosted\/checkout\?session=/);
    const page = await plaza.call('GET', `/plaza/v1/redirect-sessions/${redirectSession!._id}/checkout`);
    expect(page.status).toBe(200);
    expect(page.data.checkout.lineItems[0]).toMatchObject({
      quantity: 2,
      productName: { original: 'General admission' },
      itemType: { preset: 'SERVICE' },
    });
    expect(page.data.checkout.priceSummary.subtotal.amount).toBe('50.00');
  });
});
