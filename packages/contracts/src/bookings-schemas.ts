/**
 * Wire shapes of bookings services v2 (API map 8) and of the owner-managed entities a service
 * names: business locations, booking policies, categories and staff members, modelled on the types
 * of the official `@wix/bookings` packages. Money values are decimal strings, `revision` an int64
 * string, timestamps ISO strings.
 */
import { type TLiteral, type TSchema, type TUnion, Type } from '@sinclair/typebox';
import { WeeklySession } from './bookings-bookings.ts';
import { Id, Timestamp } from './common.ts';

const literals = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    description ? { description } : {},
  ) as unknown as TUnion<TLiteral<T[number]>[]>;
const opt = <S extends TSchema>(schema: S) => Type.Optional(schema);
const Text = (maxLength: number) => Type.String({ maxLength });
const Minutes = (maximum: number) => Type.Integer({ minimum: 0, maximum });
const Open = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description }) as TSchema;

export const ServiceType = literals(['APPOINTMENT', 'CLASS', 'COURSE']);
export const RateType = literals(['FIXED', 'CUSTOM', 'VARIED', 'NO_FEE']);
export const LocationType = literals(['CUSTOM', 'BUSINESS', 'CUSTOMER']);
export const DayOfWeek = literals([
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
]);
export const ConditionalField = literals([
  'STAFF_MEMBER_DETAILS',
  'RESOURCE_TYPE_DETAILS',
  'DISCOUNT_INFO_DETAILS',
  'RESOURCE_DETAILS',
]);

/** A decimal amount as a string, e.g. `"25.05"`: at most 12 digits before the point, 3 after. */
export const DecimalValue = Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,3})?$', maxLength: 16 });

export const Money = Type.Object({
  value: DecimalValue,
  currency: opt(Type.String({ maxLength: 3, description: "Read-only: the site's currency." })),
  formattedValue: opt(Type.String({ maxLength: 50, description: 'Read-only.' })),
});

export const Image = Type.Object({
  id: opt(Text(500)),
  url: opt(Text(2000)),
  width: opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
  height: opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
  altText: opt(Text(500)),
  filename: opt(Text(500)),
  urlExpirationDate: opt(Timestamp),
});
export const MediaItem = Type.Object({ image: opt(Image) });

/** The address of a service location (map 3.2 wire names: `formattedAddress`, `geocode`, `addressLine`). */
export const ServiceAddress = Type.Object({
  country: opt(Text(2)),
  subdivision: opt(Text(10)),
  city: opt(Text(200)),
  postalCode: opt(Text(50)),
  streetAddress: opt(Type.Object({ number: opt(Text(50)), name: opt(Text(200)), apt: opt(Text(50)) })),
  addressLine: opt(Text(500)),
  addressLine2: opt(Text(500)),
  formattedAddress: opt(Text(1000)),
  geocode: opt(
    Type.Object({
      latitude: opt(Type.Number({ minimum: -90, maximum: 90 })),
      longitude: opt(Type.Number({ minimum: -180, maximum: 180 })),
    }),
  ),
});

export const ServiceLocation = Type.Object({
  id: opt(Type.String({ description: 'Read-only: the business location id, or one made for the place.' })),
  type: opt(LocationType),
  business: opt(
    Type.Object({
      id: Id,
      name: opt(Type.String({ description: 'Read-only.' })),
      default: opt(Type.Boolean({ description: 'Read-only.' })),
      address: opt(ServiceAddress),
      email: opt(Type.String()),
      phone: opt(Type.String()),
    }),
  ),
  custom: opt(Type.Object({ id: opt(Type.String()), address: opt(ServiceAddress) })),
  calculatedAddress: opt(ServiceAddress),
});

// --- booking policies --------------------------------------------------------------------------

const Toggle = Type.Object({ enabled: opt(Type.Boolean()) });
const MINUTES_MAX = 525_600 * 2;
export const policyFields = {
  name: opt(Type.String({ minLength: 1, maxLength: 400 })),
  customPolicyDescription: opt(Type.Object({ enabled: opt(Type.Boolean()), description: opt(Text(2500)) })),
  limitEarlyBookingPolicy: opt(
    Type.Object({ enabled: opt(Type.Boolean()), earliestBookingInMinutes: opt(Minutes(MINUTES_MAX)) }),
  ),
  limitLateBookingPolicy: opt(
    Type.Object({ enabled: opt(Type.Boolean()), latestBookingInMinutes: opt(Minutes(MINUTES_MAX)) }),
  ),
  bookAfterStartPolicy: opt(Toggle),
  cancellationPolicy: opt(
    Type.Object({
      enabled: opt(Type.Boolean()),
      limitLatestCancellation: opt(Type.Boolean()),
      latestCancellationInMinutes: opt(Minutes(MINUTES_MAX)),
      allowAnonymous: opt(Type.Boolean()),
    }),
  ),
  reschedulePolicy: opt(
    Type.Object({
      enabled: opt(Type.Boolean()),
      limitLatestReschedule: opt(Type.Boolean()),
      latestRescheduleInMinutes: opt(Minutes(MINUTES_MAX)),
      allowAnonymous: opt(Type.Boolean()),
    }),
  ),
  waitlistPolicy: opt(
    Type.Object({
      enabled: opt(Type.Boolean()),
      capacity: opt(Type.Integer({ minimum: 1, maximum: 200 })),
      reservationTimeInMinutes: opt(Type.Integer({ minimum: 1, maximum: 1440 })),
    }),
  ),
  participantsPolicy: opt(
    Type.Object({ maxParticipantsPerBooking: opt(Type.Integer({ minimum: 1, maximum: 1000 })) }),
  ),
  resourcesPolicy: opt(Type.Object({ enabled: opt(Type.Boolean()), autoAssignAllowed: opt(Type.Boolean()) })),
  saveCreditCardPolicy: opt(Toggle),
};

export const BookingPolicy = Type.Object({
  id: opt(Id),
  revision: opt(Type.String()),
  createdDate: opt(Timestamp),
  updatedDate: opt(Timestamp),
  default: opt(Type.Boolean()),
  ...policyFields,
});

// --- categories, business locations ----------------------------------------------------------

export const Category = Type.Object({
  id: opt(Id),
  revision: opt(Type.String()),
  createdDate: opt(Timestamp),
  updatedDate: opt(Timestamp),
  name: opt(Type.String({ minLength: 1, maxLength: 100 })),
  sortOrder: opt(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});

/** A business location as the platform's Locations API has it (`formatted`, `location`). */
export const LocationAddress = Type.Object({
  country: opt(Text(2)),
  subdivision: opt(Text(10)),
  city: opt(Text(200)),
  postalCode: opt(Text(50)),
  streetAddress: opt(Type.Object({ number: opt(Text(50)), name: opt(Text(200)), apt: opt(Text(50)) })),
  formatted: opt(Text(1000)),
  hint: opt(Text(500)),
  location: opt(
    Type.Object({
      latitude: opt(Type.Number({ minimum: -90, maximum: 90 })),
      longitude: opt(Type.Number({ minimum: -180, maximum: 180 })),
    }),
  ),
});

export const TimePeriod = Type.Object({
  openDay: DayOfWeek,
  openTime: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' }),
  closeDay: DayOfWeek,
  closeTime: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' }),
});

export const locationFields = {
  name: opt(Type.String({ minLength: 1, maxLength: 150 })),
  description: opt(Text(2000)),
  email: opt(Text(200)),
  phone: opt(Text(50)),
  fax: opt(Text(50)),
  timeZone: opt(Type.String({ minLength: 1, maxLength: 100 })),
  address: opt(LocationAddress),
  businessSchedule: opt(Type.Object({ periods: opt(Type.Array(TimePeriod, { maxItems: 100 })) })),
};

export const BusinessLocation = Type.Object({
  id: opt(Id),
  revision: opt(Type.String()),
  createdDate: opt(Timestamp),
  updatedDate: opt(Timestamp),
  default: opt(Type.Boolean()),
  status: opt(literals(['ACTIVE', 'INACTIVE'])),
  archived: opt(Type.Boolean()),
  ...locationFields,
});

// --- staff members -----------------------------------------------------------------------------

export const TimeOff = Type.Object({
  id: opt(Type.String({ description: 'Read-only.' })),
  startDate: Timestamp,
  endDate: Timestamp,
  comment: opt(Text(500)),
});

export const staffFields = {
  name: opt(Type.String({ minLength: 1, maxLength: 40 })),
  email: opt(Text(320)),
  phone: opt(Text(20)),
  description: opt(Text(500)),
  mainMedia: opt(MediaItem),
  serviceProvider: opt(Type.Boolean()),
  workingHours: opt(
    Type.Object(
      { periods: Type.Array(TimePeriod, { maxItems: 100 }) },
      {
        description:
          "Weekly working hours (a Plaza field), in the site's time zone. Absent: the default business location's schedule.",
      },
    ),
  ),
  timeOff: opt(
    Type.Array(TimeOff, {
      maxItems: 200,
      description: 'Absences (a Plaza field): no slot is offered between each startDate and endDate.',
    }),
  ),
};

export const StaffMember = Type.Object({
  id: opt(Id),
  revision: opt(Type.String()),
  createdDate: opt(Timestamp),
  updatedDate: opt(Timestamp),
  resourceId: opt(Type.String({ description: 'Read-only: the id services list in staffMemberIds.' })),
  ...staffFields,
});

// --- services ------------------------------------------------------------------------------------

const Slug = Type.Object({
  name: opt(Type.String()),
  custom: opt(Type.Boolean()),
  createdDate: opt(Timestamp),
});
const PageUrl = Type.Object({ relativePath: opt(Type.String()), url: opt(Type.String()) });

const Payment = Type.Object({
  rateType: opt(RateType),
  fixed: opt(
    Type.Object({
      price: opt(Money),
      deposit: opt(Money),
      fullUpfrontPaymentAllowed: opt(Type.Boolean()),
    }),
  ),
  custom: opt(Type.Object({ description: opt(Text(50)) })),
  varied: opt(
    Type.Object({
      defaultPrice: opt(Money),
      deposit: opt(Money),
      minPrice: opt(Money),
      maxPrice: opt(Money),
      fullUpfrontPaymentAllowed: opt(Type.Boolean()),
    }),
  ),
  options: opt(
    Type.Object({
      online: opt(Type.Boolean()),
      inPerson: opt(Type.Boolean()),
      deposit: opt(Type.Boolean()),
      pricingPlan: opt(Type.Boolean()),
    }),
  ),
  pricingPlanIds: opt(Type.Array(Type.String(), { description: 'Read-only: see the pricing-plans calls.' })),
  addOnOption: opt(literals(['ONLINE', 'IN_PERSON'])),
});

/** The fields a service write may set; read-only fields sent back with them are ignored. */
export const serviceFields = {
  appId: opt(Id),
  type: opt(ServiceType),
  sortOrder: opt(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  name: opt(Type.String({ minLength: 1, maxLength: 400 })),
  description: opt(Text(7000)),
  tagLine: opt(Text(6000)),
  defaultCapacity: opt(Type.Integer({ minimum: 1, maximum: 1000 })),
  media: opt(
    Type.Object({
      items: opt(Type.Array(MediaItem, { maxItems: 100 })),
      mainMedia: opt(MediaItem),
      coverMedia: opt(MediaItem),
    }),
  ),
  hidden: opt(Type.Boolean()),
  category: opt(Type.Object({ id: Id, name: opt(Type.String()), sortOrder: opt(Type.Integer()) })),
  form: opt(Type.Object({ id: Id })),
  payment: opt(Payment),
  onlineBooking: opt(
    Type.Object({
      enabled: opt(Type.Boolean()),
      requireManualApproval: opt(Type.Boolean()),
      allowMultipleRequests: opt(Type.Boolean()),
    }),
  ),
  conferencing: opt(Type.Object({ enabled: opt(Type.Boolean()) })),
  locations: opt(Type.Array(ServiceLocation, { maxItems: 100 })),
  bookingPolicy: opt(BookingPolicy),
  schedule: opt(
    Type.Object({
      id: opt(Type.String()),
      firstSessionStart: opt(Timestamp),
      lastSessionEnd: opt(Timestamp),
      availabilityConstraints: opt(
        Type.Object({
          durations: opt(Type.Array(Type.Object({ minutes: opt(Type.Integer()) }))),
          sessionDurations: opt(
            Type.Array(Type.Integer({ minimum: 1, maximum: 44_640 }), { minItems: 1, maxItems: 50 }),
          ),
          timeBetweenSessions: opt(Minutes(720)),
        }),
      ),
      weeklySessions: opt(Type.Array(WeeklySession, { maxItems: 50 })),
    }),
  ),
  staffMemberIds: opt(Type.Array(Id, { maxItems: 220, uniqueItems: true })),
  extendedFields: opt(Type.Object({ namespaces: opt(Open('Data per app namespace.')) })),
  seoData: opt(
    Type.Object({
      tags: opt(Type.Array(Open('An SEO tag.'), { maxItems: 100 })),
      settings: opt(Open('SEO settings.')),
    }),
  ),
  taxableAddress: opt(Type.Object({ taxableAddressType: opt(literals(['BUSINESS', 'BILLING'])) })),
};

export const Service = Type.Object({
  id: opt(Id),
  revision: opt(Type.String()),
  createdDate: opt(Timestamp),
  updatedDate: opt(Timestamp),
  createdByAppId: opt(Type.String()),
  ...serviceFields,
  staffMemberDetails: opt(
    Type.Object({
      staffMembers: Type.Array(
        Type.Object({ staffMemberId: Type.String(), name: opt(Type.String()), mainMedia: opt(MediaItem) }),
      ),
    }),
  ),
  supportedSlugs: opt(Type.Array(Slug)),
  mainSlug: opt(Slug),
  urls: opt(
    Type.Object({ servicePage: opt(PageUrl), bookingPage: opt(PageUrl), calendarPage: opt(PageUrl) }),
  ),
  addOnGroups: opt(Type.Array(Open('Add-on group.'))),
  addOnDetails: opt(Type.Array(Open('Add-on details.'))),
});

export const ServiceInput = Type.Object({
  ...serviceFields,
  name: Type.String({ minLength: 1, maxLength: 400 }),
  type: ServiceType,
});
/** Update: `id` (from the path) and `revision` (optimistic concurrency) plus the fields to change. */
export const ServicePatch = Type.Object({
  id: Id,
  revision: Type.String({ pattern: '^[0-9]{1,18}$' }),
  ...serviceFields,
});

export const ParticipantNotification = Type.Object({
  notifyParticipants: opt(Type.Boolean()),
  message: opt(Text(5000)),
});

export const ItemMetadata = Type.Object({
  id: opt(Type.String()),
  originalIndex: Type.Integer(),
  success: Type.Boolean(),
  error: opt(
    Type.Object({
      code: Type.String(),
      description: Type.String(),
      data: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
});
export const BulkActionMetadata = Type.Object({
  totalSuccesses: Type.Integer(),
  totalFailures: Type.Integer(),
  undetailedFailures: Type.Integer(),
});
export const BulkServiceResults = Type.Object({
  results: Type.Array(Type.Object({ itemMetadata: ItemMetadata, item: opt(Service) })),
  bulkActionMetadata: BulkActionMetadata,
});
