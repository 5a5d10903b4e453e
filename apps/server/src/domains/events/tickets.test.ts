import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { availability, confirm, hold } from '../../db/capacity.ts';
import { concert } from './fixtures.test-helper.ts';
import { ticketResource } from './store.ts';

const DEFS = '/events-ticket-definitions/v3/ticket-definitions';

describe.each(engines)('ticket definitions (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let visitor: string;
  let eventId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-02-01T00:00:00.000Z');
    site = await t.createSite({ name: 'Tickets' });
    visitor = await site.token('visitor');
    eventId = await newEvent('Concert');
  });
  afterAll(() => t.close());

  async function newEvent(title: string, extra: Record<string, unknown> = {}) {
    const response = await t.call({
      method: 'POST',
      url: '/events/v3/events',
      auth: site.adminKey,
      payload: { event: concert({ title }), ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.event.id as string;
  }
  async function define(ticketDefinition: Record<string, unknown>, fields?: string[]) {
    const response = await t.call({
      method: 'POST',
      url: DEFS,
      auth: site.adminKey,
      payload: { ticketDefinition: { eventId, ...ticketDefinition }, fields },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.ticketDefinition;
  }
  const eventOf = async (id: string) =>
    (await t.call({ method: 'GET', url: `/events/v3/events/${id}?fields=REGISTRATION`, auth: visitor })).data
      .event;
  const holdTickets = (definitionId: string, quantity: number) =>
    hold(t.platform.database.db, site.id, {
      resourceKey: ticketResource(definitionId),
      quantity,
      ownerKey: 'test',
      now: t.clock.now(),
      expiresAt: new Date(t.clock.nowMs() + 15 * 60_000),
    });

  it('createTicketDefinition: price, limit, fee and capacity in step; sales from the capacity', async () => {
    const vip = await define(
      {
        name: 'VIP',
        pricingMethod: { fixedPrice: { value: '80', currency: 'USD' } },
        initialLimit: 2,
        limitPerCheckout: 4,
      },
      ['SALES_DETAILS', 'EVENT_DETAILS'],
    );
    expect(vip).toMatchObject({
      eventId,
      name: 'VIP',
      revision: '1',
      limited: true,
      initialLimit: 2,
      actualLimit: 2,
      pricingMethod: {
        fixedPrice: { value: '80.00', currency: 'USD' },
        pricingType: 'STANDARD',
        free: false,
      },
      feeType: 'FEE_ADDED_AT_CHECKOUT',
      saleStatus: 'SALE_STARTED',
      salesDetails: { unsoldCount: 2, soldCount: 0, reservedCount: 0, soldOut: false },
      limitPerCheckout: 2,
      eventDetails: { title: 'Concert', slug: 'concert', status: 'UPCOMING' },
    });
    const counter = await availability(
      t.platform.database.db,
      site.id,
      ticketResource(vip.id),
      t.clock.now(),
    );
    expect(counter).toMatchObject({ capacity: 2, available: 2 });

    const standard = await define({ name: 'Standard', pricingMethod: { fixedPrice: { value: '25.50' } } });
    expect(standard).toMatchObject({ limited: false, initialLimit: null, limitPerCheckout: 20 });
    const free = await define({ name: 'Free', pricingMethod: { fixedPrice: { value: '0' } }, hidden: true });
    expect(free).toMatchObject({ feeType: 'NO_FEE', pricingMethod: { free: true }, hidden: true });
    const donation = await define({
      name: 'Donate',
      pricingMethod: { guestPrice: { value: '5' } },
      feeType: 'FEE_INCLUDED',
    });
    expect(donation.pricingMethod).toMatchObject({
      pricingType: 'DONATION',
      free: false,
      guestPrice: { value: '5.00' },
    });

    // The event's prices are over the tickets visitors see (the free one is hidden).
    const event = await eventOf(eventId);
    expect(event.registration).toMatchObject({
      status: 'OPEN_TICKETS',
      tickets: {
        lowestPrice: { value: '5.00', formattedValue: '$5.00' },
        highestPrice: { value: '80.00' },
        soldOut: false,
      },
    });

    // Two VIP tickets reserved: none left of it, the others still on sale.
    await holdTickets(vip.id, 2);
    const got = await t.call({
      method: 'GET',
      url: `${DEFS}/${vip.id}?fields=SALES_DETAILS`,
      auth: site.adminKey,
    });
    expect(got.data.ticketDefinition).toMatchObject({
      salesDetails: { unsoldCount: 0, reservedCount: 2, soldOut: true },
      limitPerCheckout: 0,
    });
    // The limit cannot go below what is reserved, nor the definition be deleted.
    const shrink = await t.call({
      method: 'PATCH',
      url: `${DEFS}/${vip.id}`,
      auth: site.adminKey,
      payload: { ticketDefinition: { id: vip.id, revision: '1', initialLimit: 1 } },
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.data.details.validationError.fieldViolations[0].field).toBe(
      'ticketDefinition.initialLimit',
    );
    const remove = await t.call({ method: 'DELETE', url: `${DEFS}/${vip.id}`, auth: site.adminKey });
    expect(remove.data.details.applicationError.code).toBe('TICKET_DEFINITION_HAS_SALES');

    const grow = await t.call({
      method: 'PATCH',
      url: `${DEFS}/${vip.id}`,
      auth: site.adminKey,
      payload: {
        ticketDefinition: { id: vip.id, revision: '1', initialLimit: 5 },
        fields: ['SALES_DETAILS'],
      },
    });
    expect(grow.data.ticketDefinition).toMatchObject({ revision: '2', salesDetails: { unsoldCount: 3 } });
    const stale = await t.call({
      method: 'PATCH',
      url: `${DEFS}/${vip.id}`,
      auth: site.adminKey,
      payload: { ticketDefinition: { id: vip.id, revision: '1', name: 'Stale' } },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('an event is sold out, and its registration closed automatically, when every ticket is gone', async () => {
    const id = await newEvent('Tiny gig');
    const only = await t.call({
      method: 'POST',
      url: DEFS,
      auth: site.adminKey,
      payload: {
        ticketDefinition: {
          eventId: id,
          name: 'Only',
          pricingMethod: { fixedPrice: { value: '10' } },
          initialLimit: 1,
        },
      },
    });
    const held = await holdTickets(only.data.ticketDefinition.id, 1);
    expect(held.status).toBe('held');
    if (held.status === 'held')
      await confirm(t.platform.database.db, site.id, held.hold.holdId, t.clock.now());
    const event = await eventOf(id);
    expect(event.registration).toMatchObject({ status: 'CLOSED_AUTOMATICALLY', tickets: { soldOut: true } });
    const dashboard = await t.call({
      method: 'GET',
      url: `/events/v3/events/${id}?fields=DASHBOARD`,
      auth: site.adminKey,
    });
    expect(dashboard.data.event.summaries.tickets).toMatchObject({ ticketsSold: 1, currencyLocked: true });
    // Deleting the event deletes its definitions; nothing is left to sell.
    await t.call({ method: 'DELETE', url: `/events/v3/events/${id}`, auth: site.adminKey });
    const gone = await t.call({
      method: 'GET',
      url: `${DEFS}/${only.data.ticketDefinition.id}`,
      auth: site.adminKey,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('sale status follows the sale period; visitors see what is on sale, hidden and drafts left out', async () => {
    const id = await newEvent('Festival');
    // A second apart: definitions are listed in the order they were made.
    const post = (ticketDefinition: Record<string, unknown>) => {
      t.clock.advance(1000);
      return t.call({
        method: 'POST',
        url: DEFS,
        auth: site.adminKey,
        payload: { ticketDefinition: { eventId: id, ...ticketDefinition } },
      });
    };
    const period = { startDate: '2026-02-10T00:00:00.000Z', endDate: '2026-02-20T00:00:00.000Z' };
    const early = (
      await post({ name: 'Early', pricingMethod: { fixedPrice: { value: '10' } }, salePeriod: period })
    ).data.ticketDefinition;
    expect(early.saleStatus).toBe('SALE_SCHEDULED');
    await post({
      name: 'Shown',
      pricingMethod: { fixedPrice: { value: '10' } },
      salePeriod: { ...period, displayNotOnSale: true },
    });
    await post({ name: 'Door', pricingMethod: { fixedPrice: { value: '30' } } });
    await post({ name: 'Crew', pricingMethod: { fixedPrice: { value: '0' } }, hidden: true });
    const draftId = await newEvent('Secret', { draft: true });
    await t.call({
      method: 'POST',
      url: DEFS,
      auth: site.adminKey,
      payload: {
        ticketDefinition: { eventId: draftId, name: 'Draft', pricingMethod: { fixedPrice: { value: '1' } } },
      },
    });

    const available = async (filter: Record<string, unknown>) => {
      const response = await t.call({
        method: 'POST',
        url: '/_api/events-ticket-definitions/v3/ticket-definitions/available/query',
        // A token minted now: moving the clock ages the older ones.
        auth: await site.token('visitor'),
        payload: { query: { filter } },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.data.ticketDefinitions.map(
        (d: { name: string; saleStatus: string }) => `${d.name}:${d.saleStatus}`,
      );
    };
    expect(await available({ eventId: id })).toEqual(['Shown:SALE_SCHEDULED', 'Door:SALE_STARTED']);
    expect(await available({ eventId: draftId })).toEqual([]);
    t.clock.set('2026-02-15T00:00:00.000Z');
    expect(await available({ eventId: id })).toEqual([
      'Early:SALE_STARTED',
      'Shown:SALE_STARTED',
      'Door:SALE_STARTED',
    ]);
    t.clock.set('2026-02-25T00:00:00.000Z');
    expect(await available({ eventId: id })).toEqual(['Shown:SALE_ENDED', 'Door:SALE_STARTED']);
    t.clock.set('2026-02-01T00:00:00.000Z');

    const all = await t.call({
      method: 'POST',
      url: '/events/v3/ticket-definitions/query',
      auth: site.adminKey,
      payload: { query: { filter: { eventId: id }, sort: [{ fieldName: 'name', order: 'ASC' }] } },
    });
    expect(all.data.ticketDefinitions.map((d: { name: string }) => d.name)).toEqual([
      'Crew',
      'Door',
      'Early',
      'Shown',
    ]);
    expect(all.data.metadata).toMatchObject({ count: 4, total: 4 });
    const denied = await t.call({
      method: 'POST',
      url: `${DEFS}/query`,
      auth: visitor,
      payload: { query: {} },
    });
    expect(denied.statusCode).toBe(403);
    const create = await t.call({
      method: 'POST',
      url: DEFS,
      auth: visitor,
      payload: { ticketDefinition: { eventId: id } },
    });
    expect(create.statusCode).toBe(403);
  });

  it('refuses bad input with field violations, and tickets for an RSVP event', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x' }, 'ticketDefinition.pricingMethod'],
      [
        { name: 'x', pricingMethod: { fixedPrice: { value: '1' }, guestPrice: { value: '1' } } },
        'ticketDefinition.pricingMethod',
      ],
      [
        { name: 'x', pricingMethod: { fixedPrice: { value: '1', currency: 'EUR' } } },
        'ticketDefinition.pricingMethod.fixedPrice.currency',
      ],
      [
        { name: 'x', pricingMethod: { fixedPrice: { value: '1.001' } } },
        'ticketDefinition.pricingMethod.fixedPrice.value',
      ],
      [
        { name: 'x', pricingMethod: { fixedPrice: { value: '5' } }, feeType: 'NO_FEE' },
        'ticketDefinition.feeType',
      ],
      [{ pricingMethod: { fixedPrice: { value: '5' } } }, 'ticketDefinition.name'],
      [
        { name: 'x', pricingMethod: { fixedPrice: { value: '-5' } } },
        'ticketDefinition.pricingMethod.fixedPrice.value',
      ],
      [
        {
          name: 'x',
          pricingMethod: { fixedPrice: { value: '5' } },
          salePeriod: { startDate: '2026-03-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z' },
        },
        'ticketDefinition.salePeriod.endDate',
      ],
    ];
    for (const [ticketDefinition, field] of bad) {
      const response = await t.call({
        method: 'POST',
        url: DEFS,
        auth: site.adminKey,
        payload: { ticketDefinition: { eventId, ...ticketDefinition } },
      });
      expect(response.statusCode, field).toBe(400);
      expect(
        response.data.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
      ).toContain(field);
    }
    const rsvp = await t.call({
      method: 'POST',
      url: '/events/v3/events',
      auth: site.adminKey,
      payload: { event: concert({ title: 'Meetup', registration: { initialType: 'RSVP' } }) },
    });
    const refused = await t.call({
      method: 'POST',
      url: DEFS,
      auth: site.adminKey,
      payload: {
        ticketDefinition: {
          eventId: rsvp.data.event.id,
          name: 'x',
          pricingMethod: { fixedPrice: { value: '0' } },
        },
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.details.applicationError.code).toBe('EVENT_NOT_TICKETED');
  });
});
