import type {
  addToCurrentCart,
  cancelOrder,
  createCheckoutFromCurrentCart,
  createCoupon,
  deleteCoupon,
  deleteCurrentCart,
  estimateCurrentCartTotals,
  getCheckout,
  getCoupon,
  getCurrentCart,
  getEcomSettings,
  getHostedCheckout,
  getHostedThankYou,
  getOrder,
  getSalesSummary,
  markOrderAsPaid,
  payCheckout,
  payHostedCheckout,
  queryCoupons,
  queryOrders,
  removeCouponFromCurrentCart,
  removeLineItemsFromCurrentCart,
  searchOrders,
  sendBuyerConfirmationEmail,
  updateCheckout,
  updateCoupon,
  updateCurrentCart,
  updateCurrentCartLineItemQuantity,
  updateEcomSettings,
  updateHostedCheckout,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { ecomCalls } from '../generated/calls.ts';
import { queryCall } from '../query/query-call.ts';

/**
 * eCommerce (API map 9): the caller's current cart (visitor or member, from the access token; no
 * id is sent), checkouts and payment, and for admins orders, coupons and checkout settings. The
 * `…Hosted…` calls serve the hosted checkout page. Money travels as decimal strings with a
 * `formattedAmount` twin.
 */
export const ecom = {
  /**
   * The caller's cart, prices and stock re-read from the catalog; `OWNED_CART_NOT_FOUND` (404) before the first item.
   * @example
   * const { cart } = await client.ecom.getCurrentCart();
   * console.log(cart.lineItems.length, cart.subtotal.formattedAmount);
   */
  getCurrentCart: call<typeof getCurrentCart>(ecomCalls, 'getCurrentCart'),
  /**
   * Changes buyer details, applies a coupon code or adds line items.
   * @example
   * await client.ecom.updateCurrentCart({ couponCode: 'SUMMER10', cartInfo: { buyerNote: 'Gift wrap, please' } });
   */
  updateCurrentCart: call<typeof updateCurrentCart>(ecomCalls, 'updateCurrentCart'),
  /**
   * Deletes the caller's cart.
   * @example await client.ecom.deleteCurrentCart();
   */
  deleteCurrentCart: call<typeof deleteCurrentCart>(ecomCalls, 'deleteCurrentCart'),
  /**
   * Adds catalog items (the cart is created on the first one); the same item again raises its quantity.
   * @example
   * const { cart } = await client.ecom.addToCurrentCart({
   *   lineItems: [{
   *     catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id, options: { options: { Size: 'M' } } },
   *     quantity: 1,
   *   }],
   * });
   */
  addToCurrentCart: call<typeof addToCurrentCart>(ecomCalls, 'addToCurrentCart'),
  /**
   * Removes line items by id; an unknown id refuses the whole call.
   * @example await client.ecom.removeLineItemsFromCurrentCart({ lineItemIds: [line.id] });
   */
  removeLineItemsFromCurrentCart: call<typeof removeLineItemsFromCurrentCart>(
    ecomCalls,
    'removeLineItemsFromCurrentCart',
  ),
  /**
   * Sets the quantity (1 to 1000) of line items.
   * @example await client.ecom.updateCurrentCartLineItemQuantity({ lineItems: [{ id: line.id, quantity: 3 }] });
   */
  updateCurrentCartLineItemQuantity: call<typeof updateCurrentCartLineItemQuantity>(
    ecomCalls,
    'updateCurrentCartLineItemQuantity',
  ),
  /**
   * Removes the applied coupon.
   * @example await client.ecom.removeCouponFromCurrentCart();
   */
  removeCouponFromCurrentCart: call<typeof removeCouponFromCurrentCart>(
    ecomCalls,
    'removeCouponFromCurrentCart',
  ),
  /**
   * Totals for an address and shipping option: discounts, shipping options, tax, violations.
   * @example
   * const { priceSummary, shippingInfo } = await client.ecom.estimateCurrentCartTotals({
   *   shippingAddress: { country: 'US', subdivision: 'US-CA' },
   *   selectedShippingOption: { code: 'standard' },
   * });
   */
  estimateCurrentCartTotals: call<typeof estimateCurrentCartTotals>(ecomCalls, 'estimateCurrentCartTotals'),
  /**
   * Freezes the cart into a checkout (errors `CART_EMPTY`, `LINE_ITEMS_UNAVAILABLE`, `ONLINE_PAYMENTS_NOT_ENABLED`).
   * @example
   * const { checkoutId } = await client.ecom.createCheckoutFromCurrentCart({ channelType: 'WEB', email: 'ana@example.com' });
   */
  createCheckoutFromCurrentCart: call<typeof createCheckoutFromCurrentCart>(
    ecomCalls,
    'createCheckoutFromCurrentCart',
  ),
  /**
   * A checkout, for the buyer who created it or an admin.
   * @example const { checkout } = await client.ecom.getCheckout({ id: checkoutId });
   */
  getCheckout: call<typeof getCheckout>(ecomCalls, 'getCheckout'),
  /**
   * Changes the buyer e-mail, shipping destination and option, or billing info of a checkout; totals are recomputed.
   * @example
   * await client.ecom.updateCheckout({
   *   checkout: { id: checkoutId, shippingInfo: { shippingDestination: { address: { country: 'PT', city: 'Lisbon' } } } },
   * });
   */
  updateCheckout: call<typeof updateCheckout>(ecomCalls, 'updateCheckout'),
  /**
   * Pays and places the order (one per checkout); with `idempotencyKey` a retry answers the first result.
   * @example
   * const { order } = await client.ecom.payCheckout({ id: checkoutId, paymentMethod: 'offline', idempotencyKey: crypto.randomUUID() });
   */
  payCheckout: call<typeof payCheckout>(ecomCalls, 'payCheckout'),
  /**
   * Filters, sorts and pages orders with a hand-written `search` query object. Admin.
   * @example
   * const { orders } = await admin.ecom.searchOrders({ search: { filter: { paymentStatus: 'NOT_PAID' }, paging: { limit: 20 } } });
   */
  searchOrders: call<typeof searchOrders>(ecomCalls, 'searchOrders'),
  /**
   * A query builder over orders (number, status, paymentStatus, checkoutId, buyerInfo.email, createdDate). Admin.
   * @example
   * const page = await admin.ecom.queryOrders().eq('paymentStatus', 'PAID').descending('createdDate').limit(20).find();
   */
  queryOrders: queryCall<typeof queryOrders, 'orders'>(ecomCalls, 'queryOrders', { items: 'orders' }),
  /**
   * One order. Admin.
   * @example const { order } = await admin.ecom.getOrder({ id: orderId });
   */
  getOrder: call<typeof getOrder>(ecomCalls, 'getOrder'),
  /**
   * Records the payment of an offline order, or captures an authorised one. Admin.
   * @example await admin.ecom.markOrderAsPaid({ id: orderId });
   */
  markOrderAsPaid: call<typeof markOrderAsPaid>(ecomCalls, 'markOrderAsPaid'),
  /**
   * Cancels an order: stock goes back (unless `restockAllItems` is false), payments are refunded or voided. Admin.
   * @example await admin.ecom.cancelOrder({ id: orderId, restockAllItems: true });
   */
  cancelOrder: call<typeof cancelOrder>(ecomCalls, 'cancelOrder'),
  /**
   * Sends the order's confirmation e-mail to the buyer again, as the order now stands. Admin.
   * @example await admin.ecom.sendBuyerConfirmationEmail({ orderId });
   */
  sendBuyerConfirmationEmail: call<typeof sendBuyerConfirmationEmail>(
    ecomCalls,
    'sendBuyerConfirmationEmail',
  ),
  /**
   * Orders, revenue and average order of the last 1, 7 and 30 days in the site's time zone, per catalog app and per day. Admin.
   * @example const { summary } = await admin.ecom.getSalesSummary({});
   */
  getSalesSummary: call<typeof getSalesSummary>(ecomCalls, 'getSalesSummary'),
  /**
   * Creates a coupon: percentage, fixed amount or free shipping, with validity and limits. Admin.
   * @example
   * const { coupon } = await admin.ecom.createCoupon({ coupon: { code: 'SUMMER10', type: 'PERCENTAGE', percentage: 10 } });
   */
  createCoupon: call<typeof createCoupon>(ecomCalls, 'createCoupon'),
  /**
   * One coupon with its number of usages. Admin.
   * @example const { coupon } = await admin.ecom.getCoupon({ couponId });
   */
  getCoupon: call<typeof getCoupon>(ecomCalls, 'getCoupon'),
  /**
   * Changes the given fields of a coupon; `revision` refuses concurrent edits. Admin.
   * @example await admin.ecom.updateCoupon({ coupon: { id: couponId, active: false, revision: coupon.revision } });
   */
  updateCoupon: call<typeof updateCoupon>(ecomCalls, 'updateCoupon'),
  /**
   * Deletes a coupon; carts holding its code lose it. Admin.
   * @example await admin.ecom.deleteCoupon({ couponId });
   */
  deleteCoupon: call<typeof deleteCoupon>(ecomCalls, 'deleteCoupon'),
  /**
   * A query builder over coupons (code, type, active, createdDate). Admin.
   * @example const { items } = await admin.ecom.queryCoupons().eq('active', true).ascending('code').find();
   */
  queryCoupons: queryCall<typeof queryCoupons, 'coupons'>(ecomCalls, 'queryCoupons', { items: 'coupons' }),
  /**
   * Tax rates, shipping options, weight unit and enabled payment providers. Admin.
   * @example const { settings } = await admin.ecom.getEcomSettings();
   */
  getEcomSettings: call<typeof getEcomSettings>(ecomCalls, 'getEcomSettings'),
  /**
   * Replaces the given top-level settings. Admin.
   * @example
   * await admin.ecom.updateEcomSettings({
   *   settings: { payments: { test: true }, shippingOptions: [{ code: 'standard', title: 'Standard', type: 'FLAT_RATE', price: '5.00' }] },
   * });
   */
  updateEcomSettings: call<typeof updateEcomSettings>(ecomCalls, 'updateEcomSettings'),
  /**
   * For the hosted checkout page: the checkout of an `ecomCheckout` redirect session. Public.
   * @example const { checkout, paymentMethods } = await client.ecom.getHostedCheckout({ redirectSessionId });
   */
  getHostedCheckout: call<typeof getHostedCheckout>(ecomCalls, 'getHostedCheckout'),
  /**
   * For the hosted checkout page: buyer e-mail, addresses, shipping option. Public.
   * @example await client.ecom.updateHostedCheckout({ redirectSessionId, email: 'ana@example.com' });
   */
  updateHostedCheckout: call<typeof updateHostedCheckout>(ecomCalls, 'updateHostedCheckout'),
  /**
   * For the hosted checkout page: pays (idempotent like `payCheckout`) and completes the session. Public.
   * @example await client.ecom.payHostedCheckout({ redirectSessionId, paymentMethod: 'test', card });
   */
  payHostedCheckout: call<typeof payHostedCheckout>(ecomCalls, 'payHostedCheckout'),
  /**
   * For the hosted thank-you page: order number and total, and where to go next. Public.
   * @example const { orderNumber, total } = await client.ecom.getHostedThankYou({ redirectSessionId });
   */
  getHostedThankYou: call<typeof getHostedThankYou>(ecomCalls, 'getHostedThankYou'),
};
