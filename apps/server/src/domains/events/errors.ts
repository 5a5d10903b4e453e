import { AppError, notFound } from '../../lib/errors.ts';

const conflict = (code: string, message: string, description: string, data: Record<string, unknown>) =>
  new AppError(409, code, message, description, data);

export const eventsErrors = {
  eventNotFound: (id: string) => notFound('EVENT_NOT_FOUND', 'Event not found', { eventId: id }),
  eventSlugNotFound: (slug: string) => notFound('EVENT_NOT_FOUND', 'Event not found', { slug }),
  ticketDefinitionNotFound: (id: string) =>
    notFound('TICKET_DEFINITION_NOT_FOUND', 'Ticket definition not found', { ticketDefinitionId: id }),
  slugTaken: (slug: string) =>
    conflict(
      'SLUG_ALREADY_EXISTS',
      'The slug is taken by another event',
      `Another event of this site already has the slug "${slug}".`,
      { slug },
    ),
  notDraft: (id: string) =>
    conflict('EVENT_NOT_DRAFT', 'The event is not a draft', `Event ${id} is published already.`, {
      eventId: id,
    }),
  notCancelable: (id: string, status: string) =>
    conflict(
      'EVENT_NOT_CANCELABLE',
      'Only upcoming or started events can be canceled',
      `Event ${id} is ${status}.`,
      { eventId: id, status },
    ),
  ticketsSold: (id: string, sold: number, reserved: number) =>
    conflict(
      'TICKET_DEFINITION_HAS_SALES',
      'The ticket definition has tickets sold or reserved',
      `Ticket definition ${id} has ${sold} tickets sold and ${reserved} reserved.`,
      { ticketDefinitionId: id, sold, reserved },
    ),
  notTicketed: (eventId: string) =>
    conflict(
      'EVENT_NOT_TICKETED',
      'The event does not sell tickets',
      `Event ${eventId} takes RSVPs (registration.initialType): it has no ticket definitions.`,
      { eventId },
    ),
  reservationNotFound: (id: string) =>
    notFound('RESERVATION_NOT_FOUND', 'Reservation not found', { reservationId: id }),
  orderNotFound: (orderNumber: string) => notFound('ORDER_NOT_FOUND', 'Order not found', { orderNumber }),
  notOnSale: (eventId: string, reason: string, data: Record<string, unknown> = {}) =>
    conflict('TICKETS_NOT_ON_SALE', 'These tickets are not on sale', reason, { eventId, ...data }),
  soldOut: (ticketDefinitionId: string, requested: number, available: number) =>
    conflict(
      'TICKET_SOLD_OUT',
      'Not enough tickets left',
      `${requested} tickets of ${ticketDefinitionId} were asked for; ${available} are left.`,
      { ticketDefinitionId, requested, available },
    ),
  reservationClosed: (id: string, status: string) =>
    conflict(
      'RESERVATION_NOT_PENDING',
      'The reservation is no longer pending',
      `Reservation ${id} is ${status}: reserve the tickets again.`,
      { reservationId: id, reservationStatus: status },
    ),
  ticketNotFound: (ticketNumber: string) =>
    notFound('TICKET_NOT_FOUND', 'Ticket not found', { ticketNumber }),
  alreadyCheckedIn: (ticketNumber: string, checkedIn: string) =>
    conflict(
      'TICKET_ALREADY_CHECKED_IN',
      'The ticket was checked in already',
      `Ticket ${ticketNumber} was checked in at ${checkedIn}.`,
      { ticketNumber, checkedIn },
    ),
  ticketNotValid: (ticketNumber: string, status: string) =>
    conflict(
      'TICKET_NOT_VALID',
      'The ticket does not let anyone in',
      `Ticket ${ticketNumber} is ${status === 'CANCELED' ? 'canceled' : `of an order that is ${status}`}.`,
      { ticketNumber, status },
    ),
  orderClosed: (orderNumber: string, status: string) =>
    conflict(
      'ORDER_NOT_CHANGEABLE',
      'The order cannot change any more',
      `Order ${orderNumber} is ${status}.`,
      {
        orderNumber,
        status,
      },
    ),
};
