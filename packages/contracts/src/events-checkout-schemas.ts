/**
 * The shapes of ticket checkout v1 (events-checkout.ts) as `@wix/events` `orders` types them: the v1
 * ticket definition, invoices, ticket reservations, ticketing orders and the form values buyers send.
 */
import { Type } from '@sinclair/typebox';
import { Timestamp } from './common.ts';
import { input, literals, open, opt, Text } from './events-common.ts';

export const ReservationStatus = literals([
  'RESERVATION_PENDING',
  'RESERVATION_CONFIRMED',
  'RESERVATION_CANCELED',
  'RESERVATION_CANCELED_MANUALLY',
  'RESERVATION_EXPIRED',
]);
export const TicketOrderStatus = literals([
  'NA_ORDER_STATUS',
  'FREE',
  'PENDING',
  'PAID',
  'OFFLINE_PENDING',
  'INITIATED',
  'CANCELED',
  'DECLINED',
  'AUTHORIZED',
  'VOIDED',
  'PARTIALLY_PAID',
]);
export const Channel = literals(['ONLINE', 'OFFLINE_POS']);
export const FeeTypeV1 = literals(['FEE_ADDED', 'FEE_INCLUDED', 'FEE_ADDED_AT_CHECKOUT']);

/** Money of the v1 calls: `amount` and `value` are the same decimal string. */
export const MoneyV1 = Type.Object({
  amount: Type.String(),
  currency: Type.String(),
  value: opt(Type.String()),
});

export const TicketDefinitionV1 = Type.Object({
  id: Type.String(),
  price: MoneyV1,
  free: Type.Boolean(),
  name: Type.String(),
  description: Type.String(),
  limitPerCheckout: Type.Integer(),
  orderIndex: Type.Integer(),
  policy: Type.String(),
  dashboard: Type.Object({
    hidden: Type.Boolean(),
    sold: Type.Integer(),
    limited: Type.Boolean(),
    quantity: opt(Type.Integer()),
    unsold: opt(Type.Integer()),
    ticketsSold: Type.Integer(),
    ticketsReserved: Type.Integer(),
  }),
  eventId: Type.String(),
  wixFeeConfig: Type.Object({ type: FeeTypeV1 }),
  salePeriod: Type.Object({
    startDate: opt(Timestamp),
    endDate: opt(Timestamp),
    hideNotOnSale: Type.Boolean(),
  }),
  saleStatus: literals(['SALE_SCHEDULED', 'SALE_STARTED', 'SALE_ENDED']),
  state: Type.Array(literals(['INCLUDE_HIDDEN_NOT_ON_SALE'])),
  pricing: Type.Object({
    fixedPrice: opt(MoneyV1),
    minPrice: opt(MoneyV1),
    pricingOptions: opt(
      Type.Object({
        options: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), price: MoneyV1 })),
      }),
    ),
    pricingType: literals(['STANDARD', 'DONATION']),
  }),
});

const CouponDiscount = Type.Object({ name: Type.String(), code: Type.String(), couponId: Type.String() });
/** A plan benefit's discount (`paidPlanBenefit`): percent off `quantityDiscounted` tickets. */
const PaidPlanDiscount = Type.Object({
  percentDiscount: opt(Type.Object({ rate: Type.String(), quantityDiscounted: Type.Integer() })),
  name: Type.String(),
});
const Discount = Type.Object({
  amount: MoneyV1,
  afterDiscount: MoneyV1,
  code: Type.String(),
  name: Type.String(),
  couponId: Type.String(),
  discounts: Type.Array(
    Type.Object({ coupon: opt(CouponDiscount), paidPlan: opt(PaidPlanDiscount), amount: MoneyV1 }),
  ),
});
const Tax = Type.Object({
  type: literals(['INCLUDED', 'ADDED', 'ADDED_AT_CHECKOUT']),
  name: Type.String(),
  rate: Type.String(),
  taxable: MoneyV1,
  amount: MoneyV1,
});
export const Invoice = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      quantity: Type.Integer(),
      name: Type.String(),
      price: MoneyV1,
      total: MoneyV1,
      discount: opt(Discount),
      tax: opt(Tax),
      fees: Type.Array(open('A fee of the line.')),
    }),
  ),
  total: MoneyV1,
  discount: opt(Discount),
  tax: opt(Tax),
  subTotal: MoneyV1,
  grandTotal: MoneyV1,
  fees: Type.Array(open('A fee of the invoice.')),
  revenue: MoneyV1,
});

export const TicketReservation = Type.Object({
  quantity: Type.Integer(),
  ticket: TicketDefinitionV1,
  ticketDetails: Type.Array(
    Type.Object({ priceOverride: opt(Type.String()), pricingOptionId: opt(Type.String()) }),
  ),
});

const InputValueView = Type.Object({
  inputName: Type.String(),
  value: Type.String(),
  values: Type.Array(Type.String()),
});
const FormView = Type.Object({ inputValues: Type.Array(InputValueView) });

export const TicketingTicket = Type.Object({
  ticketNumber: Type.String(),
  orderNumber: Type.String(),
  ticketDefinitionId: Type.String(),
  name: Type.String(),
  price: MoneyV1,
  free: Type.Boolean(),
  policy: Type.String(),
  orderStatus: TicketOrderStatus,
  orderArchived: Type.Boolean(),
  orderFullName: Type.String(),
  guestFullName: opt(Type.String()),
  guestDetails: Type.Object({
    guestAssigned: Type.Boolean(),
    firstName: opt(Type.String()),
    lastName: opt(Type.String()),
    email: opt(Type.String()),
    form: opt(FormView),
  }),
  archived: Type.Boolean(),
  memberId: opt(Type.String()),
  anonymized: Type.Boolean(),
  channel: Channel,
  canceled: Type.Boolean(),
  checkInUrl: opt(Type.String()),
  ticketPdfUrl: opt(Type.String()),
  /** When the ticket was checked in at the door; absent until it is. */
  checkIn: opt(Type.Object({ created: Timestamp })),
});

export const TicketingOrder = Type.Object({
  orderNumber: Type.String(),
  reservationId: Type.String(),
  eventId: Type.String(),
  memberId: opt(Type.String()),
  created: Timestamp,
  updated: Timestamp,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  fullName: Type.String(),
  checkoutForm: FormView,
  confirmed: Type.Boolean(),
  status: TicketOrderStatus,
  method: opt(Type.String()),
  ticketsQuantity: Type.Integer(),
  totalPrice: MoneyV1,
  tickets: Type.Array(TicketingTicket),
  archived: Type.Boolean(),
  anonymized: Type.Boolean(),
  invoice: Invoice,
  fullyCheckedIn: Type.Boolean(),
  paymentDetails: opt(
    Type.Object({
      transaction: Type.Object({
        transactionId: Type.String(),
        method: Type.String(),
        scheduledActionExecutionDate: opt(Timestamp),
      }),
    }),
  ),
  channel: Channel,
  marketingConsent: opt(Type.Boolean()),
  ticketsPdf: opt(Type.String()),
});

/** A form value as sent: typed members (`dateTime`, `number`, `address`) are taken and kept as text. */
export const InputValue = input({
  inputName: Text(100, 1),
  value: opt(Text(5000)),
  values: opt(Type.Array(Text(5000), { maxItems: 100 })),
});
export const Form = input({ inputValues: opt(Type.Array(InputValue, { maxItems: 200 })) });
export const Buyer = input({
  firstName: opt(Text(100)),
  lastName: opt(Text(100)),
  email: opt(Type.String({ maxLength: 255 })),
});
export const Guests = Type.Array(input({ form: opt(Form) }), { maxItems: 50 });
export const DiscountRequest = input({ couponCode: opt(Text(100)) });
export const PaidPlanBenefit = input({ planOrderId: opt(Text(100)), benefitId: opt(Text(100)) });
export const Sort = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9_.]*(:(asc|desc|ASC|DESC))?$',
  maxLength: 100,
});
