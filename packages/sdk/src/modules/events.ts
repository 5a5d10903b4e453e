import type {
  bulkCancelEventsByFilter,
  bulkDeleteEventsByFilter,
  bulkUpdateTicketOrders,
  cancelEvent,
  cancelReservation,
  captureAuthorizedTicketPayment,
  checkInTickets,
  checkout,
  cloneEvent,
  confirmTicketOrders,
  countEventsByStatus,
  createEvent,
  createReservation,
  createTicketDefinition,
  deleteEvent,
  deleteTicketCheckIns,
  deleteTicketDefinition,
  getCheckoutOptions,
  getEvent,
  getEventBySlug,
  getHostedEventCheckout,
  getInvoice,
  getTicketDefinition,
  getTicketOrder,
  getTicketSalesSummary,
  listAvailableTickets,
  listTicketOrders,
  posCheckout,
  publishDraftEvent,
  queryAvailableTicketDefinitions,
  queryAvailableTickets,
  queryEvents,
  queryTicketDefinitions,
  updateEvent,
  updateHostedEventCheckout,
  updateTicketCheckout,
  updateTicketDefinition,
  updateTicketOrder,
  voidAuthorizedTicketPayment,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { eventsCalls } from '../generated/calls.ts';
import { queryCall } from '../query/query-call.ts';

/**
 * Events v3 and their ticket definitions. Anyone reads published events and the tickets on show;
 * the rest is the owner's.
 */
export const events = {
  /**
   * A query builder over the published events (drafts too for owners with `includeDrafts`); `fields`
   * picks the optional parts of each, `find()` sends it. Filters on `status` (UPCOMING, STARTED,
   * ENDED …) follow the clock.
   * @example
   * const page = await client.events
   *   .queryEvents({ fields: ['DETAILS', 'REGISTRATION'] })
   *   .in('status', ['UPCOMING', 'STARTED'])
   *   .ascending('dateAndTimeSettings.startDate')
   *   .limit(10)
   *   .find();
   * page.items[0]?.title;
   */
  queryEvents: queryCall<typeof queryEvents, 'events'>(eventsCalls, 'queryEvents', { items: 'events' }),
  getEvent: call<typeof getEvent>(eventsCalls, 'getEvent'),
  getEventBySlug: call<typeof getEventBySlug>(eventsCalls, 'getEventBySlug'),
  countEventsByStatus: call<typeof countEventsByStatus>(eventsCalls, 'countEventsByStatus'),
  /**
   * Creates an event, published unless `draft`.
   * @example
   * const { event } = await admin.events.createEvent({
   *   event: {
   *     title: 'Jazz Night',
   *     location: { type: 'VENUE', name: 'Blue Hall' },
   *     dateAndTimeSettings: { startDate: '2026-03-01T19:00:00Z', endDate: '2026-03-01T22:00:00Z' },
   *     registration: { initialType: 'TICKETING' },
   *   },
   * });
   */
  createEvent: call<typeof createEvent>(eventsCalls, 'createEvent'),
  cloneEvent: call<typeof cloneEvent>(eventsCalls, 'cloneEvent'),
  updateEvent: call<typeof updateEvent>(eventsCalls, 'updateEvent'),
  publishDraftEvent: call<typeof publishDraftEvent>(eventsCalls, 'publishDraftEvent'),
  cancelEvent: call<typeof cancelEvent>(eventsCalls, 'cancelEvent'),
  bulkCancelEventsByFilter: call<typeof bulkCancelEventsByFilter>(eventsCalls, 'bulkCancelEventsByFilter'),
  bulkDeleteEventsByFilter: call<typeof bulkDeleteEventsByFilter>(eventsCalls, 'bulkDeleteEventsByFilter'),
  deleteEvent: call<typeof deleteEvent>(eventsCalls, 'deleteEvent'),
  /**
   * Adds a ticket type to a ticketed event.
   * @example
   * const { ticketDefinition } = await admin.events.createTicketDefinition({
   *   ticketDefinition: { eventId, name: 'VIP', pricingMethod: { fixedPrice: { value: '80' } }, initialLimit: 50 },
   * });
   */
  createTicketDefinition: call<typeof createTicketDefinition>(eventsCalls, 'createTicketDefinition'),
  updateTicketDefinition: call<typeof updateTicketDefinition>(eventsCalls, 'updateTicketDefinition'),
  getTicketDefinition: call<typeof getTicketDefinition>(eventsCalls, 'getTicketDefinition'),
  deleteTicketDefinition: call<typeof deleteTicketDefinition>(eventsCalls, 'deleteTicketDefinition'),
  queryTicketDefinitions: call<typeof queryTicketDefinitions>(eventsCalls, 'queryTicketDefinitions'),
  /** The ticket definitions visitors see: not hidden, of published events, on sale or shown anyway. */
  queryAvailableTicketDefinitions: call<typeof queryAvailableTicketDefinitions>(
    eventsCalls,
    'queryAvailableTicketDefinitions',
  ),
  getCheckoutOptions: call<typeof getCheckoutOptions>(eventsCalls, 'getCheckoutOptions'),
  /** The tickets on sale, v1 shape; `limit` 0 (the default) answers the counts only. */
  listAvailableTickets: call<typeof listAvailableTickets>(eventsCalls, 'listAvailableTickets'),
  queryAvailableTickets: call<typeof queryAvailableTickets>(eventsCalls, 'queryAvailableTickets'),
  /**
   * Holds tickets until the answer's `expires`; pass its `id` as `eventsCheckout.reservationId` of a
   * redirect session to pay on the hosted checkout.
   * @example
   * const reservation = await client.events.createReservation({
   *   eventId,
   *   ticketQuantities: [{ ticketDefinitionId, quantity: 2 }],
   * });
   */
  createReservation: call<typeof createReservation>(eventsCalls, 'createReservation'),
  cancelReservation: call<typeof cancelReservation>(eventsCalls, 'cancelReservation'),
  getInvoice: call<typeof getInvoice>(eventsCalls, 'getInvoice'),
  /** The order of a reservation: FREE at once for free tickets, OFFLINE_PENDING with `payInPerson`. */
  checkout: call<typeof checkout>(eventsCalls, 'checkout'),
  updateTicketCheckout: call<typeof updateTicketCheckout>(eventsCalls, 'updateTicketCheckout'),
  posCheckout: call<typeof posCheckout>(eventsCalls, 'posCheckout'),
  /** Ticketing orders: the owner's, but for reading one's own order. */
  listTicketOrders: call<typeof listTicketOrders>(eventsCalls, 'listTicketOrders'),
  getTicketOrder: call<typeof getTicketOrder>(eventsCalls, 'getTicketOrder'),
  updateTicketOrder: call<typeof updateTicketOrder>(eventsCalls, 'updateTicketOrder'),
  bulkUpdateTicketOrders: call<typeof bulkUpdateTicketOrders>(eventsCalls, 'bulkUpdateTicketOrders'),
  confirmTicketOrders: call<typeof confirmTicketOrders>(eventsCalls, 'confirmTicketOrders'),
  getTicketSalesSummary: call<typeof getTicketSalesSummary>(eventsCalls, 'getTicketSalesSummary'),
  /** An AUTHORIZED order's payment, through the ecom order that took it. */
  captureAuthorizedTicketPayment: call<typeof captureAuthorizedTicketPayment>(
    eventsCalls,
    'captureAuthorizedTicketPayment',
  ),
  voidAuthorizedTicketPayment: call<typeof voidAuthorizedTicketPayment>(
    eventsCalls,
    'voidAuthorizedTicketPayment',
  ),
  /**
   * Checks tickets in at the door (the owner's); a ticket checked in already is refused with
   * TICKET_ALREADY_CHECKED_IN, which says when.
   * @example
   * const { tickets } = await admin.events.checkInTickets({ eventId, ticketNumber: ['7KQ2M9XD3RT01'] });
   */
  checkInTickets: call<typeof checkInTickets>(eventsCalls, 'checkInTickets'),
  /** Undoes the check-in of tickets (the owner's). */
  deleteTicketCheckIns: call<typeof deleteTicketCheckIns>(eventsCalls, 'deleteTicketCheckIns'),
  /** For the hosted ticket page: an `eventsCheckout` session's event, reservation, form and tickets. */
  getHostedEventCheckout: call<typeof getHostedEventCheckout>(eventsCalls, 'getHostedEventCheckout'),
  /** For the hosted ticket page: the buyer's answers to the event's registration form. */
  updateHostedEventCheckout: call<typeof updateHostedEventCheckout>(eventsCalls, 'updateHostedEventCheckout'),
};
