/**
 * Checking tickets in at the door, modelled on `@wix/events` tickets' `checkInTickets` and
 * `deleteTicketCheckIns` (`/events/v1/tickets/check-in`): the owner's, by event and ticket numbers.
 * A ticket is checked in once; checking it in again is refused (TICKET_ALREADY_CHECKED_IN), and so is
 * a ticket that does not let anyone in (canceled, or its order not paid or confirmed).
 */
import { Type } from '@sinclair/typebox';
import { Id } from './common.ts';
import { defineCall } from './define.ts';
import { TicketingTicket } from './events-checkout-schemas.ts';
import { Text } from './events-common.ts';

const paths = [
  '/events/v1/tickets/check-in',
  '/_api/events/v1/tickets/check-in',
  '/_api/events-ticketing-v1-proxy/v1/tickets/check-in',
  '/_api/wix-events-web/v1/tickets/check-in',
] as const;
const app = 'events' as const;

const Request = Type.Object({
  eventId: Id,
  ticketNumber: Type.Array(Text(36, 1), { minItems: 1, maxItems: 100 }),
});
const Answer = Type.Object({ tickets: Type.Array(TicketingTicket) });

export const checkInTickets = defineCall({
  name: 'checkInTickets',
  method: 'POST',
  paths,
  access: 'admin',
  app,
  summary:
    'Checks tickets of an event in (all or none): each must be valid (its order PAID, FREE, AUTHORIZED or OFFLINE_PENDING, the ticket not canceled) and not checked in yet (TICKET_ALREADY_CHECKED_IN names when it was).',
  request: Request,
  response: Answer,
});

export const deleteTicketCheckIns = defineCall({
  name: 'deleteTicketCheckIns',
  method: 'DELETE',
  paths,
  access: 'admin',
  app,
  summary: 'Undoes the check-in of tickets of an event (a ticket not checked in stays as it is).',
  request: Request,
  response: Answer,
});

export const eventsCheckInCalls = [checkInTickets, deleteTicketCheckIns] as const;
