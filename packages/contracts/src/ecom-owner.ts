/**
 * eCommerce owner calls: orders (modelled on the platform's eCom Orders), coupons and the store's
 * checkout settings. Part of `ecomCalls` (ecom.ts).
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, PagingMetadata, Query } from './common.ts';
import { defineCall } from './define.ts';
import { Coupon, CouponInput, CouponPatch, EcomSettings, Price } from './ecom-schemas.ts';
import { Order } from './ecom-views.ts';

// --- orders (owner) ----------------------------------------------------------------------------

const OrderAnswer = Type.Object({ order: Order });
// The `/_api/ecom-orders` paths are where the platform's orders package sends these calls on a
// custom API host.
const OrdersPage = Type.Object({ orders: Type.Array(Order), pagingMetadata: PagingMetadata });
// The platform's SearchOrdersResponse names its paging `metadata`.
const SearchedOrders = Type.Object({ orders: Type.Array(Order), metadata: PagingMetadata });

export const searchOrders = defineCall({
  name: 'searchOrders',
  method: 'POST',
  paths: ['/ecom/v1/orders/search', '/_api/ecom-orders/v1/orders/search'],
  access: 'admin',
  summary:
    'Filters, sorts and pages orders (fields: number, status, paymentStatus, checkoutId, buyerInfo.email, buyerInfo.memberId, createdDate; `lineItems.catalogReference.appId` and `.catalogItemId` with $hasSome / $hasAll).',
  request: Type.Object({ search: Type.Optional(Query) }),
  response: SearchedOrders,
});

export const queryOrders = defineCall({
  name: 'queryOrders',
  method: 'POST',
  paths: ['/ecom/v1/orders/query'],
  access: 'admin',
  summary: 'The same as searchOrders with a `query` object.',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: OrdersPage,
});

export const getOrder = defineCall({
  name: 'getOrder',
  method: 'GET',
  paths: ['/ecom/v1/orders/{id}', '/_api/ecom-orders/v1/orders/{id}'],
  access: 'admin',
  summary: 'One order.',
  request: Type.Object({ id: Id }),
  response: OrderAnswer,
});

export const markOrderAsPaid = defineCall({
  name: 'markOrderAsPaid',
  method: 'POST',
  // The second path is where the platform's orders package sends it (`paymentCollectionMarkOrderAsPaid`).
  paths: [
    '/ecom/v1/orders/{id}/mark-as-paid',
    '/ecom/v1/payments-collector/orders/{ecomOrderId}/mark-as-paid',
  ],
  access: 'admin',
  summary: 'Records the payment of an offline order, or captures an authorised one.',
  request: Type.Object({
    id: Type.Optional(Id),
    ecomOrderId: Type.Optional(Id),
    userDefinedPaymentMethodName: Type.Optional(
      Type.Object(
        { kind: Type.Optional(Type.String()), freeText: Type.Optional(Type.String({ maxLength: 200 })) },
        { additionalProperties: true, description: 'Accepted; the payment keeps its provider.' },
      ),
    ),
  }),
  response: OrderAnswer,
});

export const cancelOrder = defineCall({
  name: 'cancelOrder',
  method: 'POST',
  paths: ['/ecom/v1/orders/{id}/cancel', '/_api/ecom-orders/v1/orders/{id}/cancel'],
  access: 'admin',
  summary:
    'Cancels an order: stock goes back (unless `restockAllItems` is false), payments are refunded or voided; `sendOrderCanceledEmail` tells the buyer, with `customMessage`.',
  request: Type.Object({
    id: Id,
    restockAllItems: Type.Optional(Type.Boolean()),
    sendOrderCanceledEmail: Type.Optional(Type.Boolean()),
    customMessage: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
  response: OrderAnswer,
});

export const sendBuyerConfirmationEmail = defineCall({
  name: 'sendBuyerConfirmationEmail',
  method: 'POST',
  paths: ['/ecom/v1/orders/{orderId}/send-buyer-confirmation-email'],
  access: 'admin',
  summary:
    "Sends the order's confirmation e-mail to the buyer again, as the order now stands (its payment status included).",
  request: Type.Object({ orderId: Id }),
  response: Empty,
});

const Sales = {
  orders: Type.Integer({ description: 'Orders placed, cancelled ones left out.' }),
  revenue: Price,
};

export const getSalesSummary = defineCall({
  name: 'getSalesSummary',
  method: 'GET',
  paths: ['/plaza/v1/orders/sales-summary'],
  access: 'admin',
  summary:
    "Sales of the site's last 1, 7 and 30 calendar days in its time zone (orders, revenue, average order, and per catalog app the orders with its items and their revenue), and each of the 30 days; orders in the site's currency, cancelled ones left out.",
  request: Empty,
  response: Type.Object({
    summary: Type.Object({
      currency: Type.String(),
      timeZone: Type.String(),
      periods: Type.Array(
        Type.Object({
          days: Type.Integer(),
          from: Type.String({ description: 'First calendar day (YYYY-MM-DD) of the period.' }),
          ...Sales,
          averageOrder: Price,
          byCatalog: Type.Array(
            Type.Object({
              appId: Type.String({ description: "The catalog's app id (`catalogReference.appId`)." }),
              ...Sales,
            }),
          ),
        }),
      ),
      days: Type.Array(Type.Object({ date: Type.String(), ...Sales }), {
        description: 'The 30 calendar days ending today, oldest first.',
      }),
    }),
  }),
});

// --- coupons and settings (owner) --------------------------------------------------------------

const CouponAnswer = Type.Object({ coupon: Coupon });

export const createCoupon = defineCall({
  name: 'createCoupon',
  method: 'POST',
  paths: ['/plaza/v1/coupons'],
  access: 'admin',
  summary:
    'Creates a coupon: percentage, fixed amount or free shipping; validity window, usage limit, minimum.',
  request: Type.Object({ coupon: CouponInput }),
  response: CouponAnswer,
});

export const getCoupon = defineCall({
  name: 'getCoupon',
  method: 'GET',
  paths: ['/plaza/v1/coupons/{couponId}'],
  access: 'admin',
  summary: 'One coupon with its number of usages.',
  request: Type.Object({ couponId: Id }),
  response: CouponAnswer,
});

export const updateCoupon = defineCall({
  name: 'updateCoupon',
  method: 'PATCH',
  paths: ['/plaza/v1/coupons/{coupon.id}'],
  access: 'admin',
  summary:
    'Changes the given fields of a coupon (send `revision` to refuse concurrent edits). With `mask`, exactly the fields it names: a named field left out is cleared.',
  request: Type.Object({
    coupon: CouponPatch,
    mask: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 500 }),
        Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 }),
      ]),
    ),
  }),
  response: CouponAnswer,
});

export const deleteCoupon = defineCall({
  name: 'deleteCoupon',
  method: 'DELETE',
  paths: ['/plaza/v1/coupons/{couponId}'],
  access: 'admin',
  summary: 'Deletes a coupon; carts holding its code lose it.',
  request: Type.Object({ couponId: Id }),
  response: Empty,
});

export const queryCoupons = defineCall({
  name: 'queryCoupons',
  method: 'POST',
  paths: ['/plaza/v1/coupons/query'],
  access: 'admin',
  summary: 'Filters, sorts and pages coupons (fields: code, type, active, createdDate).',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ coupons: Type.Array(Coupon), pagingMetadata: PagingMetadata }),
});

const SettingsAnswer = Type.Object({ settings: EcomSettings });

export const getEcomSettings = defineCall({
  name: 'getEcomSettings',
  method: 'GET',
  paths: ['/plaza/v1/ecom-settings'],
  access: 'admin',
  summary: 'Tax rates, shipping options, weight unit and enabled payment providers.',
  request: Empty,
  response: SettingsAnswer,
});

export const updateEcomSettings = defineCall({
  name: 'updateEcomSettings',
  method: 'PATCH',
  paths: ['/plaza/v1/ecom-settings'],
  access: 'admin',
  summary: 'Replaces the given top-level settings (site settings `ecom` and `payments`).',
  request: Type.Object({ settings: EcomSettings }),
  response: SettingsAnswer,
});
