/**
 * What the hosted ticket page ("Add your details") reads and saves, keyed by its `eventsCheckout`
 * redirect session (intent.ts keeps the reservation's id with it). The page pays through the hosted
 * checkout calls of ecom on the same session; here are the event, the reservation and the time left on
 * it, the registration form, the buyer's and each ticket's guest's answers (saved on the reservation's
 * INITIATED order, which the payment completes: catalog-provider.ts), and the tickets once paid.
 */

import { type FieldViolation, ValidationError } from '../../lib/errors.ts';
import { currencyDigits, formatMoney, toDecimalString } from '../../lib/money.ts';
import { type EcomDeps, ecomErrors } from '../ecom/index.ts';
import { type RedirectSessionRecord, redirectsErrors } from '../redirects/index.ts';
import { venueOf } from './catalog-provider.ts';
import { eventsErrors } from './errors.ts';
import {
  type FormValue,
  minorOf,
  type StoredReservation,
  type StoredTicket,
  type StoredTicketOrder,
} from './service/checkout-model.ts';
import { type EventsDeps, type Raw, type StoredEvent, siteInfo } from './service/context.ts';
import { orderLinks } from './service/order-links.ts';
import { discountedUnitPrices } from './service/plan-benefits.ts';
import { calendarUrls, formatted } from './service/render.ts';
import { definitionsOf, statusAt } from './service/reservations.ts';
import { buyerOf, formValues, placeOrder } from './service/ticket-orders.ts';

interface Opened {
  session: RedirectSessionRecord;
  /** Past the session's hour: the buyer's details and ticket links are no longer handed out. */
  expired: boolean;
  reservation: StoredReservation;
  event: StoredEvent;
}

async function open(deps: EventsDeps, ecom: EcomDeps, sessionId: string): Promise<Opened> {
  const session = await ecom.redirects.get(sessionId);
  if (!session) throw redirectsErrors.notFound(sessionId);
  const reservationId = session.request.intentData?.reservationId;
  if (session.intent !== 'eventsCheckout' || typeof reservationId !== 'string')
    throw redirectsErrors.wrongIntent(sessionId, session.intent, 'eventsCheckout');
  const reservation = await deps.store.reservations
    .forSite(session.siteId)
    .get<StoredReservation>(reservationId);
  if (!reservation) throw eventsErrors.reservationNotFound(reservationId);
  const event = await deps.store.events.forSite(session.siteId).get<StoredEvent>(reservation.eventId);
  if (!event) throw eventsErrors.eventNotFound(reservation.eventId);
  const expired = session.expiresDate <= deps.clock.now().toISOString();
  return { session, expired, reservation, event };
}

async function orderOf(deps: EventsDeps, siteId: string, reservationId: string) {
  const found = await deps.store.orders
    .forSite(siteId)
    .query({ filter: { reservationId }, paging: { limit: 1 } });
  return found.items[0] ? (JSON.parse(found.items[0]) as StoredTicketOrder) : undefined;
}

/** The form's inputs the page shows: those of controls not deleted, in the owner's order. */
function liveForm(event: StoredEvent) {
  const controls = (event.form.controls ?? [])
    .filter((control) => !(control as { deleted?: boolean }).deleted)
    .sort((a, b) => (a.orderIndex ?? 0) - (b.orderIndex ?? 0));
  return { controls, messages: event.form.messages ?? {} };
}

function guestNameOf(ticket: StoredTicket) {
  const name = `${ticket.guest?.firstName ?? ''} ${ticket.guest?.lastName ?? ''}`.trim();
  return name ? { guestName: name } : {};
}

async function answer(deps: EventsDeps, opened: Opened) {
  const { session, expired, reservation, event } = opened;
  const { siteId } = session;
  const order = await orderOf(deps, siteId, reservation.id);
  const settings = event.dateAndTimeSettings;
  const venue = venueOf(event);
  const { currency } = reservation;
  const digits = currencyDigits(currency);
  const planPrices =
    reservation.planDiscount && discountedUnitPrices(reservation.lines, currency, reservation.planDiscount);
  const site = await siteInfo(deps, siteId);
  const eventPage = `${site.siteUrl.replace(/\/+$/, '')}/event-details/${encodeURIComponent(event.slug)}`;
  const placed = order && order.status !== 'INITIATED';
  const links = order && placed && !expired ? orderLinks(deps.publicUrl, siteId, order) : undefined;
  const postFlowUrl = session.request.postFlowUrl;
  return {
    event: {
      id: event.id,
      slug: event.slug,
      title: event.title,
      ...(event.shortDescription ? { shortDescription: event.shortDescription } : {}),
      ...(settings.startDate ? { startDate: settings.startDate } : {}),
      ...(settings.endDate ? { endDate: settings.endDate } : {}),
      timeZoneId: settings.timeZoneId,
      dateAndTime: formatted(settings).dateAndTime,
      ...(venue ? { venue } : {}),
    },
    reservation: {
      id: reservation.id,
      status: statusAt(reservation, deps.clock.nowMs()),
      expires: reservation.expires,
      tickets: reservation.lines.map((line, i) => {
        // A plan's discount shows as ecom charges it: each ticket at its discounted price.
        const discounted = planPrices?.[i];
        const minor = discounted ?? minorOf(line.price, currency);
        return {
          ticketDefinitionId: line.ticketDefinitionId,
          name: line.name,
          quantity: line.quantity,
          price: {
            amount: discounted === undefined ? line.price : toDecimalString(discounted, digits),
            currency,
            formattedAmount: formatMoney(minor, currency, digits),
          },
        };
      }),
    },
    form: liveForm(event),
    ...(order && !expired
      ? {
          details: {
            ...order.buyer,
            form: { inputValues: order.form },
            guests: order.tickets.map(({ guest }) => ({
              ...(guest?.firstName ? { firstName: guest.firstName } : {}),
              ...(guest?.lastName ? { lastName: guest.lastName } : {}),
              ...(guest?.email ? { email: guest.email } : {}),
              form: { inputValues: guest?.form ?? [] },
            })),
          },
        }
      : {}),
    ...(order && placed
      ? {
          order: {
            orderNumber: order.orderNumber,
            status: order.status,
            tickets: order.tickets.map((ticket) => ({
              ticketNumber: ticket.ticketNumber,
              name: ticket.name,
              ...(expired ? {} : guestNameOf(ticket)),
              ...(links ? { pdfUrl: links.ticketPdf(ticket.ticketNumber) } : {}),
            })),
            ...(links ? { ticketsPdfUrl: links.ticketsPdf } : {}),
          },
        }
      : {}),
    calendarLinks: calendarUrls(event),
    reserveAgainUrl: postFlowUrl ?? eventPage,
    ...(postFlowUrl ? { postFlowUrl } : {}),
  };
}

export async function getHostedEventCheckout(deps: EventsDeps, ecom: EcomDeps, sessionId: string) {
  return answer(deps, await open(deps, ecom, sessionId));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The answers checked against the event's form: every mandatory input given, none longer than it
 * allows, a choice among its options, and always a first name, last name and e-mail (the buyer).
 */
export function formViolations(event: StoredEvent, values: readonly FormValue[]) {
  const violations: Array<Omit<FieldViolation, 'data'>> = [];
  const given = new Map(values.map((value) => [value.inputName, value]));
  const inputs = liveForm(event).controls.flatMap((control) => control.inputs ?? []);
  const named = new Set(inputs.map((input) => input.name));
  for (const name of ['firstName', 'lastName', 'email'])
    if (!named.has(name)) inputs.push({ name, mandatory: true, maxLength: name === 'email' ? 255 : 100 });
  for (const input of inputs) {
    if (!input.name) continue;
    const field = `form.${input.name}`;
    const value = given.get(input.name);
    const texts = value ? [value.value, ...value.values].filter((text) => text.trim() !== '') : [];
    if (texts.length === 0) {
      if (input.mandatory)
        violations.push({ field, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
      continue;
    }
    if (input.maxLength && texts.some((text) => text.length > input.maxLength!))
      violations.push({
        field,
        description: `must be at most ${input.maxLength} characters`,
        violatedRule: 'MAX_LENGTH',
      });
    else if (input.options?.length && texts.some((text) => !input.options!.includes(text)))
      violations.push({
        field,
        description: 'is not one of the options',
        violatedRule: 'INVALID_ENUM_VALUE',
      });
    else if (input.name === 'email' && !EMAIL.test(texts[0]!.trim()))
      violations.push({ field, description: 'is not an e-mail address', violatedRule: 'FORMAT' });
  }
  return violations;
}

const trimmedForm = (raw: Raw | undefined) =>
  formValues(raw).map((value) => ({
    ...value,
    value: value.value.trim(),
    values: value.values.map((text) => text.trim()),
  }));

/**
 * The guests' answers, one form per ticket in the reservation's order, each checked as the buyer's is
 * (`guests[i].form.<input>`): a ticket names the one who comes with it.
 */
function guestForms(
  event: StoredEvent,
  reservation: StoredReservation,
  guests: readonly Raw[],
  violations: Array<Omit<FieldViolation, 'data'>>,
) {
  const count = reservation.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (guests.length !== count) {
    violations.push({
      field: 'guests',
      description: `must name one guest per ticket (${count})`,
      violatedRule: 'EXACT_SIZE',
    });
    return [];
  }
  return guests.map((guest, i) => {
    const form = trimmedForm(guest?.form);
    for (const violation of formViolations(event, form))
      violations.push({ ...violation, field: `guests[${i}].${violation.field}` });
    return { form: { inputValues: form } };
  });
}

/**
 * Saves the buyer's answers, and the guests' when given, on the reservation's order, INITIATED until
 * the payment completes it (the order is made here when there is none yet). Refused once the
 * reservation is no longer pending.
 */
export async function updateHostedEventCheckout(
  deps: EventsDeps,
  ecom: EcomDeps,
  sessionId: string,
  form: Raw,
  guests?: readonly Raw[],
) {
  const opened = await open(deps, ecom, sessionId);
  if (opened.expired) throw ecomErrors.sessionExpired(sessionId);
  const { session, reservation: read, event } = opened;
  const values = trimmedForm(form);
  const violations = formViolations(event, values);
  const guestAnswers = guests ? guestForms(event, read, guests, violations) : undefined;
  if (violations.length > 0) throw new ValidationError(violations);
  const { siteId } = session;
  const now = deps.clock.nowMs();
  const definitions = new Map((await definitionsOf(deps, siteId, event.id)).map((d) => [d.id, d]));
  await deps.store.transaction(async (trx) => {
    // Under the row's lock: a payment committing meanwhile is waited for, then refused here.
    const reservation = await deps.store.reservations
      .forSite(siteId, trx)
      .update<StoredReservation>(read.id, {}, { expectedRevision: read.revision });
    const status = statusAt(reservation, now);
    if (status !== 'RESERVATION_PENDING') throw eventsErrors.reservationClosed(reservation.id, status);
    await placeOrder(deps, trx, siteId, reservation, definitions, {
      status: 'INITIATED',
      channel: 'ONLINE',
      ownerKey: reservation.ownerKey,
      buyer: buyerOf(undefined, values),
      form: values,
      guests: guestAnswers,
    });
  });
  return answer(deps, await open(deps, ecom, sessionId));
}
