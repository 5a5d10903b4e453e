/**
 * Plan orders (memberships) as the official `@wix/pricing-plans` `orders` module sends them: a member's
 * own orders under `/pricing-plans/v2/member/orders`, the owner's under `/pricing-plans/v2/orders`
 * (custom host `/_api/pricing-plans`, aliases `/_api/pricing-plans-member-orders` and `/_api/paid-plans`).
 * Plan orders are written when ecom's checkout pays for a plan; these calls read and manage them.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, PagingMetadata, Timestamp } from './common.ts';
import { defineCall } from './define.ts';

const memberAt = (suffix = '') =>
  [
    `/pricing-plans/v2/member/orders${suffix}`,
    `/_api/pricing-plans/v2/member/orders${suffix}`,
    `/_api/pricing-plans-member-orders/v2/member/orders${suffix}`,
  ] as const;
const managementAt = (suffix = '') =>
  [
    `/pricing-plans/v2/orders${suffix}`,
    `/_api/pricing-plans/v2/orders${suffix}`,
    `/_api/paid-plans/v2/orders${suffix}`,
  ] as const;
const app = 'pricing-plans' as const;

export const PlanOrderStatus = Type.Union(
  ['DRAFT', 'PENDING', 'ACTIVE', 'PAUSED', 'ENDED', 'CANCELED'].map((status) => Type.Literal(status)),
);
const PaymentStatus = Type.Union(
  ['PAID', 'REFUNDED', 'FAILED', 'UNPAID', 'PENDING', 'NOT_APPLICABLE'].map((status) => Type.Literal(status)),
);
const EffectiveAt = Type.Union([Type.Literal('IMMEDIATELY'), Type.Literal('NEXT_PAYMENT_DATE')], {
  description: 'NEXT_PAYMENT_DATE: at the end of the current cycle (subscriptions only).',
});

// Not imported from plans.ts, which lists these calls: the two modules would import each other.
const PeriodUnit = Type.Union(
  ['UNDEFINED', 'DAY', 'WEEK', 'MONTH', 'YEAR'].map((unit) => Type.Literal(unit)),
);
const Duration = Type.Object({ count: Type.Integer(), unit: PeriodUnit });
const Cycle = Type.Object({
  index: Type.Integer({ description: '0 during the free trial, then 1, 2…' }),
  startedDate: Timestamp,
  endedDate: Type.Optional(Timestamp),
});

/** A plan order as the official client types it, plus the ecom order that bought it and the next charge. */
export const PlanOrder = Type.Object({
  id: Id,
  revision: Type.String(),
  planId: Id,
  buyer: Type.Object({ memberId: Type.String(), contactId: Type.Optional(Type.String()) }),
  pricing: Type.Object({
    subscription: Type.Optional(Type.Object({ cycleDuration: Duration, cycleCount: Type.Integer() })),
    singlePaymentForDuration: Type.Optional(Duration),
    singlePaymentUnlimited: Type.Optional(Type.Boolean()),
    prices: Type.Array(
      Type.Object({
        duration: Type.Object({ cycleFrom: Type.Integer(), numberOfCycles: Type.Optional(Type.Integer()) }),
        price: Type.Object({
          subtotal: Type.String(),
          discount: Type.String(),
          total: Type.String(),
          currency: Type.String(),
        }),
      }),
    ),
  }),
  type: Type.Union([Type.Literal('ONLINE'), Type.Literal('OFFLINE')]),
  status: PlanOrderStatus,
  autoRenewCanceled: Type.Optional(Type.Boolean()),
  cancellation: Type.Optional(
    Type.Object({
      requestedDate: Timestamp,
      cause: Type.Union([
        Type.Literal('OWNER_ACTION'),
        Type.Literal('MEMBER_ACTION'),
        Type.Literal('PAYMENT_FAILURE'),
      ]),
      effectiveAt: EffectiveAt,
    }),
  ),
  lastPaymentStatus: PaymentStatus,
  startDate: Timestamp,
  endDate: Type.Optional(Timestamp),
  pausePeriods: Type.Array(
    Type.Object({
      status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('ENDED')]),
      pauseDate: Timestamp,
      resumeDate: Type.Optional(Timestamp),
    }),
  ),
  freeTrialDays: Type.Optional(Type.Integer()),
  currentCycle: Type.Optional(Cycle),
  nextChargeDate: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'When the next renewal is charged; absent when none is left (Plaza addition).',
    }),
  ),
  planName: Type.String(),
  planDescription: Type.String(),
  planPrice: Type.String(),
  orderId: Type.Optional(
    Type.String({ description: 'The ecom order that bought it; absent for an order made without ecom.' }),
  ),
  orderNumber: Type.Optional(Type.String()),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

const OrderAnswer = Type.Object({ order: PlanOrder });
const ListAnswer = Type.Object({ orders: Type.Array(PlanOrder), pagingMetadata: PagingMetadata });
const FieldSet = Type.Union([Type.Literal('UNKNOWN_SET'), Type.Literal('BASIC'), Type.Literal('FULL')]);
const listFilters = {
  planIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  autoRenewCanceled: Type.Optional(Type.Boolean()),
  orderStatuses: Type.Optional(Type.Array(PlanOrderStatus, { maxItems: 6 })),
  paymentStatuses: Type.Optional(Type.Array(PaymentStatus, { maxItems: 6 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  sorting: Type.Optional(
    Type.Object({
      fieldName: Type.Optional(
        Type.Union([Type.Literal('createdDate'), Type.Literal('updatedDate'), Type.Literal('startDate')]),
      ),
      order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    }),
  ),
  fieldSet: Type.Optional(FieldSet),
};

export const memberListOrders = defineCall({
  name: 'memberListOrders',
  method: 'GET',
  paths: memberAt(),
  access: 'member',
  app,
  summary:
    "The calling member's plan orders, newest first unless sorted; filters by plan, status and payment.",
  request: Type.Object(listFilters),
  response: ListAnswer,
});

export const memberGetOrder = defineCall({
  name: 'memberGetOrder',
  method: 'GET',
  paths: memberAt('/{id}'),
  access: 'member',
  app,
  summary: "One of the calling member's plan orders (another member's is not found).",
  request: Type.Object({ id: Id, fieldSet: Type.Optional(FieldSet) }),
  response: OrderAnswer,
});

export const requestCancellation = defineCall({
  name: 'requestCancellation',
  method: 'POST',
  paths: memberAt('/{id}/cancel'),
  access: 'member',
  app,
  summary:
    "Cancels the calling member's plan order, when its plan lets buyers cancel: now, or at the end of the current cycle.",
  request: Type.Object({ id: Id, effectiveAt: EffectiveAt }),
  response: Empty,
});

/** A card as the hosted checkout's card form sends it (ecom `PaymentInput.card`). */
export const CardInput = Type.Object({
  number: Type.String({ pattern: '^[0-9 ]{12,23}$' }),
  expiry: Type.String({ pattern: '^(0[1-9]|1[0-2])/([0-9]{2}|[0-9]{4})$', description: 'MM/YY.' }),
  cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
});

export const replacePlanOrderCard = defineCall({
  name: 'replacePlanOrderCard',
  method: 'POST',
  paths: ['/plaza/v1/pricing-plans/member/orders/{id}/card'],
  access: 'member',
  app,
  summary:
    "The calling member replaces the card of their subscription whose last renewal was declined (`lastPaymentStatus` FAILED): the card is saved on the order and charged at once for the cycle that failed, which stops the retries. A declined card changes nothing (402 PAYMENT_DECLINED). A path of Plaza's own: the official client has no such call.",
  request: Type.Object({ id: Id, card: CardInput }),
  response: Type.Object({ order: PlanOrder }),
});

export const managementListOrders = defineCall({
  name: 'managementListOrders',
  method: 'GET',
  paths: managementAt(),
  access: 'admin',
  app,
  summary: "The site's plan orders, newest first unless sorted; filters by buyer, plan, status and payment.",
  request: Type.Object({ buyerIds: Type.Optional(Type.Array(Id, { maxItems: 100 })), ...listFilters }),
  response: ListAnswer,
});

export const managementGetOrder = defineCall({
  name: 'managementGetOrder',
  method: 'GET',
  paths: managementAt('/{id}'),
  access: 'admin',
  app,
  summary: 'One plan order of the site.',
  request: Type.Object({ id: Id, fieldSet: Type.Optional(FieldSet) }),
  response: OrderAnswer,
});

export const cancelPlanOrder = defineCall({
  name: 'cancelPlanOrder',
  method: 'POST',
  paths: managementAt('/{id}/cancel'),
  access: 'admin',
  app,
  summary:
    'Cancels a plan order now, or at the end of the current cycle (subscriptions only), whatever the plan allows buyers.',
  request: Type.Object({ id: Id, effectiveAt: EffectiveAt }),
  response: Empty,
});

export const pausePlanOrder = defineCall({
  name: 'pausePlanOrder',
  method: 'POST',
  paths: managementAt('/{id}/pause'),
  access: 'admin',
  app,
  summary:
    'Pauses an ACTIVE plan order: no charge while paused; the time paused is added to its dates at resume.',
  request: Type.Object({ id: Id }),
  response: Empty,
});

export const resumePlanOrder = defineCall({
  name: 'resumePlanOrder',
  method: 'POST',
  paths: managementAt('/{id}/resume'),
  access: 'admin',
  app,
  summary: 'Resumes a PAUSED plan order; its cycles, next charge and end move by the time it was paused.',
  request: Type.Object({ id: Id }),
  response: Empty,
});

export const postponeEndDate = defineCall({
  name: 'postponeEndDate',
  method: 'PATCH',
  paths: managementAt('/{id}'),
  access: 'admin',
  app,
  summary: 'Moves the end of a plan order that has one to a later date.',
  request: Type.Object({ id: Id, endDate: Timestamp }),
  response: Empty,
});

export const markPlanOrderAsPaid = defineCall({
  name: 'markPlanOrderAsPaid',
  method: 'POST',
  paths: managementAt('/{id}/mark-as-paid'),
  access: 'admin',
  app,
  summary:
    'Marks an order paid outside Plaza: a PENDING order (offline) becomes ACTIVE, and a cycle left awaiting payment is paid.',
  request: Type.Object({ id: Id }),
  response: Empty,
});

export const getOrdersStats = defineCall({
  name: 'getOrdersStats',
  method: 'GET',
  paths: managementAt('/stats'),
  access: 'admin',
  app,
  summary: 'How many plan orders the site has, and how many of them are ACTIVE.',
  request: Type.Object({}),
  response: Type.Object({ totalOrderCount: Type.Integer(), activeOrderCount: Type.Integer() }),
});

/** Listed in `plansCalls` (plans.ts): the same domain, module and routes. */
export const planOrderCallList = [
  memberListOrders,
  memberGetOrder,
  requestCancellation,
  replacePlanOrderCard,
  managementListOrders,
  managementGetOrder,
  cancelPlanOrder,
  pausePlanOrder,
  resumePlanOrder,
  postponeEndDate,
  markPlanOrderAsPaid,
  getOrdersStats,
] as const;
