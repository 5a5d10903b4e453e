import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { PagingMetadata } from './types.ts';

/** The parts of services, staff members and bookings (packages/contracts/src/bookings*.ts) read here. */
export type ServiceType = 'APPOINTMENT' | 'CLASS' | 'COURSE';
export type RateType = 'FIXED' | 'CUSTOM' | 'VARIED' | 'NO_FEE';
export type Weekday = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';

interface Money {
  value: string;
  currency?: string;
  formattedValue?: string;
}

export interface Service {
  id: string;
  revision: string;
  type: ServiceType;
  name: string;
  hidden?: boolean;
  defaultCapacity?: number;
  payment?: {
    rateType?: RateType;
    fixed?: { price?: Money };
    varied?: { defaultPrice?: Money };
    custom?: { description?: string };
    options?: { online?: boolean; inPerson?: boolean; deposit?: boolean; pricingPlan?: boolean };
  };
  onlineBooking?: { enabled?: boolean; requireManualApproval?: boolean; allowMultipleRequests?: boolean };
  schedule?: {
    availabilityConstraints?: { sessionDurations?: number[]; timeBetweenSessions?: number };
  };
  staffMemberIds?: string[];
  staffMemberDetails?: { staffMembers: Array<{ staffMemberId: string; name?: string }> };
}

export interface TimePeriod {
  openDay: Weekday;
  openTime: string;
  closeDay: Weekday;
  closeTime: string;
}

export interface TimeOff {
  id?: string;
  startDate: string;
  endDate: string;
  comment?: string;
}

export interface StaffMember {
  id: string;
  revision: string;
  name: string;
  email?: string;
  phone?: string;
  description?: string;
  workingHours?: { periods: TimePeriod[] };
  timeOff?: TimeOff[];
}

export type BookingStatus = 'CREATED' | 'CONFIRMED' | 'CANCELED' | 'PENDING' | 'DECLINED';

export interface Slot {
  serviceId: string;
  scheduleId?: string;
  sessionId?: string | null;
  eventId?: string | null;
  startDate: string;
  endDate?: string;
  timezone: string;
  resource?: { id: string; name?: string };
  location?: unknown;
}

export interface Booking {
  id: string;
  revision: string;
  bookedEntity: { slot: Slot; title?: string };
  totalParticipants: number;
  contactDetails?: { firstName?: string | null; lastName?: string | null; email?: string | null };
  status: BookingStatus;
  paymentStatus: string;
  selectedPaymentOption: string;
  createdBy: { anonymousVisitorId?: string; memberId?: string; wixUserId?: string; appId?: string };
  startDate: string;
  endDate: string;
  createdDate: string;
}

export interface AvailabilityEntry {
  slot: Slot & { endDate: string; resource?: { id: string; name?: string } };
  bookable: boolean;
  openSpots: number;
}

const SERVICES = '/bookings/v2/services';
const STAFF = '/bookings/v1/staff-members';
const BOOKINGS = '/bookings/v2/bookings';
const EXTENDED = '/_api/bookings-reader/v2/extended-bookings/query';
const AVAILABILITY = '/availability-calendar/v1/availability/query';
const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export const SERVICE_PAGE = 20;
export const STAFF_PAGE = 20;
export const APPROVAL_PAGE = 20;
/** A week of bookings is read page after page, at most this many. */
export const WEEK_CAP = 500;

type Filter = Record<string, unknown>;

// --- services ------------------------------------------------------------------------------------

/** Services by name, optionally of one type and whose name contains `search`; paged by the server. */
export function useServices(search: string, type: string, page: number) {
  const filter: Filter = {
    ...(search ? { name: { $contains: search } } : {}),
    ...(type ? { type } : {}),
  };
  return useQuery({
    queryKey: ['booking-services', search, type, page],
    queryFn: () =>
      api<{ services: Service[]; pagingMetadata: PagingMetadata }>('POST', `${SERVICES}/query`, {
        query: {
          filter,
          sort: [{ fieldName: 'name', order: 'ASC' }],
          paging: { offset: page * SERVICE_PAGE, limit: SERVICE_PAGE },
        },
        conditionalFields: ['STAFF_MEMBER_DETAILS'],
      }),
    placeholderData: keepPreviousData,
  });
}

/** The services a staff member gives (at most 100). */
export function useServicesOf(staffId: string) {
  return useQuery({
    queryKey: ['booking-services', 'of', staffId],
    queryFn: async () =>
      (
        await api<{ services: Service[] }>('POST', `${SERVICES}/query`, {
          query: {
            filter: { staffMemberIds: { $hasSome: [staffId] } },
            sort: [{ fieldName: 'name', order: 'ASC' }],
            paging: { limit: 100 },
          },
        })
      ).services,
  });
}

export function useService(id: string) {
  return useQuery({
    queryKey: ['booking-service', id],
    queryFn: async () =>
      (await api<{ service: Service }>('GET', `${at(SERVICES, id)}?conditionalFields=STAFF_MEMBER_DETAILS`))
        .service,
  });
}

function useServiceMutation<T>(run: (input: T) => Promise<{ service?: Service }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ service }) => {
      if (service) client.setQueryData(['booking-service', service.id], service);
      void client.invalidateQueries({ queryKey: ['booking-services'] });
    },
  });
}

export const useCreateService = () =>
  useServiceMutation((service: object) => api<{ service: Service }>('POST', SERVICES, { service }));

/** Changes only the fields named in `mask` (each replaces the stored one). */
export const useUpdateService = () =>
  useServiceMutation(
    ({ service, mask }: { service: Partial<Service> & { id: string; revision: string }; mask: string }) =>
      api<{ service: Service }>('PATCH', at(SERVICES, service.id), { service, mask }),
  );

export const useDeleteService = () =>
  useServiceMutation((id: string) => api<object>('DELETE', at(SERVICES, id)));

// --- staff ---------------------------------------------------------------------------------------

/** Staff members by name, paged by the server (pickers and filters read the first 100). */
export function useStaff(page: number, limit = STAFF_PAGE) {
  return useQuery({
    queryKey: ['staff', page, limit],
    queryFn: () =>
      api<{ staffMembers: StaffMember[]; pagingMetadata: PagingMetadata }>('POST', `${STAFF}/query`, {
        query: { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { offset: page * limit, limit } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffMember(id: string) {
  return useQuery({
    queryKey: ['staff-member', id],
    queryFn: async () => (await api<{ staffMember: StaffMember }>('GET', at(STAFF, id))).staffMember,
  });
}

/** Replaces the fields sent (working hours or time off, each whole). */
export function useUpdateStaffMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (staffMember: Partial<StaffMember> & { id: string; revision: string }) =>
      api<{ staffMember: StaffMember }>('PATCH', at(STAFF, staffMember.id), { staffMember }),
    onSuccess: ({ staffMember }) => {
      client.setQueryData(['staff-member', staffMember.id], staffMember);
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
}

// --- bookings ------------------------------------------------------------------------------------

type Extended = { extendedBookings: Array<{ booking: Booking }>; pagingMetadata: PagingMetadata };
const queryBookings = (query: object) => api<Extended>('POST', EXTENDED, { query });

/** The live bookings starting in [from, to), of one staff member when `staffId` is set; every page. */
export function useWeekBookings(from: string, to: string, staffId: string) {
  return useQuery({
    queryKey: ['bookings', 'week', from, to, staffId],
    queryFn: async () => {
      const filter: Filter = {
        startDate: { $gte: from, $lt: to },
        status: { $in: ['CONFIRMED', 'PENDING'] },
        ...(staffId ? { 'bookedEntity.slot.resource.id': staffId } : {}),
      };
      const bookings: Booking[] = [];
      let total = 0;
      do {
        const page = await queryBookings({
          filter,
          sort: [{ fieldName: 'startDate', order: 'ASC' }],
          paging: { offset: bookings.length, limit: 100 },
        });
        bookings.push(...page.extendedBookings.map((e) => e.booking));
        total = page.pagingMetadata.total ?? bookings.length;
        if (page.extendedBookings.length === 0) break;
      } while (bookings.length < total && bookings.length < WEEK_CAP);
      return { bookings, complete: bookings.length >= total };
    },
    placeholderData: keepPreviousData,
  });
}

/** Bookings waiting for the owner's approval, soonest first; paged by the server. */
export function usePendingBookings(page: number) {
  return useQuery({
    queryKey: ['bookings', 'pending', page],
    queryFn: () =>
      queryBookings({
        filter: { status: 'PENDING' },
        sort: [{ fieldName: 'startDate', order: 'ASC' }],
        paging: { offset: page * APPROVAL_PAGE, limit: APPROVAL_PAGE },
      }),
    // Customers book while the owner looks: opening the tab always asks again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export type BookingAction =
  | { action: 'confirm' | 'decline' | 'cancel'; booking: Booking }
  | { action: 'reschedule'; booking: Booking; slot: Slot };

/**
 * Approve, decline, cancel or move a booking; every booking list and the slots follow. No revision is
 * sent: the checkout's own updates (payment, contact) move it meanwhile, and the server checks the
 * status the action needs.
 */
export function useBookingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingAction) =>
      api<{ booking: Booking }>(
        'POST',
        `${at(BOOKINGS, input.booking.id)}/${input.action}`,
        input.action === 'reschedule' ? { slot: input.slot } : {},
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['bookings'] });
      // Home's count of what waits for approval.
      void client.invalidateQueries({ queryKey: ['approvals'] });
      void client.invalidateQueries({ queryKey: ['availability'] });
    },
  });
}

/** The bookable slots of a service in [from, to), their times local to `zone`. */
export function useAvailability(serviceId: string, from: string, to: string, zone: string, enabled = true) {
  return useQuery({
    queryKey: ['availability', serviceId, from, to, zone],
    enabled,
    queryFn: async () =>
      (
        await api<{ availabilityEntries: AvailabilityEntry[] }>('POST', AVAILABILITY, {
          query: { filter: { serviceId: [serviceId], startDate: from, endDate: to, bookable: true } },
          timezone: zone,
        })
      ).availabilityEntries,
  });
}
