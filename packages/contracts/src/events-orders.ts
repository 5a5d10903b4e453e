/**
 * Order management of ticketing orders (API map 10, the order group of `@wix/events` `orders`): list
 * with filters, facets and tags, get with fieldsets and calendar links, update, bulk update, confirm,
 * the summary of sales, and capture or void of an authorised payment. Paths: `/events/v1/...`
 * (official hosts), `/_api/wix-events-web/v1/...` (custom host) and the other aliases of checkout.
 * Owners only, but for reading one's own order.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id } from './common.ts';
import { defineCall } from './define.ts';
import { Form, MoneyV1, Sort, TicketingOrder, TicketOrderStatus } from './events-checkout-schemas.ts';
import { literals, opt, Text } from './events-common.ts';

const paths = (path: string) =>
  [
    `/events/v1${path}`,
    `/_api/wix-events-web/v1${path}`,
    `/_api/events/v1${path}`,
    `/_api/events-ticketing-v1-proxy/v1${path}`,
  ] as const;
const app = 'events' as const;

export const OrderFieldset = literals(['TICKETS', 'DETAILS', 'FORM', 'INVOICE']);
export const OrderTag = literals([
  'CONFIRMED',
  'UNCONFIRMED',
  'MEMBER',
  'ARCHIVED',
  'NON_ARCHIVED',
  'FULLY_CHECKED_IN',
  'NOT_FULLY_CHECKED_IN',
]);
const Fieldsets = opt(Type.Array(OrderFieldset, { maxItems: 4 }));
const OrderNumber = Text(40, 1);
const Many = <S extends Parameters<typeof Type.Array>[0]>(item: S) =>
  opt(Type.Array(item, { maxItems: 100 }));

/** The parts a fieldset leaves out are optional: an order answers with what was asked for. */
const { tickets, checkoutForm, invoice, firstName, lastName, email, fullName, ...base } =
  TicketingOrder.properties;
export const ManagedOrder = Type.Object({
  ...base,
  firstName: opt(firstName),
  lastName: opt(lastName),
  email: opt(email),
  fullName: opt(fullName),
  checkoutForm: opt(checkoutForm),
  tickets: opt(tickets),
  invoice: opt(invoice),
});
const OrderKey = { eventId: Id, orderNumber: OrderNumber };

const FacetCounts = Type.Object({ counts: Type.Record(Type.String(), Type.Integer()) });
const OrderFacetCounts = Type.Object({
  counts: Type.Record(
    Type.String(),
    Type.Object({ count: Type.Integer(), tickets: Type.Integer(), ticketsCheckIn: Type.Integer() }),
  ),
});

export const listTicketOrders = defineCall({
  name: 'listTicketOrders',
  method: 'GET',
  paths: paths('/orders'),
  access: 'admin',
  app,
  summary:
    'Ticketing orders, filtered by status, event, order number, member, contact, tag and a search phrase (buyer name, e-mail, order or ticket number); `facet` counts orders per value of `status`, `eventId`, `method`, `channel` or `tag`.',
  request: Type.Object({
    offset: opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    limit: opt(Type.Integer({ minimum: 0, maximum: 400 })),
    fieldset: Fieldsets,
    status: Many(TicketOrderStatus),
    eventId: Many(Id),
    orderNumber: Many(OrderNumber),
    memberId: Many(Id),
    facet: opt(Type.Array(literals(['status', 'eventId', 'method', 'channel', 'tag']), { maxItems: 5 })),
    searchPhrase: opt(Text(200)),
    eventCreatorId: Many(Id),
    sort: opt(Sort),
    tag: opt(Type.Array(OrderTag, { maxItems: 7 })),
    contactId: Many(Id),
  }),
  response: Type.Object({
    total: Type.Integer(),
    offset: Type.Integer(),
    limit: Type.Integer(),
    orders: Type.Array(ManagedOrder),
    facets: Type.Record(Type.String(), FacetCounts),
    orderFacets: Type.Object({ facets: Type.Record(Type.String(), OrderFacetCounts) }),
  }),
});

export const getTicketOrder = defineCall({
  name: 'getTicketOrder',
  method: 'GET',
  paths: paths('/events/{eventId}/orders/{orderNumber}'),
  access: 'anyone',
  app,
  summary:
    "An order (the owner's, or the buyer's own) with the parts `fieldset` names (all when absent), and links that add its event to a calendar: Google Calendar and an iCalendar file.",
  request: Type.Object({ ...OrderKey, fieldset: Fieldsets }),
  response: Type.Object({
    order: ManagedOrder,
    calendarLinks: Type.Object({ google: Type.String(), ics: Type.String() }),
  }),
});

export const updateTicketOrder = defineCall({
  name: 'updateTicketOrder',
  method: 'PATCH',
  paths: paths('/events/{eventId}/orders/{orderNumber}'),
  access: 'admin',
  app,
  summary: "Replaces an order's checkout form, or archives it (or takes it out of the archive).",
  request: Type.Object({
    ...OrderKey,
    fields: opt(Type.Union([Text(500), Type.Array(Text(100), { maxItems: 20 })])),
    checkoutForm: opt(Form),
    archived: opt(Type.Boolean()),
  }),
  response: Type.Object({ order: ManagedOrder }),
});

export const bulkUpdateTicketOrders = defineCall({
  name: 'bulkUpdateTicketOrders',
  method: 'PATCH',
  paths: paths('/events/{eventId}/orders'),
  access: 'admin',
  app,
  summary: "Archives or unarchives orders of an event (all the event's orders when `orderNumber` is absent).",
  request: Type.Object({
    eventId: Id,
    orderNumber: Many(OrderNumber),
    archived: opt(Type.Boolean()),
  }),
  response: Type.Object({ orders: Type.Array(ManagedOrder) }),
});

export const confirmTicketOrders = defineCall({
  name: 'confirmTicketOrders',
  method: 'POST',
  paths: paths('/events/{eventId}/orders/confirm'),
  access: 'admin',
  app,
  summary:
    'Marks orders paid in person (OFFLINE_PENDING) as PAID, and their ecom order paid; paid and free ones are answered as they are.',
  request: Type.Object({ eventId: Id, orderNumber: Many(OrderNumber) }),
  response: Type.Object({ orders: Type.Array(ManagedOrder) }),
});

export const getTicketSalesSummary = defineCall({
  name: 'getTicketSalesSummary',
  method: 'GET',
  paths: paths('/orders/summary'),
  access: 'admin',
  app,
  summary:
    'Sales of an event (of every event when `eventId` is absent), one entry per currency: `total` of the orders sold (paid, free, to be paid in person, authorised), `revenue` of those paid.',
  request: Type.Object({ eventId: opt(Id) }),
  response: Type.Object({
    sales: Type.Array(
      Type.Object({
        total: MoneyV1,
        totalOrders: Type.Integer(),
        totalTickets: Type.Integer(),
        revenue: MoneyV1,
      }),
    ),
  }),
});

const PaymentAction = <const N extends string>(name: N, path: string, summary: string) =>
  defineCall({
    name,
    method: 'POST',
    paths: paths(`/events/orders/{orderNumber}/${path}`),
    access: 'admin',
    app,
    summary,
    request: Type.Object({ orderNumber: OrderNumber, eventId: opt(Id) }),
    response: Empty,
  });

export const captureAuthorizedTicketPayment = PaymentAction(
  'captureAuthorizedTicketPayment',
  'capture',
  'Takes the money an AUTHORIZED order holds on the card: the order and its ecom order become PAID.',
);
export const voidAuthorizedTicketPayment = PaymentAction(
  'voidAuthorizedTicketPayment',
  'void',
  'Releases an AUTHORIZED order’s hold on the card: the order is VOIDED, its ecom order canceled and its tickets for sale again.',
);

export const eventsOrdersCalls = [
  listTicketOrders,
  getTicketOrder,
  updateTicketOrder,
  bulkUpdateTicketOrders,
  confirmTicketOrders,
  getTicketSalesSummary,
  captureAuthorizedTicketPayment,
  voidAuthorizedTicketPayment,
] as const;
