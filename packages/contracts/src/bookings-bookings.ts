/**
 * Bookings of slots, modelled on the official `@wix/bookings` `bookings` module (paths as its http
 * code sends them: `/_api/bookings-service/v2/bookings` to www and custom hosts, the documented
 * `/bookings/v2/bookings`) and, for lists, on `extendedBookings` (`/_api/bookings-reader`). A booking is
 * made CREATED with its slot held while the buyer checks out (its id is the checkout line's
 * `catalogItemId`); paying confirms it (PENDING when the service needs the owner's approval).
 */
import { type TLiteral, type TSchema, type TUnion, Type } from '@sinclair/typebox';
import { SlotLocation } from './bookings-availability.ts';
import { Id, PagingMetadata, Query, Timestamp } from './common.ts';
import { defineCall } from './define.ts';

const app = 'bookings' as const;
const opt = <S extends TSchema>(schema: S) => Type.Optional(schema);
const nullable = <S extends TSchema>(schema: S) => Type.Optional(Type.Union([schema, Type.Null()]));
const literals = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<TLiteral<T[number]>[]>;
const Text = (maxLength: number) => Type.String({ maxLength });
const Revision = Type.String({ pattern: '^[0-9]{1,18}$' });
const LocalDateTime = Type.String({
  minLength: 1,
  maxLength: 30,
  description: 'Local date-time in `timezone`, no offset, as availability answers it.',
});

const LocalDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });
/**
 * One weekly session rule of a class or course (a Plaza field of `schedule`, in the site's time zone):
 * a session every `weekday` at `startTime` between `startDate` and `endDate` (a course needs both; a
 * class without `endDate` repeats on), with the service's capacity unless it names its own.
 */
export const WeeklySession = Type.Object({
  weekday: literals(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']),
  startTime: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
  durationInMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
  startDate: opt(LocalDate),
  endDate: opt(LocalDate),
  staffMemberId: opt(Id),
  capacity: opt(Type.Integer({ minimum: 1, maximum: 10_000 })),
});

export const BookingStatus = literals(['CREATED', 'CONFIRMED', 'CANCELED', 'PENDING', 'DECLINED']);
export const BookingPaymentStatus = literals(['UNDEFINED', 'NOT_PAID', 'PAID', 'EXEMPT', 'REFUNDED']);
export const SelectedPaymentOption = literals([
  'UNDEFINED',
  'OFFLINE',
  'ONLINE',
  'MEMBERSHIP',
  'MEMBERSHIP_OFFLINE',
]);

/** The slot a booking takes: an availability entry's `slot`. */
export const BookedSlot = Type.Object({
  sessionId: nullable(Text(200)),
  eventId: nullable(Text(200)),
  serviceId: Id,
  scheduleId: opt(Text(100)),
  startDate: LocalDateTime,
  endDate: opt(LocalDateTime),
  timezone: Type.String({ minLength: 1, maxLength: 100, description: 'IANA zone of the local times.' }),
  resource: opt(Type.Object({ id: Id, name: opt(Text(200)) })),
  location: opt(SlotLocation),
});

export const ContactDetails = Type.Object({
  contactId: nullable(Text(100)),
  firstName: nullable(Text(100)),
  lastName: nullable(Text(100)),
  email: nullable(Type.String({ maxLength: 254 })),
  phone: nullable(Text(50)),
  timeZone: nullable(Text(100)),
  countryCode: nullable(Text(2)),
});

export const Booking = Type.Object({
  id: Id,
  revision: Revision,
  createdDate: Timestamp,
  updatedDate: Timestamp,
  bookedEntity: Type.Object({
    slot: BookedSlot,
    title: opt(Type.String()),
    tags: opt(Type.Array(Type.String())),
  }),
  totalParticipants: Type.Integer(),
  contactDetails: opt(ContactDetails),
  status: BookingStatus,
  paymentStatus: BookingPaymentStatus,
  selectedPaymentOption: SelectedPaymentOption,
  createdBy: Type.Object({
    anonymousVisitorId: opt(Type.String()),
    memberId: opt(Type.String()),
    wixUserId: opt(Type.String()),
    appId: opt(Type.String()),
  }),
  startDate: Timestamp,
  endDate: Timestamp,
  doubleBooked: opt(Type.Boolean()),
});

const BookingAnswer = Type.Object({ booking: Booking });
const Notification = opt(
  Type.Object({
    notifyParticipants: opt(Type.Boolean()),
    message: nullable(Text(2000)),
    metadata: opt(Type.Record(Type.String(), Type.String())),
  }),
);
const FlowControl = opt(Type.Record(Type.String(), Type.Unknown()));

const bookings = (path = '') =>
  [`/bookings/v2/bookings${path}`, `/_api/bookings-service/v2/bookings${path}`] as const;

export const createBooking = defineCall({
  name: 'createBooking',
  method: 'POST',
  paths: bookings(),
  access: 'anyone',
  app,
  summary:
    "Books a slot availability offers (checked again now), CREATED and held for 20 minutes for the caller's checkout: a line `{appId: <Bookings>, catalogItemId: <booking id>}`. A slot taken meanwhile answers 409 SLOT_NOT_AVAILABLE. `selectedPaymentOption` MEMBERSHIP: a member's valid plan covering the service pays (its credits held with the slot, the line costs 0); a plan whose credits are spent leaves the booking to be paid ONLINE; a caller without such a plan is refused (400 at `booking.selectedPaymentOption`).",
  request: Type.Object({
    booking: Type.Object({
      bookedEntity: Type.Object({ slot: BookedSlot }),
      totalParticipants: opt(Type.Integer({ minimum: 1, maximum: 1000 })),
      contactDetails: opt(ContactDetails),
      selectedPaymentOption: opt(SelectedPaymentOption),
    }),
    participantNotification: Notification,
    sendSmsReminder: nullable(Type.Boolean()),
    flowControlSettings: FlowControl,
    formSubmission: opt(Type.Record(Type.String(), Type.Unknown())),
  }),
  response: BookingAnswer,
});

export const getBooking = defineCall({
  name: 'getBooking',
  method: 'GET',
  paths: bookings('/{bookingId}'),
  access: 'anyone',
  app,
  summary: "One booking: the caller's own, or any for the owner.",
  request: Type.Object({ bookingId: Id }),
  response: BookingAnswer,
});

export const cancelBooking = defineCall({
  name: 'cancelBooking',
  method: 'POST',
  paths: bookings('/{bookingId}/cancel'),
  access: 'anyone',
  app,
  summary:
    "Cancels the caller's booking (any booking for the owner) and frees its slot. A customer cancels within the service policy's cancellation window only (409 CANCELLATION_NOT_ALLOWED).",
  request: Type.Object({
    bookingId: Id,
    revision: nullable(Revision),
    participantNotification: Notification,
    flowControlSettings: FlowControl,
    waiveCharges: nullable(Type.Boolean()),
  }),
  response: BookingAnswer,
});

export const rescheduleBooking = defineCall({
  name: 'rescheduleBooking',
  method: 'POST',
  paths: bookings('/{bookingId}/reschedule'),
  access: 'anyone',
  app,
  summary:
    'Moves a CONFIRMED or PENDING booking to another slot of its service that availability offers now; the old slot is freed in the same transaction. A customer within the reschedule window only.',
  request: Type.Object({
    bookingId: Id,
    slot: BookedSlot,
    revision: nullable(Revision),
    participantNotification: Notification,
    flowControlSettings: FlowControl,
    totalParticipants: opt(Type.Integer({ minimum: 1, maximum: 1000 })),
  }),
  response: BookingAnswer,
});

const ApprovalRequest = Type.Object({
  bookingId: Id,
  revision: nullable(Revision),
  participantNotification: Notification,
  sendSmsReminder: nullable(Type.Boolean()),
  paymentStatus: opt(BookingPaymentStatus),
  doubleBooked: nullable(Type.Boolean()),
  flowControlSettings: FlowControl,
});

export const confirmBooking = defineCall({
  name: 'confirmBooking',
  method: 'POST',
  paths: bookings('/{bookingId}/confirm'),
  access: 'admin',
  app,
  summary: 'The owner approves a PENDING booking (a service with manual approval): CONFIRMED.',
  request: ApprovalRequest,
  response: BookingAnswer,
});

export const declineBooking = defineCall({
  name: 'declineBooking',
  method: 'POST',
  paths: bookings('/{bookingId}/decline'),
  access: 'admin',
  app,
  summary: 'The owner declines a PENDING booking: DECLINED, and its slot is freed.',
  request: ApprovalRequest,
  response: BookingAnswer,
});

export const queryExtendedBookings = defineCall({
  name: 'queryExtendedBookings',
  method: 'POST',
  paths: [
    '/bookings/bookings-reader/v2/extended-bookings/query',
    '/_api/bookings-reader/v2/extended-bookings/query',
  ],
  access: 'member',
  app,
  summary:
    "Bookings with the actions allowed on them: a member's own, every booking for the owner. Filters and sorts on `status`, `bookedEntity.slot.serviceId`, `startDate`, `createdDate`; offset or cursor paging.",
  request: Type.Object({
    query: opt(Query),
    withBookingAllowedActions: opt(Type.Boolean()),
    withBookingAttendanceInfo: opt(Type.Boolean()),
    withBookingConferencingDetails: opt(Type.Boolean()),
    withBookingPolicySettings: opt(Type.Boolean()),
  }),
  response: Type.Object({
    extendedBookings: Type.Array(
      Type.Object({
        booking: Booking,
        allowedActions: opt(
          Type.Object({ cancel: Type.Boolean(), reschedule: Type.Boolean(), bookAgain: Type.Boolean() }),
        ),
      }),
    ),
    pagingMetadata: PagingMetadata,
  }),
});

export const bookingsEntityCalls = [
  createBooking,
  getBooking,
  cancelBooking,
  rescheduleBooking,
  confirmBooking,
  declineBooking,
  queryExtendedBookings,
] as const;
