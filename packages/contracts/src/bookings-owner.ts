/**
 * What services name and the seeds do not list, modelled on the official `@wix/bookings` packages
 * (paths as `staffMembers`, `bookingPolicies` and `categoriesV2` send them) and, for business
 * locations, on the platform's Locations API: owner-managed, readable by anyone.
 */
import { Type } from '@sinclair/typebox';
import {
  BookingPolicy,
  BusinessLocation,
  Category,
  locationFields,
  policyFields,
  StaffMember,
  staffFields,
} from './bookings-schemas.ts';
import { Empty, Id, PagingMetadata, Query } from './common.ts';
import { defineCall } from './define.ts';

const app = 'bookings' as const;
const Revision = Type.String({ pattern: '^[0-9]{1,18}$' });
// Cursor paging answers `cursors` and `hasNext`, offset paging `offset` and `total`.
const CursorPage = PagingMetadata;

// --- business locations ------------------------------------------------------------------------

const locations = (path = '') =>
  [`/locations/v1/locations${path}`, `/_api/locations/v1/locations${path}`] as const;
const LocationAnswer = Type.Object({ location: BusinessLocation });

export const createBusinessLocation = defineCall({
  name: 'createBusinessLocation',
  method: 'POST',
  paths: locations(),
  access: 'admin',
  app,
  summary: "Adds a business location; the site's first one becomes its default.",
  request: Type.Object({
    location: Type.Object({ ...locationFields, name: Type.String({ minLength: 1, maxLength: 150 }) }),
  }),
  response: LocationAnswer,
});

export const getBusinessLocation = defineCall({
  name: 'getBusinessLocation',
  method: 'GET',
  paths: locations('/{locationId}'),
  access: 'anyone',
  app,
  summary: 'One business location.',
  request: Type.Object({ locationId: Id }),
  response: LocationAnswer,
});

export const updateBusinessLocation = defineCall({
  name: 'updateBusinessLocation',
  method: 'PUT',
  paths: locations('/{location.id}'),
  access: 'admin',
  app,
  summary: 'Changes the fields sent; `revision` must be the current one. Archived locations cannot change.',
  request: Type.Object({ location: Type.Object({ id: Id, revision: Revision, ...locationFields }) }),
  response: LocationAnswer,
});

export const archiveBusinessLocation = defineCall({
  name: 'archiveBusinessLocation',
  method: 'POST',
  paths: locations('/{locationId}/archive'),
  access: 'admin',
  app,
  summary: 'Archives a location (not the default one); services can no longer choose it.',
  request: Type.Object({ locationId: Id }),
  response: LocationAnswer,
});

export const queryBusinessLocations = defineCall({
  name: 'queryBusinessLocations',
  method: 'POST',
  paths: locations('/query'),
  access: 'anyone',
  app,
  summary: 'Filters, sorts and pages business locations (fields: name, default, archived).',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ locations: Type.Array(BusinessLocation), pagingMetadata: PagingMetadata }),
});

// --- booking policies --------------------------------------------------------------------------

const policies = (path = '') =>
  [`/bookings/v1/booking-policies${path}`, `/_api/bookings/v1/booking-policies${path}`] as const;
const PolicyAnswer = Type.Object({ bookingPolicy: BookingPolicy });

export const createBookingPolicy = defineCall({
  name: 'createBookingPolicy',
  method: 'POST',
  paths: policies(),
  access: 'admin',
  app,
  summary:
    'Creates a booking policy; sub-policies left out get their defaults. The site\'s default policy ("Default policy") is made when it has none.',
  request: Type.Object({
    bookingPolicy: Type.Object({ ...policyFields, name: Type.String({ minLength: 1, maxLength: 400 }) }),
  }),
  response: PolicyAnswer,
});

export const getBookingPolicy = defineCall({
  name: 'getBookingPolicy',
  method: 'GET',
  paths: policies('/{bookingPolicyId}'),
  access: 'anyone',
  app,
  summary: 'One booking policy.',
  request: Type.Object({ bookingPolicyId: Id }),
  response: PolicyAnswer,
});

export const updateBookingPolicy = defineCall({
  name: 'updateBookingPolicy',
  method: 'PATCH',
  paths: policies('/{bookingPolicy.id}'),
  access: 'admin',
  app,
  summary: 'Changes the sub-policies sent (each whole); `revision` must be the current one.',
  request: Type.Object({ bookingPolicy: Type.Object({ id: Id, revision: Revision, ...policyFields }) }),
  response: PolicyAnswer,
});

export const deleteBookingPolicy = defineCall({
  name: 'deleteBookingPolicy',
  method: 'DELETE',
  paths: policies('/{bookingPolicyId}'),
  access: 'admin',
  app,
  summary: 'Deletes a policy; its services move to the default policy, which cannot be deleted.',
  request: Type.Object({ bookingPolicyId: Id }),
  response: Empty,
});

export const queryBookingPolicies = defineCall({
  name: 'queryBookingPolicies',
  method: 'POST',
  paths: policies('/query'),
  access: 'anyone',
  app,
  summary: 'Filters, sorts and pages booking policies (cursor paging; fields: name, default).',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ bookingPolicies: Type.Array(BookingPolicy), pagingMetadata: CursorPage }),
});

// --- categories (v2) -----------------------------------------------------------------------------

const categories = (path = '') =>
  [`/bookings/v2/categories${path}`, `/_api/bookings/v2/categories${path}`] as const;
const CategoryAnswer = Type.Object({ category: Category });
const CategoryFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};
const CategoriesPage = Type.Object({ categories: Type.Array(Category), pagingMetadata: CursorPage });

export const createCategory = defineCall({
  name: 'createCategory',
  method: 'POST',
  paths: categories(),
  access: 'admin',
  app,
  summary: 'Creates a service category.',
  request: Type.Object({
    category: Type.Object({ ...CategoryFields, name: Type.String({ minLength: 1, maxLength: 100 }) }),
  }),
  response: CategoryAnswer,
});

export const getCategory = defineCall({
  name: 'getCategory',
  method: 'GET',
  paths: categories('/{categoryId}'),
  access: 'anyone',
  app,
  summary: 'One category.',
  request: Type.Object({ categoryId: Id }),
  response: CategoryAnswer,
});

export const updateCategory = defineCall({
  name: 'updateCategory',
  method: 'PATCH',
  paths: categories('/{category.id}'),
  access: 'admin',
  app,
  summary: 'Renames or reorders a category; `revision` must be the current one.',
  request: Type.Object({ category: Type.Object({ id: Id, revision: Revision, ...CategoryFields }) }),
  response: CategoryAnswer,
});

export const deleteCategory = defineCall({
  name: 'deleteCategory',
  method: 'DELETE',
  paths: categories('/{categoryId}'),
  access: 'admin',
  app,
  summary: 'Deletes a category; its services are left without one.',
  request: Type.Object({ categoryId: Id }),
  response: Empty,
});

export const queryCategoriesV2 = defineCall({
  name: 'queryCategoriesV2',
  method: 'GET',
  paths: categories('/query'),
  access: 'anyone',
  app,
  summary:
    'Filters, sorts and pages categories (cursor paging; fields: name, sortOrder). The request travels as `.r`, base64url JSON of `{query}` (map 2.3).',
  request: Type.Object({
    '.r': Type.Optional(Type.String({ maxLength: 64_000, description: 'base64url JSON of {query}' })),
  }),
  response: CategoriesPage,
});

export const queryCategoriesV2Post = defineCall({
  name: 'queryCategoriesV2Post',
  method: 'POST',
  paths: categories('/query'),
  access: 'anyone',
  app,
  summary: 'The POST form of queryCategoriesV2, for long queries.',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: CategoriesPage,
});

// --- staff members -------------------------------------------------------------------------------

const staff = (path = '') =>
  [`/bookings/v1/staff-members${path}`, `/_api/staff-members/v1/staff-members${path}`] as const;
const StaffAnswer = Type.Object({ staffMember: StaffMember });

export const createStaffMember = defineCall({
  name: 'createStaffMember',
  method: 'POST',
  paths: staff(),
  access: 'admin',
  app,
  summary:
    "Adds a staff member. `workingHours.periods` (weekly, in the site's time zone) and `timeOff` say when they can be booked; services list them in `staffMemberIds`.",
  request: Type.Object({
    staffMember: Type.Object({ ...staffFields, name: Type.String({ minLength: 1, maxLength: 40 }) }),
  }),
  response: StaffAnswer,
});

export const getStaffMember = defineCall({
  name: 'getStaffMember',
  method: 'GET',
  paths: staff('/{staffMemberId}'),
  access: 'anyone',
  app,
  summary: 'One staff member; e-mail and phone for owners only.',
  request: Type.Object({
    staffMemberId: Id,
    fields: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
  }),
  response: StaffAnswer,
});

export const updateStaffMember = defineCall({
  name: 'updateStaffMember',
  method: 'PATCH',
  paths: staff('/{staffMember.id}'),
  access: 'admin',
  app,
  summary: 'Changes the fields sent (each whole); `revision` must be the current one.',
  request: Type.Object({ staffMember: Type.Object({ id: Id, revision: Revision, ...staffFields }) }),
  response: StaffAnswer,
});

export const deleteStaffMember = defineCall({
  name: 'deleteStaffMember',
  method: 'DELETE',
  paths: staff('/{staffMemberId}'),
  access: 'admin',
  app,
  summary: "Deletes a staff member and takes them off every service's staffMemberIds.",
  request: Type.Object({ staffMemberId: Id }),
  response: Empty,
});

export const queryStaffMembers = defineCall({
  name: 'queryStaffMembers',
  method: 'POST',
  paths: staff('/query'),
  access: 'anyone',
  app,
  summary: 'Filters, sorts and pages staff members (cursor or offset paging; fields: name).',
  request: Type.Object({
    query: Type.Optional(Query),
    fields: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
  }),
  response: Type.Object({ staffMembers: Type.Array(StaffMember), pagingMetadata: CursorPage }),
});

export const countStaffMembers = defineCall({
  name: 'countStaffMembers',
  method: 'POST',
  paths: staff('/count'),
  access: 'anyone',
  app,
  summary: 'How many staff members the filter matches.',
  request: Type.Object({
    filter: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  }),
  response: Type.Object({ count: Type.Integer() }),
});
