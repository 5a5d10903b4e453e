import { orders as checkout, wixEventsV2 as events, tickets } from '@wix/events';
import { createClient } from '@wix/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/events` `tickets`, unchanged, for checking tickets in at the door and undoing it (the owner's,
 * through an API key) against Plaza, at the official host and a custom API host.
 */
const modules = { checkout, events, tickets };
let owner: ReturnType<typeof ownerClient>;
let ownerOfCustomHost: ReturnType<typeof customHostOwner>;
let visitor: ReturnType<typeof visitorClient>;

const ownerClient = () => createClient({ modules, auth: demoOwnerAuth(), fetch: plaza.fetch });
const customHostOwner = () =>
  createClient({
    modules,
    auth: demoOwnerAuth(),
    host: { apiBaseUrl: CUSTOM_HOST },
    useCDN: false,
    fetch: plaza.fetch,
  } as Parameters<typeof createClient>[0]);
const visitorClient = () => createClient({ modules, auth: demoVisitorAuth(), fetch: plaza.fetch });

usePlazaPerFile(() => {
  owner = ownerClient();
  ownerOfCustomHost = customHostOwner();
  visitor = visitorClient();
});

const lastCall = () => plaza.requests.at(-1)!;
let eventId: string;
let ticketNumbers: string[];

beforeAll(async () => {
  const listed = await visitor.events.queryEvents().find();
  eventId = listed.items.find((event) => event.title === 'Summer Jazz Night')!._id!;
  const definitions = await visitor.checkout.listAvailableTickets({ eventId, limit: 10 });
  const general = definitions.definitions!.find((d) => d.name === 'General admission')!._id!;
  const reservation = await visitor.checkout.createReservation(eventId, {
    ticketQuantities: [{ ticketDefinitionId: general, quantity: 2 }],
  });
  const done = await visitor.checkout.checkout(eventId, {
    reservationId: reservation._id!,
    buyer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    options: { payInPerson: true },
  });
  ticketNumbers = done.order!.tickets!.map((ticket) => ticket.ticketNumber!);
});

describe('events tickets: check-in', () => {
  it('checkInTickets, once; deleteTicketCheckIns undoes it', async () => {
    const [first, second] = ticketNumbers;
    const checked = await owner.tickets.checkInTickets(eventId, { ticketNumber: [first!] });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      host: 'www.wixapis.com',
      pathAndQuery: '/events/v1/tickets/check-in',
      status: 200,
    });
    const [ticket] = checked.tickets ?? [];
    expect(ticket).toMatchObject({ ticketNumber: first, orderStatus: 'OFFLINE_PENDING' });
    expect(ticket?.checkIn?.created).toBeInstanceOf(Date);

    await expect(owner.tickets.checkInTickets(eventId, { ticketNumber: [first!] })).rejects.toMatchObject({
      details: { applicationError: { code: 'TICKET_ALREADY_CHECKED_IN' } },
    });
    await expect(visitor.tickets.checkInTickets(eventId, { ticketNumber: [second!] })).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });

    const other = await ownerOfCustomHost.tickets.checkInTickets(eventId, { ticketNumber: [second!] });
    expect(lastCall().status).toBe(200);
    expect(other.tickets?.[0]?.checkIn?.created).toBeInstanceOf(Date);

    const undone = await owner.tickets.deleteTicketCheckIns(eventId, { ticketNumber: [first!, second!] });
    expect(lastCall()).toMatchObject({ method: 'DELETE', status: 200 });
    expect(lastCall().pathAndQuery).toMatch(/^\/events\/v1\/tickets\/check-in\?/);
    expect((undone.tickets ?? []).map((t) => t.checkIn)).toEqual([undefined, undefined]);
  });
});
