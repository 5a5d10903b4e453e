/**
 * One member and what they bought: store orders (`searchOrders` by `buyerInfo.memberId`), bookings
 * (extended bookings by `createdBy.memberId`), ticket orders (`listTicketOrders` by `memberId`), plan
 * orders (`managementListOrders` by `buyerIds`) and the balances of their plans' benefits.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Booking } from './bookings.ts';
import { api } from './client.ts';
import type { EventItem, TicketOrder } from './events.ts';
import type { Member } from './members.ts';
import { type PlanOrder, queryString } from './plans.ts';
import type { Order, PagingMetadata } from './types.ts';

export const MEMBER_LIST_PAGE = 10;

export interface BenefitBalance {
  planOrderId: string;
  planId: string;
  planName: string;
  memberId: string;
  benefit: { id: string; benefitType: 'UNLIMITED' | 'LIMITED' | 'DISCOUNT' | string; appDefId: string };
  cycle: number;
  credits?: { total: number; remaining: number };
  expirationDate?: string;
}

const paging = (page: number) => ({ offset: page * MEMBER_LIST_PAGE, limit: MEMBER_LIST_PAGE });

export function useMember(id: string) {
  return useQuery({
    queryKey: ['members', 'one', id],
    queryFn: async () =>
      (await api<{ member: Member }>('GET', `/members/v1/members/${encodeURIComponent(id)}`)).member,
  });
}

export function useMemberOrders(memberId: string, page: number) {
  return useQuery({
    queryKey: ['orders', 'member', memberId, page],
    queryFn: () =>
      api<{ orders: Order[]; metadata: PagingMetadata }>('POST', '/ecom/v1/orders/search', {
        search: {
          filter: { 'buyerInfo.memberId': memberId },
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          paging: paging(page),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberBookings(memberId: string, page: number) {
  return useQuery({
    queryKey: ['bookings', 'member', memberId, page],
    queryFn: () =>
      api<{ extendedBookings: Array<{ booking: Booking }>; pagingMetadata: PagingMetadata }>(
        'POST',
        '/_api/bookings-reader/v2/extended-bookings/query',
        {
          query: {
            filter: { 'createdBy.memberId': memberId },
            sort: [{ fieldName: 'startDate', order: 'DESC' }],
            paging: paging(page),
          },
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The member's ticket orders, newest first, with the titles of their events (one more call). */
export function useMemberTicketOrders(memberId: string, page: number) {
  return useQuery({
    queryKey: ['ticket-orders', 'member', memberId, page],
    queryFn: async () => {
      const answer = await api<{ orders: TicketOrder[]; total: number }>(
        'GET',
        `/events/v1/orders${queryString({
          memberId: [memberId],
          fieldset: ['DETAILS'],
          sort: 'created:desc',
          limit: MEMBER_LIST_PAGE,
          offset: page * MEMBER_LIST_PAGE,
        })}`,
      );
      const ids = [...new Set(answer.orders.map((order) => order.eventId))];
      const titles = new Map<string, string>();
      if (ids.length > 0) {
        const events = await api<{ events: EventItem[] }>('POST', '/events/v3/events/query', {
          includeDrafts: true,
          query: { filter: { id: { $in: ids } }, paging: { limit: ids.length } },
        });
        for (const event of events.events) titles.set(event.id, event.title);
      }
      return { ...answer, titles };
    },
    placeholderData: keepPreviousData,
  });
}

export function useMemberPlanOrders(memberId: string, page: number) {
  return useQuery({
    queryKey: ['plan-orders', 'member', memberId, page],
    queryFn: () =>
      api<{ orders: PlanOrder[]; pagingMetadata: PagingMetadata }>(
        'GET',
        `/pricing-plans/v2/orders${queryString({
          buyerIds: [memberId],
          limit: MEMBER_LIST_PAGE,
          offset: page * MEMBER_LIST_PAGE,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useBenefitBalances(memberId: string) {
  return useQuery({
    queryKey: ['benefit-balances', memberId],
    queryFn: async () =>
      (
        await api<{ balances: BenefitBalance[] }>(
          'GET',
          `/pricing-plans/v2/benefit-balances${queryString({ memberId })}`,
        )
      ).balances,
  });
}
