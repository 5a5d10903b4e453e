/**
 * Events as ecom sells them (ecom/catalog-provider.ts): a reservation's ticket type is a SERVICE line
 * (`catalogItemId` the ticket definition, `options.reservationId`) of the reserved quantity, fixed,
 * valid until the reservation expires. At pay, `commit` confirms the reservation's holds and makes its
 * ticketing order (PAID, FREE, AUTHORIZED when the card was only authorised, or OFFLINE_PENDING when the
 * order is to be paid offline) in ecom's order transaction; `cancel` gives the tickets back and cancels
 * the ticketing order (VOIDED when its authorisation is given back). A reservation checked out with a
 * plan's discount (`paidPlanBenefit`) is priced per ticket after it (`fullPrice` before); its credits,
 * held at checkout, are confirmed by `commit` and given back by `cancel`.
 */
import type { Kysely } from 'kysely';
import { confirm, release } from '../../db/capacity.ts';
import type { Schema } from '../../db/schema.ts';
import { currencyDigits, formatMoney, toDecimalString } from '../../lib/money.ts';
import {
  type CatalogContext,
  type CatalogLookup,
  type CatalogProvider,
  ecomErrors,
  type OrderedLine,
  type OrderRef,
} from '../ecom/index.ts';
import {
  invoiceOf,
  minorOf,
  type StoredReservation,
  type StoredTicketOrder,
} from './service/checkout-model.ts';
import type { EventsDeps, StoredEvent } from './service/context.ts';
import { scheduledCapture } from './service/order-jobs.ts';
import { discountedUnitPrices } from './service/plan-benefits.ts';
import { definitionsOf, statusAt } from './service/reservations.ts';
import { placeOrder } from './service/ticket-orders.ts';

/** Map 17: Wix Events. */
export const EVENTS_APP_ID = '140603ad-af8d-84a5-2c80-a0f60cb47351';

const reservationIdOf = (options: Readonly<Record<string, unknown>>) =>
  typeof options.reservationId === 'string' ? options.reservationId : '';

/** Whether the buyer holds the reservation: the same key, or the visitor who made it before signing in. */
const holds = (reservation: StoredReservation, buyer: CatalogContext['buyer']) =>
  reservation.ownerKey === buyer.ownerKey ||
  (buyer.visitorId !== undefined && reservation.ownerKey === `visitor:${buyer.visitorId}`);

export function venueOf(event: StoredEvent) {
  const address = event.location.address as
    | { formatted?: string; city?: string; country?: string }
    | undefined;
  const where = address?.formatted ?? [address?.city, address?.country].filter(Boolean).join(', ');
  return (
    [event.location.name, where].filter(Boolean).join(', ') ||
    (event.location.type === 'ONLINE' ? 'Online' : '')
  );
}

export function eventsCatalog(deps: EventsDeps): CatalogProvider {
  const notFound = (catalogItemId: string): CatalogLookup => ({
    catalogItemId,
    availability: { status: 'NOT_FOUND' },
  });

  async function commitReservation(
    context: CatalogContext,
    reservationId: string,
    lines: readonly OrderedLine[],
    order: OrderRef,
    trx: Kysely<Schema>,
  ) {
    const { siteId, now, buyer } = context;
    const items = lines.map((line) => ({ catalogItemId: line.catalogItemId, requested: line.quantity }));
    const reservation = await deps.store.reservations
      .forSite(siteId, trx)
      .get<StoredReservation>(reservationId);
    if (!reservation || !holds(reservation, buyer))
      throw ecomErrors.lineHeldByOther(items.map((item) => ({ ...item, reason: 'HELD_BY_OTHER' as const })));
    const lapsed = () =>
      ecomErrors.lineHoldExpired(items.map((item) => ({ ...item, reason: 'HOLD_EXPIRED' as const })));
    if (reservation.status !== 'RESERVATION_PENDING') throw lapsed();
    const ordered = reservation.lines.filter((line) =>
      lines.some((l) => l.catalogItemId === line.ticketDefinitionId && l.quantity === line.quantity),
    );
    if (ordered.length === 0) throw lapsed();
    for (const line of reservation.lines) {
      if (!ordered.includes(line)) {
        await release(trx, siteId, line.holdId, now);
        continue;
      }
      const result = await confirm(trx, siteId, line.holdId, now);
      if (result.status !== 'confirmed') throw lapsed();
    }
    // The plan's credits held at checkout are spent with the payment; lapsed and taken since, the
    // line is refused and the charge given back.
    const creditHoldId = reservation.planDiscount?.creditHoldId;
    if (creditHoldId && (await confirm(trx, siteId, creditHoldId, now)).status !== 'confirmed')
      throw lapsed();
    const sold = { ...reservation, lines: ordered };
    const free =
      invoiceOf(ordered, reservation.currency, { plan: reservation.planDiscount }).grandMinor === 0;
    const definitions = new Map(
      (await definitionsOf(deps, siteId, reservation.eventId, trx)).map((d) => [d.id, d]),
    );
    const authorized = !free && order.authorized === true;
    const event = authorized
      ? await deps.store.events.forSite(siteId, trx).get<StoredEvent>(reservation.eventId)
      : undefined;
    await placeOrder(deps, trx, siteId, sold, definitions, {
      status: free ? 'FREE' : authorized ? 'AUTHORIZED' : order.paid === false ? 'OFFLINE_PENDING' : 'PAID',
      channel: 'ONLINE',
      ownerKey: reservation.ownerKey,
      memberId: buyer.memberId,
      method: order.paid === false && !authorized ? 'offline' : 'online',
      ...(authorized
        ? { scheduledAction: scheduledCapture(now, event?.dateAndTimeSettings.startDate ?? null) }
        : {}),
      ecomOrderId: order.id,
      paymentId: order.number,
      ...(reservation.planDiscount ? { planDiscount: reservation.planDiscount } : {}),
    });
  }

  return {
    appIds: [EVENTS_APP_ID],

    async lookUp({ siteId, buyer, now }, { catalogItemId, options }) {
      const reservation = await deps.store.reservations
        .forSite(siteId)
        .get<StoredReservation>(reservationIdOf(options));
      if (!reservation || !holds(reservation, buyer)) return notFound(catalogItemId);
      const line = reservation.lines.find((l) => l.ticketDefinitionId === catalogItemId);
      const event = await deps.store.events.forSite(siteId).get<StoredEvent>(reservation.eventId);
      if (!line || !event) return notFound(catalogItemId);
      const live = statusAt(reservation, now.getTime()) === 'RESERVATION_PENDING';
      const { currency, planDiscount } = reservation;
      const digits = currencyDigits(currency);
      const money = (minor: number) => ({
        amount: minor,
        currency,
        decimal: toDecimalString(minor, digits),
        formatted: formatMoney(minor, currency, digits),
      });
      const fullPrice = money(minorOf(line.price, currency));
      // A plan's discount is the catalog's own: each ticket of the line at its discounted price.
      const discounted = planDiscount
        ? discountedUnitPrices(reservation.lines, currency, planDiscount)?.[reservation.lines.indexOf(line)]
        : undefined;
      const price = discounted === undefined ? fullPrice : money(discounted);
      const { startDate, endDate } = event.dateAndTimeSettings;
      const venue = venueOf(event);
      return {
        catalogItemId,
        name: line.name,
        price,
        fullPrice,
        descriptionLines: [
          { name: 'Event', value: event.title },
          ...(venue ? [{ name: 'Venue', value: venue }] : []),
          ...(planDiscount && price.amount < fullPrice.amount
            ? [{ name: 'Plan', value: `${planDiscount.planName}: ${planDiscount.percent}% off` }]
            : []),
        ],
        availability: live ? { status: 'AVAILABLE' } : { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
        itemType: 'SERVICE',
        fixedQuantity: true,
        maxQuantity: line.quantity,
        priceDescription: 'per ticket',
        ...(startDate
          ? {
              serviceProperties: {
                scheduledDate: startDate,
                ...(endDate ? { endDate } : {}),
                numberOfParticipants: line.quantity,
              },
            }
          : {}),
        version: `${reservation.revision}|${event.revision}`,
        ...(live ? { validUntil: Date.parse(reservation.expires) } : {}),
      };
    },

    // A reservation's ticket type is its own line: never merged with another reservation's.
    lineKey: ({ catalogItemId, options }) => `reservation:${reservationIdOf(options)}:${catalogItemId}`,

    async commit(context, lines, order, trx) {
      const byReservation = new Map<string, OrderedLine[]>();
      for (const line of lines) {
        const id = reservationIdOf(line.options);
        byReservation.set(id, [...(byReservation.get(id) ?? []), line]);
      }
      for (const [id, reserved] of byReservation) await commitReservation(context, id, reserved, order, trx);
    },

    async cancel({ siteId, now }, lines, order, trx) {
      const orders = deps.store.orders.forSite(siteId, trx);
      for (const reservationId of new Set(lines.map((line) => reservationIdOf(line.options)))) {
        const reservation = await deps.store.reservations
          .forSite(siteId, trx)
          .get<StoredReservation>(reservationId);
        if (!reservation) continue;
        for (const line of reservation.lines) await release(trx, siteId, line.holdId, now);
        // The plan's credits come back with the tickets.
        const creditHoldId = reservation.planDiscount?.creditHoldId;
        if (creditHoldId) await release(trx, siteId, creditHoldId, now);
        const found = await orders.query({ filter: { reservationId }, paging: { limit: 1 } });
        const ticketOrder = found.items[0] ? (JSON.parse(found.items[0]) as StoredTicketOrder) : undefined;
        // An authorisation given back is a void: the order says so rather than CANCELED.
        const closed = ticketOrder?.status === 'CANCELED' || ticketOrder?.status === 'VOIDED';
        if (ticketOrder && ticketOrder.ecomOrderId === order.id && !closed)
          await orders.update(ticketOrder.id, {
            status: ticketOrder.status === 'AUTHORIZED' ? 'VOIDED' : 'CANCELED',
            scheduledAction: undefined,
            tickets: ticketOrder.tickets.map((ticket) => ({ ...ticket, canceled: true })),
          });
        if (reservation.status !== 'RESERVATION_CANCELED')
          await deps.store.reservations
            .forSite(siteId, trx)
            .update(reservationId, { status: 'RESERVATION_CANCELED' });
      }
    },
  };
}
