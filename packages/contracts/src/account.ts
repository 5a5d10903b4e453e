/**
 * For the hosted member account page of a `membersAccount` redirect session: the member who opened it,
 * the account sections the site serves (API map 13: `ACCOUNT_INFO, BOOKINGS, ORDERS, SUBSCRIPTIONS,
 * EVENTS`), their orders, event tickets and plans, and cancelling a plan where the plan allows it.
 * Public, keyed by the redirect session id like the hosted checkout's calls: the session was made with
 * the member's token and acts for that member only, while it lasts.
 */
import { Type } from '@sinclair/typebox';
import { Id } from './common.ts';
import { defineCall } from './define.ts';
import { CardInput } from './plans-orders.ts';

const opt = Type.Optional;
const account = (suffix = '') =>
  [`/plaza/v1/redirect-sessions/{redirectSessionId}/account${suffix}`] as const;

export const MembersAccountSection = Type.Union([
  Type.Literal('ACCOUNT_INFO'),
  Type.Literal('BOOKINGS'),
  Type.Literal('ORDERS'),
  Type.Literal('SUBSCRIPTIONS'),
  Type.Literal('EVENTS'),
]);

const AccountOrder = Type.Object({
  id: Type.String(),
  number: Type.String(),
  createdDate: Type.String(),
  status: Type.String(),
  paymentStatus: Type.String(),
  total: Type.String({ description: 'Formatted in the order currency.' }),
  items: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Integer() })),
});

const AccountTicketOrder = Type.Object({
  orderNumber: Type.String(),
  eventTitle: Type.String(),
  eventDate: opt(Type.String({ description: 'Start of the event, ISO-8601.' })),
  status: Type.String(),
  tickets: Type.Array(Type.Object({ ticketNumber: Type.String(), name: Type.String() })),
});

const AccountBooking = Type.Object({
  id: Type.String(),
  title: Type.String({ description: "The service's name." }),
  startDate: Type.String(),
  endDate: Type.String(),
  status: Type.String(),
  participants: Type.Integer(),
});

const AccountPlan = Type.Object({
  id: Type.String(),
  planName: Type.String(),
  status: Type.String(),
  price: Type.String({ description: 'The price bought, formatted.' }),
  billing: Type.String({ description: 'How it is billed, in words: `Monthly`, `Single payment`, `Free`.' }),
  startDate: Type.String(),
  endDate: opt(Type.String()),
  nextChargeDate: opt(Type.String()),
  autoRenewCanceled: Type.Boolean(),
  /** `IMMEDIATELY` or `NEXT_PAYMENT_DATE` when the member may cancel it now, else absent. */
  canCancel: opt(Type.Union([Type.Literal('IMMEDIATELY'), Type.Literal('NEXT_PAYMENT_DATE')])),
  /** A valid plan's benefits in words: `Classes: 7 of 8 left this cycle`, `Classes: unlimited`. */
  benefits: opt(Type.Array(Type.String())),
  /** The last renewal was declined and is tried again on `nextAttemptDate`: the member may replace the card. */
  paymentFailed: opt(
    Type.Object({
      declineCode: Type.String(),
      nextAttemptDate: Type.String(),
      card: opt(Type.Object({ brand: Type.String(), last4: Type.String() })),
    }),
  ),
});

const HostedAccount = Type.Object({
  member: Type.Object({ id: Type.String(), email: Type.String(), name: opt(Type.String()) }),
  /** The section the session asked to open first. */
  section: MembersAccountSection,
  /** The sections this site serves, in menu order. */
  sections: Type.Array(MembersAccountSection),
  orders: opt(Type.Array(AccountOrder)),
  bookings: opt(Type.Array(AccountBooking)),
  tickets: opt(Type.Array(AccountTicketOrder)),
  plans: opt(Type.Array(AccountPlan)),
  postFlowUrl: opt(Type.String()),
});

export const getHostedAccount = defineCall({
  name: 'getHostedAccount',
  method: 'GET',
  paths: account(),
  access: 'public',
  summary:
    "For the hosted account page: the member of a `membersAccount` session, with their orders, bookings, event tickets and plans (the sections the site's domains serve).",
  request: Type.Object({ redirectSessionId: Id }),
  response: Type.Object({ account: HostedAccount }),
});

export const cancelHostedAccountPlan = defineCall({
  name: 'cancelHostedAccountPlan',
  method: 'POST',
  paths: account('/plans/{planOrderId}/cancel'),
  access: 'public',
  summary:
    "For the hosted account page: the member cancels one of their plans, when the plan lets its buyers cancel (a subscription at the end of the period it is in, a single payment at once). Answers the account's plans.",
  request: Type.Object({ redirectSessionId: Id, planOrderId: Id }),
  response: Type.Object({ plans: Type.Array(AccountPlan) }),
});

export const replaceHostedAccountPlanCard = defineCall({
  name: 'replaceHostedAccountPlanCard',
  method: 'POST',
  paths: account('/plans/{planOrderId}/card'),
  access: 'public',
  summary:
    "For the hosted account page: the member replaces the card of a plan whose renewal was declined; the new card is saved and charged at once for the failed cycle (402 PAYMENT_DECLINED when it is declined too, nothing changed). Answers the account's plans.",
  request: Type.Object({ redirectSessionId: Id, planOrderId: Id, card: CardInput }),
  response: Type.Object({ plans: Type.Array(AccountPlan) }),
});

export const accountCalls = [
  getHostedAccount,
  cancelHostedAccountPlan,
  replaceHostedAccountPlanCard,
] as const;
