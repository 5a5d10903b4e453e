import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryString } from './plans.ts';
import type { PagingMetadata } from './types.ts';

/** The parts of an event, its ticket definitions and orders (packages/contracts/src/events*.ts) read here. */
export interface EventItem {
  id: string;
  title: string;
  slug: string;
  status: 'UPCOMING' | 'STARTED' | 'ENDED' | 'CANCELED' | 'DRAFT';
  dateAndTimeSettings: {
    dateAndTimeTbd?: boolean;
    startDate?: string;
    endDate?: string;
    timeZoneId?: string;
  };
  location?: { name?: string };
  registration: { type: string; initialType?: string };
}

export interface TicketDefinition {
  id: string;
  name: string;
  hidden: boolean;
  limited: boolean;
  actualLimit?: number | null;
  pricingMethod: { fixedPrice?: { value: string; currency: string }; free: boolean; pricingType: string };
  saleStatus: string;
  salesDetails?: { soldCount: number; reservedCount: number; unsoldCount: number | null; soldOut: boolean };
}

export interface Ticket {
  ticketNumber: string;
  name: string;
  orderNumber: string;
  orderFullName: string;
  guestFullName?: string;
  canceled: boolean;
  checkIn?: { created: string };
}

export interface TicketOrder {
  orderNumber: string;
  eventId: string;
  fullName?: string;
  email?: string;
  status: string;
  created: string;
  ticketsQuantity: number;
  totalPrice: { amount: string; currency: string };
  fullyCheckedIn?: boolean;
  tickets?: Ticket[];
}

export const EVENT_PAGE = 20;
const V3 = '/events/v3';
const at = (id: string) => `${V3}/events/${encodeURIComponent(id)}`;

/** Events, drafts included, soonest first; paged by the server. */
export function useEvents(page: number) {
  return useQuery({
    queryKey: ['events', page],
    queryFn: () =>
      api<{ events: EventItem[]; pagingMetadata: PagingMetadata }>('POST', `${V3}/events/query`, {
        includeDrafts: true,
        query: { paging: { offset: page * EVENT_PAGE, limit: EVENT_PAGE } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: ['event', id],
    queryFn: async () => (await api<{ event: EventItem }>('GET', at(id))).event,
  });
}

/** Publish a draft, cancel, or clone (as a draft) an event; the lists follow. */
export function useEventAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'publish' | 'cancel' | 'clone'; title: string }) =>
      api<{ event: EventItem }>('POST', `${at(id)}/${action}`, action === 'clone' ? { draft: true } : {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['events'] });
      void client.invalidateQueries({ queryKey: ['event'] });
    },
  });
}

export function useTicketDefinitions(eventId: string) {
  return useQuery({
    queryKey: ['ticket-definitions', eventId],
    queryFn: async () =>
      (
        await api<{ ticketDefinitions: TicketDefinition[] }>('POST', `${V3}/ticket-definitions/query`, {
          query: { filter: { eventId }, paging: { limit: 100 } },
          fields: ['SALES_DETAILS'],
        })
      ).ticketDefinitions,
  });
}

export const ORDER_PAGE = 20;

/** The event's ticket orders with their tickets, newest first; `search` matches buyer, order or ticket. */
export function useTicketOrders(eventId: string, search: string, page: number) {
  return useQuery({
    queryKey: ['ticket-orders', eventId, search, page],
    queryFn: () =>
      api<{ orders: TicketOrder[]; total: number }>(
        'GET',
        `/events/v1/orders${queryString({
          eventId: [eventId],
          fieldset: ['TICKETS', 'DETAILS'],
          searchPhrase: search,
          sort: 'created:desc',
          limit: ORDER_PAGE,
          offset: page * ORDER_PAGE,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Checks tickets in at the door, or undoes it. */
export function useCheckIn(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketNumber, undo }: { ticketNumber: string; undo?: boolean }) =>
      undo
        ? api<{ tickets: Ticket[] }>(
            'DELETE',
            `/events/v1/tickets/check-in${queryString({ eventId, ticketNumber: [ticketNumber] })}`,
          )
        : api<{ tickets: Ticket[] }>('POST', '/events/v1/tickets/check-in', {
            eventId,
            ticketNumber: [ticketNumber],
          }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['ticket-orders', eventId] }),
  });
}
