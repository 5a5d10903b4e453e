import { eventsCalls } from '@plaza/contracts';
import { callModule } from '../../http/calls.ts';
import { type EcomDeps, markOrderAsPaid, usableCoupon } from '../ecom/index.ts';
import { redirectsErrors } from '../redirects/index.ts';
import { getHostedEventCheckout, updateHostedEventCheckout } from './hosted.ts';
import { checkInTickets, deleteTicketCheckIns } from './service/check-in.ts';
import {
  checkout,
  getCheckoutOptions,
  getInvoice,
  listAvailableTickets,
  posCheckout,
  queryAvailableTickets,
  updateTicketCheckout,
} from './service/checkout.ts';
import type { EventsDeps } from './service/context.ts';
import {
  bulkCancelEventsByFilter,
  bulkDeleteEventsByFilter,
  cancelEvent,
  cloneEvent,
  countEventsByStatus,
  createEvent,
  deleteEvent,
  getEvent,
  getEventBySlug,
  publishDraftEvent,
  queryEvents,
  updateEvent,
} from './service/events.ts';
import {
  captureTicketPayment,
  ecomTicketPayments,
  eventsApp,
  voidTicketPayment,
} from './service/order-payments.ts';
import {
  bulkUpdateTicketOrders,
  confirmTicketOrders,
  getTicketOrder,
  getTicketSalesSummary,
  listTicketOrders,
  updateTicketOrder,
} from './service/orders.ts';
import { type CheckoutDeps, cancelReservation, createReservation } from './service/reservations.ts';
import {
  createTicketDefinition,
  deleteTicketDefinition,
  getTicketDefinition,
  queryAvailableTicketDefinitions,
  queryTicketDefinitions,
  updateTicketDefinition,
} from './service/tickets.ts';

/** `ecom`: its site coupons apply to tickets (invoice, checkout). */
export function eventsRoutes(deps: EventsDeps, ecom?: EcomDeps) {
  const sales: CheckoutDeps = ecom
    ? {
        ...deps,
        coupons: (siteId, code, currency, subtotal) =>
          usableCoupon(ecom, siteId, code, currency, { subtotal }),
      }
    : deps;
  const payments = ecom ? ecomTicketPayments(ecom) : undefined;
  const markPaid = ecom
    ? (siteId: string) => async (ecomOrderId: string) => {
        const found = await ecom.store.orders.forSite(siteId).get<{ paymentStatus: string }>(ecomOrderId);
        if (found?.paymentStatus === 'NOT_PAID') await markOrderAsPaid(ecom, eventsApp(siteId), ecomOrderId);
      }
    : undefined;
  return callModule('events', eventsCalls, {
    createEvent: (input, { caller }) => createEvent(deps, caller, input),
    cloneEvent: (input, { caller }) => cloneEvent(deps, caller, input),
    updateEvent: (input, { caller }) => updateEvent(deps, caller, input),
    publishDraftEvent: ({ eventId, fields }, { caller }) => publishDraftEvent(deps, caller, eventId, fields),
    cancelEvent: ({ eventId, fields }, { caller }) => cancelEvent(deps, caller, eventId, fields),
    bulkCancelEventsByFilter: ({ filter }, { caller }) => bulkCancelEventsByFilter(deps, caller, filter),
    bulkDeleteEventsByFilter: ({ filter }, { caller }) => bulkDeleteEventsByFilter(deps, caller, filter),
    deleteEvent: ({ eventId }, { caller }) => deleteEvent(deps, caller, eventId),
    countEventsByStatus: (input, { caller }) => countEventsByStatus(deps, caller, input),
    getEvent: ({ eventId, fields }, { caller }) => getEvent(deps, caller, eventId, fields),
    getEventBySlug: ({ slug, fields }, { caller }) => getEventBySlug(deps, caller, slug, fields),
    queryEvents: (input, { caller }) => queryEvents(deps, caller, input),
    createTicketDefinition: ({ ticketDefinition, fields }, { caller }) =>
      createTicketDefinition(deps, caller, ticketDefinition, fields),
    updateTicketDefinition: ({ ticketDefinition, fields }, { caller }) =>
      updateTicketDefinition(deps, caller, ticketDefinition, fields),
    getTicketDefinition: ({ ticketDefinitionId, fields }, { caller }) =>
      getTicketDefinition(deps, caller, ticketDefinitionId, fields),
    deleteTicketDefinition: ({ ticketDefinitionId }, { caller }) =>
      deleteTicketDefinition(deps, caller, ticketDefinitionId),
    queryTicketDefinitions: ({ query, fields }, { caller }) =>
      queryTicketDefinitions(deps, caller, query, fields),
    queryAvailableTicketDefinitions: ({ query, fields }, { caller }) =>
      queryAvailableTicketDefinitions(deps, caller, query, fields),
    getCheckoutOptions: (_input, { caller }) => getCheckoutOptions(sales, caller),
    listAvailableTickets: (input, { caller }) => listAvailableTickets(sales, caller, input),
    queryAvailableTickets: (input, { caller }) => queryAvailableTickets(sales, caller, input),
    createReservation: (input, { caller }) => createReservation(sales, caller, input),
    cancelReservation: ({ id, eventId }, { caller }) => cancelReservation(sales, caller, id, eventId),
    getInvoice: (input, { caller }) => getInvoice(sales, caller, input),
    checkout: (input, { caller }) => checkout(sales, caller, input),
    updateTicketCheckout: (input, { caller }) => updateTicketCheckout(sales, caller, input),
    posCheckout: (input, { caller }) => posCheckout(sales, caller, input),
    listTicketOrders: (input, { caller }) => listTicketOrders(deps, caller, input),
    getTicketOrder: (input, { caller }) => getTicketOrder(deps, caller, input),
    updateTicketOrder: (input, { caller }) => updateTicketOrder(deps, caller, input),
    bulkUpdateTicketOrders: (input, { caller }) => bulkUpdateTicketOrders(deps, caller, input),
    confirmTicketOrders: (input, { caller }) =>
      confirmTicketOrders(deps, caller, input, markPaid?.(caller.siteId)),
    getTicketSalesSummary: (input, { caller }) => getTicketSalesSummary(deps, caller, input),
    captureAuthorizedTicketPayment: (input, { caller }) =>
      captureTicketPayment(deps, payments, caller, input),
    voidAuthorizedTicketPayment: (input, { caller }) => voidTicketPayment(deps, payments, caller, input),
    checkInTickets: (input, { caller }) => checkInTickets(deps, caller, input),
    deleteTicketCheckIns: (input, { caller }) => deleteTicketCheckIns(deps, caller, input),
    // The hosted ticket page's sessions are ecom's checkouts: without ecom there are none.
    getHostedEventCheckout: async ({ redirectSessionId }) => {
      if (!ecom) throw redirectsErrors.notFound(redirectSessionId);
      return getHostedEventCheckout(deps, ecom, redirectSessionId);
    },
    updateHostedEventCheckout: async ({ redirectSessionId, form, guests }) => {
      if (!ecom) throw redirectsErrors.notFound(redirectSessionId);
      return updateHostedEventCheckout(deps, ecom, redirectSessionId, form, guests);
    },
  });
}
