/**
 * Wire shapes of events v3 (API map 11) and of ticket definitions (the platform's ticket-definitions
 * API as `@wix/events` `ticketDefinitionsV2` types it, paths `/v3/ticket-definitions`). Inputs take
 * the fields a client may set (read-only ones it echoes back are let through and ignored); answers
 * list every field they may carry, and nothing else leaves the server.
 */
import { Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';
import { input, literals, open, opt, Text } from './events-common.ts';
import { Form, FormView } from './events-form.ts';

export const RequestedFields = literals([
  'DETAILS',
  'TEXTS',
  'REGISTRATION',
  'URLS',
  'FORM',
  'DASHBOARD',
  'FEED',
  'ONLINE_CONFERENCING_SESSION',
  'SEO_SETTINGS',
  'AGENDA',
  'CATEGORIES',
]);
export const Fields = Type.Array(RequestedFields, {
  maxItems: 20,
  description: 'Optional parts of the event to answer with.',
});
export const EventStatus = literals(['UPCOMING', 'STARTED', 'ENDED', 'CANCELED', 'DRAFT']);
export const RegistrationType = literals(['RSVP', 'TICKETING', 'EXTERNAL', 'NONE']);
export const RegistrationStatus = literals([
  'UNKNOWN_REGISTRATION_STATUS',
  'CLOSED_AUTOMATICALLY',
  'CLOSED_MANUALLY',
  'OPEN_RSVP',
  'OPEN_RSVP_WAITLIST_ONLY',
  'OPEN_TICKETS',
  'OPEN_EXTERNAL',
  'SCHEDULED_RSVP',
]);
export const RecurrenceStatus = literals([
  'ONE_TIME',
  'RECURRING',
  'RECURRING_UPCOMING',
  'RECURRING_RECENTLY_ENDED',
  'RECURRING_RECENTLY_CANCELED',
]);
/** The package's INCLUDED_IN_PRICE and ADDED_AT_CHECKOUT, and the seed's INCLUDED and ADDED. */
export const TaxType = literals(['INCLUDED_IN_PRICE', 'ADDED_AT_CHECKOUT', 'INCLUDED', 'ADDED']);

const Geocode = Type.Object({
  latitude: opt(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: opt(Type.Number({ minimum: -180, maximum: 180 })),
});
const addressFields = {
  country: opt(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO-3166 alpha-2.' })),
  subdivision: opt(Text(20)),
  city: opt(Text(100)),
  postalCode: opt(Text(100)),
  addressLine: opt(Text(250)),
  addressLine2: opt(Text(250)),
  streetAddress: opt(Type.Object({ number: opt(Text(100)), name: opt(Text(250)), apt: opt(Text(100)) })),
  formattedAddress: opt(Text(500)),
  geocode: opt(Geocode),
  hint: opt(Text(250)),
  countryFullname: opt(Text(100)),
  subdivisionFullname: opt(Text(100)),
};
const Address = input(addressFields);
const AddressView = Type.Object(addressFields);

const LocationType = literals(['VENUE', 'ONLINE']);
const Location = input({
  name: opt(Text(50)),
  type: opt(LocationType),
  address: opt(Address),
  locationTbd: opt(Type.Boolean()),
});
export const LocationView = Type.Object({
  name: opt(Type.String()),
  type: LocationType,
  address: opt(AddressView),
  locationTbd: opt(Type.Boolean()),
});

const occurrenceFields = {
  startDate: opt(Timestamp),
  endDate: opt(Timestamp),
  timeZoneId: opt(Text(100)),
  showTimeZone: opt(Type.Boolean()),
};
const dateFields = {
  dateAndTimeTbd: opt(Type.Boolean()),
  dateAndTimeTbdMessage: opt(Text(100)),
  startDate: opt(Timestamp),
  endDate: opt(Timestamp),
  timeZoneId: opt(Text(100)),
  hideEndDate: opt(Type.Boolean()),
  showTimeZone: opt(Type.Boolean()),
};
const DateAndTimeSettings = input({
  ...dateFields,
  recurringEvents: opt(
    input({ individualEventDates: opt(Type.Array(input(occurrenceFields), { maxItems: 1000 })) }),
  ),
});
export const DateAndTimeSettingsView = Type.Object({
  ...dateFields,
  recurrenceStatus: RecurrenceStatus,
  recurringEvents: Type.Object({
    individualEventDates: Type.Array(Type.Object(occurrenceFields)),
    categoryId: opt(Type.String()),
  }),
  formatted: opt(
    Type.Object({
      dateAndTime: opt(Type.String()),
      startDate: opt(Type.String()),
      startTime: opt(Type.String()),
      endDate: opt(Type.String()),
      endTime: opt(Type.String()),
    }),
  ),
});

const Image = input({
  id: opt(Text(500)),
  url: opt(Text(2000)),
  width: opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
  height: opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
  altText: opt(Text(500)),
  filename: opt(Text(500)),
});
const ImageView = Type.Object({
  id: opt(Type.String()),
  url: opt(Type.String()),
  width: opt(Type.Integer()),
  height: opt(Type.Integer()),
  altText: opt(Type.String()),
  filename: opt(Type.String()),
  urlExpirationDate: opt(Timestamp),
});

const ResponseType = literals(['YES_ONLY', 'YES_AND_NO']);
const rsvpFields = {
  responseType: opt(ResponseType),
  limit: opt(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
  waitlistEnabled: opt(Type.Boolean()),
  startDate: opt(Type.Union([Timestamp, Type.Null()])),
  endDate: opt(Type.Union([Timestamp, Type.Null()])),
};
const taxFields = {
  type: opt(TaxType),
  name: opt(Text(10, 1)),
  rate: opt(Type.String({ pattern: '^[0-9]{1,3}(\\.[0-9]{1,3})?$', description: 'Percent, e.g. "8.25".' })),
  appliedToDonations: opt(Type.Boolean()),
};
const ticketsFields = {
  guestsAssignedSeparately: opt(Type.Boolean()),
  ticketLimitPerOrder: opt(Type.Integer({ minimum: 1, maximum: 50 })),
  currency: opt(Type.String({ pattern: '^[A-Z]{3}$' })),
  taxSettings: opt(input(taxFields)),
  reservationDurationInMinutes: opt(Type.Integer({ minimum: 5, maximum: 30 })),
};
const GuestType = literals(['VISITOR_OR_MEMBER', 'MEMBER']);
const InitialType = literals(['RSVP', 'TICKETING']);
const registrationFields = {
  external: opt(
    input({ url: opt(Type.Union([Type.String({ format: 'uri', maxLength: 2000 }), Type.Null()])) }),
  ),
  allowedGuestTypes: opt(GuestType),
  initialType: opt(InitialType),
  registrationPaused: opt(Type.Boolean()),
  registrationDisabled: opt(Type.Boolean()),
};
const Registration = input({
  ...registrationFields,
  rsvp: opt(input(rsvpFields)),
  tickets: opt(input(ticketsFields)),
});
/** Money of the event's answers: `{value, currency, formattedValue}`. */
const Money = Type.Object({
  value: Type.String(),
  currency: Type.String(),
  formattedValue: opt(Type.String()),
});
/** Money of the dashboard summaries: `{amount, currency, value}`. */
export const EventsMoney = Type.Object({
  amount: Type.String(),
  currency: Type.String(),
  value: Type.String(),
});
const RegistrationView = Type.Object({
  type: RegistrationType,
  status: RegistrationStatus,
  rsvp: opt(Type.Object(rsvpFields)),
  tickets: opt(
    Type.Object({
      guestsAssignedSeparately: Type.Boolean(),
      ticketLimitPerOrder: Type.Integer(),
      currency: opt(Type.String()),
      lowestPrice: opt(Money),
      highestPrice: opt(Money),
      soldOut: opt(Type.Boolean()),
      taxSettings: opt(Type.Object(taxFields)),
      reservationDurationInMinutes: opt(Type.Integer()),
    }),
  ),
  external: opt(Type.Object({ url: opt(Type.Union([Type.String(), Type.Null()])) })),
  allowedGuestTypes: opt(GuestType),
  initialType: InitialType,
  registrationPaused: opt(Type.Boolean()),
  registrationDisabled: opt(Type.Boolean()),
});

const ConferenceType = literals(['MEETING', 'WEBINAR']);
const OnlineConferencing = input({
  enabled: opt(Type.Boolean()),
  providerId: opt(Type.Union([Id, Type.Null()])),
  type: opt(ConferenceType),
});
const OnlineConferencingView = Type.Object({
  enabled: Type.Boolean(),
  providerId: opt(Type.Union([Type.String(), Type.Null()])),
  type: ConferenceType,
  session: opt(
    Type.Object({
      hostLink: Type.String(),
      guestLink: Type.String(),
      password: opt(Type.Union([Type.String(), Type.Null()])),
      sessionCreated: Type.Boolean(),
      sessionId: Type.String(),
    }),
  ),
});

export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
const SeoSettings = input({
  slug: opt(Type.String({ maxLength: 130, minLength: 1 })),
  advancedSeoData: opt(open('Tags and settings of the event page.')),
});
const Categories = input({
  categories: opt(Type.Array(input({ id: opt(Text(100)), name: Text(30, 1) }), { maxItems: 10 })),
});
const CategoryView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdDate: opt(Timestamp),
  hidden: opt(Type.Boolean()),
  type: literals(['MANUAL', 'RECURRING_EVENT']),
});
const displayFields = {
  hideEventDetailsButton: opt(Type.Union([Type.Boolean(), Type.Null()])),
  hideEventDetailsPage: opt(Type.Union([Type.Boolean(), Type.Null()])),
};
const RichContent = open('Rich-content document: nodes, metadata, documentStyle.');

/** What a create, clone or update takes. Read-only fields (id, slug, status, …) are ignored. */
export const EventInput = input({
  id: opt(Id),
  location: opt(Location),
  dateAndTimeSettings: opt(DateAndTimeSettings),
  title: opt(Text(120, 1)),
  shortDescription: opt(Type.Union([Text(500), Type.Null()])),
  detailedDescription: opt(Type.Union([Text(50_000), Type.Null()])),
  mainImage: opt(Image),
  registration: opt(Registration),
  form: opt(Form),
  guestListSettings: opt(input({ displayedPublicly: opt(Type.Boolean()) })),
  onlineConferencing: opt(OnlineConferencing),
  seoSettings: opt(SeoSettings),
  agendaSettings: opt(input({ enabled: opt(Type.Boolean()) })),
  eventDisplaySettings: opt(input(displayFields)),
  description: opt(RichContent),
  categories: opt(Categories),
});

const PageUrl = Type.Object({ base: Type.String(), path: Type.String() });

/** One event as answered; the `fields` of the request decide which optional parts it carries. */
export const Event = Type.Object({
  id: Type.String(),
  revision: Type.String({ description: 'int64 string; bumped by every change.' }),
  location: LocationView,
  dateAndTimeSettings: DateAndTimeSettingsView,
  title: Type.String(),
  shortDescription: opt(Type.Union([Type.String(), Type.Null()])),
  detailedDescription: opt(Type.Union([Type.String(), Type.Null()])),
  mainImage: opt(ImageView),
  slug: Type.String(),
  createdDate: Timestamp,
  updatedDate: Timestamp,
  publishedDate: opt(Timestamp),
  status: EventStatus,
  registration: RegistrationView,
  calendarUrls: opt(Type.Object({ google: Type.String(), ics: Type.String() })),
  eventPageUrl: opt(PageUrl),
  form: opt(FormView),
  summaries: opt(
    Type.Object({
      rsvps: Type.Object({
        totalCount: Type.Integer(),
        yesCount: Type.Integer(),
        noCount: Type.Integer(),
        waitlistCount: Type.Integer(),
      }),
      tickets: Type.Object({
        ticketsSold: Type.Integer(),
        revenue: EventsMoney,
        currencyLocked: Type.Boolean(),
        totalOrders: Type.Integer(),
        totalSales: EventsMoney,
      }),
      cancellation: opt(
        Type.Object({
          canceledDate: Timestamp,
          actorType: literals(['USER', 'APP', 'SYSTEM']),
          actorName: Type.String(),
          actorEmail: Type.String(),
        }),
      ),
    }),
  ),
  instanceId: Type.String(),
  userId: opt(Type.String()),
  guestListSettings: Type.Object({ displayedPublicly: Type.Boolean() }),
  onlineConferencing: OnlineConferencingView,
  seoSettings: opt(
    Type.Object({ slug: Type.String(), advancedSeoData: RichContent, hidden: opt(Type.Boolean()) }),
  ),
  agendaSettings: opt(Type.Object({ enabled: Type.Boolean(), pageUrl: opt(PageUrl) })),
  eventDisplaySettings: Type.Object(displayFields),
  description: opt(RichContent),
  feed: opt(Type.Object({ token: Type.String() })),
  categories: opt(Type.Object({ categories: Type.Array(CategoryView) })),
});
