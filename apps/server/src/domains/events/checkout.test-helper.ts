/** The site, event and ticket types the checkout tests start from, and the calls they make. */
import { expect } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { settings, shopSettings } from '../../../test/flows/ecom-fixtures.ts';
import { availability } from '../../db/capacity.ts';
import type { Engine } from '../../db/connect.ts';
import { concert } from './fixtures.test-helper.ts';
import { ticketResource } from './store.ts';

export const V1 = '/events/v1';
export const ALIASES = [
  '/events/v1',
  '/_api/events/v1',
  '/_api/events-ticketing-v1-proxy/v1',
  '/_api/wix-events-web/v1',
];
interface Envelope {
  details?: {
    applicationError?: { code?: string };
    validationError?: { fieldViolations?: { field: string }[] };
  };
}
export const code = (response: { data: unknown }) =>
  (response.data as Envelope)?.details?.applicationError?.code;
export const fields = (response: { data: unknown }) =>
  ((response.data as Envelope)?.details?.validationError?.fieldViolations ?? []).map((v) => v.field);
export const buyer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

interface Where {
  t: TestApp;
  site: TestSite;
  eventId: string;
}

/** Calls on the event `where()` names at the time of the call. */
export function shopCalls(where: () => Where) {
  async function define(ticketDefinition: Record<string, unknown>) {
    const { t, site, eventId } = where();
    // One millisecond apart: definitions are listed in the order they were made.
    t.clock.advance(1);
    const response = await t.call({
      method: 'POST',
      url: '/events/v3/ticket-definitions',
      auth: site.adminKey,
      payload: { ticketDefinition: { eventId, ...ticketDefinition } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.ticketDefinition.id as string;
  }
  const reserve = (auth: string, ticketQuantities: object[], extra: object = {}) =>
    where().t.call({
      method: 'POST',
      url: `${V1}/checkout/reservations`,
      auth,
      payload: { eventId: where().eventId, ticketQuantities, ...extra },
    });
  const left = async (definitionId: string) => {
    const { t, site } = where();
    return (await availability(
      t.platform.database.db,
      site.id,
      ticketResource(definitionId),
      t.clock.now(),
    ))!;
  };
  const invoice = (auth: string, reservationId: string, extra: object = {}) =>
    where().t.call({
      method: 'POST',
      url: `${V1}/checkout/invoices/${reservationId}`,
      auth,
      payload: { eventId: where().eventId, ...extra },
    });
  return { define, reserve, left, invoice };
}

/** A site taking test and offline payments, with a ticketed event: GA 25.00 (150), Free (10), hidden Crew. */
export async function ticketShop(engine: Engine) {
  const t = await buildTestApp(engine);
  t.clock.set('2026-02-01T00:00:00.000Z');
  const site = await t.createSite({ name: 'Tickets' });
  const other = await t.createSite({ name: 'Elsewhere' });
  await settings(t, site, shopSettings);
  const visitor = await site.token('visitor');
  const made = await t.call({
    method: 'POST',
    url: '/events/v3/events',
    auth: site.adminKey,
    payload: { event: concert({ title: 'Checkout Night' }) },
  });
  expect(made.statusCode, made.body).toBe(200);
  const eventId: string = made.data.event.id;
  const { define } = shopCalls(() => ({ t, site, eventId }));
  return {
    t,
    site,
    other,
    visitor,
    eventId,
    slug: made.data.event.slug as string,
    paid: await define({ name: 'GA', pricingMethod: { fixedPrice: { value: '25.00' } }, initialLimit: 150 }),
    free: await define({ name: 'Free', pricingMethod: { fixedPrice: { value: '0' } }, initialLimit: 10 }),
    crew: await define({ name: 'Crew', pricingMethod: { fixedPrice: { value: '0' } }, hidden: true }),
  };
}
