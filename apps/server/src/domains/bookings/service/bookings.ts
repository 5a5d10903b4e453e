/**
 * Bookings of slots, modelled on `@wix/bookings` `bookings`: made CREATED with the slot held
 * (`booking-slots.ts`) for the buyer's checkout, whose line names the booking; paid (catalog-provider.ts)
 * → CONFIRMED, or PENDING until the owner confirms or declines it when the service asks for manual
 * approval. Customers see, cancel and reschedule their own bookings within the service policy's
 * windows; the owner sees and changes every booking of the site.
 */

import { confirm, release } from '../../../db/capacity.ts';
import type { Caller } from '../../../http/access.ts';
import { commonErrors } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { ownerKeyOf } from '../../ecom/index.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingMembership, releaseCredits, takeMembership } from '../memberships.ts';
import type { Executor } from '../store.ts';
import {
  bookedSlotOf,
  findSlot,
  HOLD_MS,
  holdSlot,
  type SlotRequest,
  slotNotAvailable,
} from './booking-slots.ts';
import { type BookingsDeps, isAdmin, isObject, type Json } from './context.ts';
import { cancelOrderOf } from './orders.ts';

export type BookingStatus = 'CREATED' | 'CONFIRMED' | 'CANCELED' | 'PENDING' | 'DECLINED';

export interface StoredBooking {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  bookedEntity: { slot: Json; title: string; tags: string[] };
  totalParticipants: number;
  contactDetails?: Json;
  status: BookingStatus;
  paymentStatus: 'UNDEFINED' | 'NOT_PAID' | 'PAID' | 'EXEMPT' | 'REFUNDED';
  selectedPaymentOption: 'UNDEFINED' | 'OFFLINE' | 'ONLINE' | 'MEMBERSHIP';
  /** The plan paying for it (`selectedPaymentOption` MEMBERSHIP; not answered). */
  membership?: BookingMembership;
  createdBy: { anonymousVisitorId?: string; memberId?: string; wixUserId?: string; appId?: string };
  startDate: string;
  endDate: string;
  /** The capacity hold of its slot (not answered). */
  holdId: string;
  /** The ecom order that paid for it, set as the order commits (not answered). */
  orderId?: string;
}

const LIVE: readonly BookingStatus[] = ['CREATED', 'CONFIRMED', 'PENDING'];

export function createdByOf(caller: Pick<Caller, 'kind' | 'subjectId'>): StoredBooking['createdBy'] {
  if (caller.kind === 'visitor') return { anonymousVisitorId: caller.subjectId };
  if (caller.kind === 'member') return { memberId: caller.subjectId };
  if (caller.kind === 'app') return { appId: caller.subjectId };
  return { wixUserId: caller.subjectId };
}

/** Whether `caller` made the booking (the owner and apps reach every booking of the site). */
export function isBooker(booking: StoredBooking, caller: Pick<Caller, 'kind' | 'subjectId'>): boolean {
  if (isAdmin(caller)) return true;
  const by = booking.createdBy;
  return caller.kind === 'member'
    ? by.memberId === caller.subjectId
    : by.anonymousVisitorId === caller.subjectId;
}

async function bookingFor(deps: BookingsDeps, caller: Caller, id: string): Promise<StoredBooking> {
  const booking = await deps.store.bookings.forSite(caller.siteId).get<StoredBooking>(id);
  // Another customer's booking is as absent as one that never was.
  if (!booking || !isBooker(booking, caller)) throw bookingsErrors.bookingNotFound(id);
  return booking;
}

export interface NewBooking {
  slot: SlotRequest;
  totalParticipants?: number | undefined;
  contactDetails?: Json | undefined;
  selectedPaymentOption?: string | undefined;
}

/** A CREATED booking of a slot availability offers now, its slot held for the caller's checkout. */
export async function createHeldBooking(
  deps: BookingsDeps,
  caller: Caller,
  request: NewBooking,
  field = 'booking.bookedEntity.slot',
): Promise<StoredBooking> {
  const participants = request.totalParticipants ?? 1;
  const found = await findSlot(deps, caller, request.slot, { field, participants });
  const id = newId();
  const now = deps.clock.now();
  return deps.store.transaction(async (trx) => {
    const held = await holdSlot(trx, caller.siteId, found, {
      holdId: id,
      ownerKey: ownerKeyOf(caller),
      participants,
      now,
    });
    if (!held) throw slotNotAvailable(request.slot, found.service.name as string);
    const paidBy =
      request.selectedPaymentOption === 'MEMBERSHIP'
        ? await takeMembership(deps.memberships, trx, caller, found.service, {
            id,
            participants,
            now,
            expiresAt: new Date(now.getTime() + HOLD_MS),
          })
        : undefined;
    const booking: Omit<StoredBooking, 'id' | 'revision' | 'createdDate' | 'updatedDate'> = {
      bookedEntity: {
        slot: bookedSlotOf(found),
        title: String(found.service.name),
        tags: [found.input.type],
      },
      totalParticipants: participants,
      ...(request.contactDetails ? { contactDetails: request.contactDetails } : {}),
      status: 'CREATED',
      paymentStatus: 'UNDEFINED',
      selectedPaymentOption: paidBy?.selectedPaymentOption ?? 'UNDEFINED',
      ...(paidBy?.membership ? { membership: paidBy.membership } : {}),
      createdBy: createdByOf(caller),
      startDate: new Date(found.offer.start).toISOString(),
      endDate: new Date(found.offer.end).toISOString(),
      holdId: id,
    };
    return deps.store.bookings
      .forSite(caller.siteId, trx)
      .create(booking, { id, now: now.toISOString() }) as Promise<StoredBooking>;
  });
}

export const getBooking = (deps: BookingsDeps, caller: Caller, id: string) => bookingFor(deps, caller, id);

/** What the caller may still do with the booking now. */
async function allowedActions(deps: BookingsDeps, caller: Caller, booking: StoredBooking) {
  const live = LIVE.includes(booking.status) && booking.status !== 'CREATED';
  if (!live) return { cancel: false, reschedule: false, bookAgain: true };
  const policy = await policyOf(deps, caller.siteId, booking);
  return {
    cancel: refusal(caller, booking, policy, 'cancel', deps.clock.nowMs()) === undefined,
    reschedule: refusal(caller, booking, policy, 'reschedule', deps.clock.nowMs()) === undefined,
    bookAgain: true,
  };
}

/**
 * A member's own bookings, or every booking for the owner: the query language over bookings. A
 * member's filter is narrowed to their bookings; a cursor carries the filter of its first page (it
 * may not be sent with one), so what a cursor page holds is checked again, and another's booking is
 * never answered.
 */
export async function queryExtendedBookings(
  deps: BookingsDeps,
  caller: Caller,
  query: Json | undefined,
  withActions: boolean,
) {
  const given = query ?? {};
  const filter = isObject(given.filter) ? given.filter : {};
  const paging = isObject(given.cursorPaging) ? given.cursorPaging : {};
  const own = { 'createdBy.memberId': caller.subjectId };
  const scoped =
    isAdmin(caller) || typeof paging.cursor === 'string'
      ? given
      : { ...given, filter: Object.keys(filter).length === 0 ? own : { $and: [filter, own] } };
  const page = await deps.store.bookings.forSite(caller.siteId).query(scoped, { fieldPrefix: 'query' });
  const extendedBookings = [];
  for (const text of page.items) {
    const booking = JSON.parse(text) as StoredBooking;
    if (!isBooker(booking, caller)) continue;
    extendedBookings.push({
      booking,
      ...(withActions ? { allowedActions: await allowedActions(deps, caller, booking) } : {}),
    });
  }
  return {
    extendedBookings,
    pagingMetadata: { ...page.metadata, count: extendedBookings.length },
  };
}

// ---- cancel, reschedule, confirm, decline ----

async function policyOf(deps: BookingsDeps, siteId: string, booking: StoredBooking): Promise<Json> {
  const serviceId = String(booking.bookedEntity.slot.serviceId);
  const service = await deps.store.services.forSite(siteId).get<Json>(serviceId);
  const policyId = service && isObject(service.bookingPolicy) ? String(service.bookingPolicy.id) : '';
  return (policyId && (await deps.store.policies.forSite(siteId).get<Json>(policyId))) || {};
}

/**
 * Why the service's policy keeps a customer from cancelling or rescheduling now, or undefined. The
 * owner is never kept: the policy is the customers'.
 */
function refusal(
  caller: Caller,
  booking: StoredBooking,
  policy: Json,
  action: 'cancel' | 'reschedule',
  now: number,
): string | undefined {
  if (isAdmin(caller)) return undefined;
  const part = policy[action === 'cancel' ? 'cancellationPolicy' : 'reschedulePolicy'];
  const rules = isObject(part) ? part : {};
  if (rules.enabled === false) return `The service's policy does not let customers ${action} online.`;
  const limited = action === 'cancel' ? rules.limitLatestCancellation : rules.limitLatestReschedule;
  const minutes = Number(
    (action === 'cancel' ? rules.latestCancellationInMinutes : rules.latestRescheduleInMinutes) ?? 0,
  );
  if (limited === true && now > Date.parse(booking.startDate) - minutes * 60_000)
    return `The service's policy lets customers ${action} until ${minutes} minutes before the start.`;
  if (now >= Date.parse(booking.startDate)) return 'The booking has started.';
  return undefined;
}

async function change(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  revision: string | null | undefined,
  work: (booking: StoredBooking, trx: Executor) => Promise<Partial<StoredBooking>>,
): Promise<StoredBooking> {
  return deps.store.transaction(async (trx) => {
    const bookings = deps.store.bookings.forSite(caller.siteId, trx);
    const booking = await bookings.get<StoredBooking>(id);
    if (!booking || !isBooker(booking, caller)) throw bookingsErrors.bookingNotFound(id);
    if (revision != null && revision !== booking.revision)
      throw commonErrors.revisionMismatch('Booking', id, revision, booking.revision);
    const patch = await work(booking, trx);
    return bookings.update<StoredBooking>(id, patch, { expectedRevision: booking.revision });
  });
}

/** Cancels a live booking and frees its slot, within the policy's window for a customer. */
export async function cancelBooking(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  revision?: string | null,
): Promise<StoredBooking> {
  const booking = await bookingFor(deps, caller, id);
  if (!LIVE.includes(booking.status))
    throw bookingsErrors.bookingStatus(id, booking.status, 'canceled', LIVE);
  const reason = refusal(
    caller,
    booking,
    await policyOf(deps, caller.siteId, booking),
    'cancel',
    deps.clock.nowMs(),
  );
  if (reason) throw bookingsErrors.policyRefuses(id, 'CANCELLATION_NOT_ALLOWED', 'canceled', reason);
  const canceled = await change(deps, caller, id, revision, async (current, trx) => {
    if (!LIVE.includes(current.status))
      throw bookingsErrors.bookingStatus(id, current.status, 'canceled', LIVE);
    await release(trx, caller.siteId, current.holdId, deps.clock.now());
    await releaseCredits(trx, caller.siteId, current.membership, deps.clock.now());
    return { status: 'CANCELED' };
  });
  // Its order, once the slot is free: refunded or voided when it paid for nothing else (orders.ts).
  await cancelOrderOf(deps, caller.siteId, canceled);
  return canceled.orderId ? await bookingFor(deps, caller, id) : canceled;
}

/**
 * Moves a CONFIRMED or PENDING booking to another slot of its service that availability offers now
 * (its own slot not counted), freeing the old one in the same transaction.
 */
export async function rescheduleBooking(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  slot: SlotRequest,
  revision?: string | null,
): Promise<StoredBooking> {
  const booking = await bookingFor(deps, caller, id);
  const movable: BookingStatus[] = ['CONFIRMED', 'PENDING'];
  if (!movable.includes(booking.status))
    throw bookingsErrors.bookingStatus(id, booking.status, 'rescheduled', movable);
  if (slot.serviceId !== booking.bookedEntity.slot.serviceId)
    throw bookingsErrors.invalid('slot.serviceId', 'must be the service of the booking', 'SERVICE_MISMATCH');
  const reason = refusal(
    caller,
    booking,
    await policyOf(deps, caller.siteId, booking),
    'reschedule',
    deps.clock.nowMs(),
  );
  if (reason) throw bookingsErrors.policyRefuses(id, 'RESCHEDULE_NOT_ALLOWED', 'rescheduled', reason);
  const participants = booking.totalParticipants;
  const found = await findSlot(deps, caller, slot, { field: 'slot', participants, except: booking.holdId });
  return change(deps, caller, id, revision, async (current, trx) => {
    if (!movable.includes(current.status))
      throw bookingsErrors.bookingStatus(id, current.status, 'rescheduled', movable);
    const now = deps.clock.now();
    await release(trx, caller.siteId, current.holdId, now);
    const holdId = `${id}:${Number(current.revision) + 1}`;
    const held = await holdSlot(trx, caller.siteId, found, {
      holdId,
      ownerKey: ownerKeyOf(caller),
      participants,
      now,
    });
    if (!held) throw slotNotAvailable(slot, current.bookedEntity.title);
    await confirm(trx, caller.siteId, holdId, now);
    return {
      bookedEntity: { ...current.bookedEntity, slot: bookedSlotOf(found) },
      startDate: new Date(found.offer.start).toISOString(),
      endDate: new Date(found.offer.end).toISOString(),
      holdId,
    };
  });
}

/** The owner approves a PENDING booking. */
export function confirmBooking(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  options: {
    revision?: string | null | undefined;
    paymentStatus?: StoredBooking['paymentStatus'] | undefined;
  },
): Promise<StoredBooking> {
  return change(deps, caller, id, options.revision, async (current) => {
    if (current.status !== 'PENDING')
      throw bookingsErrors.bookingStatus(id, current.status, 'confirmed', ['PENDING']);
    return {
      status: 'CONFIRMED',
      ...(options.paymentStatus ? { paymentStatus: options.paymentStatus } : {}),
    };
  });
}

/** The owner declines a PENDING booking; its slot is freed. */
export function declineBooking(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  options: {
    revision?: string | null | undefined;
    paymentStatus?: StoredBooking['paymentStatus'] | undefined;
  },
): Promise<StoredBooking> {
  return change(deps, caller, id, options.revision, async (current, trx) => {
    if (current.status !== 'PENDING')
      throw bookingsErrors.bookingStatus(id, current.status, 'declined', ['PENDING']);
    await release(trx, caller.siteId, current.holdId, deps.clock.now());
    await releaseCredits(trx, caller.siteId, current.membership, deps.clock.now());
    return { status: 'DECLINED', ...(options.paymentStatus ? { paymentStatus: options.paymentStatus } : {}) };
  });
}
