/** Orders the order-management tests start from: made through checkout, the door, or ecom's hosted page. */
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';
import { buyer, V1 } from './checkout.test-helper.ts';

interface Where {
  t: TestApp;
  site: TestSite;
  eventId: string;
}

export function orderCalls(where: () => Where) {
  const reserve = async (auth: string, ticketDefinitionId: string, quantity = 1) => {
    const { t, eventId } = where();
    const made = await t.call({
      method: 'POST',
      url: `${V1}/checkout/reservations`,
      auth,
      payload: { eventId, ticketQuantities: [{ ticketDefinitionId, quantity }] },
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.data.id as string;
  };

  /** A checkout by `auth`; `options` as the checkout call takes them. */
  async function checkoutOrder(auth: string, ticketDefinitionId: string, extra: object = {}, quantity = 1) {
    const { t, eventId } = where();
    const reservationId = await reserve(auth, ticketDefinitionId, quantity);
    const done = await t.call({
      method: 'POST',
      url: `${V1}/checkout`,
      auth,
      payload: { eventId, reservationId, buyer, ...extra },
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.data.order as {
      orderNumber: string;
      status: string;
      tickets: Array<{ ticketNumber: string }>;
    };
  }

  /** A paid reservation paid on ecom's hosted checkout with `card`, or offline without one. */
  async function payWithCard(auth: string, slug: string, ticketDefinitionId: string, card?: object) {
    const { t } = where();
    const order = await checkoutOrder(auth, ticketDefinitionId);
    const reservationId = (
      await t.call({
        method: 'GET',
        url: `${V1}/events/${where().eventId}/orders/${order.orderNumber}`,
        auth,
      })
    ).data.order.reservationId;
    const session = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth,
      payload: { eventsCheckout: { eventSlug: slug, reservationId } },
    });
    expect(session.statusCode, session.body).toBe(200);
    const base = `/plaza/v1/redirect-sessions/${session.data.redirectSession.id}/checkout`;
    const billed = await t.call({
      method: 'PATCH',
      url: base,
      payload: { billingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' } },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const paid = await t.call({
      method: 'POST',
      url: `${base}/pay`,
      payload: card ? { paymentMethod: 'test', card } : { paymentMethod: 'offline' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return order.orderNumber;
  }

  return { reserve, checkoutOrder, payWithCard };
}

/** The text of a PDF's streams, inflated where compressed, with hex strings decoded. */
export function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const parts: string[] = [source];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    try {
      parts.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a Flate stream: its raw text is in `source` already.
    }
  }
  const text = parts.join('\n');
  const hex = [...text.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) =>
    Buffer.from(m[1]!, 'hex').toString('latin1'),
  );
  return `${text}\n${hex.join('\n')}`;
}
