import { ecomCalls } from '@plaza/contracts';
import type { FastifyRequest } from 'fastify';
import { callModule } from '../../http/calls.ts';
import { invalidField } from '../../lib/errors.ts';
import { rawJson } from '../../lib/raw-json.ts';
import * as cart from './cart/service.ts';
import { payCheckout } from './checkout/pay.ts';
import { checkoutFor, createCheckout, getCheckout, updateCheckout } from './checkout/service.ts';
import type { EcomDeps } from './context.ts';
import * as coupons from './coupons.ts';
import * as hosted from './hosted.ts';
import * as orders from './orders.ts';
import * as sales from './sales.ts';
import { getEcomSettings, updateEcomSettings } from './settings.ts';

/** Computed answers (carts, checkouts, orders) are written as JSON as they are, skipping the schema serialiser. */
const json = async (value: Promise<unknown>) => rawJson(JSON.stringify(await value));

const MAX_IDEMPOTENCY_KEY = 200;

/** `Idempotency-Key` header, else the body field; both at most 200 characters, never cut (keys would collide). */
function idempotencyKey(request: FastifyRequest, field: string | undefined) {
  const header = request.headers['idempotency-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return field;
  if (value.length > MAX_IDEMPOTENCY_KEY)
    throw invalidField('Idempotency-Key', `must be at most ${MAX_IDEMPOTENCY_KEY} characters`, 'MAX_LENGTH');
  return value;
}

export function ecomRoutes(deps: EcomDeps) {
  return callModule('ecom', ecomCalls, {
    // The cart calls answer the cart rendered as JSON (cart/rendered.ts keeps it between calls).
    getCurrentCart: (_input, { caller }) => cart.getCurrentCart(deps, caller),
    updateCurrentCart: (input, { caller }) => cart.updateCurrentCart(deps, caller, input),
    deleteCurrentCart: (_input, { caller }) => cart.deleteCurrentCart(deps, caller),
    addToCurrentCart: (input, { caller }) => cart.addToCurrentCart(deps, caller, input),
    removeLineItemsFromCurrentCart: ({ lineItemIds }, { caller }) =>
      cart.removeLineItems(deps, caller, lineItemIds),
    updateCurrentCartLineItemQuantity: ({ lineItems }, { caller }) =>
      cart.updateQuantities(deps, caller, lineItems),
    removeCouponFromCurrentCart: (_input, { caller }) => cart.removeCoupon(deps, caller),
    estimateCurrentCartTotals: (input, { caller }) => cart.estimateTotals(deps, caller, input),
    createCheckoutFromCurrentCart: (input, { caller }) => createCheckout(deps, caller, input),

    getCheckout: ({ id }, { caller }) => json(getCheckout(deps, caller, id)),
    updateCheckout: ({ checkout }, { caller }) => json(updateCheckout(deps, caller, checkout)),
    payCheckout: async ({ id, ...input }, { caller, request }) => {
      const checkout = await checkoutFor(deps, caller.siteId, id, caller);
      const key = idempotencyKey(request, input.idempotencyKey);
      return json(payCheckout(deps, caller.siteId, checkout, { ...input, idempotencyKey: key }));
    },

    searchOrders: ({ search }, { caller }) => orders.searchOrders(deps, caller, search, 'search'),
    queryOrders: ({ query }, { caller }) => orders.searchOrders(deps, caller, query, 'query'),
    getOrder: ({ id }, { caller }) => orders.getOrder(deps, caller, id),
    markOrderAsPaid: ({ id, ecomOrderId }, { caller, request }) => {
      // The order the path names (map 2.1): either path names it once, a body field never decides.
      const path = request.params as { id?: string; ecomOrderId?: string };
      return json(orders.markOrderAsPaid(deps, caller, (path.id ?? path.ecomOrderId ?? id ?? ecomOrderId)!));
    },
    cancelOrder: ({ id, restockAllItems, sendOrderCanceledEmail, customMessage }, { caller }) =>
      json(
        orders.cancelOrder(deps, caller, id, {
          restock: restockAllItems !== false,
          tellBuyer: sendOrderCanceledEmail === true,
          customMessage,
        }),
      ),
    sendBuyerConfirmationEmail: ({ orderId }, { caller }) =>
      sales.sendBuyerConfirmationEmail(deps, caller, orderId),
    getSalesSummary: (_input, { caller }) => sales.getSalesSummary(deps, caller),

    createCoupon: ({ coupon }, { caller }) => coupons.createCoupon(deps, caller, coupon),
    getCoupon: ({ couponId }, { caller }) => coupons.getCoupon(deps, caller, couponId),
    updateCoupon: ({ coupon, mask }, { caller }) => coupons.updateCoupon(deps, caller, coupon, mask),
    deleteCoupon: ({ couponId }, { caller }) => coupons.deleteCoupon(deps, caller, couponId),
    queryCoupons: ({ query }, { caller }) => coupons.queryCoupons(deps, caller, query),
    getEcomSettings: (_input, { caller }) => getEcomSettings(deps, caller),
    updateEcomSettings: ({ settings }, { caller }) => updateEcomSettings(deps, caller, settings),

    getHostedCheckout: ({ redirectSessionId }) => json(hosted.getHostedCheckout(deps, redirectSessionId)),
    updateHostedCheckout: ({ redirectSessionId, ...details }) =>
      json(hosted.updateHostedCheckout(deps, redirectSessionId, details)),
    payHostedCheckout: ({ redirectSessionId, ...input }, { request }) =>
      json(
        hosted.payHostedCheckout(deps, redirectSessionId, {
          ...input,
          idempotencyKey: idempotencyKey(request, input.idempotencyKey),
        }),
      ),
    getHostedThankYou: ({ redirectSessionId }) => hosted.getHostedThankYou(deps, redirectSessionId),
  });
}
