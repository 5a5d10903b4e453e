import { bookingsCalls, queryCategoriesV2Post } from '@plaza/contracts';
import { parseMask } from '../../db/documents.ts';
import { callModule } from '../../http/calls.ts';
import { jsonChecker } from '../../http/validation.ts';
import { invalidField } from '../../lib/errors.ts';
import type { EcomDeps } from '../ecom/index.ts';
import { redirectsErrors } from '../redirects/index.ts';
import { bookHostedBookingSlot, getHostedBookingService, getHostedBookingSlots } from './hosted.ts';
import {
  calculateMultiSlotCall,
  getScheduleAvailabilityCall,
  queryAvailabilityAnswer,
} from './service/availability.ts';
import {
  cancelBooking,
  confirmBooking,
  createHeldBooking,
  declineBooking,
  getBooking,
  queryExtendedBookings,
  rescheduleBooking,
} from './service/bookings.ts';
import {
  bulkDeleteServices,
  bulkDeleteServicesByFilter,
  bulkUpdateServices,
  bulkUpdateServicesByFilter,
} from './service/bulk.ts';
import {
  createCategory,
  deleteCategory,
  getCategory,
  queryCategoriesV2,
  queryServiceCategories,
  updateCategory,
} from './service/categories.ts';
import { cloneService } from './service/clone.ts';
import type { BookingsDeps, Json } from './service/context.ts';
import {
  archiveBusinessLocation,
  createBusinessLocation,
  getBusinessLocation,
  queryBusinessLocations,
  queryServiceLocations,
  setServiceLocations,
  updateBusinessLocation,
} from './service/locations.ts';
import {
  createBookingPolicy,
  deleteBookingPolicy,
  getBookingPolicy,
  queryBookingPolicies,
  queryPoliciesWithServices,
  updateBookingPolicy,
} from './service/policies.ts';
import { disablePricingPlans, enablePricingPlans } from './service/pricing-plans.ts';
import { searchServices } from './service/search.ts';
import {
  countServices,
  createService,
  deleteService,
  getService,
  queryServices,
  updateService,
} from './service/services.ts';
import { setCustomSlug, validateSlug } from './service/slugs.ts';
import {
  countStaffMembers,
  createStaffMember,
  deleteStaffMember,
  getStaffMember,
  queryStaffMembers,
  updateStaffMember,
} from './service/staff.ts';

/**
 * The service layer works on JSON documents; each call's response schema is the allow-list that
 * shapes what leaves (http/calls.ts), so answers are handed over as they are.
 */
const answer = (value: unknown) => value as never;
const checkCategoriesQuery = jsonChecker(queryCategoriesV2Post.request);

/** `.r` of the GET form of a query (map 2.3): base64url JSON of the request, checked as its POST body. */
function decodeDotR(value: unknown): Json {
  if (value === undefined || value === '') return {};
  const malformed = () =>
    invalidField('.r', 'must be base64url-encoded JSON of the request, e.g. {"query":{}}', 'FORMAT');
  if (typeof value !== 'string' || !/^[A-Za-z0-9_=-]*$/.test(value)) throw malformed();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw malformed();
  checkCategoriesQuery(decoded);
  return decoded as Json;
}

const slugOf = (input: { slug?: string | undefined; slugName?: string | undefined }) => {
  const slug = input.slug ?? input.slugName;
  if (slug === undefined) throw invalidField('slug', 'is required', 'REQUIRED_FIELD');
  return slug;
};

export function bookingsRoutes(deps: BookingsDeps, ecom?: EcomDeps) {
  return callModule('bookings', bookingsCalls, {
    // The hosted service page books through ecom's checkout: without ecom there are no such sessions.
    getHostedBookingService: async ({ redirectSessionId }) => {
      if (!ecom) throw redirectsErrors.notFound(redirectSessionId);
      return getHostedBookingService(deps, ecom, redirectSessionId);
    },
    getHostedBookingSlots: async ({ redirectSessionId, timezone, date }) => {
      if (!ecom) throw redirectsErrors.notFound(redirectSessionId);
      return getHostedBookingSlots(deps, ecom, redirectSessionId, { timezone, date });
    },
    bookHostedBookingSlot: async ({ redirectSessionId, slot }) => {
      if (!ecom) throw redirectsErrors.notFound(redirectSessionId);
      return bookHostedBookingSlot(deps, ecom, redirectSessionId, slot);
    },
    createService: async ({ service }, { caller }) =>
      answer({ service: await createService(deps, caller, service) }),
    getService: async ({ serviceId, conditionalFields }, { caller }) =>
      answer({ service: await getService(deps, caller, serviceId, { conditionalFields }) }),
    updateService: async ({ service: { id, revision, ...patch }, mask, fieldMask }, { caller }) =>
      answer({
        service: await updateService(deps, caller, id, patch, {
          revision,
          mask: parseMask(mask ?? fieldMask, mask === undefined ? 'fieldMask' : 'mask'),
        }),
      }),
    deleteService: async ({ serviceId }, { caller }) => {
      await deleteService(deps, caller, serviceId);
      return {};
    },
    queryServices: async ({ query, conditionalFields }, { caller }) =>
      answer(await queryServices(deps, caller, query as Json | undefined, { conditionalFields })),
    searchServices: async ({ search, conditionalFields }, { caller }) =>
      answer(await searchServices(deps, caller, search as Json | undefined, conditionalFields)),
    countServices: async ({ filter }, { caller }) => ({ count: await countServices(deps, caller, filter) }),
    queryPolicies: async ({ query }, { caller }) =>
      answer(await queryPoliciesWithServices(deps, caller, query as Json | undefined)),
    queryLocations: async ({ filter }, { caller }) =>
      answer(await queryServiceLocations(deps, caller, filter as Json | undefined)),
    queryCategories: async ({ filter }, { caller }) =>
      answer(await queryServiceCategories(deps, caller, filter as Json | undefined)),
    setServiceLocations: async ({ serviceId, locations, removedLocationSessionsAction }, { caller }) =>
      answer({
        service: await setServiceLocations(
          deps,
          caller,
          serviceId,
          locations as Json[],
          removedLocationSessionsAction as Json | undefined,
        ),
      }),
    enablePricingPlansForService: async ({ serviceId, pricingPlanIds }, { caller }) =>
      answer(await enablePricingPlans(deps, caller, serviceId, pricingPlanIds)),
    disablePricingPlansForService: async ({ serviceId, pricingPlanIds }, { caller }) =>
      answer(await disablePricingPlans(deps, caller, serviceId, pricingPlanIds)),
    setCustomSlug: async (input, { caller }) =>
      answer(await setCustomSlug(deps, caller, input.serviceId, slugOf(input))),
    validateSlug: async (input, { caller }) =>
      answer(await validateSlug(deps, caller, input.serviceId, slugOf(input))),
    cloneService: async ({ sourceServiceId, ...options }, { caller }) =>
      answer(await cloneService(deps, caller, sourceServiceId, options)),
    bulkUpdateServices: async ({ services, returnEntity }, { caller }) =>
      answer(await bulkUpdateServices(deps, caller, services as never, returnEntity === true)),
    bulkUpdateServicesByFilter: async ({ filter, service, mask }, { caller }) =>
      bulkUpdateServicesByFilter(deps, caller, filter, service as Json, mask),
    bulkDeleteServices: async ({ ids }, { caller }) => answer(await bulkDeleteServices(deps, caller, ids)),
    bulkDeleteServicesByFilter: async ({ filter }, { caller }) =>
      bulkDeleteServicesByFilter(deps, caller, filter),

    createBusinessLocation: async ({ location }, { caller }) =>
      answer({ location: await createBusinessLocation(deps, caller, location) }),
    getBusinessLocation: async ({ locationId }, { caller }) =>
      answer({ location: await getBusinessLocation(deps, caller, locationId) }),
    updateBusinessLocation: async ({ location: { id, revision, ...fields } }, { caller }) =>
      answer({ location: await updateBusinessLocation(deps, caller, id, revision, fields) }),
    archiveBusinessLocation: async ({ locationId }, { caller }) =>
      answer({ location: await archiveBusinessLocation(deps, caller, locationId) }),
    queryBusinessLocations: async ({ query }, { caller }) => {
      const page = await queryBusinessLocations(deps, caller, query as Json | undefined);
      return answer({ locations: page.items.map((text) => JSON.parse(text)), pagingMetadata: page.metadata });
    },

    createBookingPolicy: async ({ bookingPolicy }, { caller }) =>
      answer({ bookingPolicy: await createBookingPolicy(deps, caller, bookingPolicy) }),
    getBookingPolicy: async ({ bookingPolicyId }, { caller }) =>
      answer({ bookingPolicy: await getBookingPolicy(deps, caller, bookingPolicyId) }),
    updateBookingPolicy: async ({ bookingPolicy: { id, revision, ...fields } }, { caller }) =>
      answer({ bookingPolicy: await updateBookingPolicy(deps, caller, id, revision, fields) }),
    deleteBookingPolicy: async ({ bookingPolicyId }, { caller }) => {
      await deleteBookingPolicy(deps, caller, bookingPolicyId);
      return {};
    },
    queryBookingPolicies: async ({ query }, { caller }) => {
      const page = await queryBookingPolicies(deps, caller, query as Json | undefined);
      return answer({
        bookingPolicies: page.items.map((text) => JSON.parse(text)),
        pagingMetadata: page.metadata,
      });
    },

    createCategory: async ({ category }, { caller }) =>
      answer({ category: await createCategory(deps, caller, category) }),
    getCategory: async ({ categoryId }, { caller }) =>
      answer({ category: await getCategory(deps, caller, categoryId) }),
    updateCategory: async ({ category: { id, revision, ...fields } }, { caller }) =>
      answer({ category: await updateCategory(deps, caller, id, revision, fields) }),
    deleteCategory: async ({ categoryId }, { caller }) => {
      await deleteCategory(deps, caller, categoryId);
      return {};
    },
    // The query string holds one `.r` parameter (map 2.3); read it before dotted-key unflattening.
    queryCategoriesV2: async (_input, { caller, request }) => {
      const { query } = decodeDotR((request.query as Json)['.r']);
      const page = await queryCategoriesV2(deps, caller, query as Json | undefined);
      return answer({
        categories: page.items.map((text) => JSON.parse(text)),
        pagingMetadata: page.metadata,
      });
    },
    queryCategoriesV2Post: async ({ query }, { caller }) => {
      const page = await queryCategoriesV2(deps, caller, query as Json | undefined);
      return answer({
        categories: page.items.map((text) => JSON.parse(text)),
        pagingMetadata: page.metadata,
      });
    },

    createStaffMember: async ({ staffMember }, { caller }) =>
      answer({ staffMember: await createStaffMember(deps, caller, staffMember) }),
    getStaffMember: async ({ staffMemberId }, { caller }) =>
      answer({ staffMember: await getStaffMember(deps, caller, staffMemberId) }),
    updateStaffMember: async ({ staffMember: { id, revision, ...fields } }, { caller }) =>
      answer({ staffMember: await updateStaffMember(deps, caller, id, revision, fields) }),
    deleteStaffMember: async ({ staffMemberId }, { caller }) => {
      await deleteStaffMember(deps, caller, staffMemberId);
      return {};
    },
    queryStaffMembers: async ({ query }, { caller }) =>
      answer(await queryStaffMembers(deps, caller, query as Json | undefined)),
    countStaffMembers: async ({ filter }, { caller }) => ({
      count: await countStaffMembers(deps, caller, filter),
    }),

    queryAvailability: async (input, { caller }) => queryAvailabilityAnswer(deps, caller, input),
    getScheduleAvailability: async ({ scheduleId }, { caller }) =>
      answer(await getScheduleAvailabilityCall(deps, caller, scheduleId)),
    calculateMultiSlotAvailability: async (input, { caller }) =>
      answer(await calculateMultiSlotCall(deps, caller, input)),

    createBooking: async ({ booking }, { caller }) =>
      answer({
        booking: await createHeldBooking(deps, caller, {
          slot: booking.bookedEntity.slot,
          totalParticipants: booking.totalParticipants,
          contactDetails: booking.contactDetails as Json | undefined,
          selectedPaymentOption: booking.selectedPaymentOption,
        }),
      }),
    getBooking: async ({ bookingId }, { caller }) =>
      answer({ booking: await getBooking(deps, caller, bookingId) }),
    cancelBooking: async ({ bookingId, revision }, { caller }) =>
      answer({ booking: await cancelBooking(deps, caller, bookingId, revision) }),
    rescheduleBooking: async ({ bookingId, slot, revision }, { caller }) =>
      answer({ booking: await rescheduleBooking(deps, caller, bookingId, slot, revision) }),
    confirmBooking: async ({ bookingId, revision, paymentStatus }, { caller }) =>
      answer({ booking: await confirmBooking(deps, caller, bookingId, { revision, paymentStatus }) }),
    declineBooking: async ({ bookingId, revision, paymentStatus }, { caller }) =>
      answer({ booking: await declineBooking(deps, caller, bookingId, { revision, paymentStatus }) }),
    queryExtendedBookings: async ({ query, withBookingAllowedActions }, { caller }) =>
      answer(
        await queryExtendedBookings(
          deps,
          caller,
          query as Json | undefined,
          withBookingAllowedActions === true,
        ),
      ),
  });
}
