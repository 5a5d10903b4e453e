/**
 * What the hosted member account (redirects/account.ts) reads of each domain: the member's profile
 * from identity, orders from ecom, tickets from events, plans from plans. Wired here, beside deps.ts,
 * so that redirects depends on no selling domain.
 */
import type { BookingsDeps } from './domains/bookings/index.ts';
import { queryExtendedBookings } from './domains/bookings/index.ts';
import type { EcomDeps } from './domains/ecom/index.ts';
import { memberAccountOrders } from './domains/ecom/index.ts';
import type { EventsDeps } from './domains/events/index.ts';
import { memberAccountTickets } from './domains/events/index.ts';
import type { IdentityContext } from './domains/identity/index.ts';
import type { PlansDeps } from './domains/plans/index.ts';
import {
  cancelMemberAccountPlan,
  memberAccountPlans,
  replaceMemberAccountPlanCard,
} from './domains/plans/index.ts';
import type { AccountSources } from './domains/redirects/index.ts';

const nameOf = (profile: Record<string, unknown>) =>
  [profile.firstName, profile.lastName].filter((part) => typeof part === 'string' && part).join(' ') ||
  (typeof profile.nickname === 'string' ? profile.nickname : '');

export function accountSources(domains: {
  identity: IdentityContext;
  ecom: EcomDeps;
  events: EventsDeps;
  plans: PlansDeps;
  bookings: BookingsDeps;
}): AccountSources {
  const { identity, ecom, events, plans, bookings } = domains;
  return {
    async profile(siteId, memberId) {
      const found = await identity.store.identities.get(siteId, memberId);
      if (!found || found.identity.status.name === 'DELETED') return undefined;
      const name = nameOf(found.identity.identityProfile);
      return { email: found.identity.email.address, ...(name ? { name } : {}) };
    },
    orders: (siteId, memberId) => memberAccountOrders(ecom, siteId, memberId),
    // The member's own bookings, latest first; one being checked out (CREATED) is not theirs yet.
    async bookings(siteId, memberId) {
      const caller = {
        siteId,
        kind: 'member' as const,
        subjectId: memberId,
        clientId: undefined,
        accessToken: undefined,
      };
      const query = {
        filter: { status: { $ne: 'CREATED' } },
        sort: [{ fieldName: 'startDate', order: 'DESC' }],
        paging: { limit: 50 },
      };
      const { extendedBookings } = await queryExtendedBookings(bookings, caller, query, false);
      return extendedBookings.map(({ booking }) => ({
        id: booking.id,
        title: booking.bookedEntity.title ?? '',
        startDate: booking.startDate,
        endDate: booking.endDate,
        status: booking.status,
        participants: booking.totalParticipants,
      }));
    },
    tickets: (siteId, memberId) => memberAccountTickets(events, siteId, memberId),
    plans: (siteId, memberId) => memberAccountPlans(plans, siteId, memberId),
    cancelPlan: (siteId, memberId, planOrderId) =>
      cancelMemberAccountPlan(plans, siteId, memberId, planOrderId),
    replacePlanCard: (siteId, memberId, planOrderId, card) =>
      replaceMemberAccountPlanCard(plans, siteId, memberId, planOrderId, card),
  };
}
