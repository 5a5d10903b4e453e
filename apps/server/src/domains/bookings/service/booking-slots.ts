/**
 * A slot a buyer names → the engine's offer for it now, and the capacity hold that keeps it while the
 * buyer checks out. The offer is found again by running the engine over a short range around the
 * slot, so a booking is only ever made of a slot availability would answer (working hours, time off,
 * policy, other bookings and live holds); the hold then settles races, under the staff member's lock
 * (appointments) or the session's counter (classes, courses).
 */

import { type Hold, hold, holdInterval, setCapacity } from '../../../db/capacity.ts';
import type { Caller } from '../../../http/access.ts';
import { holdExpiredPayload } from '../../../jobs/hold-expiry.ts';
import { AppError, invalidField } from '../../../lib/errors.ts';
import { recordDomainEvent } from '../../../outbox/outbox.ts';
import { assertZone } from '../availability/time.ts';
import {
  AvailabilityInputError,
  localString,
  type Offer,
  queryAvailability,
  readBound,
  type ServiceInput,
} from '../availability.ts';
import { bookingsErrors } from '../errors.ts';
import { type Executor, sessionResource, staffResource } from '../store.ts';
import { bufferReach, engineInputs, occupancy, visibleServices } from './availability-inputs.ts';
import { type BookingsDeps, isObject, type Json, siteFacts } from './context.ts';

const MINUTE_MS = 60_000;
const HOUR = 60 * MINUTE_MS;
/** How many other slots a refusal names. */
const NEXT_SLOTS = 3;
/** How long a slot is kept for a buyer who has not paid yet. */
export const HOLD_MS = 20 * 60_000;

/** A slot as a request names it (an availability entry's `slot`). */
export interface SlotRequest {
  serviceId: string;
  startDate: string;
  endDate?: string;
  timezone: string;
  resource?: { id: string; name?: string } | undefined;
}

export interface FoundSlot {
  service: Json;
  input: ServiceInput;
  offer: Offer;
}

/** A slot a refused buyer may take instead, as availability answers it. */
type NextSlot = { startDate: string; endDate: string; resource?: { id: string; name: string } };

export const slotNotAvailable = (
  slot: SlotRequest,
  serviceName: string | undefined,
  nextSlots: readonly NextSlot[] = [],
) =>
  new AppError(
    409,
    'SLOT_NOT_AVAILABLE',
    'The slot is no longer available',
    `${serviceName ?? 'The service'} at ${slot.startDate} (${slot.timezone})${
      slot.resource?.name ? ` with ${slot.resource.name}` : ''
    } cannot be booked now: it was taken meanwhile, or is outside what can be booked. Choose another slot.`,
    {
      serviceId: slot.serviceId,
      startDate: slot.startDate,
      timezone: slot.timezone,
      ...(slot.resource?.id ? { resourceId: slot.resource.id } : {}),
      nextSlots,
    },
  );

function startOf(slot: SlotRequest, field: string): number {
  try {
    assertZone(slot.timezone, `${field}.timezone`);
    return readBound(slot.startDate, slot.timezone, `${field}.startDate`);
  } catch (error) {
    if (error instanceof AvailabilityInputError) throw invalidField(error.field, error.message);
    throw error;
  }
}

/**
 * The offer for `slot` now, bookable for `participants`, or a 409 naming the slot. Without a
 * resource, an appointment takes the first staff member free at that start. `except`: a hold not to
 * count (the booking being moved).
 */
export async function findSlot(
  deps: BookingsDeps,
  caller: Caller,
  slot: SlotRequest,
  options: { field: string; participants: number; except?: string | undefined },
): Promise<FoundSlot> {
  const { field, participants } = options;
  const start = startOf(slot, field);
  const service = (await visibleServices(deps, caller, [slot.serviceId])).get(slot.serviceId);
  if (!service)
    throw bookingsErrors.invalid(
      `${field}.serviceId`,
      `names no service of the site: ${slot.serviceId}`,
      'SERVICE_NOT_FOUND',
    );
  const { timeZone } = await siteFacts(deps, caller.siteId);
  const { inputs, staff } = await engineInputs(deps, caller.siteId, timeZone, [service]);
  const input = inputs[0]!;
  const wide = { from: start - 3 * HOUR, to: start + 2 * 24 * HOUR };
  // An appointment's slot is checked alone: the engine over exactly its time offers at most that start
  // of each staff member (when it lies on their grid and is free), where the wide range would build
  // days of candidates to keep one. Classes and courses have a few sessions a day; their range stays.
  const range =
    input.type === 'APPOINTMENT' ? { from: start, to: start + input.durationMinutes * MINUTE_MS } : wide;
  const worldOf = async (bounds: { from: number; to: number }) => ({
    staff,
    ...(await occupancy(deps, caller.siteId, inputs, bounds, options.except, bufferReach(inputs))),
  });
  const wanted = localString(start, slot.timezone);
  const offersIn = async (bounds: { from: number; to: number }) =>
    queryAvailability(inputs, await worldOf(bounds), {
      ...bounds,
      timeZone: slot.timezone,
      now: deps.clock.nowMs(),
    });
  const offers = await offersIn(range);
  const fits = (o: Offer) => o.entry.bookable && o.entry.openSpots >= participants;
  const offer = offers.find(
    (o) =>
      o.entry.slot.startDate === wanted &&
      (!slot.resource?.id || o.entry.slot.resource?.id === slot.resource.id) &&
      fits(o),
  );
  if (!offer) {
    // The service's next bookable slots from that time on, whoever gives them.
    const around = range === wide ? offers : await offersIn(wide);
    const next = around.filter((o) => o.start >= start && fits(o)).slice(0, NEXT_SLOTS);
    throw slotNotAvailable(
      slot,
      service.name as string | undefined,
      next.map(({ entry: { slot: s } }) => ({
        startDate: s.startDate,
        endDate: s.endDate,
        ...(s.resource ? { resource: s.resource } : {}),
      })),
    );
  }
  const most = input.policy.maxParticipantsPerBooking;
  if (input.type !== 'APPOINTMENT' && most && participants > most)
    throw invalidField('totalParticipants', `at most ${most} participants per booking`, 'MAX');
  if (input.type === 'APPOINTMENT' && participants !== 1)
    throw invalidField('totalParticipants', 'an appointment is for one participant', 'MAX');
  return { service, input, offer };
}

/** The capacity resource an offer takes, and how (an interval of a staff member, or places). */
export function resourceOf(found: FoundSlot) {
  const { input, offer } = found;
  if (input.type === 'APPOINTMENT')
    return { key: staffResource(offer.entry.slot.resource!.id), interval: true as const };
  const scheduleId = offer.entry.slot.scheduleId;
  const start = input.type === 'CLASS' ? new Date(offer.start).toISOString() : null;
  return { key: sessionResource(scheduleId, start), interval: false as const };
}

/**
 * Holds the offer's time or places for `ownerKey` until `now + HOLD_MS`, in `trx`; false when another
 * hold took them first (the caller then answers `slotNotAvailable`).
 */
export async function holdSlot(
  trx: Executor,
  siteId: string,
  found: FoundSlot,
  request: { holdId: string; ownerKey: string; participants: number; now: Date },
): Promise<boolean> {
  const { key, interval } = resourceOf(found);
  const common = {
    resourceKey: key,
    ownerKey: request.ownerKey,
    now: request.now,
    expiresAt: new Date(request.now.getTime() + HOLD_MS),
    holdId: request.holdId,
  };
  if (interval) {
    const held = await holdInterval(trx, siteId, {
      ...common,
      startsAt: new Date(found.offer.start),
      endsAt: new Date(found.offer.end),
    });
    await reportExpired(trx, held.expired, request.now);
    return held.status === 'held';
  }
  await setCapacity(trx, siteId, key, found.offer.entry.totalSpots);
  const held = await hold(trx, siteId, { ...common, quantity: request.participants });
  if (held.status !== 'unknown') await reportExpired(trx, held.expired, request.now);
  return held.status === 'held';
}

/**
 * Holds this booking found past their expiry and freed (others' unpaid checkouts): told as the sweep
 * tells its own, so that their bookings are cancelled (bookings-consumer.ts).
 */
async function reportExpired(trx: Executor, expired: readonly Hold[], now: Date) {
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

/** The slot as a booking keeps it: the engine's, in the zone the buyer asked in. */
export function bookedSlotOf(found: FoundSlot): Json {
  const { slot } = found.offer.entry;
  const out: Json = { ...slot };
  for (const key of ['sessionId', 'eventId'] as const) if (out[key] == null) delete out[key];
  if (!isObject(out.resource)) delete out.resource;
  return out;
}
