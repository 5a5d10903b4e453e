/**
 * eCommerce (API map 9 and the issue "Store and checkout"): the caller's current cart at every
 * alias, checkouts and payment, the owner's orders, coupons and checkout settings, and the calls
 * of the hosted checkout page (keyed by its redirect session).
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id } from './common.ts';
import { defineCall } from './define.ts';
import { CartContactInfo } from './ecom-contact.ts';
import {
  cancelOrder,
  createCoupon,
  deleteCoupon,
  getCoupon,
  getEcomSettings,
  getOrder,
  getSalesSummary,
  markOrderAsPaid,
  queryCoupons,
  queryOrders,
  searchOrders,
  sendBuyerConfirmationEmail,
  updateCoupon,
  updateEcomSettings,
} from './ecom-owner.ts';
import {
  Address,
  CheckoutDetailsInput,
  CheckoutUpdate,
  ContactDetails,
  LineItemInput,
  MoneyInput,
  PaymentInput,
  Quantity,
  SelectedShippingOption,
} from './ecom-schemas.ts';
import { Cart, Checkout, EstimateTotals, PaymentResult, PaymentStatus } from './ecom-views.ts';

/** Map 9: www/edge path, then the two custom-host aliases. */
const cart = (suffix = '') =>
  [
    `/ecom/v1/carts/current${suffix}`,
    `/_api/ecom-cart/v1/carts/current${suffix}`,
    `/_api/cart/v1/carts/current${suffix}`,
  ] as const;
const CartAnswer = Type.Object({ cart: Cart });
const open = (description: string) => Type.Object({}, { additionalProperties: true, description });
const CHANNEL_TYPES = [
  'UNSPECIFIED',
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
  'PAYPAL_AGENTIC_CHECKOUT',
  'STRIPE_AGENTIC_CHECKOUT',
] as const;
const ChannelType = Type.Union(
  CHANNEL_TYPES.map((value) => Type.Literal(value)),
  { description: 'Where the checkout was made (map 9).' },
);

// --- current cart ------------------------------------------------------------------------------

export const getCurrentCart = defineCall({
  name: 'getCurrentCart',
  method: 'GET',
  paths: cart(),
  access: 'anyone',
  summary: "The caller's cart (visitor or member of the token); prices and stock re-read from the catalog.",
  request: Empty,
  response: CartAnswer,
});

export const updateCurrentCart = defineCall({
  name: 'updateCurrentCart',
  method: 'PATCH',
  paths: cart(),
  access: 'anyone',
  summary:
    'Changes buyer details, applies a coupon code, adds line items; merchant discounts are for owners only.',
  request: Type.Object({
    cartInfo: Type.Optional(
      Type.Object(
        {
          buyerNote: Type.Optional(Type.String({ maxLength: 1000 })),
          buyerInfo: Type.Optional(Type.Object({ email: Type.Optional(Type.String({ format: 'email' })) })),
          contactInfo: Type.Optional(CartContactInfo),
          selectedShippingOption: Type.Optional(SelectedShippingOption),
          businessLocationId: Type.Optional(Type.String({ maxLength: 100 })),
          overrideCheckoutUrl: Type.Optional(
            Type.String({
              maxLength: 2000,
              pattern: '^(https?://[^\\s]+)?$',
              description:
                'An http(s) URL of a checkout of your own, kept for your storefront to send buyers to; empty removes it.',
            }),
          ),
        },
        { additionalProperties: true },
      ),
    ),
    couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    merchantDiscounts: Type.Optional(
      Type.Array(
        Type.Object({
          amount: MoneyInput,
          lineItemIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 300 })),
        }),
        { maxItems: 10 },
      ),
    ),
    lineItems: Type.Optional(Type.Array(LineItemInput, { maxItems: 100 })),
    customLineItems: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 0 })),
    cartFieldmask: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
  response: CartAnswer,
});

export const deleteCurrentCart = defineCall({
  name: 'deleteCurrentCart',
  method: 'DELETE',
  paths: cart(),
  access: 'anyone',
  summary: "Deletes the caller's cart.",
  request: Empty,
  response: Empty,
});

export const addToCurrentCart = defineCall({
  name: 'addToCurrentCart',
  method: 'POST',
  paths: cart('/add-to-cart'),
  access: 'anyone',
  summary:
    'Adds catalog items (`catalogReference {appId, catalogItemId, options}`); the same item again raises its quantity.',
  request: Type.Object({
    lineItems: Type.Optional(Type.Array(LineItemInput, { maxItems: 100 })),
    customLineItems: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 0 })),
    businessLocationId: Type.Optional(Type.String({ maxLength: 100 })),
  }),
  response: CartAnswer,
});

export const removeLineItemsFromCurrentCart = defineCall({
  name: 'removeLineItemsFromCurrentCart',
  method: 'POST',
  paths: cart('/remove-line-items'),
  access: 'anyone',
  summary: 'Removes line items by id; an unknown id refuses the whole call.',
  request: Type.Object({
    lineItemIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 300 }),
  }),
  response: CartAnswer,
});

export const updateCurrentCartLineItemQuantity = defineCall({
  name: 'updateCurrentCartLineItemQuantity',
  method: 'POST',
  paths: cart('/update-line-items-quantity'),
  access: 'anyone',
  summary: 'Sets the quantity (1 to 1000) of line items.',
  request: Type.Object({
    lineItems: Type.Array(
      Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), quantity: Quantity }),
      {
        minItems: 1,
        maxItems: 300,
      },
    ),
  }),
  response: CartAnswer,
});

export const removeCouponFromCurrentCart = defineCall({
  name: 'removeCouponFromCurrentCart',
  method: 'POST',
  paths: cart('/remove-coupon'),
  access: 'anyone',
  summary: 'Removes the applied coupon.',
  request: Empty,
  response: CartAnswer,
});

export const estimateCurrentCartTotals = defineCall({
  name: 'estimateCurrentCartTotals',
  method: 'POST',
  paths: cart('/estimate-totals'),
  access: 'anyone',
  summary:
    'Totals of the cart for an address and shipping option: discounts, shipping options, manual tax, violations.',
  request: Type.Object({
    selectedShippingOption: Type.Optional(SelectedShippingOption),
    shippingAddress: Type.Optional(Address),
    billingAddress: Type.Optional(Address),
    selectedMemberships: Type.Optional(open('Not supported; ignored.')),
    calculateTax: Type.Optional(Type.Boolean()),
    calculateShipping: Type.Optional(Type.Boolean()),
    calculateAdditionalFees: Type.Optional(Type.Boolean()),
  }),
  response: EstimateTotals,
});

export const createCheckoutFromCurrentCart = defineCall({
  name: 'createCheckoutFromCurrentCart',
  method: 'POST',
  paths: cart('/create-checkout'),
  access: 'anyone',
  summary:
    'Freezes the cart into a checkout. Errors: CART_EMPTY, LINE_ITEMS_UNAVAILABLE, ONLINE_PAYMENTS_NOT_ENABLED.',
  request: Type.Object({ channelType: Type.Optional(ChannelType), ...CheckoutDetailsInput }),
  response: Type.Object({ checkoutId: Type.String() }),
});

// --- checkouts ---------------------------------------------------------------------------------

const CheckoutAnswer = Type.Object({ checkout: Checkout });

export const getCheckout = defineCall({
  name: 'getCheckout',
  method: 'GET',
  paths: ['/ecom/v1/checkouts/{id}'],
  access: 'anyone',
  summary: 'A checkout, for the buyer who created it or an owner.',
  request: Type.Object({ id: Id }),
  response: CheckoutAnswer,
});

export const updateCheckout = defineCall({
  name: 'updateCheckout',
  method: 'PATCH',
  paths: ['/ecom/v1/checkouts/{checkout.id}'],
  access: 'anyone',
  summary:
    'Changes the buyer e-mail (`buyerInfo.email`), the shipping destination and option (`shippingInfo`) or the billing info; totals are recomputed.',
  request: Type.Object({ checkout: CheckoutUpdate }),
  response: CheckoutAnswer,
});

export const payCheckout = defineCall({
  name: 'payCheckout',
  method: 'POST',
  paths: ['/ecom/v1/checkouts/{id}/pay'],
  access: 'anyone',
  summary:
    "Pays and places the order (one per checkout). Send an `Idempotency-Key` header or `idempotencyKey`: a retry of the same request answers the first result once the provider was asked (the key with another card or way to pay is refused, `IDEMPOTENCY_KEY_REUSED`; a refusal before any charge keeps nothing). The checkout needs the buyer's e-mail and, for goods that ship, a shipping address unless they are picked up (`CHECKOUT_INCOMPLETE` lists what is missing).",
  request: Type.Object({ id: Id, ...PaymentInput }),
  response: PaymentResult,
});

// --- hosted checkout page (public; the redirect session id is the key) --------------------------

const hosted = (suffix = '') =>
  [`/plaza/v1/redirect-sessions/{redirectSessionId}/checkout${suffix}`] as const;
const SessionId = Type.Object({ redirectSessionId: Id });
const HostedCheckout = Type.Object({
  // Past the session's hour a paid checkout is answered by its id and order alone.
  checkout: Type.Union([
    Checkout,
    Type.Object({ id: Type.String(), completed: Type.Literal(true), orderId: Type.Optional(Type.String()) }),
  ]),
  paymentMethods: Type.Array(Type.String()),
  postFlowUrl: Type.Optional(Type.String()),
  thankYouPageUrl: Type.Optional(Type.String()),
});

export const getHostedCheckout = defineCall({
  name: 'getHostedCheckout',
  method: 'GET',
  paths: hosted(),
  access: 'public',
  summary: 'For the hosted checkout page: the checkout of an `ecomCheckout` redirect session.',
  request: SessionId,
  response: HostedCheckout,
});

export const updateHostedCheckout = defineCall({
  name: 'updateHostedCheckout',
  method: 'PATCH',
  paths: hosted(),
  access: 'public',
  summary: 'For the hosted checkout page: buyer e-mail, addresses, recipient, shipping option.',
  request: Type.Object({
    redirectSessionId: Id,
    ...CheckoutDetailsInput,
    shippingContactDetails: Type.Optional(ContactDetails),
  }),
  response: HostedCheckout,
});

export const payHostedCheckout = defineCall({
  name: 'payHostedCheckout',
  method: 'POST',
  paths: hosted('/pay'),
  access: 'public',
  summary: 'For the hosted checkout page: pays (idempotent like payCheckout) and completes the session.',
  request: Type.Object({ redirectSessionId: Id, ...PaymentInput }),
  response: PaymentResult,
});

export const getHostedThankYou = defineCall({
  name: 'getHostedThankYou',
  method: 'GET',
  paths: hosted('/thank-you'),
  access: 'public',
  summary:
    'For the hosted thank-you page: order number, total, items, delivery and card, and where to go next.',
  request: SessionId,
  response: Type.Object({
    orderId: Type.String(),
    orderNumber: Type.String(),
    total: Type.Object({ amount: Type.String(), formattedAmount: Type.String() }),
    paymentStatus: PaymentStatus,
    items: Type.Array(
      Type.Object({
        name: Type.String(),
        options: Type.Array(Type.String(), { description: '"Color: Sage", one per option.' }),
        quantity: Type.Integer(),
        price: Type.String({ description: 'The price of one, formatted.' }),
        imageUrl: Type.Optional(Type.String()),
      }),
    ),
    delivery: Type.Optional(
      Type.Object({
        method: Type.String({ description: 'The shipping option chosen.' }),
        pickup: Type.Boolean(),
        address: Type.Optional(
          Type.String({ description: 'Where it is sent, or where to pick it up; on one line.' }),
        ),
        deliveryTime: Type.Optional(Type.String()),
      }),
    ),
    card: Type.Optional(
      Type.Object({ brand: Type.String(), last4: Type.String({ description: 'Its last four digits.' }) }),
    ),
    buyerEmail: Type.Optional(Type.String()),
    postFlowUrl: Type.Optional(Type.String()),
    thankYouPageUrl: Type.Optional(Type.String()),
  }),
});

export const ecomCalls = [
  getCurrentCart,
  updateCurrentCart,
  deleteCurrentCart,
  addToCurrentCart,
  removeLineItemsFromCurrentCart,
  updateCurrentCartLineItemQuantity,
  removeCouponFromCurrentCart,
  estimateCurrentCartTotals,
  createCheckoutFromCurrentCart,
  getCheckout,
  updateCheckout,
  payCheckout,
  searchOrders,
  queryOrders,
  getOrder,
  markOrderAsPaid,
  cancelOrder,
  sendBuyerConfirmationEmail,
  getSalesSummary,
  createCoupon,
  getCoupon,
  updateCoupon,
  deleteCoupon,
  queryCoupons,
  getEcomSettings,
  updateEcomSettings,
  getHostedCheckout,
  updateHostedCheckout,
  payHostedCheckout,
  getHostedThankYou,
] as const;
