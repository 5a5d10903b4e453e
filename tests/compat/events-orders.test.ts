import { orders } from '@wix/events';
import { createClient } from '@wix/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/events` `orders`, unchanged, for its eight order-management calls (map 10): the owner through
 * an API key (www host) and a client of a custom API host (`/_api/wix-events-web/v1`); a visitor is
 * refused the owner's calls.
 */
const modules = { orders };
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
    auth: demoOwnerAuth(),
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
let eventId: string;
let inPerson: string;

beforeAll(async () => {
  const listed = await plaza.call('POST', '/events/v3/events/query', {
    auth: plaza.demo.apiKey,
    body: { query: {} },
  });
  eventId = listed.data.events.find((e: { title: string }) => e.title === 'Summer Jazz Night').id;
  const tickets = await plaza.call(
    'GET',
    `/events/v1/checkout/available-tickets?eventId=${eventId}&limit=10`,
    {
      auth: plaza.demo.apiKey,
    },
  );
  const paid = tickets.data.definitions.find((d: { free: boolean }) => !d.free).id;
  const reservation = await visitor.orders.createReservation(eventId, {
    ticketQuantities: [{ ticketDefinitionId: paid, quantity: 1 }],
  });
  const done = await visitor.orders.checkout(eventId, {
    reservationId: reservation._id!,
    buyer,
    options: { payInPerson: true },
  });
  inPerson = done.order!.orderNumber!;
});

describe('events order management (orders)', () => {
  it('listOrders with filters, fieldsets and facets; getOrder with its calendar links', async () => {
    const listed = await owner.orders.listOrders({
      eventId: [eventId],
      status: ['OFFLINE_PENDING'],
      fieldset: ['TICKETS', 'DETAILS'],
      facet: ['status'],
      limit: 10,
    });
    expect(lastCall()).toMatchObject({ method: 'GET', host: 'www.wixapis.com', status: 200 });
    expect(lastCall().pathAndQuery).toMatch(/^\/events\/v1\/orders\?/);
    expect(listed.orders!.map((o) => o.orderNumber)).toContain(inPerson);
    expect(listed.orders![0]).toMatchObject({ status: 'OFFLINE_PENDING', email: buyer.email });
    expect(listed.orders![0]?.created).toBeInstanceOf(Date);
    expect(listed.facets?.status?.counts?.OFFLINE_PENDING).toBeGreaterThan(0);

    const order = await custom.orders.getOrder({ eventId, orderNumber: inPerson }, { fieldset: ['TICKETS'] });
    expect(lastCall()).toMatchObject({
      host: CUSTOM_HOST,
      pathAndQuery: expect.stringMatching(
        new RegExp(`^/_api/wix-events-web/v1/events/${eventId}/orders/${inPerson}`),
      ),
    });
    expect(order.tickets?.[0]?.ticketPdfUrl).toContain('/ticket.pdf?token=');
    expect(order.ticketsPdf).toContain('/tickets.pdf?token=');
  });

  it('updateOrder and bulkUpdateOrders archive; confirmOrder makes it PAID; getSummary', async () => {
    const updated = await owner.orders.updateOrder({ eventId, orderNumber: inPerson }, { archived: true });
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/events/v1/events/${eventId}/orders/${inPerson}`,
    });
    expect(updated.order?.archived).toBe(true);
    const bulk = await owner.orders.bulkUpdateOrders(eventId, { orderNumber: [inPerson], archived: false });
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      pathAndQuery: `/events/v1/events/${eventId}/orders`,
    });
    expect(bulk.orders!.map((o) => o.archived)).toEqual([false]);
    const confirmed = await owner.orders.confirmOrder(eventId, { orderNumber: [inPerson] });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/events/v1/events/${eventId}/orders/confirm`,
    });
    expect(confirmed.orders![0]).toMatchObject({ status: 'PAID', confirmed: true });
    const summary = await owner.orders.getSummary({ eventId });
    expect(lastCall().pathAndQuery).toBe(`/events/v1/orders/summary?eventId=${eventId}`);
    expect(summary.sales![0]?.totalOrders).toBeGreaterThan(0);
    expect(summary.sales![0]?.revenue?.currency).toEqual(expect.any(String));
  });

  it('capture and void ask for an authorised order; a visitor is refused', async () => {
    await expect(owner.orders.captureAuthorizedPayment(inPerson, { eventId })).rejects.toMatchObject({
      details: { applicationError: { code: 'ORDER_NOT_CHANGEABLE' } },
    });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      pathAndQuery: `/events/v1/events/orders/${inPerson}/capture`,
    });
    await expect(owner.orders.voidAuthorizedPayment(inPerson, { eventId })).rejects.toMatchObject({
      details: { applicationError: { code: 'ORDER_NOT_CHANGEABLE' } },
    });
    expect(lastCall().pathAndQuery).toBe(`/events/v1/events/orders/${inPerson}/void`);
    await expect(visitor.orders.listOrders()).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});
