import { AppError, invalidField, notFound } from '../../lib/errors.ts';

const app = (status: number, code: string, message: string, description = message, data = {}) =>
  new AppError(status, code, message, description, data);

export const ecomErrors = {
  /** Totals past Number.MAX_SAFE_INTEGER minor units (totals.ts): the cart as it stands, e.g. a price raised since. */
  totalTooLarge: (largest: string) =>
    app(
      409,
      'CART_TOTAL_TOO_LARGE',
      'The cart total is too large',
      `The cart's amounts would pass ${largest}, the largest a cart can hold. Remove line items or lower their quantity.`,
      { largest },
    ),
  /** The same limit reached by the request's own lines or quantities. */
  linesTooLarge: (field: string, largest: string) =>
    invalidField(field, `the cart's total would pass ${largest}, the largest a cart can hold`, 'MAX'),
  cartEmpty: () => app(400, 'CART_EMPTY', 'The cart is empty', 'Add items to the cart before checking out.'),
  linesUnavailable: (lineItemIds: string[]) =>
    app(
      409,
      'LINE_ITEMS_UNAVAILABLE',
      'Some line items cannot be bought',
      'Remove the unavailable line items or lower their quantity, then try again.',
      { lineItemIds },
    ),
  /** A line's provider could not commit it: gone, hidden since, or short of stock (each item says which). */
  insufficientStock: (items: UnavailableItem[]) =>
    app(
      409,
      'INSUFFICIENT_STOCK',
      'Not enough stock',
      'Some items are out of stock, no longer sold, or not available in the requested quantity: each of `items` says which (`reason`).',
      { items },
    ),
  /** What a line holds (a reservation, a slot) is someone else's. */
  lineHeldByOther: (items: UnavailableItem[]) =>
    app(
      409,
      'LINE_ITEM_HELD_BY_OTHER',
      'Held by someone else',
      'Some items are held for another buyer: each of `items` says which. Choose others and try again.',
      { items },
    ),
  /** The hold a line stood for ran out before the order was placed. */
  lineHoldExpired: (items: UnavailableItem[]) =>
    app(
      409,
      'LINE_ITEM_HOLD_EXPIRED',
      'The hold expired',
      'What some items held (a reservation, a slot) expired before payment: each of `items` says which. Reserve again.',
      { items },
    ),
  /** A line names a catalog this server does not serve: refused before any charge, never skipped. */
  catalogNotServed: (appIds: string[]) =>
    app(
      409,
      'CATALOG_NOT_SERVED',
      'A catalog of the order is not available',
      `No catalog app ${appIds.join(', ')} is served here, so its lines cannot be ordered. Remove them and try again.`,
      { appIds },
    ),
  onlinePaymentsNotEnabled: () =>
    app(
      409,
      'ONLINE_PAYMENTS_NOT_ENABLED',
      'This site cannot take payments yet',
      'The site owner has not enabled a payment provider (site settings `payments`).',
    ),
  lineItemsNotFound: (ids: string[]) =>
    app(404, 'LINE_ITEM_NOT_FOUND', 'Line item not found', `The cart has no line item ${ids.join(', ')}.`, {
      lineItemIds: ids,
    }),
  tooManyUnits: (field: string) => invalidField(field, 'a line item holds at most 1000 units', 'MAX'),
  /** A provider's own limit for the item (`maxQuantity`). */
  tooManyUnitsOf: (field: string, lineItemId: string, max: number) =>
    invalidField(field, `line item ${lineItemId} holds at most ${max} units of its item`, 'MAX'),
  fixedQuantity: (field: string, lineItemId: string) =>
    invalidField(
      field,
      `line item ${lineItemId} has a fixed quantity: remove it and add the item again`,
      'FIELD_NOT_ALLOWED',
    ),
  tooManyLines: () => invalidField('lineItems', 'a cart holds at most 300 line items', 'MAX_SIZE'),
  customLineItems: () =>
    invalidField('customLineItems', 'custom line items are not supported', 'FIELD_NOT_ALLOWED'),
  noLineItems: () => invalidField('lineItems', 'at least one line item is required', 'REQUIRED_FIELD'),
  couponNotFound: (code: string) =>
    app(400, 'ERROR_COUPON_DOES_NOT_EXIST', 'Coupon not found', `No coupon has the code "${code}".`, {
      code,
    }),
  couponDisabled: (code: string) =>
    app(400, 'ERROR_COUPON_IS_DISABLED', 'Coupon is disabled', `The coupon "${code}" is switched off.`, {
      code,
    }),
  couponNotActiveYet: (code: string, startDate: string) =>
    app(
      400,
      'ERROR_COUPON_IS_NOT_ACTIVE_YET',
      'Coupon is not active yet',
      `The coupon "${code}" starts on ${startDate}.`,
      {
        code,
        startDate,
      },
    ),
  couponExpired: (code: string, expirationDate: string) =>
    app(
      400,
      'ERROR_COUPON_IS_EXPIRED',
      'Coupon has expired',
      `The coupon "${code}" expired on ${expirationDate}.`,
      {
        code,
        expirationDate,
      },
    ),
  couponExhausted: (code: string) =>
    app(
      400,
      'ERROR_COUPON_USAGE_EXCEEDED',
      'Coupon usage limit reached',
      `The coupon "${code}" was used up.`,
      {
        code,
      },
    ),
  couponMinimum: (code: string, minimum: string) =>
    app(
      400,
      'ERROR_COUPON_MINIMUM_SUBTOTAL',
      'Subtotal too low for this coupon',
      `The coupon "${code}" needs a subtotal of at least ${minimum}.`,
      { code, minimumSubtotal: minimum },
    ),
  couponCodeTaken: (code: string) =>
    app(409, 'COUPON_CODE_ALREADY_EXISTS', 'Coupon code taken', `Another coupon has the code "${code}".`, {
      code,
    }),
  couponNotFoundById: (id: string) => notFound('COUPON_NOT_FOUND', 'Coupon not found', { id }),
  merchantDiscountsForOwners: () =>
    app(
      403,
      'PERMISSION_DENIED',
      'Insufficient permissions',
      'Only site owners may apply merchant discounts.',
    ),
  checkoutNotFound: (id: string) => notFound('CHECKOUT_NOT_FOUND', 'Checkout not found', { id }),
  checkoutCompleted: (id: string, orderId: string | undefined) =>
    app(
      409,
      'CHECKOUT_ALREADY_COMPLETED',
      'The checkout was already paid',
      'Its order exists; start a new checkout.',
      {
        checkoutId: id,
        ...(orderId ? { orderId } : {}),
      },
    ),
  totalChanged: (checkoutId: string, previousTotal: string, total: string, reason: string) =>
    app(
      409,
      'CHECKOUT_TOTAL_CHANGED',
      'The checkout total changed',
      `${reason} The total is now ${total} (it was ${previousTotal}); nothing was charged. Review the checkout and pay again.`,
      { checkoutId, previousTotal, total },
    ),
  /** Its lines were priced in the currency the site had then: never charged in another. */
  checkoutCurrencyChanged: (checkoutId: string, checkoutCurrency: string, currency: string) =>
    app(
      409,
      'CHECKOUT_CURRENCY_CHANGED',
      'The store changed its currency',
      `The checkout was priced in ${checkoutCurrency} and the store now sells in ${currency}; nothing was charged. Start a new checkout.`,
      { checkoutId, checkoutCurrency, currency },
    ),
  cartAlreadyOrdered: (cartId: string) =>
    app(
      409,
      'CART_ALREADY_ORDERED',
      'This cart was already ordered',
      'Another checkout of the same cart was paid; nothing was charged.',
      { cartId },
    ),
  shippingOptionUnknown: (field: string, code: string) =>
    invalidField(field, `the store has no shipping option "${code}"`, 'VALIDATION'),
  shippingOptionUnavailable: (field: string, code: string) =>
    invalidField(field, `shipping option "${code}" is not available for this destination`, 'VALIDATION'),
  paymentMethodNotEnabled: (method: string) =>
    app(
      400,
      'PAYMENT_METHOD_NOT_ENABLED',
      'Payment method not enabled',
      `The site does not accept "${method}" payments.`,
      {
        paymentMethod: method,
      },
    ),
  checkoutIncomplete: (missingFields: string[]) =>
    app(
      400,
      'CHECKOUT_INCOMPLETE',
      'The checkout is missing buyer details',
      `Set ${missingFields.join(' and ')} on the checkout (update checkout) before paying.`,
      { missingFields },
    ),
  paymentDeclined: (reason: string) =>
    app(402, 'PAYMENT_DECLINED', 'The payment was declined', `The card was declined (${reason}).`, {
      declineCode: reason,
    }),
  paymentInProgress: (key: string) =>
    app(
      409,
      'PAYMENT_IN_PROGRESS',
      'A payment with this idempotency key is still running',
      'Retry in a moment.',
      {
        idempotencyKey: key,
      },
    ),
  checkoutPaymentInProgress: (checkoutId: string) =>
    app(
      409,
      'CHECKOUT_PAYMENT_IN_PROGRESS',
      'Another payment of this checkout is in progress',
      'Nothing was charged by this request. Wait a moment and retry: the checkout is then either paid (its order exists) or free to pay again.',
      { checkoutId },
    ),
  orderPaymentInProgress: (id: string) =>
    app(
      409,
      'ORDER_PAYMENT_IN_PROGRESS',
      "Another change to this order's payment is in progress",
      'The order is being marked paid or canceled by another request; nothing was done by this one. Retry in a moment.',
      { id },
    ),
  idempotencyKeyReused: (key: string) =>
    app(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'The idempotency key belongs to another checkout',
      'Use a new key for each checkout payment.',
      { idempotencyKey: key },
    ),
  idempotencyKeyOtherRequest: (key: string) =>
    app(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'The idempotency key was used for another payment request',
      'A key stands for one request: retry it unchanged, or send a new key with another way to pay or another card.',
      { idempotencyKey: key },
    ),
  orderNotFound: (id: string) => notFound('ORDER_NOT_FOUND', 'Order not found', { id }),
  orderState: (id: string, description: string) =>
    app(409, 'INVALID_ORDER_STATE', 'The order cannot change this way', description, { id }),
  notCheckoutSession: (id: string) =>
    app(
      400,
      'WRONG_INTENT',
      'This redirect session is not a checkout session',
      'Its intent opens no checkout.',
      { id },
    ),
  sessionExpired: (id: string) =>
    app(410, 'REDIRECT_SESSION_EXPIRED', 'Redirect session expired', 'Start the checkout again.', { id }),
  noOrderYet: (id: string) =>
    app(409, 'ORDER_NOT_PLACED', 'The checkout has no order yet', 'Pay the checkout first.', {
      checkoutId: id,
    }),
};

/** An item a provider could not commit, and why. */
export interface UnavailableItem {
  catalogItemId: string;
  variantId?: string;
  requested: number;
  reason: 'NOT_FOUND' | 'NOT_FOR_SALE' | 'OUT_OF_STOCK' | 'HELD_BY_OTHER' | 'HOLD_EXPIRED';
}
