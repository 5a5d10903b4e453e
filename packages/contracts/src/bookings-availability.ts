/**
 * Bookings availability (API map 7), at every path the official `availabilityCalendar` module sends
 * it to: the query under `/availability-calendar/v1` and its older aliases; schedule and multi-slot
 * availability at their bare proto paths (www) and under `/_api/availability-calendar` (custom hosts).
 * Slot times are local date-time strings of the answer's zone (`2024-01-01T09:00:00`), never instants.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { CursorPaging, Id, Sorting } from './common.ts';
import { defineCall } from './define.ts';

const app = 'bookings' as const;
const opt = <S extends TSchema>(schema: S) => Type.Optional(schema);
const nullable = <S extends TSchema>(schema: S) => Type.Optional(Type.Union([schema, Type.Null()]));
const Zone = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'IANA time zone, e.g. America/New_York.',
});
const LocalDateTime = Type.String({ minLength: 1, maxLength: 30 });
const SlotsPerDay = nullable(Type.Integer({ minimum: 1, maximum: 1000 }));

const LocationType = Type.Union([
  Type.Literal('UNDEFINED'),
  Type.Literal('OWNER_BUSINESS'),
  Type.Literal('OWNER_CUSTOM'),
  Type.Literal('CUSTOM'),
]);
export const SlotLocation = Type.Object({
  id: nullable(Type.String({ maxLength: 100 })),
  name: nullable(Type.String({ maxLength: 400 })),
  formattedAddress: nullable(Type.String({ maxLength: 1000 })),
  formattedAddressTranslated: nullable(Type.String({ maxLength: 1000 })),
  locationType: LocationType,
});

const Violations = Type.Object({
  tooEarlyToBook: nullable(Type.Boolean()),
  tooLateToBook: nullable(Type.Boolean()),
  bookOnlineDisabled: nullable(Type.Boolean()),
  validSubmissionRequired: nullable(Type.Boolean()),
});
const Resource = Type.Object({ id: Type.String(), name: opt(Type.String()) });

export const Slot = Type.Object({
  sessionId: nullable(Type.String()),
  eventId: nullable(Type.String()),
  serviceId: Type.String(),
  scheduleId: Type.String(),
  startDate: Type.String({ description: 'Local date-time in `timezone`, no offset.' }),
  endDate: Type.String({ description: 'Local date-time in `timezone`, no offset.' }),
  timezone: Type.String(),
  resource: opt(Resource),
  location: SlotLocation,
});

export const SlotAvailability = Type.Object({
  slot: Slot,
  bookable: Type.Boolean(),
  totalSpots: Type.Integer(),
  openSpots: Type.Integer(),
  waitingList: opt(Type.Object({ totalSpots: Type.Integer(), openSpots: Type.Integer() })),
  bookingPolicyViolations: Violations,
  locked: Type.Boolean(),
  isFromV2: Type.Boolean(),
  nestedTimeSlots: opt(
    Type.Array(
      Type.Object({
        serviceId: Type.String(),
        scheduleId: Type.String(),
        start: Type.String(),
        end: Type.String(),
        resource: opt(Resource),
      }),
    ),
  ),
});

export const queryAvailability = defineCall({
  name: 'queryAvailability',
  method: 'POST',
  paths: [
    '/availability-calendar/v1/availability/query',
    '/_api/availability-calendar/v1/availability/query',
    '/bookings/availability-calendar/v1/availability/query',
    '/bookings/v1/availability/query',
  ],
  access: 'anyone',
  app,
  summary:
    'Open slots of services between two instants: `filter` needs `serviceId` (array), `startDate` and `endDate`; also `bookable`, `resourceId`, `location.id`, `location.locationType` and `bookingPolicyViolations.*`. `timezone` reads the bounds as wall-clock times there and writes slot times in it; `slotsPerDay` keeps the first slots of each local day, bookable ones first.',
  request: Type.Object({
    query: Type.Object({
      filter: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
      sort: opt(Type.Array(Sorting, { maxItems: 1 })),
    }),
    timezone: nullable(Zone),
    slotsPerDay: SlotsPerDay,
  }),
  response: Type.Object({ availabilityEntries: Type.Array(SlotAvailability) }),
});

export const getScheduleAvailability = defineCall({
  name: 'getScheduleAvailability',
  method: 'GET',
  paths: [
    '/v2/availability/schedule/{scheduleId}',
    '/_api/availability-calendar/v2/availability/schedule/{scheduleId}',
  ],
  access: 'anyone',
  app,
  summary:
    "A course's places as a whole (its schedule id is the service's `schedule.id`): total and open spots and the policy's verdict at its first session.",
  request: Type.Object({ scheduleId: Id }),
  response: Type.Object({
    availability: Type.Object({
      totalSpots: Type.Integer(),
      openSpots: Type.Integer(),
      bookingPolicyViolations: Violations,
    }),
    bookingPolicySettings: Type.Object({ maxParticipantsPerBooking: Type.Integer() }),
  }),
});

export const calculateMultiSlotAvailability = defineCall({
  name: 'calculateMultiSlotAvailability',
  method: 'POST',
  paths: ['/v1/availability/multislot', '/_api/availability-calendar/v1/availability/multislot'],
  access: 'anyone',
  app,
  summary:
    'Back-to-back appointments (1 to 6 services, each after the previous one and its buffer): `from` and `to` are local date-times of `timeZone`; one entry per chain start with a nested slot per service; cursor paging (limit up to 100).',
  request: Type.Object({
    from: LocalDateTime,
    to: LocalDateTime,
    timeZone: opt(Zone),
    bookable: nullable(Type.Boolean()),
    bookingPolicyViolations: opt(Violations),
    location: opt(SlotLocation),
    slots: Type.Array(
      Type.Object({
        serviceId: Id,
        resourcesFilter: opt(Type.Object({ resourceIds: opt(Type.Array(Id, { maxItems: 100 })) })),
        customerChoices: opt(Type.Record(Type.String(), Type.Unknown())),
      }),
      { minItems: 1, maxItems: 6 },
    ),
    slotsPerDay: SlotsPerDay,
    cursorPaging: opt(CursorPaging),
  }),
  response: Type.Object({
    slots: Type.Array(SlotAvailability),
    cursorPagingMetadata: Type.Object({
      count: Type.Integer(),
      cursors: Type.Object({ next: nullable(Type.String()), prev: nullable(Type.String()) }),
      hasNext: Type.Boolean(),
    }),
  }),
});

export const bookingsAvailabilityCalls = [
  queryAvailability,
  getScheduleAvailability,
  calculateMultiSlotAvailability,
] as const;
