/** Adding and removing staff members, and choosing the services they give (bookings-owner.ts, bookings.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffChanges } from '../lib/staff-hours.ts';
import type { Service, StaffMember, TimePeriod } from './bookings.ts';
import { api } from './client.ts';

const STAFF = '/bookings/v1/staff-members';
const SERVICES = '/bookings/v2/services';

export interface NewStaffMember {
  name: string;
  email?: string;
  workingHours: { periods: TimePeriod[] };
}

export function useCreateStaffMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (staffMember: NewStaffMember) =>
      api<{ staffMember: StaffMember }>('POST', STAFF, { staffMember }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

/** The server takes them off every service too: services and the calendar follow. */
export function useDeleteStaffMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<object>('DELETE', `${STAFF}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['staff'] });
      void client.invalidateQueries({ queryKey: ['booking-services'] });
      void client.invalidateQueries({ queryKey: ['availability'] });
    },
  });
}

/** Every service by name (the first 100), with the staff each lists. */
export function useAllServices() {
  return useQuery({
    queryKey: ['booking-services', 'all'],
    queryFn: async () =>
      (
        await api<{ services: Service[] }>('POST', `${SERVICES}/query`, {
          query: { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 100 } },
        })
      ).services,
  });
}

/**
 * Makes `staffId` give exactly the `chosen` services: each service whose list changes is updated
 * (only its `staffMemberIds`, at its revision), one after another.
 */
export function useSetStaffServices(staffId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ services, chosen }: { services: Service[]; chosen: ReadonlySet<string> }) => {
      const changes = staffChanges(services, staffId, chosen);
      for (const { service, staffMemberIds } of changes)
        await api<{ service: Service }>('PATCH', `${SERVICES}/${encodeURIComponent(service.id)}`, {
          service: { id: service.id, revision: service.revision, staffMemberIds },
          mask: 'staffMemberIds',
        });
      return changes.length;
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['booking-services'] });
      void client.invalidateQueries({ queryKey: ['booking-service'] });
      void client.invalidateQueries({ queryKey: ['availability'] });
    },
  });
}
