/**
 * Ticketing orders: one per reservation (a unique index), keyed by its order number, with a ticket per
 * seat reserved. `placeOrder` confirms the reservation's holds and makes the order in the caller's
 * transaction: the checkout call's (free, pay in person, marked paid, point of sale) or ecom's order
 * transaction (catalog-provider.ts). An order waiting for payment (INITIATED) holds nothing of its own:
 * its reservation's holds keep the tickets until they expire.
 */
import { randomInt } from 'node:crypto';
import type { TicketingOrder } from '@plaza/contracts';
import type { Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { confirm } from '../../../db/capacity.ts';
import type { Schema } from '../../../db/schema.ts';
import type { CouponRule } from '../../ecom/index.ts';
import {
  type FormValue,
  invoiceOf,
  minorOf,
  moneyV1,
  type PlanDiscount,
  type ReservationLine,
  type StoredReservation,
  type StoredTicket,
  type StoredTicketOrder,
  type TaxSettings,
  type TicketOrderStatus,
} from './checkout-model.ts';
import type { EventsDeps, Raw, StoredDefinition, StoredEvent } from './context.ts';
import { enqueueConfirmationMail, enqueueScheduledPayment } from './order-jobs.ts';
import { newAccessToken, type OrderLinks } from './order-links.ts';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const group = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** `7KQ2-M9XD-3RT`: short enough to read out at the door, 55 bits of chance against a collision. */
export const newOrderNumber = () => `${group(4)}-${group(4)}-${group(3)}`;

export interface OrderDetails {
  status: TicketOrderStatus;
  channel: 'ONLINE' | 'OFFLINE_POS';
  ownerKey: string;
  memberId?: string | undefined;
  buyer?: { firstName?: string; lastName?: string; email?: string } | undefined;
  form?: FormValue[] | undefined;
  guests?: Raw[] | undefined;
  method?: string | undefined;
  coupon?: CouponRule | undefined;
  planDiscount?: PlanDiscount | undefined;
  ecomOrderId?: string | undefined;
  paymentId?: string | undefined;
  marketingConsent?: boolean | undefined;
  scheduledAction?: StoredTicketOrder['scheduledAction'] | undefined;
}

export const formValues = (raw: Raw | undefined): FormValue[] =>
  ((raw?.inputValues ?? []) as Raw[]).map((value) => ({
    inputName: value.inputName,
    value: value.value ?? '',
    values: value.values ?? [],
  }));

const inputOf = (form: readonly FormValue[], name: string) =>
  form.find((value) => value.inputName === name)?.value || undefined;

/** The buyer named by `buyer`, or else by the first guest's form (its firstName, lastName, email inputs). */
export function buyerOf(buyer: Raw | undefined, form: readonly FormValue[]) {
  return {
    firstName: buyer?.firstName || inputOf(form, 'firstName') || '',
    lastName: buyer?.lastName || inputOf(form, 'lastName') || '',
    email: buyer?.email || inputOf(form, 'email') || '',
  };
}

function ticketsOf(
  orderNumber: string,
  lines: readonly ReservationLine[],
  definitions: ReadonlyMap<string, StoredDefinition>,
  currency: string,
  guests: readonly Raw[],
): StoredTicket[] {
  const tickets: StoredTicket[] = [];
  const compact = orderNumber.replace(/-/g, '');
  for (const line of lines) {
    for (let n = 0; n < line.quantity; n++) {
      const form = formValues(guests[tickets.length]?.form);
      const guest = form.length > 0 ? { ...buyerOf(undefined, form), form } : undefined;
      tickets.push({
        ticketNumber: `${compact}${String(tickets.length + 1).padStart(2, '0')}`,
        ticketDefinitionId: line.ticketDefinitionId,
        name: line.name,
        price: line.price,
        free: minorOf(line.price, currency) === 0,
        policy: definitions.get(line.ticketDefinitionId)?.policyText ?? '',
        ...(guest ? { guest } : {}),
        canceled: false,
      });
    }
  }
  return tickets;
}

/** The reservation's lines, a hold each, confirmed for good; false when one had lapsed and gone. */
export async function confirmHolds(
  trx: Kysely<Schema>,
  siteId: string,
  reservation: StoredReservation,
  now: Date,
) {
  for (const line of reservation.lines) {
    const result = await confirm(trx, siteId, line.holdId, now);
    if (result.status !== 'confirmed') return false;
  }
  return true;
}

/**
 * Makes (or completes, when one waits for payment) the order of `reservation`; a status other than
 * INITIATED confirms the reservation, whose holds the caller has confirmed.
 */
export async function placeOrder(
  deps: EventsDeps,
  trx: Kysely<Schema>,
  siteId: string,
  reservation: StoredReservation,
  definitions: ReadonlyMap<string, StoredDefinition>,
  details: OrderDetails,
): Promise<StoredTicketOrder> {
  const orders = deps.store.orders.forSite(siteId, trx);
  const found = await orders.query({ filter: { reservationId: reservation.id }, paging: { limit: 1 } });
  const waiting = found.items[0] ? (JSON.parse(found.items[0]) as StoredTicketOrder) : undefined;
  const form = details.form ?? waiting?.form ?? [];
  const buyer = details.buyer ? buyerOf(details.buyer, form) : (waiting?.buyer ?? buyerOf(undefined, form));
  const fields = {
    status: details.status,
    channel: details.channel,
    buyer,
    form,
    ...(details.method ? { method: details.method } : {}),
    ...(details.ecomOrderId ? { ecomOrderId: details.ecomOrderId } : {}),
    ...(details.paymentId ? { paymentId: details.paymentId } : {}),
    ...(details.coupon ? { coupon: details.coupon } : {}),
    ...(details.planDiscount ? { planDiscount: details.planDiscount } : {}),
    ...(details.marketingConsent === undefined ? {} : { marketingConsent: details.marketingConsent }),
    ...(details.scheduledAction ? { scheduledAction: details.scheduledAction } : {}),
  };
  let order: StoredTicketOrder;
  if (waiting) {
    const tickets = details.guests
      ? ticketsOf(waiting.orderNumber, reservation.lines, definitions, reservation.currency, details.guests)
      : waiting.tickets;
    // The reservation's plan discount is the order's (a checkout without one has taken it off).
    const planDiscount = details.planDiscount ?? reservation.planDiscount;
    order = await orders.update<StoredTicketOrder>(waiting.id, { ...fields, tickets, planDiscount });
  } else {
    const orderNumber = newOrderNumber();
    const created: Omit<StoredTicketOrder, 'id' | 'revision' | 'createdDate' | 'updatedDate'> = {
      orderNumber,
      reservationId: reservation.id,
      eventId: reservation.eventId,
      ownerKey: details.ownerKey,
      ...(details.memberId ? { memberId: details.memberId } : {}),
      ...fields,
      tickets: ticketsOf(
        orderNumber,
        reservation.lines,
        definitions,
        reservation.currency,
        details.guests ?? [],
      ),
      currency: reservation.currency,
      archived: false,
      accessToken: newAccessToken(),
    };
    order = (await orders.create(created, { id: orderNumber })) as StoredTicketOrder;
  }
  const now = deps.clock.now();
  if (details.status !== 'INITIATED') await enqueueConfirmationMail(trx, siteId, order.orderNumber, now);
  if (details.scheduledAction)
    await enqueueScheduledPayment(trx, siteId, order.orderNumber, details.scheduledAction.date, now);
  if (details.status !== 'INITIATED' && reservation.status !== 'RESERVATION_CONFIRMED')
    await deps.store.reservations
      .forSite(siteId, trx)
      .update(
        reservation.id,
        { status: 'RESERVATION_CONFIRMED' },
        { expectedRevision: reservation.revision },
      );
  return order;
}

/** Every ticket that lets someone in has been checked in (an order of none is not). */
export function fullyCheckedIn(order: StoredTicketOrder) {
  const valid = order.tickets.filter((ticket) => !ticket.canceled);
  return valid.length > 0 && valid.every((ticket) => ticket.checkIn !== undefined);
}

/** The order as the v1 calls answer it. */
export function orderView(
  order: StoredTicketOrder,
  reservation: StoredReservation,
  tax: TaxSettings | undefined,
  links?: OrderLinks,
): Static<typeof TicketingOrder> {
  const { invoice, grandMinor } = invoiceOf(reservation.lines, reservation.currency, {
    coupon: order.coupon,
    plan: order.planDiscount,
    tax,
  });
  const fullName = `${order.buyer.firstName} ${order.buyer.lastName}`.trim();
  const canceled = order.status === 'CANCELED' || order.status === 'VOIDED';
  return {
    orderNumber: order.orderNumber,
    reservationId: order.reservationId,
    eventId: order.eventId,
    ...(order.memberId ? { memberId: order.memberId } : {}),
    created: order.createdDate,
    updated: order.updatedDate,
    firstName: order.buyer.firstName,
    lastName: order.buyer.lastName,
    email: order.buyer.email,
    fullName,
    checkoutForm: { inputValues: order.form },
    confirmed: order.status !== 'INITIATED' && order.status !== 'OFFLINE_PENDING' && !canceled,
    status: order.status,
    ...(order.method ? { method: order.method } : {}),
    ticketsQuantity: order.tickets.length,
    totalPrice: moneyV1(grandMinor, order.currency),
    tickets: order.tickets.map((ticket) => {
      const guestName = ticket.guest
        ? `${ticket.guest.firstName ?? ''} ${ticket.guest.lastName ?? ''}`.trim()
        : '';
      return {
        ticketNumber: ticket.ticketNumber,
        orderNumber: order.orderNumber,
        ticketDefinitionId: ticket.ticketDefinitionId,
        name: ticket.name,
        price: moneyV1(minorOf(ticket.price, order.currency), order.currency),
        free: ticket.free,
        policy: ticket.policy,
        orderStatus: order.status,
        orderArchived: order.archived,
        orderFullName: fullName,
        ...(guestName ? { guestFullName: guestName } : {}),
        guestDetails: {
          guestAssigned: ticket.guest !== undefined,
          ...(ticket.guest?.firstName ? { firstName: ticket.guest.firstName } : {}),
          ...(ticket.guest?.lastName ? { lastName: ticket.guest.lastName } : {}),
          ...(ticket.guest?.email ? { email: ticket.guest.email } : {}),
          ...(ticket.guest?.form ? { form: { inputValues: ticket.guest.form } } : {}),
        },
        archived: order.archived,
        ...(order.memberId ? { memberId: order.memberId } : {}),
        anonymized: false,
        channel: order.channel,
        canceled: canceled || ticket.canceled,
        ...(links
          ? {
              checkInUrl: links.checkIn(ticket.ticketNumber),
              ticketPdfUrl: links.ticketPdf(ticket.ticketNumber),
            }
          : {}),
        ...(ticket.checkIn ? { checkIn: ticket.checkIn } : {}),
      };
    }),
    archived: order.archived,
    anonymized: false,
    invoice,
    fullyCheckedIn: fullyCheckedIn(order),
    ...(order.paymentId && order.method
      ? {
          paymentDetails: {
            transaction: {
              transactionId: order.paymentId,
              method: order.method,
              ...(order.scheduledAction ? { scheduledActionExecutionDate: order.scheduledAction.date } : {}),
            },
          },
        }
      : {}),
    channel: order.channel,
    ...(order.marketingConsent === undefined ? {} : { marketingConsent: order.marketingConsent }),
    ...(links ? { ticketsPdf: links.ticketsPdf } : {}),
  };
}

export const taxOf = (event: StoredEvent) => event.registration.tickets.taxSettings;
