/**
 * For the hosted service page of a `bookingsBook {resourceId}` redirect session: the service, its open
 * slots over the next days in the buyer's zone (as `queryAvailability` answers them), and booking one
 * (the slot is held and the session's hosted checkout opens on it, as `bookingsCheckout` does). Public,
 * keyed by the redirect session id like the hosted checkout's calls.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { Id } from './common.ts';
import { defineCall } from './define.ts';

const opt = <S extends TSchema>(schema: S) => Type.Optional(schema);
const base = '/plaza/v1/redirect-sessions/{redirectSessionId}/bookings';
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '`YYYY-MM-DD`' });
const Zone = Type.String({ minLength: 1, maxLength: 100, description: 'IANA time zone of the buyer.' });

export const HostedBookingService = Type.Object({
  id: Type.String(),
  name: Type.String(),
  tagLine: opt(Type.String()),
  type: Type.String(),
  durationMinutes: Type.Integer(),
  /** `$45.00`, or absent for a free or custom-priced service. */
  price: opt(Type.String()),
  location: opt(Type.Object({ name: Type.String(), address: opt(Type.String()) })),
  staff: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});

export const getHostedBookingService = defineCall({
  name: 'getHostedBookingService',
  method: 'GET',
  paths: [`${base}/service`],
  access: 'public',
  summary: 'For the hosted service page: the service a `bookingsBook` redirect session opened.',
  request: Type.Object({ redirectSessionId: Id }),
  response: Type.Object({ service: HostedBookingService, postFlowUrl: opt(Type.String()) }),
});

const HostedSlot = Type.Object({
  startDate: Type.String({ description: 'Local date-time in `timezone`.' }),
  endDate: Type.String(),
  resource: opt(Type.Object({ id: Type.String(), name: opt(Type.String()) })),
  openSpots: Type.Integer(),
  totalSpots: Type.Integer(),
});

export const getHostedBookingSlots = defineCall({
  name: 'getHostedBookingSlots',
  method: 'GET',
  paths: [`${base}/slots`],
  access: 'public',
  summary:
    'For the hosted service page: the next 14 days from today in `timezone` with their number of open slots, and the open slots of `date` (the first day with slots when absent); `nextDateWithSlots` names the following day that has some.',
  request: Type.Object({ redirectSessionId: Id, timezone: Zone, date: opt(LocalDate) }),
  response: Type.Object({
    timezone: Type.String(),
    days: Type.Array(Type.Object({ date: Type.String(), openSlots: Type.Integer() })),
    date: Type.String(),
    slots: Type.Array(HostedSlot),
    nextDateWithSlots: opt(Type.String()),
  }),
});

export const bookHostedBookingSlot = defineCall({
  name: 'bookHostedBookingSlot',
  method: 'POST',
  paths: [`${base}/book`],
  access: 'public',
  summary:
    "For the hosted service page: holds the slot picked (local `startDate` in `timezone`, the staff member's `resourceId`) for the session's buyer and opens the session's hosted checkout on it; a slot taken meanwhile answers 409 SLOT_NOT_AVAILABLE with the next free ones in `nextSlots`.",
  request: Type.Object({
    redirectSessionId: Id,
    slot: Type.Object({
      startDate: Type.String({ minLength: 1, maxLength: 30 }),
      timezone: Zone,
      resourceId: opt(Id),
    }),
  }),
  response: Type.Object({ checkoutId: Type.String(), bookingId: Type.String() }),
});

export const bookingsHostedCalls = [
  getHostedBookingService,
  getHostedBookingSlots,
  bookHostedBookingSlot,
] as const;
