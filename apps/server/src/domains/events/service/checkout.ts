/**
 * The checkout calls of ticketing v1: options, the tickets on sale, and the checkout of a reservation.
 * A free reservation, one paid in person, one an owner marks paid and one sold at the door become their
 * order here at once; a paid one waits (INITIATED) for its payment through ecom's checkout (the
 * `eventsCheckout` redirect, catalog-provider.ts), which completes the same order.
 */
import { listAvailableTickets as listAvailableTicketsCall } from '@plaza/contracts';
import { release } from '../../../db/capacity.ts';
import type { Caller } from '../../../http/access.ts';
import { commonErrors, invalidField } from '../../../lib/errors.ts';
import { schemaSerializer } from '../../../lib/schema-json.ts';
import { ownerKeyOf } from '../../ecom/index.ts';
import { getSite } from '../../sites/index.ts';
import { eventsErrors } from '../errors.ts';
import {
  definitionV1,
  invoiceOf,
  minorOf,
  type StoredReservation,
  type StoredTicketOrder,
  type TicketOrderStatus,
} from './checkout-model.ts';
import { isAdmin, type Raw, type StoredDefinition, type StoredEvent } from './context.ts';
import { definitionChanges, eventChanges, keptAnswer, nextSaleDate } from './kept-answers.ts';
import { orderLinks } from './order-links.ts';
import {
  benefitFor,
  discountedUnitPrices,
  planBenefitErrors,
  ticketsCovered,
  withCreditHold,
} from './plan-benefits.ts';
import { applyPlanBenefit } from './plan-checkout.ts';
import {
  type CheckoutDeps,
  definitionsOf,
  eventFor,
  reservationFor,
  reservationView,
  statusAt,
} from './reservations.ts';
import { buyerOf, confirmHolds, formValues, orderView, placeOrder, taxOf } from './ticket-orders.ts';

const owner = () => commonErrors.insufficientPermissions('owner (admin)');

export async function getCheckoutOptions(deps: CheckoutDeps, caller: Caller) {
  const site = await getSite(deps.sites, caller.siteId);
  const payments = (site.settings.payments ?? {}) as { test?: boolean; offline?: boolean };
  const configured = payments.test === true || payments.offline === true;
  return {
    paymentMethodConfigured: configured,
    acceptCoupons: deps.coupons !== undefined,
    premiumServices: true,
    paidTickets: configured,
    acceptGiftCards: false,
  };
}

/** `created:asc` → the query language's sort; v1 names the creation date `created`. */
function sortOf(sort: string | undefined) {
  const [field = 'created', order = 'asc'] = (sort ?? 'created:asc').split(':');
  const fieldName = field === 'created' || field === 'orderIndex' ? 'createdDate' : field;
  return [{ fieldName, order: order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' }, { fieldName: 'id' }];
}

/**
 * One page of the site's definitions under `filter`, as v1 answers them. Unless `everything` (owners),
 * only those visitors may buy: not hidden, of published events, on sale or shown while not on sale.
 */
async function definitionsPage(
  deps: CheckoutDeps,
  caller: Caller,
  filter: Record<string, unknown> | undefined,
  paging: { offset: number; limit: number; sort: string | undefined },
  everything: boolean,
  changes: number[],
) {
  const { siteId } = caller;
  const now = deps.clock.now().toISOString();
  const conditions: unknown[] = filter && Object.keys(filter).length > 0 ? [filter] : [];
  if (!everything) {
    const closed = await deps.store.closedEventIds(siteId);
    conditions.push({ hidden: false });
    if (closed.length > 0) conditions.push({ eventId: { $nin: closed } });
    conditions.push({
      $or: [
        { 'salePeriod.displayNotOnSale': true },
        {
          $and: [
            { $or: [{ 'salePeriod.startDate': null }, { 'salePeriod.startDate': { $lte: now } }] },
            { $or: [{ 'salePeriod.endDate': null }, { 'salePeriod.endDate': { $gt: now } }] },
          ],
        },
      ],
    });
  }
  const found = await deps.store.definitions.forSite(siteId).query(
    {
      filter: conditions.length > 0 ? { $and: conditions } : {},
      sort: sortOf(paging.sort),
      paging: { offset: paging.offset, limit: paging.limit },
    },
    { maxLimit: 1000 },
  );
  const events = new Map<string, { event: StoredEvent; order: string[] }>();
  const definitions = [];
  const stored = found.items.map((doc) => JSON.parse(doc) as StoredDefinition);
  const allCounts = await deps.store.ticketCountsOf(deps.store.db, siteId, stored, deps.clock.now());
  // What the clock alone changes: held tickets coming free, and which tickets are on sale.
  const ids = stored.map((definition) => definition.id);
  const freed = await deps.store.nextHoldExpiry(siteId, ids, deps.clock.now());
  if (freed !== undefined) changes.push(freed);
  if (!everything) changes.push(...(await nextSaleDate(deps, siteId, now)));
  for (const definition of stored) {
    let known = events.get(definition.eventId);
    if (!known) {
      const event = await deps.store.events.forSite(siteId).get<StoredEvent>(definition.eventId);
      if (!event) continue;
      const order = (await definitionsOf(deps, siteId, event.id)).map((d) => d.id);
      known = { event, order };
      events.set(event.id, known);
      eventChanges(event, changes);
    }
    definitionChanges(definition, changes);
    const counts = allCounts.get(definition.id)!;
    const index = known.order.indexOf(definition.id);
    definitions.push(definitionV1(definition, known.event, counts, deps.clock.nowMs(), index));
  }
  return {
    metaData: { count: definitions.length, offset: paging.offset, total: found.metadata.total ?? 0 },
    definitions,
  };
}

/** Both forms answer the same shape, written by the same serializer. */
const definitionsJson = schemaSerializer(listAvailableTicketsCall.response);

/**
 * Kept as sent (kept-answers.ts): an event page lists its tickets on every visit. The answer is the
 * same for every caller allowed to ask (only owners may ask for everything).
 */
const keptPage = (
  deps: CheckoutDeps,
  caller: Caller,
  form: string,
  input: Raw,
  filter: Record<string, unknown> | undefined,
  everything: boolean,
) =>
  keptAnswer(
    deps,
    `${form}\u0000${caller.siteId}\u0000${JSON.stringify(input)}`,
    definitionsJson,
    (changes) =>
      definitionsPage(
        deps,
        caller,
        filter,
        { offset: input.offset ?? 0, limit: input.limit ?? 0, sort: input.sort },
        everything,
        changes,
      ),
  );

export async function listAvailableTickets(deps: CheckoutDeps, caller: Caller, input: Raw) {
  const everything = (input.state ?? []).includes('INCLUDE_HIDDEN_NOT_ON_SALE');
  if (everything && !isAdmin(caller)) throw owner();
  const filter = input.eventId ? { eventId: input.eventId } : undefined;
  return keptPage(deps, caller, 'tickets', input, filter, everything);
}

export const queryAvailableTickets = (deps: CheckoutDeps, caller: Caller, input: Raw) =>
  keptPage(deps, caller, 'tickets-query', input, input.filter ?? undefined, false);

export async function getInvoice(deps: CheckoutDeps, caller: Caller, input: Raw) {
  const reservation = await reservationFor(deps, caller, input.reservationId, input.eventId);
  const event = await eventFor(deps, caller, reservation.eventId);
  const errors: Array<{ code: string }> = [];
  const code: string | undefined = input.withDiscount?.couponCode;
  let coupon: Awaited<ReturnType<NonNullable<CheckoutDeps['coupons']>>> | undefined;
  if (code) {
    try {
      coupon = await couponFor(deps, caller.siteId, code, reservation);
    } catch (error) {
      errors.push({ code: (error as { code?: string }).code ?? 'COUPON_NOT_APPLICABLE' });
    }
  }
  const plan = input.paidPlanBenefit
    ? await benefitFor(deps.planBenefits, caller, input.paidPlanBenefit, {
        eventId: event.id,
        now: deps.clock.now(),
      })
    : undefined;
  if (plan && code) throw planBenefitErrors.withCoupon();
  const view = await reservationView(
    deps,
    caller.siteId,
    reservation,
    event,
    coupon,
    undefined,
    plan?.discount,
  );
  return {
    invoice: view.invoice,
    discountErrors: { error: errors },
    expires: reservation.expires,
    reservationStatus: view.reservationStatus,
    reservationOccupied: reservation.status === 'RESERVATION_CONFIRMED',
    reservations: view.reservations,
  };
}

/** The site coupon `code` for the reservation's tickets; refused when it takes nothing off them. */
async function couponFor(deps: CheckoutDeps, siteId: string, code: string, reservation: StoredReservation) {
  if (!deps.coupons) throw eventsErrors.notOnSale(reservation.eventId, 'Coupons are not available.');
  const subtotal = reservation.lines.reduce(
    (sum, line) => sum + minorOf(line.price, reservation.currency) * line.quantity,
    0,
  );
  const coupon = await deps.coupons(siteId, code, reservation.currency, subtotal);
  const applied = invoiceOf(reservation.lines, reservation.currency, { coupon });
  if (!applied.invoice.discount)
    throw invalidField('discount.couponCode', `${code} takes nothing off these tickets`, 'VALIDATION');
  return coupon;
}

function checkBuyer(buyer: ReturnType<typeof buyerOf>) {
  const missing = (['firstName', 'lastName', 'email'] as const).filter((field) => !buyer[field]);
  if (missing.length > 0)
    throw invalidField(
      `buyer.${missing[0]}`,
      'is required (in buyer or the first guest’s form)',
      'REQUIRED_FIELD',
    );
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(buyer.email))
    throw invalidField('buyer.email', 'is not an e-mail address', 'FORMAT');
}

export async function checkout(deps: CheckoutDeps, caller: Caller, input: Raw) {
  const admin = isAdmin(caller);
  const options: Raw = input.options ?? {};
  if ((options.markAsPaid || options.ignoreFormValidation) && !admin) throw owner();
  if (input.memberId && !admin && !(caller.kind === 'member' && caller.subjectId === input.memberId))
    throw owner();
  if (!input.reservationId) throw invalidField('reservationId', 'is required', 'REQUIRED_FIELD');
  const guests: Raw[] = input.guests ?? [];
  const form = formValues(guests[0]?.form);
  const buyer = buyerOf(input.buyer, form);
  if (!options.ignoreFormValidation) checkBuyer(buyer);
  const { siteId } = caller;
  const now = deps.clock.now();
  const event = await eventFor(deps, caller, input.eventId);
  const definitions = new Map((await definitionsOf(deps, siteId, event.id)).map((d) => [d.id, d]));
  const read = await reservationFor(deps, caller, input.reservationId, event.id);
  const coupon = input.discount?.couponCode
    ? await couponFor(deps, siteId, input.discount.couponCode, read)
    : undefined;
  const plan = input.paidPlanBenefit
    ? await benefitFor(deps.planBenefits, caller, input.paidPlanBenefit, {
        eventId: event.id,
        memberId: admin ? input.memberId : undefined,
        now,
      })
    : undefined;
  if (plan && coupon) throw planBenefitErrors.withCoupon();
  const { grandMinor } = invoiceOf(read.lines, read.currency, {
    coupon,
    plan: plan?.discount,
    tax: taxOf(event),
  });
  const status: TicketOrderStatus =
    grandMinor === 0
      ? 'FREE'
      : options.markAsPaid
        ? 'PAID'
        : options.payInPerson
          ? 'OFFLINE_PENDING'
          : 'INITIATED';
  // Paid online, ecom charges each ticket's discounted price: a type's tickets must share it evenly.
  if (plan && status === 'INITIATED' && !discountedUnitPrices(read.lines, read.currency, plan.discount))
    throw planBenefitErrors.notForOnlinePayment();
  const covered = plan ? ticketsCovered(read.lines, plan.discount) : 0;
  // One hold per checkout of the reservation (checked out again, the one before is given back).
  const creditHoldId = `${read.id}-plan-${read.revision}`;
  const planDiscount = plan && withCreditHold(plan.discount, covered, creditHoldId);
  const placed = await deps.store.transaction(async (trx) => {
    // Taken first, under the row's lock: of two checkouts of one reservation, the second waits and is refused.
    // The plan's discount goes with it (or is taken off): ecom's lines are priced from it.
    const reservation = await deps.store.reservations
      .forSite(siteId, trx)
      .update<StoredReservation>(read.id, { planDiscount }, { expectedRevision: read.revision });
    const current = statusAt(reservation, now.getTime());
    if (current !== 'RESERVATION_PENDING') throw eventsErrors.reservationClosed(reservation.id, current);
    if (status !== 'INITIATED' && !(await confirmHolds(trx, siteId, reservation, now)))
      throw eventsErrors.reservationClosed(reservation.id, 'RESERVATION_EXPIRED');
    const memberId = admin ? input.memberId : caller.kind === 'member' ? caller.subjectId : undefined;
    const before = read.planDiscount?.creditHoldId;
    if (before) await release(trx, siteId, before, now);
    // Spent now, or held until the payment confirms them (ecom's commit, catalog-provider.ts).
    if (
      plan &&
      !(await deps.planBenefits!.spend(trx, plan, {
        siteId,
        tickets: covered,
        holdId: creditHoldId,
        ownerKey: read.ownerKey,
        now,
        until: status === 'INITIATED' ? new Date(reservation.expires) : undefined,
      }))
    )
      throw planBenefitErrors.creditsSpent(plan.discount.planOrderId);
    const order = await placeOrder(deps, trx, siteId, reservation, definitions, {
      status,
      channel: 'ONLINE',
      ownerKey: read.ownerKey,
      memberId,
      buyer,
      form,
      guests,
      method: status === 'OFFLINE_PENDING' ? 'inPerson' : status === 'PAID' ? 'markedAsPaid' : undefined,
      coupon,
      planDiscount,
      marketingConsent: input.marketingConsent ?? undefined,
    });
    return { order, reservation };
  });
  const view = await reservationView(deps, siteId, placed.reservation, event);
  return {
    order: orderView(
      placed.order,
      placed.reservation,
      taxOf(event),
      orderLinks(deps.publicUrl, siteId, placed.order),
    ),
    ...(status === 'INITIATED' ? { expires: placed.reservation.expires } : {}),
    reservations: view.reservations,
  };
}

export async function updateTicketCheckout(deps: CheckoutDeps, caller: Caller, input: Raw) {
  const { siteId } = caller;
  const admin = isAdmin(caller);
  const orders = deps.store.orders.forSite(siteId);
  const order = await orders.get<StoredTicketOrder>(input.orderNumber);
  if (!order || order.eventId !== input.eventId || (!admin && order.ownerKey !== ownerKeyOf(caller)))
    throw eventsErrors.orderNotFound(input.orderNumber);
  if (order.status === 'CANCELED') throw eventsErrors.orderClosed(order.orderNumber, order.status);
  if (input.memberId !== undefined && !admin) throw owner();
  const reservation = await deps.store.reservations
    .forSite(siteId)
    .require<StoredReservation>(order.reservationId);
  const event = await eventFor(deps, caller, order.eventId);
  const patch: Record<string, unknown> = {};
  if (input.discount?.couponCode !== undefined) {
    if (order.status !== 'INITIATED') throw eventsErrors.orderClosed(order.orderNumber, order.status);
    if (order.planDiscount || input.paidPlanBenefit) throw planBenefitErrors.withCoupon();
    patch.coupon = await couponFor(deps, siteId, input.discount.couponCode, reservation);
  }
  const samePlan =
    order.planDiscount?.planOrderId === input.paidPlanBenefit?.planOrderId &&
    order.planDiscount?.benefitId === input.paidPlanBenefit?.benefitId;
  // The discount the order has already is kept as it is (its credits held once).
  if (input.paidPlanBenefit && !(samePlan && order.status === 'INITIATED')) {
    if (order.status !== 'INITIATED') throw eventsErrors.orderClosed(order.orderNumber, order.status);
    if (order.coupon) throw planBenefitErrors.withCoupon();
    return applyPlanBenefit(deps, caller, input, { order, reservation, event, patch });
  }
  const guests: Raw[] | undefined = input.guests;
  if (input.buyer) {
    const buyer = { ...order.buyer };
    for (const field of ['firstName', 'lastName', 'email'] as const)
      if (input.buyer[field]) buyer[field] = input.buyer[field];
    checkBuyer(buyer);
    patch.buyer = buyer;
  }
  if (guests) {
    patch.tickets = order.tickets.map((ticket, i) => {
      const form = formValues(guests[i]?.form);
      return form.length > 0 ? { ...ticket, guest: { ...buyerOf(undefined, form), form } } : ticket;
    });
    if (guests[0]?.form) patch.form = formValues(guests[0].form);
  }
  if (input.memberId !== undefined) patch.memberId = input.memberId ?? undefined;
  const updated = await orders.update<StoredTicketOrder>(order.id, patch, {
    expectedRevision: order.revision,
  });
  return {
    order: orderView(updated, reservation, taxOf(event), orderLinks(deps.publicUrl, siteId, updated)),
  };
}

export { posCheckout } from './pos-checkout.ts';
