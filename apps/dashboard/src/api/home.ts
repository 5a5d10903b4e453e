/**
 * Home's agenda: the next bookings and events, and what waits for the owner's approval (members,
 * bookings). Each list asks the server for a few rows; counts come from its paging totals.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import type { EventItem } from './events.ts';
import type { PagingMetadata } from './types.ts';

export const AGENDA_SIZE = 5;

export interface UpcomingBooking {
  id: string;
  status: string;
  startDate: string;
  bookedEntity?: { title?: string };
  contactDetails?: { firstName?: string; lastName?: string; email?: string };
}

const queryBookings = (filter: Record<string, unknown>, limit: number) =>
  api<{ extendedBookings: Array<{ booking: UpcomingBooking }>; pagingMetadata: PagingMetadata }>(
    'POST',
    '/bookings/bookings-reader/v2/extended-bookings/query',
    { query: { filter, sort: [{ fieldName: 'startDate', order: 'ASC' }], paging: { offset: 0, limit } } },
  );

/** The next bookings that will take place (confirmed or waiting for approval), soonest first. */
export function useUpcomingBookings(enabled: boolean) {
  return useQuery({
    queryKey: ['bookings', 'upcoming'],
    queryFn: async () => {
      const now = new Date().toISOString();
      const page = await queryBookings(
        { startDate: { $gte: now }, status: { $in: ['CONFIRMED', 'PENDING'] } },
        AGENDA_SIZE,
      );
      return page.extendedBookings.map((extended) => extended.booking);
    },
    enabled,
  });
}

/** The next events, soonest first (the server's default order). */
export function useUpcomingEvents(enabled: boolean) {
  return useQuery({
    queryKey: ['events', 'upcoming'],
    queryFn: async () =>
      (
        await api<{ events: EventItem[] }>('POST', '/events/v3/events/query', {
          query: {
            filter: { status: { $in: ['UPCOMING', 'STARTED'] } },
            paging: { offset: 0, limit: AGENDA_SIZE },
          },
        })
      ).events,
    enabled,
  });
}

/** How many members and bookings wait for the owner's approval. */
export function usePendingApprovals(bookings: boolean) {
  return useQuery({
    queryKey: ['approvals', bookings],
    queryFn: async () => {
      const [members, pending] = await Promise.all([
        api<{ metadata: PagingMetadata }>('GET', '/members/v1/members?status=PENDING&limit=1'),
        bookings ? queryBookings({ status: 'PENDING' }, 1) : undefined,
      ]);
      return {
        members: members.metadata.total ?? 0,
        ...(pending ? { bookings: pending.pagingMetadata.total ?? 0 } : {}),
      };
    },
  });
}
