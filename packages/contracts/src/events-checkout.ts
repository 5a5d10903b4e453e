/**
 * Ticket checkout of events (API map 10, the checkout group of `@wix/events` `orders`): checkout
 * options, the tickets on sale (v1 ticket definitions), reservations that hold tickets until they
 * expire, their invoice, and the checkout that turns a reservation into a ticketing order. Paths:
 * `/events/v1/...` (official hosts), `/_api/events/v1/...` (custom host) and the two proxies the
 * package also names. Anyone may reserve and check out; ignoring limits, hidden tickets, marking as
 * paid and the point of sale are the owner's.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import {
  Buyer,
  DiscountRequest,
  Guests,
  Invoice,
  PaidPlanBenefit,
  ReservationStatus,
  Sort,
  TicketDefinitionV1,
  TicketingOrder,
  TicketReservation,
} from './events-checkout-schemas.ts';
import { input, literals, opt, Text } from './events-common.ts';

const paths = (path: string) =>
  [
    `/events/v1${path}`,
    `/_api/events/v1${path}`,
    `/_api/events-ticketing-v1-proxy/v1${path}`,
    `/_api/wix-events-web/v1${path}`,
  ] as const;
const app = 'events' as const;

const Definitions = Type.Object({
  metaData: Type.Object({ count: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }),
  definitions: Type.Array(TicketDefinitionV1),
});
const ReservationAnswer = Type.Object({
  id: Type.String(),
  expires: Timestamp,
  reservations: Type.Array(TicketReservation),
  invoice: Invoice,
  reservationStatus: ReservationStatus,
});
const OrderAnswer = Type.Object({
  order: TicketingOrder,
  expires: opt(Timestamp),
  reservations: Type.Array(TicketReservation),
});

export const getCheckoutOptions = defineCall({
  name: 'getCheckoutOptions',
  method: 'GET',
  paths: paths('/checkout/options'),
  access: 'anyone',
  app,
  summary: 'Whether the site takes payments, coupons and gift cards, and whether it sells paid tickets.',
  request: Type.Object({}),
  response: Type.Object({
    paymentMethodConfigured: Type.Boolean(),
    acceptCoupons: Type.Boolean(),
    premiumServices: Type.Boolean(),
    paidTickets: Type.Boolean(),
    acceptGiftCards: Type.Boolean(),
  }),
});

export const listAvailableTickets = defineCall({
  name: 'listAvailableTickets',
  method: 'GET',
  paths: paths('/checkout/available-tickets'),
  access: 'anyone',
  app,
  summary:
    'The tickets on sale (of one event with `eventId`); `limit` 0 answers the counts only. `state=INCLUDE_HIDDEN_NOT_ON_SALE` (owners) adds hidden tickets and those not on sale.',
  request: Type.Object({
    eventId: opt(Id),
    offset: opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    limit: opt(Type.Integer({ minimum: 0, maximum: 100 })),
    sort: opt(Sort),
    state: opt(Type.Array(literals(['INCLUDE_HIDDEN_NOT_ON_SALE']), { maxItems: 1 })),
  }),
  response: Definitions,
});

export const queryAvailableTickets = defineCall({
  name: 'queryAvailableTickets',
  method: 'POST',
  paths: paths('/checkout/available-tickets/query'),
  access: 'anyone',
  app,
  summary:
    'The tickets on sale matching `filter` (eventId, id, name, free, price …); `limit` 0 answers the counts only.',
  request: Type.Object({
    offset: opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    limit: opt(Type.Integer({ minimum: 0, maximum: 1000 })),
    filter: opt(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    fieldset: opt(Type.Array(literals(['POLICY', 'DASHBOARD']), { maxItems: 2 })),
    sort: opt(Sort),
  }),
  response: Definitions,
});

export const createReservation = defineCall({
  name: 'createReservation',
  method: 'POST',
  paths: paths('/checkout/reservations'),
  access: 'anyone',
  app,
  summary:
    "Holds tickets for the caller until `expires` (the event's reservation duration). All or nothing: a ticket type short of the quantity refuses the whole reservation. `ignoreLimits` and `allowHiddenTickets` are the owner's.",
  request: Type.Object({
    eventId: Id,
    ticketQuantities: Type.Array(
      input({
        ticketDefinitionId: Id,
        quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
        priceOverride: opt(Type.String({ pattern: '^[0-9]{1,9}(\\.[0-9]{1,4})?$' })),
        ticketDetails: opt(
          Type.Array(
            input({
              priceOverride: opt(Type.String({ pattern: '^[0-9]{1,9}(\\.[0-9]{1,4})?$' })),
              pricingOptionId: opt(Text(100)),
            }),
            { maxItems: 1000 },
          ),
        ),
      }),
      { minItems: 1, maxItems: 50 },
    ),
    ignoreLimits: opt(Type.Boolean()),
    allowHiddenTickets: opt(Type.Boolean()),
  }),
  response: ReservationAnswer,
});

export const cancelReservation = defineCall({
  name: 'cancelReservation',
  method: 'DELETE',
  paths: paths('/checkout/reservations/{id}'),
  access: 'anyone',
  app,
  summary: 'Gives a pending reservation’s tickets back (RESERVATION_CANCELED_MANUALLY).',
  request: Type.Object({ id: Id, eventId: Id }),
  response: Empty,
});

export const getInvoice = defineCall({
  name: 'getInvoice',
  method: 'POST',
  paths: paths('/checkout/invoices/{reservationId}'),
  access: 'anyone',
  app,
  summary:
    "A reservation's invoice, with a site coupon's discount when `withDiscount.couponCode` names one the tickets may use (refusals in `discountErrors`).",
  request: Type.Object({
    reservationId: Id,
    eventId: Id,
    withDiscount: opt(DiscountRequest),
    paidPlanBenefit: opt(PaidPlanBenefit),
  }),
  response: Type.Object({
    invoice: Invoice,
    discountErrors: Type.Object({ error: Type.Array(Type.Object({ code: Type.String() })) }),
    expires: Timestamp,
    reservationStatus: ReservationStatus,
    reservationOccupied: Type.Boolean(),
    reservations: Type.Array(TicketReservation),
  }),
});

export const checkout = defineCall({
  name: 'checkout',
  method: 'POST',
  paths: paths('/checkout'),
  access: 'anyone',
  app,
  summary:
    'Makes the order of a reservation: FREE at once for free tickets, OFFLINE_PENDING with `options.payInPerson`, PAID with `options.markAsPaid` (owners); otherwise INITIATED until paid through the `eventsCheckout` redirect.',
  request: Type.Object({
    eventId: Id,
    reservationId: opt(Id),
    memberId: opt(Id),
    discount: opt(DiscountRequest),
    buyer: opt(Buyer),
    guests: opt(Guests),
    paidPlanBenefit: opt(PaidPlanBenefit),
    options: opt(
      input({
        silent: opt(Type.Boolean()),
        payInPerson: opt(Type.Boolean()),
        ignoreFormValidation: opt(Type.Boolean()),
        markAsPaid: opt(Type.Union([Type.Boolean(), Type.Null()])),
      }),
    ),
    marketingConsent: opt(Type.Union([Type.Boolean(), Type.Null()])),
    overrideRequestTime: opt(Timestamp),
  }),
  response: Type.Object({ ...OrderAnswer.properties, orderPageUrl: opt(Type.String()) }),
});

export const updateTicketCheckout = defineCall({
  name: 'updateTicketCheckout',
  method: 'PATCH',
  paths: paths('/checkout/{orderNumber}'),
  access: 'anyone',
  app,
  summary:
    "Changes an order's buyer and guests' forms (the buyer's own order, or any for owners); a coupon only while the order waits for payment.",
  request: Type.Object({
    orderNumber: Text(40, 1),
    eventId: Id,
    buyer: opt(Buyer),
    guests: opt(Guests),
    memberId: opt(Type.Union([Id, Type.Null()])),
    discount: opt(DiscountRequest),
    paidPlanBenefit: opt(PaidPlanBenefit),
  }),
  response: Type.Object({ order: TicketingOrder, orderPageUrl: opt(Type.String()) }),
});

export const posCheckout = defineCall({
  name: 'posCheckout',
  method: 'POST',
  paths: paths('/pos-checkout'),
  access: 'admin',
  app,
  summary:
    'Sells a reservation at the door (channel OFFLINE_POS): the order is PAID (FREE for free tickets).',
  request: Type.Object({
    eventId: Id,
    reservationId: Id,
    paymentDetailsId: opt(Type.Union([Id, Type.Null()])),
  }),
  response: OrderAnswer,
});

export const eventsCheckoutCalls = [
  getCheckoutOptions,
  listAvailableTickets,
  queryAvailableTickets,
  createReservation,
  cancelReservation,
  getInvoice,
  checkout,
  updateTicketCheckout,
  posCheckout,
] as const;
