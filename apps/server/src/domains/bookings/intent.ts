/**
 * The `bookingsCheckout {slotAvailability, timezone}` redirect intent: the availability entry the
 * visitor picked becomes a CREATED booking with its slot held, and the hosted checkout page opens on a
 * checkout of that booking alone. A slot taken meanwhile answers 409 SLOT_NOT_AVAILABLE naming it.
 */
import { invalidField } from '../../lib/errors.ts';
import { type EcomDeps, linesCheckoutIntent } from '../ecom/index.ts';
import type { RedirectIntent } from '../redirects/index.ts';
import { bookingsErrors } from './errors.ts';
import { createHeldBooking } from './service/bookings.ts';
import { BOOKINGS_APP_ID, type BookingsDeps, isObject, type Json } from './service/context.ts';

const FIELD = 'bookingsCheckout.slotAvailability.slot';

function text(value: unknown, field: string, max = 100): string {
  if (typeof value !== 'string' || value === '') throw invalidField(field, 'is required', 'REQUIRED_FIELD');
  if (value.length > max) throw invalidField(field, `must be at most ${max} characters`, 'MAX_LENGTH');
  return value;
}

export function bookingsCheckoutIntent(ecom: EcomDeps, deps: BookingsDeps): RedirectIntent {
  return linesCheckoutIntent(ecom, async (caller, value) => {
    const given = isObject(value) ? value : {};
    const entry = isObject(given.slotAvailability) ? given.slotAvailability : undefined;
    if (!entry) throw invalidField('bookingsCheckout.slotAvailability', 'is required', 'REQUIRED_FIELD');
    if (!isObject(entry.slot)) throw invalidField(FIELD, 'is required', 'REQUIRED_FIELD');
    const slot = entry.slot;
    // The SDK renames `resource.id` to `_id` on the way in and back on the way out; accept either.
    const resource = isObject(slot.resource) ? slot.resource : undefined;
    const resourceId = resource ? (resource.id ?? resource._id) : undefined;
    const zone =
      typeof slot.timezone === 'string' && slot.timezone
        ? slot.timezone
        : text(given.timezone, 'bookingsCheckout.timezone');
    const booking = await createHeldBooking(
      deps,
      caller,
      {
        slot: {
          serviceId: text(slot.serviceId, `${FIELD}.serviceId`),
          startDate: text(slot.startDate, `${FIELD}.startDate`, 30),
          timezone: text(zone, `${FIELD}.timezone`),
          ...(resourceId !== undefined
            ? {
                resource: {
                  id: text(resourceId, `${FIELD}.resource.id`),
                  ...(typeof resource?.name === 'string' ? { name: resource.name } : {}),
                },
              }
            : {}),
        },
      },
      FIELD,
    );
    return {
      lines: [{ catalogReference: { appId: BOOKINGS_APP_ID, catalogItemId: booking.id }, quantity: 1 }],
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `bookingsBook {resourceId}` redirect intent: `resourceId` names a service the visitor may see
 * (hidden ones are refused, even to the owner: the page is the visitor's), and the session opens the
 * hosted service page on it (hosted.ts), where a day and a slot are picked.
 */
export function bookingsBookIntent(deps: BookingsDeps): RedirectIntent {
  return {
    page: 'book',
    async check(caller, value) {
      const field = 'bookingsBook.resourceId';
      const serviceId = text(isObject(value) ? value.resourceId : undefined, field);
      if (!UUID.test(serviceId)) throw invalidField(field, 'must be a service id (a GUID)', 'FORMAT');
      const service = await deps.store.services.forSite(caller.siteId).get<Json>(serviceId);
      if (!service || service.hidden === true)
        throw bookingsErrors.invalid(
          field,
          `names no bookable service of the site: ${serviceId}`,
          'SERVICE_NOT_FOUND',
        );
      return { serviceId };
    },
  };
}
