import type {
  archiveBusinessLocation,
  bookHostedBookingSlot,
  bulkDeleteServices,
  bulkDeleteServicesByFilter,
  bulkUpdateServices,
  bulkUpdateServicesByFilter,
  calculateMultiSlotAvailability,
  cancelBooking,
  cloneService,
  confirmBooking,
  countServices,
  countStaffMembers,
  createBooking,
  createBookingPolicy,
  createBusinessLocation,
  createCategory,
  createService,
  createStaffMember,
  declineBooking,
  deleteBookingPolicy,
  deleteCategory,
  deleteService,
  deleteStaffMember,
  disablePricingPlansForService,
  enablePricingPlansForService,
  getBooking,
  getBookingPolicy,
  getBusinessLocation,
  getCategory,
  getHostedBookingService,
  getHostedBookingSlots,
  getScheduleAvailability,
  getService,
  getStaffMember,
  queryAvailability,
  queryBookingPolicies,
  queryBusinessLocations,
  queryCategories,
  queryCategoriesV2,
  queryCategoriesV2Post,
  queryExtendedBookings,
  queryLocations,
  queryPolicies,
  queryServices,
  queryStaffMembers,
  rescheduleBooking,
  searchServices,
  setCustomSlug,
  setServiceLocations,
  updateBookingPolicy,
  updateBusinessLocation,
  updateCategory,
  updateService,
  updateStaffMember,
  validateSlug,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { bookingsCalls } from '../generated/calls.ts';
import { queryCall } from '../query/query-call.ts';

/**
 * Bookings: services v2 (reads for any caller, hidden services for the owner only; writes admin
 * only) and what services name: staff members, booking policies, categories, business locations.
 */
export const bookings = {
  /**
   * Creates a service. Admin only.
   * @example
   * const { service } = await admin.bookings.createService({
   *   service: { name: 'Haircut', type: 'APPOINTMENT', payment: { rateType: 'FIXED', fixed: { price: { value: '40' } }, options: { inPerson: true } } },
   * });
   */
  createService: call<typeof createService>(bookingsCalls, 'createService'),
  /**
   * One service; `conditionalFields: ['STAFF_MEMBER_DETAILS']` adds its staff members.
   * @example const { service } = await client.bookings.getService({ serviceId });
   */
  getService: call<typeof getService>(bookingsCalls, 'getService'),
  /** Changes a service (the fields sent, or those of `mask`) at its current `revision`. Admin only. */
  updateService: call<typeof updateService>(bookingsCalls, 'updateService'),
  /** Deletes a service. Admin only. */
  deleteService: call<typeof deleteService>(bookingsCalls, 'deleteService'),
  /**
   * A query builder over the services; `find()` sends it.
   * @example
   * const page = await client.bookings.queryServices().eq('type', 'CLASS').ascending('name').find();
   */
  queryServices: queryCall<typeof queryServices, 'services'>(bookingsCalls, 'queryServices', {
    items: 'services',
  }),
  /**
   * Filter, free text, cursor paging and aggregations.
   * @example
   * const { aggregationData } = await client.bookings.searchServices({
   *   search: { aggregations: [{ name: 'types', type: 'VALUE', fieldPath: 'type' }] },
   * });
   */
  searchServices: call<typeof searchServices>(bookingsCalls, 'searchServices'),
  /** How many services a filter matches. */
  countServices: call<typeof countServices>(bookingsCalls, 'countServices'),
  /** Booking policies with the services that use them. */
  queryPolicies: call<typeof queryPolicies>(bookingsCalls, 'queryPolicies'),
  /** Business locations and whether services are offered at each kind of location. */
  queryLocations: call<typeof queryLocations>(bookingsCalls, 'queryLocations'),
  /** Categories, or those of the services a filter matches. */
  queryCategories: call<typeof queryCategories>(bookingsCalls, 'queryCategories'),
  /** Replaces a service's locations. Admin only. */
  setServiceLocations: call<typeof setServiceLocations>(bookingsCalls, 'setServiceLocations'),
  /** Lets a service be paid with pricing plans. Admin only. */
  enablePricingPlansForService: call<typeof enablePricingPlansForService>(
    bookingsCalls,
    'enablePricingPlansForService',
  ),
  /** Stops pricing plans paying for a service. Admin only. */
  disablePricingPlansForService: call<typeof disablePricingPlansForService>(
    bookingsCalls,
    'disablePricingPlansForService',
  ),
  /** Sets the active slug of a service. Admin only. */
  setCustomSlug: call<typeof setCustomSlug>(bookingsCalls, 'setCustomSlug'),
  /** Whether a slug could be a service's custom slug. Admin only. */
  validateSlug: call<typeof validateSlug>(bookingsCalls, 'validateSlug'),
  /** Copies a service. Admin only. */
  cloneService: call<typeof cloneService>(bookingsCalls, 'cloneService'),
  /** Updates services one by one, with a result per item. Admin only. */
  bulkUpdateServices: call<typeof bulkUpdateServices>(bookingsCalls, 'bulkUpdateServices'),
  /** Sets fields on every service a filter matches. Admin only. */
  bulkUpdateServicesByFilter: call<typeof bulkUpdateServicesByFilter>(
    bookingsCalls,
    'bulkUpdateServicesByFilter',
  ),
  /** Deletes services one by one, with a result per item. Admin only. */
  bulkDeleteServices: call<typeof bulkDeleteServices>(bookingsCalls, 'bulkDeleteServices'),
  /** Deletes every service a filter matches. Admin only. */
  bulkDeleteServicesByFilter: call<typeof bulkDeleteServicesByFilter>(
    bookingsCalls,
    'bulkDeleteServicesByFilter',
  ),

  /** Adds a business location. Admin only. */
  createBusinessLocation: call<typeof createBusinessLocation>(bookingsCalls, 'createBusinessLocation'),
  /** One business location. */
  getBusinessLocation: call<typeof getBusinessLocation>(bookingsCalls, 'getBusinessLocation'),
  /** Changes a business location at its current revision. Admin only. */
  updateBusinessLocation: call<typeof updateBusinessLocation>(bookingsCalls, 'updateBusinessLocation'),
  /** Archives a business location. Admin only. */
  archiveBusinessLocation: call<typeof archiveBusinessLocation>(bookingsCalls, 'archiveBusinessLocation'),
  /** A query builder over the business locations. */
  queryBusinessLocations: queryCall<typeof queryBusinessLocations, 'locations'>(
    bookingsCalls,
    'queryBusinessLocations',
    { items: 'locations' },
  ),

  /** Creates a booking policy. Admin only. */
  createBookingPolicy: call<typeof createBookingPolicy>(bookingsCalls, 'createBookingPolicy'),
  /** One booking policy. */
  getBookingPolicy: call<typeof getBookingPolicy>(bookingsCalls, 'getBookingPolicy'),
  /** Changes a booking policy at its current revision. Admin only. */
  updateBookingPolicy: call<typeof updateBookingPolicy>(bookingsCalls, 'updateBookingPolicy'),
  /** Deletes a booking policy (not the default one). Admin only. */
  deleteBookingPolicy: call<typeof deleteBookingPolicy>(bookingsCalls, 'deleteBookingPolicy'),
  /** A query builder over the booking policies. */
  queryBookingPolicies: queryCall<typeof queryBookingPolicies, 'bookingPolicies'>(
    bookingsCalls,
    'queryBookingPolicies',
    { items: 'bookingPolicies' },
  ),

  /** Creates a category. Admin only. */
  createCategory: call<typeof createCategory>(bookingsCalls, 'createCategory'),
  /** One category. */
  getCategory: call<typeof getCategory>(bookingsCalls, 'getCategory'),
  /** Renames or reorders a category at its current revision. Admin only. */
  updateCategory: call<typeof updateCategory>(bookingsCalls, 'updateCategory'),
  /** Deletes a category. Admin only. */
  deleteCategory: call<typeof deleteCategory>(bookingsCalls, 'deleteCategory'),
  /** A query builder over the categories (a GET with `.r`, a POST for long queries). */
  queryCategoriesV2: queryCall<typeof queryCategoriesV2, 'categories', typeof queryCategoriesV2Post>(
    bookingsCalls,
    'queryCategoriesV2',
    { items: 'categories' },
    { packRequest: true, postFallback: true },
  ),
  /** The POST form of `queryCategoriesV2`. */
  queryCategoriesV2Post: call<typeof queryCategoriesV2Post>(bookingsCalls, 'queryCategoriesV2Post'),

  /** Adds a staff member with working hours and time off. Admin only. */
  createStaffMember: call<typeof createStaffMember>(bookingsCalls, 'createStaffMember'),
  /** One staff member (contact details for the owner only). */
  getStaffMember: call<typeof getStaffMember>(bookingsCalls, 'getStaffMember'),
  /** Changes a staff member at its current revision. Admin only. */
  updateStaffMember: call<typeof updateStaffMember>(bookingsCalls, 'updateStaffMember'),
  /** Deletes a staff member. Admin only. */
  deleteStaffMember: call<typeof deleteStaffMember>(bookingsCalls, 'deleteStaffMember'),
  /** A query builder over the staff members. */
  queryStaffMembers: queryCall<typeof queryStaffMembers, 'staffMembers'>(bookingsCalls, 'queryStaffMembers', {
    items: 'staffMembers',
  }),
  /** How many staff members a filter matches. */
  countStaffMembers: call<typeof countStaffMembers>(bookingsCalls, 'countStaffMembers'),

  /**
   * Open slots of services between two instants; slot times are local date-times of `timezone`.
   * @example
   * const { availabilityEntries } = await client.bookings.queryAvailability({
   *   query: { filter: { serviceId: [id], startDate: new Date().toISOString(), endDate: tomorrow.toISOString() } },
   *   timezone: 'UTC',
   *   slotsPerDay: 5,
   * });
   */
  queryAvailability: call<typeof queryAvailability>(bookingsCalls, 'queryAvailability'),
  /** A course's places as a whole, by its schedule id (the service's `schedule.id`). */
  getScheduleAvailability: call<typeof getScheduleAvailability>(bookingsCalls, 'getScheduleAvailability'),
  /** Back-to-back appointments of up to six services; `from` and `to` are local date-times of `timeZone`. */
  calculateMultiSlotAvailability: call<typeof calculateMultiSlotAvailability>(
    bookingsCalls,
    'calculateMultiSlotAvailability',
  ),
  /**
   * Books a slot availability offered (its `slot`), held for 20 minutes for the caller's checkout:
   * check out a line `{appId: BOOKINGS_APP_ID, catalogItemId: booking.id}`, or use the
   * `bookingsCheckout` redirect, which does both.
   * @example const { booking } = await client.bookings.createBooking({ booking: { bookedEntity: { slot: entry.slot } } });
   */
  createBooking: call<typeof createBooking>(bookingsCalls, 'createBooking'),
  /** One booking: the caller's own, or any for the owner. */
  getBooking: call<typeof getBooking>(bookingsCalls, 'getBooking'),
  /** Cancels a booking and frees its slot (customers within the service policy's window). */
  cancelBooking: call<typeof cancelBooking>(bookingsCalls, 'cancelBooking'),
  /** Moves a booking to another slot availability offers now. */
  rescheduleBooking: call<typeof rescheduleBooking>(bookingsCalls, 'rescheduleBooking'),
  /** Approves a PENDING booking. Admin only. */
  confirmBooking: call<typeof confirmBooking>(bookingsCalls, 'confirmBooking'),
  /** Declines a PENDING booking, freeing its slot. Admin only. */
  declineBooking: call<typeof declineBooking>(bookingsCalls, 'declineBooking'),
  /**
   * A member's own bookings, or every booking for the owner, with what may still be done with them.
   * @example const { extendedBookings } = await admin.bookings.queryExtendedBookings({ query: { filter: { status: 'CONFIRMED' } } });
   */
  queryExtendedBookings: call<typeof queryExtendedBookings>(bookingsCalls, 'queryExtendedBookings'),
  /** For the hosted service page: the service a `bookingsBook` redirect session opened. */
  getHostedBookingService: call<typeof getHostedBookingService>(bookingsCalls, 'getHostedBookingService'),
  /** For the hosted service page: the next 14 days with their open slots, and one day's slots. */
  getHostedBookingSlots: call<typeof getHostedBookingSlots>(bookingsCalls, 'getHostedBookingSlots'),
  /** For the hosted service page: holds the slot picked and opens the session's checkout on it. */
  bookHostedBookingSlot: call<typeof bookHostedBookingSlot>(bookingsCalls, 'bookHostedBookingSlot'),
};
