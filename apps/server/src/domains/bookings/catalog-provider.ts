/**
 * Bookings as ecom sells them (ecom/catalog-provider.ts): a CREATED booking is a SERVICE line
 * (`catalogItemId` the booking id, quantity 1, fixed) priced at the service's rate times its
 * participants, scheduled at its slot, valid while its hold lives. At pay, `commit` confirms the hold
 * in the order's transaction and makes the booking CONFIRMED (PENDING when the service needs the
 * owner's approval): PAID, EXEMPT when free, NOT_PAID when it is to be paid offline. `cancel` frees
 * the slot and cancels the booking.
 */
import type { Kysely } from 'kysely';
import { confirm, findHold, release } from '../../db/capacity.ts';
import type { Schema } from '../../db/schema.ts';
import { formatMoney, toDecimalString } from '../../lib/money.ts';
import {
  type CatalogContext,
  type CatalogItem,
  type CatalogLookup,
  type CatalogProvider,
  ecomErrors,
  type OrderedLine,
  type OrderRef,
} from '../ecom/index.ts';
import { releaseCredits } from './memberships.ts';
import type { StoredBooking } from './service/bookings.ts';
import { BOOKINGS_APP_ID, type BookingsDeps, isObject, type Json, siteFacts } from './service/context.ts';

/** Whether the buyer made the booking: as the same visitor, member, or owner. */
function heldBy(booking: StoredBooking, buyer: CatalogContext['buyer']): boolean {
  const by = booking.createdBy;
  return (
    (buyer.memberId !== undefined && by.memberId === buyer.memberId) ||
    (buyer.visitorId !== undefined && by.anonymousVisitorId === buyer.visitorId) ||
    (by.wixUserId !== undefined && buyer.ownerKey === `admin:${by.wixUserId}`) ||
    (by.appId !== undefined && buyer.ownerKey === `admin:${by.appId}`)
  );
}

/** A decimal string ("40", "12.5") as minor units of a currency with `digits` decimals. */
export function decimalToMinor(value: string, digits: number): number {
  const [whole = '0', fraction = ''] = value.split('.');
  const cents = `${fraction}${'0'.repeat(digits)}`.slice(0, digits);
  return Number(whole) * 10 ** digits + Number(cents || '0');
}

/** The service's price per participant: the fixed price, a varied service's default, else nothing. */
function unitPrice(service: Json): string {
  const payment = isObject(service.payment) ? service.payment : {};
  const price = (part: unknown, key: string) =>
    isObject(part) && isObject(part[key]) ? String(part[key].value ?? '0') : '0';
  if (payment.rateType === 'FIXED') return price(payment.fixed, 'price');
  if (payment.rateType === 'VARIED') return price(payment.varied, 'defaultPrice');
  return '0';
}

/** What the line says beside its name (its time is the line's `serviceProperties`, shown by the page). */
function descriptionOf(booking: StoredBooking) {
  const slot = booking.bookedEntity.slot;
  const minutes = Math.round((Date.parse(booking.endDate) - Date.parse(booking.startDate)) / 60_000);
  const location = isObject(slot.location) ? slot.location : {};
  const place = [location.name, location.formattedAddress].filter(Boolean).join(', ');
  return [
    { name: 'Duration', value: `${minutes} min` },
    ...(isObject(slot.resource) && slot.resource.name
      ? [{ name: 'Staff', value: String(slot.resource.name) }]
      : []),
    ...(place ? [{ name: 'Location', value: place }] : []),
    ...(booking.totalParticipants > 1
      ? [{ name: 'Participants', value: String(booking.totalParticipants) }]
      : []),
  ];
}

export function bookingsCatalog(deps: BookingsDeps): CatalogProvider {
  const notFound = (catalogItemId: string): CatalogLookup => ({
    catalogItemId,
    availability: { status: 'NOT_FOUND' },
  });
  const items = (lines: readonly OrderedLine[]) =>
    lines.map((line) => ({ catalogItemId: line.catalogItemId, requested: line.quantity }));

  async function serviceOf(siteId: string, booking: StoredBooking, trx?: Kysely<Schema>) {
    return deps.store.services.forSite(siteId, trx).get<Json>(String(booking.bookedEntity.slot.serviceId));
  }

  async function commitLine(
    context: CatalogContext,
    line: OrderedLine,
    order: OrderRef,
    trx: Kysely<Schema>,
  ) {
    const { siteId, now, buyer } = context;
    const bookings = deps.store.bookings.forSite(siteId, trx);
    const booking = await bookings.get<StoredBooking>(line.catalogItemId);
    if (!booking || !heldBy(booking, buyer))
      throw ecomErrors.lineHeldByOther(
        items([line]).map((item) => ({ ...item, reason: 'HELD_BY_OTHER' as const })),
      );
    const lapsed = () =>
      ecomErrors.lineHoldExpired(items([line]).map((item) => ({ ...item, reason: 'HOLD_EXPIRED' as const })));
    if (booking.status !== 'CREATED') throw lapsed();
    const confirmed = await confirm(trx, siteId, booking.holdId, now);
    if (confirmed.status !== 'confirmed') throw lapsed();
    // A plan's credits are had as the slot is: a lapsed hold taken meanwhile refuses the line.
    const credits = booking.membership?.creditHoldId;
    if (credits && (await confirm(trx, siteId, credits, now)).status !== 'confirmed') throw lapsed();
    const service = await serviceOf(siteId, booking, trx);
    const online = isObject(service?.onlineBooking) ? service.onlineBooking : {};
    const free = service ? decimalToMinor(unitPrice(service), 3) === 0 : false;
    const offline = order.paid === false && order.authorized !== true;
    await bookings.update<StoredBooking>(
      booking.id,
      {
        status: online.requireManualApproval === true ? 'PENDING' : 'CONFIRMED',
        ...(booking.membership
          ? { paymentStatus: 'PAID', selectedPaymentOption: 'MEMBERSHIP' }
          : {
              paymentStatus: free ? 'EXEMPT' : offline ? 'NOT_PAID' : 'PAID',
              selectedPaymentOption: offline ? 'OFFLINE' : 'ONLINE',
            }),
        // A visitor who signed in at the checkout finds the booking among the member's own.
        ...(buyer.memberId && !booking.createdBy.memberId ? { createdBy: { memberId: buyer.memberId } } : {}),
        // Cancelling the booking cancels this order (service/orders.ts).
        orderId: order.id,
      },
      { expectedRevision: booking.revision },
    );
  }

  return {
    appIds: [BOOKINGS_APP_ID],

    async lookUp({ siteId, buyer, now }, { catalogItemId }) {
      const booking = await deps.store.bookings.forSite(siteId).get<StoredBooking>(catalogItemId);
      if (!booking || !heldBy(booking, buyer)) return notFound(catalogItemId);
      const service = await serviceOf(siteId, booking);
      if (!service) return notFound(catalogItemId);
      const hold = await findHold(deps.store.db, siteId, booking.holdId);
      const live =
        booking.status === 'CREATED' && hold?.state === 'HELD' && Date.parse(hold.expiresAt) > now.getTime();
      const { currency, digits } = await siteFacts(deps, siteId);
      const minor = decimalToMinor(unitPrice(service), digits) * booking.totalParticipants;
      const money = (amount: number) => ({
        amount,
        currency,
        decimal: toDecimalString(amount, digits),
        formatted: formatMoney(amount, currency, digits),
      });
      const fullPrice = money(minor);
      // Paid with a plan: the line costs nothing, its full price shown beside.
      const { membership } = booking;
      const price = membership ? money(0) : fullPrice;
      const payment = isObject(service.payment) ? service.payment : {};
      const options = isObject(payment.options) ? payment.options : {};
      const item: CatalogItem = {
        catalogItemId,
        name: booking.bookedEntity.title,
        price,
        fullPrice,
        descriptionLines: [
          ...descriptionOf(booking),
          ...(membership ? [{ name: 'Paid with', value: membership.planName }] : []),
        ],
        availability: live ? { status: 'AVAILABLE' } : { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
        itemType: 'SERVICE',
        fixedQuantity: true,
        maxQuantity: 1,
        ...(membership
          ? { paymentOption: 'MEMBERSHIP' }
          : minor > 0
            ? { paymentOption: options.online === false ? 'FULL_PAYMENT_OFFLINE' : 'FULL_PAYMENT_ONLINE' }
            : {}),
        ...(payment.rateType === 'CUSTOM' && isObject(payment.custom) && payment.custom.description
          ? { priceDescription: String(payment.custom.description) }
          : {}),
        serviceProperties: {
          scheduledDate: booking.startDate,
          endDate: booking.endDate,
          numberOfParticipants: booking.totalParticipants,
        },
        version: `${booking.revision}|${service.revision}|${hold?.state ?? 'none'}|${currency}`,
        ...(live && hold ? { validUntil: Date.parse(hold.expiresAt) } : {}),
      };
      return item;
    },

    // A booking is its own line: never merged with another.
    lineKey: ({ catalogItemId }) => `booking:${catalogItemId}`,

    async commit(context, lines, order, trx) {
      for (const line of lines) await commitLine(context, line, order, trx);
    },

    async cancel({ siteId, now }, lines, _order, trx) {
      const bookings = deps.store.bookings.forSite(siteId, trx);
      for (const line of lines) {
        const booking = await bookings.get<StoredBooking>(line.catalogItemId);
        if (!booking) continue;
        await release(trx, siteId, booking.holdId, now);
        await releaseCredits(trx, siteId, booking.membership, now);
        // The order's money goes back (ecom refunds a paid order, voids an authorisation): so says the booking.
        const refunded = booking.paymentStatus === 'PAID' && booking.selectedPaymentOption === 'ONLINE';
        const live = booking.status !== 'CANCELED' && booking.status !== 'DECLINED';
        if (live || refunded)
          await bookings.update(
            booking.id,
            { ...(live ? { status: 'CANCELED' } : {}), ...(refunded ? { paymentStatus: 'REFUNDED' } : {}) },
            { expectedRevision: booking.revision },
          );
      }
    },
  };
}
