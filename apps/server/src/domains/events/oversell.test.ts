import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { availability } from '../../db/capacity.ts';
import { concert } from './fixtures.test-helper.ts';
import { ticketResource } from './store.ts';

const ATTEMPTS = 2000;
const AT_ONCE = 100;
const TICKETS = 150;

/**
 * No oversell: many buyers reserving the same tickets at once, through the HTTP path, get exactly as
 * many as there are, whatever the interleaving; after the reservations expire the tickets sell again,
 * and what is paid never exceeds the quantity.
 */
describe.each(engines)('events: no oversell (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let eventId: string;
  let definitionId: string;
  let visitors: string[];

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-02-01T00:00:00.000Z');
    site = await t.createSite({ name: 'Sell-out' });
    const event = await t.call({
      method: 'POST',
      url: '/events/v3/events',
      auth: site.adminKey,
      payload: { event: concert({ title: 'Sell-out Night' }) },
    });
    eventId = event.data.event.id;
    const definition = await t.call({
      method: 'POST',
      url: '/events/v3/ticket-definitions',
      auth: site.adminKey,
      payload: {
        ticketDefinition: {
          eventId,
          name: 'GA',
          pricingMethod: { fixedPrice: { value: '0' } },
          initialLimit: TICKETS,
        },
      },
    });
    definitionId = definition.data.ticketDefinition.id;
    visitors = await Promise.all(Array.from({ length: AT_ONCE }, () => site.token('visitor')));
  }, 120_000);
  afterAll(() => t.close());

  const reserve = (auth: string) =>
    t.call({
      method: 'POST',
      url: '/events/v1/checkout/reservations',
      auth,
      payload: { eventId, ticketQuantities: [{ ticketDefinitionId: definitionId, quantity: 1 }] },
    });

  /** ATTEMPTS reservations, AT_ONCE in flight at a time; answers their ids and refusals by code. */
  async function rush(attempts: number) {
    const held: Array<{ id: string; auth: string }> = [];
    const refused = new Map<string, number>();
    for (let start = 0; start < attempts; start += AT_ONCE) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(AT_ONCE, attempts - start) }, (_, i) => reserve(visitors[i]!)),
      );
      for (const [i, response] of batch.entries()) {
        if (response.statusCode === 200) held.push({ id: response.data.id, auth: visitors[i]! });
        else {
          const key = `${response.statusCode} ${response.data?.details?.applicationError?.code}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
        }
      }
    }
    return { held, refused };
  }
  const counter = async () =>
    (await availability(t.platform.database.db, site.id, ticketResource(definitionId), t.clock.now()))!;

  it(`${ATTEMPTS} attempts, ${AT_ONCE} at a time, for ${TICKETS} tickets: exactly ${TICKETS} held; again after expiry; never more sold`, async () => {
    const first = await rush(ATTEMPTS);
    expect(first.held).toHaveLength(TICKETS);
    expect(Object.fromEntries(first.refused)).toEqual({ '409 TICKET_SOLD_OUT': ATTEMPTS - TICKETS });
    expect(await counter()).toMatchObject({ held: TICKETS, confirmed: 0, available: 0 });

    // Check out ten (free tickets: the order is made at once, its holds confirmed).
    for (const { id, auth } of first.held.slice(0, 10)) {
      const done = await t.call({
        method: 'POST',
        url: '/events/v1/checkout',
        auth,
        payload: {
          eventId,
          reservationId: id,
          buyer: { firstName: 'A', lastName: 'B', email: 'a@example.com' },
        },
      });
      expect(done.data.order?.status, done.body).toBe('FREE');
    }
    expect(await counter()).toMatchObject({ held: TICKETS - 10, confirmed: 10, available: 0 });

    t.clock.advance(20 * 60_000 + 1);
    await t.platform.jobs.runDue();
    await t.platform.outbox.dispatchPending();
    const sold = (await counter()).confirmed;
    expect(sold).toBe(10);
    const second = await rush(ATTEMPTS);
    expect(second.held).toHaveLength(TICKETS - sold);
    expect(await counter()).toMatchObject({ held: TICKETS - sold, confirmed: sold, available: 0 });
  }, 300_000);
});
