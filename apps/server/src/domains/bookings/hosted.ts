/**
 * The hosted service page of a `bookingsBook {resourceId}` redirect session (intent.ts keeps the
 * service's id with it): the service, its open slots over the next 14 days in the buyer's zone (the
 * `queryAvailability` call, as the session's buyer), and booking one. Booking holds the slot for that
 * buyer as `bookingsCheckout` does, opens a checkout of it and names that checkout with the session,
 * so the same session then opens the hosted checkout page (ecom/hosted.ts reads its `checkoutId`).
 */
import { DateTime } from 'luxon';
import { release } from '../../db/capacity.ts';
import type { Caller } from '../../http/access.ts';
import { invalidField } from '../../lib/errors.ts';
import { createCheckoutFromLines, type EcomDeps } from '../ecom/index.ts';
import { redirectsErrors } from '../redirects/index.ts';
import { bookingsErrors } from './errors.ts';
import { queryAvailabilityCall } from './service/availability.ts';
import { createHeldBooking, type StoredBooking } from './service/bookings.ts';
import { BOOKINGS_APP_ID, type BookingsDeps, isObject, type Json, siteFacts } from './service/context.ts';
import { renderService } from './service/view.ts';

/** How many days the page offers, today (in the buyer's zone) included. */
export const BOOKABLE_DAYS = 14;

async function open(deps: BookingsDeps, ecom: EcomDeps, sessionId: string, options: { live: boolean }) {
  const session = await ecom.redirects.get(sessionId);
  if (!session) throw redirectsErrors.notFound(sessionId);
  const serviceId = session.request.intentData?.serviceId;
  if (session.intent !== 'bookingsBook' || typeof serviceId !== 'string')
    throw redirectsErrors.wrongIntent(sessionId, session.intent, 'bookingsBook');
  if (options.live && session.expiresDate <= deps.clock.now().toISOString())
    throw redirectsErrors.expired(sessionId);
  if (options.live && session.completedDate !== null) throw redirectsErrors.completed(sessionId);
  const { siteId } = session;
  const service = await deps.store.services.forSite(siteId).get<Json>(serviceId);
  // Hidden since the session began: as gone as a deleted one, whoever opened the page.
  if (!service || service.hidden === true) throw bookingsErrors.serviceNotFound(serviceId);
  // The page acts for the buyer who made the session: slots are held and checked out in their name.
  const caller: Caller = {
    siteId,
    kind: session.callerKind as Caller['kind'],
    subjectId: session.callerId,
    clientId: session.clientId ?? undefined,
    accessToken: undefined,
  };
  return { session, caller, service };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function priceOf(payment: unknown): string | undefined {
  if (!isObject(payment)) return undefined;
  if (payment.rateType === 'NO_FEE') return 'Free';
  const part = payment.rateType === 'VARIED' ? payment.varied : payment.fixed;
  const money = isObject(part) ? (part.price ?? part.defaultPrice) : undefined;
  return isObject(money)
    ? text(money.formattedValue)
    : text(isObject(payment.custom) && payment.custom.description);
}

function locationOf(locations: unknown): { name: string; address?: string } | undefined {
  const first = Array.isArray(locations) ? locations.find(isObject) : undefined;
  if (!first) return undefined;
  if (isObject(first.business)) {
    const address = isObject(first.calculatedAddress)
      ? text(first.calculatedAddress.formattedAddress)
      : undefined;
    return { name: text(first.business.name) ?? 'Our place', ...(address ? { address } : {}) };
  }
  if (first.type === 'CUSTOMER') return { name: "At the customer's place" };
  const address = isObject(first.calculatedAddress)
    ? text(first.calculatedAddress.formattedAddress)
    : undefined;
  return { name: address ?? 'Custom location', ...(address ? { address } : {}) };
}

export async function getHostedBookingService(deps: BookingsDeps, ecom: EcomDeps, sessionId: string) {
  const { session, service } = await open(deps, ecom, sessionId, { live: false });
  const facts = await siteFacts(deps, session.siteId);
  const view = await renderService(deps, session.siteId, facts, service, {
    conditionalFields: ['STAFF_MEMBER_DETAILS'],
  });
  const schedule = isObject(view.schedule) ? view.schedule : {};
  const constraints = isObject(schedule.availabilityConstraints) ? schedule.availabilityConstraints : {};
  const durations = Array.isArray(constraints.sessionDurations) ? constraints.sessionDurations : [];
  const details = isObject(view.staffMemberDetails) ? view.staffMemberDetails : {};
  const staff = (Array.isArray(details.staffMembers) ? details.staffMembers : []).filter(isObject);
  const price = priceOf(view.payment);
  const location = locationOf(view.locations);
  const tagLine = text(view.tagLine);
  return {
    service: {
      id: String(view.id),
      name: String(view.name ?? ''),
      ...(tagLine ? { tagLine } : {}),
      type: String(view.type ?? 'APPOINTMENT'),
      durationMinutes: Number(durations[0] ?? 60),
      ...(price ? { price } : {}),
      ...(location ? { location } : {}),
      staff: staff.map((member) => ({ id: String(member.staffMemberId), name: String(member.name ?? '') })),
    },
    ...(session.request.postFlowUrl ? { postFlowUrl: session.request.postFlowUrl } : {}),
  };
}

interface Entry {
  slot: { startDate: string; endDate: string; resource?: { id: string; name?: string } };
  openSpots: number;
  totalSpots: number;
}

/** The 14 days from today in `timezone`, each with its open slots; those of the day asked for. */
export async function getHostedBookingSlots(
  deps: BookingsDeps,
  ecom: EcomDeps,
  sessionId: string,
  input: { timezone: string; date?: string | undefined },
) {
  const { caller, service } = await open(deps, ecom, sessionId, { live: true });
  let today = DateTime.fromMillis(deps.clock.nowMs(), { zone: 'utc' });
  // An unknown zone is refused by the availability call below, under the same field name.
  const zoned = today.setZone(input.timezone);
  if (zoned.isValid) today = zoned;
  const first = today.startOf('day');
  const dates = Array.from({ length: BOOKABLE_DAYS }, (_, i) => first.plus({ days: i }).toISODate()!);
  if (input.date !== undefined && !dates.includes(input.date))
    throw invalidField(
      'date',
      `must be one of the next ${BOOKABLE_DAYS} days (${dates[0]} to ${dates.at(-1)})`,
    );
  const local = (day: DateTime) => day.toFormat("yyyy-MM-dd'T'HH:mm:ss");
  const { availabilityEntries } = await queryAvailabilityCall(deps, caller, {
    query: {
      filter: {
        serviceId: [service.id],
        startDate: local(first),
        endDate: local(first.plus({ days: BOOKABLE_DAYS })),
        bookable: true,
      },
    },
    timezone: input.timezone,
  });
  const byDay = new Map<string, Entry[]>(dates.map((date) => [date, []]));
  for (const entry of availabilityEntries as Entry[])
    byDay.get(entry.slot.startDate.slice(0, 10))?.push(entry);
  const days = dates.map((date) => ({ date, openSlots: byDay.get(date)!.length }));
  const date = input.date ?? days.find((day) => day.openSlots > 0)?.date ?? dates[0]!;
  const next = days.find((day) => day.date > date && day.openSlots > 0)?.date;
  return {
    timezone: input.timezone,
    days,
    date,
    slots: byDay.get(date)!.map(({ slot, openSpots, totalSpots }) => ({
      startDate: slot.startDate,
      endDate: slot.endDate,
      ...(slot.resource ? { resource: slot.resource } : {}),
      openSpots,
      totalSpots,
    })),
    ...(next ? { nextDateWithSlots: next } : {}),
  };
}

/** The slot picked before on the session, while it is only held (not paid): freed, its booking CANCELED. */
async function releaseEarlier(deps: BookingsDeps, siteId: string, bookingId: unknown) {
  if (typeof bookingId !== 'string') return;
  await deps.store.transaction(async (trx) => {
    const bookings = deps.store.bookings.forSite(siteId, trx);
    const booking = await bookings.get<StoredBooking>(bookingId);
    if (booking?.status !== 'CREATED') return;
    await release(trx, siteId, booking.holdId, deps.clock.now());
    await bookings.update(booking.id, { status: 'CANCELED' }, { expectedRevision: booking.revision });
  });
}

/**
 * Holds the slot for the session's buyer (409 SLOT_NOT_AVAILABLE with the next free ones when it was
 * taken meanwhile) and names its checkout with the session. Picking again (back from the checkout)
 * frees the slot picked before.
 */
export async function bookHostedBookingSlot(
  deps: BookingsDeps,
  ecom: EcomDeps,
  sessionId: string,
  slot: { startDate: string; timezone: string; resourceId?: string | undefined },
) {
  const { session, caller, service } = await open(deps, ecom, sessionId, { live: true });
  const serviceId = String(service.id);
  const booking = await createHeldBooking(
    deps,
    caller,
    {
      slot: {
        serviceId,
        startDate: slot.startDate,
        timezone: slot.timezone,
        ...(slot.resourceId ? { resource: { id: slot.resourceId } } : {}),
      },
    },
    'slot',
  );
  const { checkoutId } = await createCheckoutFromLines(ecom, caller, [
    { catalogReference: { appId: BOOKINGS_APP_ID, catalogItemId: booking.id }, quantity: 1 },
  ]);
  if (!(await ecom.redirects.setIntentData(sessionId, { serviceId, checkoutId, bookingId: booking.id })))
    throw redirectsErrors.completed(sessionId);
  await releaseEarlier(deps, session.siteId, session.request.intentData?.bookingId);
  return { checkoutId, bookingId: booking.id };
}
