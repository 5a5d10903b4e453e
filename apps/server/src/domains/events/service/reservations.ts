/**
 * Reservations: tickets held for a buyer until the reservation expires (the event's reservation
 * duration). Each ticket type of a reservation is one capacity hold (db/capacity.ts) on the
 * definition's resource, all taken in one transaction or none: the counter's conditional UPDATE is
 * what keeps a sale from ever exceeding the quantity. An expired reservation's tickets are for sale
 * again at once (capacity counts an expired hold as free); its status turns EXPIRED when the hold's
 * expiry event reaches the `events-reservations` consumer (reservations-consumer.ts).
 */
import type { Kysely } from 'kysely';
import { type Hold, hold, release } from '../../../db/capacity.ts';
import type { Schema } from '../../../db/schema.ts';
import type { Caller } from '../../../http/access.ts';
import { holdExpiredPayload } from '../../../jobs/hold-expiry.ts';
import { AppError, commonErrors, invalidField } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { freezeJson } from '../../../lib/json-freeze.ts';
import { recordDomainEvent, recordEntityEvent } from '../../../outbox/outbox.ts';
import { type CouponRule, ownerKeyOf } from '../../ecom/index.ts';
import { eventsErrors } from '../errors.ts';
import { type Executor, type Sellable, ticketResource } from '../store.ts';
import {
  definitionV1,
  holdIdOf,
  invoiceOf,
  isDonation,
  minorOf,
  moneyV1,
  type PlanDiscount,
  type ReservationLine,
  type ReservationStatus,
  type StoredReservation,
  type StoredTicketOrder,
} from './checkout-model.ts';
import { type EventsDeps, isAdmin, type Raw, type StoredDefinition, type StoredEvent } from './context.ts';
import { onSale } from './definition.ts';
import { statusOf } from './render.ts';

/** The coupon `code` for tickets of `subtotal` minor units, or an AppError saying why not. */
export type CouponLookup = (
  siteId: string,
  code: string,
  currency: string,
  subtotal: number,
) => Promise<CouponRule>;

export interface CheckoutDeps extends EventsDeps {
  /** Site coupons (ecom's), when the platform has them. */
  coupons?: CouponLookup;
}

/** A PENDING reservation past its expiry is EXPIRED, whether or not its expiry was recorded yet. */
export const statusAt = (reservation: StoredReservation, now: number): ReservationStatus =>
  reservation.status === 'RESERVATION_PENDING' && Date.parse(reservation.expires) <= now
    ? 'RESERVATION_EXPIRED'
    : reservation.status;

export async function eventFor(deps: EventsDeps, caller: Caller, eventId: string, executor?: Executor) {
  const event = await deps.store.events.forSite(caller.siteId, executor).get<StoredEvent>(eventId);
  if (!event || (event.lifecycle === 'DRAFT' && !isAdmin(caller))) throw eventsErrors.eventNotFound(eventId);
  return event;
}

/** The event's definitions in the order the owner made them (their `orderIndex`). */
export async function definitionsOf(deps: EventsDeps, siteId: string, eventId: string, executor?: Executor) {
  const docs = await deps.store.definitionsOf(executor ?? deps.store.db, siteId, [eventId]);
  return docs.map((doc) => JSON.parse(doc) as StoredDefinition);
}

/**
 * The event with its definitions, as a reservation checks them (store.ts `sellables`): a visitor
 * reserving again and again reads neither from the database each time.
 */
async function sellable(deps: EventsDeps, caller: Caller, eventId: string): Promise<Sellable> {
  const { siteId } = caller;
  const found = await deps.store.sellables.get(`${siteId}\u0000${eventId}`, async () => {
    const event = await deps.store.events.forSite(siteId).get<StoredEvent>(eventId);
    if (!event) return undefined;
    return freezeJson({
      event: event as StoredEvent,
      definitions: await definitionsOf(deps, siteId, eventId),
    });
  });
  if (!found || (found.event.lifecycle === 'DRAFT' && !isAdmin(caller)))
    throw eventsErrors.eventNotFound(eventId);
  return found;
}

/** The caller's reservation (any of the site's for owners); 404 for anyone else's. */
export async function reservationFor(
  deps: EventsDeps,
  caller: Caller,
  id: string,
  eventId: string | undefined,
  executor?: Executor,
) {
  const found = await deps.store.reservations.forSite(caller.siteId, executor).get<StoredReservation>(id);
  if (
    !found ||
    (eventId !== undefined && found.eventId !== eventId) ||
    (!isAdmin(caller) && found.ownerKey !== ownerKeyOf(caller))
  )
    throw eventsErrors.reservationNotFound(id);
  return found;
}

/** Holds a sale found past their expiry and freed: told as the sweep tells its own. */
export async function reportExpired(trx: Kysely<Schema>, expired: readonly Hold[], now: Date) {
  for (const freed of expired)
    await recordDomainEvent(trx, {
      siteId: freed.siteId,
      entityKind: 'capacity_hold',
      entityId: freed.holdId,
      event: 'expired',
      payload: holdExpiredPayload(freed),
      occurredDate: now.toISOString(),
    });
}

function checkOnSale(event: StoredEvent, now: number, ignoreLimits: boolean) {
  const status = statusOf(event, now);
  if (event.registration.initialType !== 'TICKETING') throw eventsErrors.notTicketed(event.id);
  if (event.lifecycle !== 'PUBLISHED' || status === 'ENDED' || status === 'CANCELED')
    throw eventsErrors.notOnSale(event.id, `The event is ${status.toLowerCase()}.`, { status });
  const { registrationDisabled, registrationPaused } = event.registration;
  if (!ignoreLimits && (registrationDisabled || registrationPaused))
    throw eventsErrors.notOnSale(event.id, 'Registration for the event is closed.');
}

/** One requested line checked against its definition, with the unit price it is reserved at. */
function lineOf(
  raw: Raw,
  index: number,
  definition: StoredDefinition | undefined,
  event: StoredEvent,
  options: { now: number; ignoreLimits: boolean; allowHidden: boolean },
): Omit<ReservationLine, 'holdId'> {
  const at = `ticketQuantities[${index}]`;
  if (!definition || (definition.hidden && !options.allowHidden))
    throw eventsErrors.ticketDefinitionNotFound(raw.ticketDefinitionId);
  const counts = { limit: null, sold: 0, reserved: 0, unsold: null };
  if (!options.ignoreLimits && onSale(definition, event, counts, options.now).saleStatus !== 'SALE_STARTED')
    throw eventsErrors.notOnSale(event.id, `${definition.name} is not on sale now.`, {
      ticketDefinitionId: definition.id,
    });
  const perOrder = definition.limitPerCheckout || event.registration.tickets.ticketLimitPerOrder;
  if (!options.ignoreLimits && raw.quantity > perOrder)
    throw invalidField(`${at}.quantity`, `must be at most ${perOrder} for ${definition.name}`, 'MAX');
  const currency = event.registration.tickets.currency;
  const details: Raw[] = raw.ticketDetails ?? [];
  const { fixedPrice, guestPrice, pricingOptions } = definition.pricingMethod;
  let price = fixedPrice?.value ?? '0';
  let pricingOptionId: string | undefined;
  if (guestPrice) {
    const given = raw.priceOverride ?? details[0]?.priceOverride;
    if (given === undefined)
      throw invalidField(`${at}.priceOverride`, 'is required for a donation ticket', 'REQUIRED_FIELD');
    if (minorUnitsOrNull(given, currency, `${at}.priceOverride`) < minorOf(guestPrice.value, currency))
      throw invalidField(`${at}.priceOverride`, `must be at least ${guestPrice.value}`, 'DECIMAL_GTE');
    price = given;
  } else if (pricingOptions) {
    const ids = new Set(details.map((detail) => detail.pricingOptionId).filter(Boolean));
    if (ids.size > 1)
      throw invalidField(`${at}.ticketDetails`, 'one pricing option per line: send a line per option');
    const chosen = ids.size === 1 ? [...ids][0] : pricingOptions.optionDetails[0]?.optionId;
    const option = pricingOptions.optionDetails.find((o) => o.optionId === chosen);
    if (!option) throw invalidField(`${at}.ticketDetails[0].pricingOptionId`, 'names no pricing option');
    price = option.price.value;
    pricingOptionId = option.optionId;
  }
  return {
    ticketDefinitionId: definition.id,
    quantity: raw.quantity,
    name: definition.name,
    price: minorToDecimal(minorUnitsOrNull(price, currency, `${at}.priceOverride`), currency),
    donation: isDonation(definition),
    ...(pricingOptionId ? { pricingOptionId } : {}),
  };
}

const minorUnitsOrNull = (value: string, currency: string, field: string) => {
  try {
    return minorOf(value, currency);
  } catch {
    throw invalidField(field, `has more decimals than ${currency} has`, 'DECIMAL_MAX_SCALE');
  }
};
const minorToDecimal = (minor: number, currency: string) => moneyV1(minor, currency).value;

export async function createReservation(deps: CheckoutDeps, caller: Caller, input: Raw) {
  const admin = isAdmin(caller);
  const ignoreLimits = input.ignoreLimits === true;
  if ((ignoreLimits || input.allowHiddenTickets === true) && !admin)
    throw commonErrors.insufficientPermissions('owner (admin)');
  const { siteId } = caller;
  const now = deps.clock.now();
  const { event, definitions: all } = await sellable(deps, caller, input.eventId);
  checkOnSale(event, now.getTime(), ignoreLimits);
  const definitions = new Map(all.map((d) => [d.id, d]));
  const options = { now: now.getTime(), ignoreLimits, allowHidden: input.allowHiddenTickets === true };
  const requested: Raw[] = input.ticketQuantities;
  const lines = requested.map((raw, i) =>
    lineOf(raw, i, definitions.get(raw.ticketDefinitionId), event, options),
  );
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  const perOrder = event.registration.tickets.ticketLimitPerOrder;
  if (!ignoreLimits && total > perOrder)
    throw invalidField(
      'ticketQuantities',
      `hold ${total} tickets; an order takes at most ${perOrder}`,
      'MAX',
    );

  const id = newId();
  const expiresAt = new Date(
    now.getTime() + event.registration.tickets.reservationDurationInMinutes * 60_000,
  );
  const ownerKey = ownerKeyOf(caller);
  const held = lines.map((line, i) => ({ ...line, holdId: holdIdOf(id, i) }));
  // Resources in one order, so that two reservations of the same types never wait for each other crosswise.
  const order = held
    .map((_, i) => i)
    .sort((a, b) => {
      const [x, y] = [
        ticketResource(held[a]!.ticketDefinitionId),
        ticketResource(held[b]!.ticketDefinitionId),
      ];
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  const reservation = await deps.store.transaction(async (trx) => {
    for (const i of order) {
      const line = held[i]!;
      const result = await hold(trx, siteId, {
        resourceKey: ticketResource(line.ticketDefinitionId),
        quantity: line.quantity,
        ownerKey,
        now,
        expiresAt,
        holdId: line.holdId,
      });
      if (result.status !== 'unknown') await reportExpired(trx, result.expired, now);
      if (result.status !== 'held')
        throw eventsErrors.soldOut(
          line.ticketDefinitionId,
          line.quantity,
          result.status === 'short' ? result.available : 0,
        );
    }
    return deps.store.reservations.forSite(siteId, trx).create(
      {
        eventId: event.id,
        status: 'RESERVATION_PENDING',
        expires: expiresAt.toISOString(),
        ownerKey,
        currency: event.registration.tickets.currency,
        lines: held,
      },
      { id, now: now.toISOString() },
    ) as Promise<StoredReservation>;
  });
  const view = await reservationView(deps, siteId, reservation, event, undefined, all);
  return { id, expires: reservation.expires, ...view };
}

/** The reservation's tickets (each line with its definition as it is now) and its invoice. */
export async function reservationView(
  deps: EventsDeps,
  siteId: string,
  reservation: StoredReservation,
  event: StoredEvent,
  coupon?: CouponRule,
  /** The event's definitions, oldest first, when the caller has just read them. */
  known?: readonly StoredDefinition[],
  plan?: PlanDiscount,
) {
  const now = deps.clock.nowMs();
  const all = known ?? (await definitionsOf(deps, siteId, event.id));
  const lines = reservation.lines.flatMap((line) => {
    const index = all.findIndex((d) => d.id === line.ticketDefinitionId);
    return index < 0 ? [] : [{ line, index, definition: all[index]! }];
  });
  // One statement for the counts of every line.
  const counts = await deps.store.ticketCountsOf(
    deps.store.db,
    siteId,
    lines.map(({ definition }) => definition),
    deps.clock.now(),
  );
  const reservations = lines.map(({ line, index, definition }) => ({
    quantity: line.quantity,
    ticket: definitionV1(definition, event, counts.get(definition.id)!, now, index),
    ticketDetails: line.donation
      ? [{ priceOverride: line.price }]
      : line.pricingOptionId
        ? [{ pricingOptionId: line.pricingOptionId }]
        : [],
  }));
  const { invoice } = invoiceOf(reservation.lines, reservation.currency, {
    coupon,
    plan,
    tax: event.registration.tickets.taxSettings,
  });
  return { reservations, invoice, reservationStatus: statusAt(reservation, now) };
}

export async function cancelReservation(deps: EventsDeps, caller: Caller, id: string, eventId: string) {
  await deps.store.transaction(async (trx) => {
    const reservation = await reservationFor(deps, caller, id, eventId, trx);
    if (reservation.status === 'RESERVATION_CONFIRMED')
      throw eventsErrors.reservationClosed(id, reservation.status);
    if (reservation.status !== 'RESERVATION_PENDING') return;
    await closeReservation(deps, trx, caller.siteId, reservation, 'RESERVATION_CANCELED_MANUALLY');
  });
  return {};
}

/**
 * Ends a pending reservation (canceled, or expired: `expired` event), giving its held tickets back,
 * and cancels the order waiting for its payment, if any.
 */
export async function closeReservation(
  deps: EventsDeps,
  trx: Kysely<Schema>,
  siteId: string,
  reservation: StoredReservation,
  status: Exclude<ReservationStatus, 'RESERVATION_PENDING' | 'RESERVATION_CONFIRMED'>,
) {
  const now = deps.clock.now();
  for (const line of reservation.lines) await release(trx, siteId, line.holdId, now);
  // Credits held for its payment come back with the tickets (a confirmed order's stay spent).
  const creditHoldId = reservation.planDiscount?.creditHoldId;
  if (creditHoldId && reservation.status === 'RESERVATION_PENDING')
    await release(trx, siteId, creditHoldId, now);
  const updated = await deps.store.reservations
    .forSite(siteId, trx)
    .update<StoredReservation>(reservation.id, { status }, { expectedRevision: reservation.revision });
  if (status === 'RESERVATION_EXPIRED') {
    const { ownerKey: _ownerKey, ...entity } = updated;
    await recordEntityEvent(trx, siteId, 'reservation', 'expired', entity);
  }
  const orders = deps.store.orders.forSite(siteId, trx);
  const waiting = await orders.query({ filter: { reservationId: reservation.id, status: 'INITIATED' } });
  for (const doc of waiting.items) {
    const order = JSON.parse(doc) as StoredTicketOrder;
    await orders.update(order.id, { status: 'CANCELED' });
  }
}

/** Whether `error` is a refusal to answer the buyer with (a coupon's), rather than a failure. */
export const isRefusal = (error: unknown): error is AppError => error instanceof AppError;
