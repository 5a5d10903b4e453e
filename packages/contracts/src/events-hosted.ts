/**
 * For the hosted ticket page ("Add your details") of an `eventsCheckout` redirect session: the event,
 * the reservation with the time left on it, the registration form, the buyer's saved details and,
 * once paid, the tickets with their links. Public, keyed by the redirect session id like the hosted
 * checkout's calls (ecom.ts); the ecom checkout of the same session carries the totals and the payment.
 */
import { Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import { Form, Guests, ReservationStatus } from './events-checkout-schemas.ts';
import { opt } from './events-common.ts';
import { FormView } from './events-form.ts';

const hosted = () => ['/plaza/v1/redirect-sessions/{redirectSessionId}/checkout/event'] as const;

const HostedEvent = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  shortDescription: opt(Type.String()),
  startDate: opt(Type.String()),
  endDate: opt(Type.String()),
  timeZoneId: Type.String(),
  /** The dates in the event's time zone, for reading: `March 1, 2026, 7:00 PM – 10:00 PM`. */
  dateAndTime: Type.String(),
  /** The venue's name and address, or `Online`. */
  venue: opt(Type.String()),
});

const HostedTicketLine = Type.Object({
  ticketDefinitionId: Type.String(),
  name: Type.String(),
  quantity: Type.Integer(),
  price: Type.Object({ amount: Type.String(), currency: Type.String(), formattedAmount: Type.String() }),
});

const HostedTicket = Type.Object({
  ticketNumber: Type.String(),
  name: Type.String(),
  /** Whom the ticket is for, while the session lasts. */
  guestName: opt(Type.String()),
  pdfUrl: opt(Type.String()),
});

const HostedFormValues = Type.Object({
  inputValues: Type.Array(
    Type.Object({ inputName: Type.String(), value: Type.String(), values: Type.Array(Type.String()) }),
  ),
});

/** A ticket's guest as saved: empty for a ticket no guest was named for. */
const HostedGuest = Type.Object({
  firstName: opt(Type.String()),
  lastName: opt(Type.String()),
  email: opt(Type.String()),
  form: HostedFormValues,
});

export const HostedEventCheckout = Type.Object({
  event: HostedEvent,
  reservation: Type.Object({
    id: Type.String(),
    status: ReservationStatus,
    expires: Timestamp,
    tickets: Type.Array(HostedTicketLine),
  }),
  form: FormView,
  /** What the buyer saved, while the session lasts. */
  details: opt(
    Type.Object({
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      form: HostedFormValues,
      /** One per ticket, in the order of the reservation's tickets. */
      guests: Type.Array(HostedGuest),
    }),
  ),
  /** The ticketing order once paid (or placed): its tickets while the session lasts. */
  order: opt(
    Type.Object({
      orderNumber: Type.String(),
      status: Type.String(),
      tickets: Type.Array(HostedTicket),
      ticketsPdfUrl: opt(Type.String()),
    }),
  ),
  calendarLinks: Type.Object({ google: Type.String(), ics: Type.String() }),
  /** Where to reserve again: the session's `postFlowUrl`, or else the event's page. */
  reserveAgainUrl: opt(Type.String()),
  postFlowUrl: opt(Type.String()),
});

export const getHostedEventCheckout = defineCall({
  name: 'getHostedEventCheckout',
  method: 'GET',
  paths: hosted(),
  access: 'public',
  summary:
    'For the hosted ticket page: the event, reservation (with its expiry), registration form and, once paid, the tickets of an `eventsCheckout` redirect session.',
  request: Type.Object({ redirectSessionId: Id }),
  response: HostedEventCheckout,
});

export const updateHostedEventCheckout = defineCall({
  name: 'updateHostedEventCheckout',
  method: 'PATCH',
  paths: hosted(),
  access: 'public',
  summary:
    "For the hosted ticket page: the buyer's answers to the event's registration form (name and e-mail at least) and, when given, each ticket's guest's (one per ticket, in the reservation's order), kept with the reservation's order until it is paid.",
  request: Type.Object({ redirectSessionId: Id, form: Form, guests: opt(Guests) }),
  response: HostedEventCheckout,
});

export const eventsHostedCalls = [getHostedEventCheckout, updateHostedEventCheckout] as const;
