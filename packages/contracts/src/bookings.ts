/**
 * Bookings services v2 and bulk services (API map 8): every call at each path the official
 * `services` module sends it to (`/_api/bookings/v2/services` on the platform's hosts and custom
 * hosts, bare `/v2/bulk/services` for bulk calls on a custom host). The owner-managed entities
 * services name are in bookings-owner.ts, availability in bookings-availability.ts, bookings in
 * bookings-bookings.ts; `bookingsCalls` lists them all.
 */
import { Type } from '@sinclair/typebox';
import { bookingsAvailabilityCalls } from './bookings-availability.ts';
import { bookingsEntityCalls } from './bookings-bookings.ts';
import {
  bulkDeleteServices,
  bulkDeleteServicesByFilter,
  bulkUpdateServices,
  bulkUpdateServicesByFilter,
} from './bookings-bulk.ts';
import { bookingsHostedCalls } from './bookings-hosted.ts';
import {
  archiveBusinessLocation,
  countStaffMembers,
  createBookingPolicy,
  createBusinessLocation,
  createCategory,
  createStaffMember,
  deleteBookingPolicy,
  deleteCategory,
  deleteStaffMember,
  getBookingPolicy,
  getBusinessLocation,
  getCategory,
  getStaffMember,
  queryBookingPolicies,
  queryBusinessLocations,
  queryCategoriesV2,
  queryCategoriesV2Post,
  queryStaffMembers,
  updateBookingPolicy,
  updateBusinessLocation,
  updateCategory,
  updateStaffMember,
} from './bookings-owner.ts';
import {
  BookingPolicy,
  Category,
  ConditionalField,
  ParticipantNotification,
  Service,
  ServiceInput,
  ServiceLocation,
  ServicePatch,
} from './bookings-schemas.ts';
import { searchServices } from './bookings-search.ts';
import { Empty, Id, PagingMetadata, Query } from './common.ts';
import { defineCall } from './define.ts';

const app = 'bookings' as const;
const services = (path = '') =>
  [`/bookings/v2/services${path}`, `/_api/bookings/v2/services${path}`] as const;

const ServiceAnswer = Type.Object({ service: Service });
const Filter = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const ConditionalFields = Type.Array(ConditionalField, { maxItems: 4 });
const SessionOptions = {
  preserveFutureSessionsWithParticipants: Type.Optional(Type.Boolean()),
  participantNotification: Type.Optional(ParticipantNotification),
};
const Slug = Type.String({ minLength: 1, maxLength: 500 });
const CursorPage = PagingMetadata;

export const createService = defineCall({
  name: 'createService',
  method: 'POST',
  paths: services(),
  access: 'admin',
  app,
  summary:
    'Creates a service (APPOINTMENT, CLASS or COURSE). Its slug is made from the name and is unique in the site; without a booking policy it gets the default one.',
  request: Type.Object({ service: ServiceInput }),
  response: ServiceAnswer,
});

export const getService = defineCall({
  name: 'getService',
  method: 'GET',
  paths: services('/{serviceId}'),
  access: 'anyone',
  app,
  summary:
    'One service; hidden services for owners only. `conditionalFields=STAFF_MEMBER_DETAILS` adds its staff members.',
  request: Type.Object({ serviceId: Id, conditionalFields: Type.Optional(ConditionalFields) }),
  response: ServiceAnswer,
});

export const updateService = defineCall({
  name: 'updateService',
  method: 'PATCH',
  paths: services('/{service.id}'),
  access: 'admin',
  app,
  summary:
    'Changes the fields sent (each replaces the stored one), or only those of `mask` ("name,payment"); `revision` must be the current one.',
  request: Type.Object({
    service: ServicePatch,
    mask: Type.Optional(Type.String({ maxLength: 2000 })),
    fieldMask: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  response: ServiceAnswer,
});

export const deleteService = defineCall({
  name: 'deleteService',
  method: 'DELETE',
  paths: services('/{serviceId}'),
  access: 'admin',
  app,
  summary: 'Deletes a service and frees its slugs.',
  request: Type.Object({ serviceId: Id, ...SessionOptions }),
  response: Empty,
});

export const queryServices = defineCall({
  name: 'queryServices',
  method: 'POST',
  paths: services('/query'),
  access: 'anyone',
  app,
  summary:
    'Filters, sorts and pages services (offset paging, `total`); visitors and members see visible services only.',
  request: Type.Object({
    query: Type.Optional(Query),
    conditionalFields: Type.Optional(ConditionalFields),
  }),
  response: Type.Object({ services: Type.Array(Service), pagingMetadata: PagingMetadata }),
});

export const countServices = defineCall({
  name: 'countServices',
  method: 'POST',
  paths: services('/count'),
  access: 'anyone',
  app,
  summary: 'How many services the filter matches (visitors count visible ones).',
  request: Type.Object({ filter: Type.Optional(Filter) }),
  response: Type.Object({ count: Type.Integer() }),
});

export const queryPolicies = defineCall({
  name: 'queryPolicies',
  method: 'POST',
  paths: services('/policies/query'),
  access: 'anyone',
  app,
  summary: 'Booking policies (cursor paging), each with up to 5 of the services that use it and how many do.',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({
    bookingPolicies: Type.Array(
      Type.Object({
        bookingPolicy: BookingPolicy,
        connectedServices: Type.Array(Service),
        totalServiceCount: Type.Integer(),
      }),
    ),
    pagingMetadata: CursorPage,
  }),
});

const ServicesFilter = Type.Optional(Filter);
export const queryLocations = defineCall({
  name: 'queryLocations',
  method: 'POST',
  paths: services('/locations/query'),
  access: 'anyone',
  app,
  summary:
    "The site's business locations (or those named) and, for each kind of location, whether a service the filter matches is offered there.",
  request: Type.Object({
    filter: Type.Optional(
      Type.Object({
        services: ServicesFilter,
        businessLocationIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
      }),
    ),
  }),
  response: Type.Object({
    businessLocations: Type.Object({ exists: Type.Boolean(), locations: Type.Array(ServiceLocation) }),
    customLocations: Type.Object({ exists: Type.Boolean() }),
    customerLocations: Type.Object({ exists: Type.Boolean() }),
  }),
});

export const queryCategories = defineCall({
  name: 'queryCategories',
  method: 'POST',
  paths: services('/categories/query'),
  access: 'anyone',
  app,
  summary:
    'Categories (by sortOrder), those named in `categoryIds`, or, with a `services` filter, those of the services it matches.',
  request: Type.Object({
    filter: Type.Optional(
      Type.Object({
        services: ServicesFilter,
        categoryIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
      }),
    ),
  }),
  response: Type.Object({ categories: Type.Array(Category) }),
});

const LocationAction = Type.Union([
  Type.Literal('KEEP_AT_CURRENT_LOCATION'),
  Type.Literal('MOVE_TO_LOCATION'),
  Type.Literal('DELETE'),
]);
export const setServiceLocations = defineCall({
  name: 'setServiceLocations',
  method: 'POST',
  paths: services('/{serviceId}/locations'),
  access: 'admin',
  app,
  summary:
    "Replaces the service's locations. `removedLocationSessionsAction` says what becomes of sessions at a removed location: kept there, moved to `moveToLocationOptions.newLocation` (one of the new locations), or deleted.",
  request: Type.Object({
    serviceId: Id,
    locations: Type.Array(ServiceLocation, { maxItems: 100 }),
    removedLocationSessionsAction: Type.Optional(
      Type.Object({
        action: Type.Optional(LocationAction),
        moveToLocationOptions: Type.Optional(Type.Object({ newLocation: Type.Optional(ServiceLocation) })),
      }),
    ),
    participantNotification: Type.Optional(ParticipantNotification),
  }),
  response: ServiceAnswer,
});

const PlanIds = Type.Array(Id, { maxItems: 100, uniqueItems: true });
export const enablePricingPlansForService = defineCall({
  name: 'enablePricingPlansForService',
  method: 'POST',
  paths: services('/{serviceId}/pricing-plans/add'),
  access: 'admin',
  app,
  summary: "Adds pricing plans to the service's `payment.pricingPlanIds` and allows paying with a plan.",
  request: Type.Object({ serviceId: Id, pricingPlanIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) }),
  response: ServiceAnswer,
});

export const disablePricingPlansForService = defineCall({
  name: 'disablePricingPlansForService',
  method: 'POST',
  paths: services('/{serviceId}/pricing-plans/remove'),
  access: 'admin',
  app,
  summary:
    "Removes pricing plans from the service's `payment.pricingPlanIds` (all of them when none are named).",
  request: Type.Object({ serviceId: Id, pricingPlanIds: Type.Optional(PlanIds) }),
  response: ServiceAnswer,
});

export const setCustomSlug = defineCall({
  name: 'setCustomSlug',
  method: 'POST',
  paths: services('/{serviceId}/slugs/custom'),
  access: 'admin',
  app,
  summary:
    'Makes `slug` (older clients: `slugName`) the active slug; the service keeps answering to its earlier ones. Lower-case letters, digits and single hyphens.',
  request: Type.Object({ serviceId: Id, slug: Type.Optional(Slug), slugName: Type.Optional(Slug) }),
  response: Type.Object({
    slug: Type.Object({ name: Type.String(), custom: Type.Boolean(), createdDate: Type.String() }),
    service: Service,
  }),
});

export const validateSlug = defineCall({
  name: 'validateSlug',
  method: 'POST',
  paths: services('/slugs/validate'),
  access: 'admin',
  app,
  summary:
    'Whether `slug` could become the custom slug of the service: SLUG_CONTAINS_ILLEGAL_CHARACTERS, SLUG_ALREADY_EXISTS (used by another service of the site).',
  request: Type.Object({
    serviceId: Type.Optional(Id),
    slug: Type.Optional(Slug),
    slugName: Type.Optional(Slug),
  }),
  response: Type.Object({
    valid: Type.Boolean(),
    slug: Type.Optional(Type.String()),
    errors: Type.Array(
      Type.Union([Type.Literal('SLUG_CONTAINS_ILLEGAL_CHARACTERS'), Type.Literal('SLUG_ALREADY_EXISTS')]),
    ),
  }),
});

export const cloneService = defineCall({
  name: 'cloneService',
  method: 'POST',
  paths: services('/clone'),
  access: 'admin',
  app,
  summary:
    'Copies a service with a new id, schedule and slug. Options of older clients: cloneServiceName, hideService, copyPricingPlans, copyRecurringSessions; `errors` names what could not be copied.',
  request: Type.Object({
    sourceServiceId: Id,
    cloneServiceName: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
    hideService: Type.Optional(Type.Boolean()),
    copyPricingPlans: Type.Optional(Type.Boolean()),
    copyRecurringSessions: Type.Optional(Type.Boolean()),
  }),
  response: Type.Object({
    service: Service,
    errors: Type.Array(
      Type.Union([
        Type.Literal('SESSIONS'),
        Type.Literal('OPTIONS_AND_VARIANTS'),
        Type.Literal('FORM'),
        Type.Literal('PRICING_PLANS'),
      ]),
    ),
  }),
});

export const bookingsCalls = [
  createService,
  getService,
  updateService,
  deleteService,
  queryServices,
  searchServices,
  countServices,
  queryPolicies,
  queryLocations,
  queryCategories,
  setServiceLocations,
  enablePricingPlansForService,
  disablePricingPlansForService,
  setCustomSlug,
  validateSlug,
  cloneService,
  bulkUpdateServices,
  bulkUpdateServicesByFilter,
  bulkDeleteServices,
  bulkDeleteServicesByFilter,
  createBusinessLocation,
  getBusinessLocation,
  updateBusinessLocation,
  archiveBusinessLocation,
  queryBusinessLocations,
  createBookingPolicy,
  getBookingPolicy,
  updateBookingPolicy,
  deleteBookingPolicy,
  queryBookingPolicies,
  createCategory,
  getCategory,
  updateCategory,
  deleteCategory,
  queryCategoriesV2,
  queryCategoriesV2Post,
  createStaffMember,
  getStaffMember,
  updateStaffMember,
  deleteStaffMember,
  queryStaffMembers,
  countStaffMembers,
  ...bookingsAvailabilityCalls,
  ...bookingsEntityCalls,
  ...bookingsHostedCalls,
] as const;
