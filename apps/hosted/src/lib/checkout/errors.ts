/**
 * Failed checkout calls in words a buyer can act on (codes: apps/server ecom errors, map 4.3), and
 * whether the answer settles the payment attempt: a refusal does, while a lost answer (network,
 * 5xx), a payment in progress (PAYMENT_IN_PROGRESS, CHECKOUT_PAYMENT_IN_PROGRESS) or a busy store
 * (CONCURRENT_CHANGE, DATABASE_BUSY) does not, so the next press of Pay reuses the idempotency key.
 */
import type { ApiError } from '../../api.ts';
import type { AddressField } from './address.ts';
import type { RecipientField } from './recipient.ts';

export type CheckoutField =
  | 'email'
  | RecipientField
  | AddressField
  | 'addressLine2'
  | 'shipping'
  | 'method'
  | 'cardNumber'
  | 'expiry'
  | 'cvc';

export interface CheckoutProblem {
  summary: string;
  fields: Partial<Record<CheckoutField, string>>;
  /** False when we cannot know whether the payment went through. */
  settled: boolean;
  /** The buyer must change the cart on the store (offer the way back). */
  backToStore?: boolean;
  /** What the page does besides showing the message. */
  next?: 'thank-you' | 'session-expired' | 'session-gone' | 'reload' | 'retry-soon';
}

const FIELD_OF_PATH: Record<string, CheckoutField> = {
  email: 'email',
  'shippingContactDetails.firstName': 'firstName',
  'shippingContactDetails.lastName': 'lastName',
  'shippingContactDetails.phone': 'phone',
  'shippingAddress.country': 'country',
  'shippingAddress.subdivision': 'region',
  'shippingAddress.subdivisionFullname': 'region',
  'shippingAddress.city': 'city',
  'shippingAddress.postalCode': 'postalCode',
  'shippingAddress.addressLine': 'addressLine',
  'shippingAddress.addressLine2': 'addressLine2',
  'billingAddress.country': 'country',
  'selectedShippingOption.code': 'shipping',
  selectedShippingOption: 'shipping',
  paymentMethod: 'method',
  card: 'cardNumber',
  'card.number': 'cardNumber',
  'card.expiry': 'expiry',
  'card.cvc': 'cvc',
};

const FIELD_TEXT: Record<CheckoutField, (description: string) => string> = {
  email: () => 'Enter a valid e-mail address, like name@example.com.',
  firstName: () => 'Check the first name.',
  lastName: () => 'Check the last name.',
  phone: () => 'Check the phone number.',
  country: () => 'Choose a country from the list.',
  region: () => 'Choose a region from the list.',
  city: () => 'Check the city.',
  postalCode: () => 'Check the postal code.',
  addressLine: () => 'Check the street address.',
  addressLine2: () => 'Check the apartment or suite.',
  shipping: () => 'This option does not deliver to this address. Choose another one.',
  method: () => 'Choose how to pay.',
  cardNumber: () => 'Check the card number.',
  expiry: (description) =>
    /expired/i.test(description) ? 'This card has expired.' : 'Check the expiry date.',
  cvc: () => 'Check the security code.',
};

const sentence = (text: string) => {
  const trimmed = text.trim();
  if (!trimmed) return 'Something went wrong.';
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

const NOT_CHARGED = 'No money was taken.';

export function describeCheckoutError(error: unknown, context: 'pay' | 'update'): CheckoutProblem {
  const e = error as Partial<ApiError> | undefined;
  const paying = context === 'pay';
  if (!e || typeof e.code !== 'string' || typeof e.status !== 'number')
    return { summary: 'Something went wrong. Try again.', fields: {}, settled: !paying };
  const data = e.data ?? {};
  const reference = e.requestId ? ` (reference ${e.requestId})` : '';
  switch (e.code) {
    case 'PAYMENT_DECLINED': {
      const unsupported = data.declineCode === 'card_not_supported';
      return {
        summary: unsupported
          ? `This card cannot be used here. ${NOT_CHARGED} Try another card.`
          : `Your card was declined. ${NOT_CHARGED} Try another card or another way to pay.`,
        fields: { cardNumber: unsupported ? 'This card cannot be used here.' : 'This card was declined.' },
        settled: true,
      };
    }
    case 'PAYMENT_IN_PROGRESS':
      return {
        summary:
          'Your payment is still being processed. Wait a moment, then press Pay again: you will not be charged twice.',
        fields: {},
        settled: false,
        next: 'retry-soon',
      };
    case 'CHECKOUT_PAYMENT_IN_PROGRESS':
      // Another payment of this checkout (another tab or device) is running; this one took nothing.
      return {
        summary: `Another payment of this order is being processed. ${NOT_CHARGED} Wait a moment, then press Pay again: if it went through, you will see your order.`,
        fields: {},
        settled: false,
        next: 'retry-soon',
      };
    case 'CONCURRENT_CHANGE':
    case 'DATABASE_BUSY':
      // The server broke the call off for other requests at the same moment: the same call can succeed.
      return paying
        ? {
            summary:
              'The store is busy with other orders at this moment. Wait a moment, then press Pay again: you will not be charged twice.',
            fields: {},
            settled: false,
            next: 'retry-soon',
          }
        : { summary: 'The store is busy at this moment. Try again.', fields: {}, settled: true };
    case 'CHECKOUT_ALREADY_COMPLETED':
      return { summary: 'This order was already placed.', fields: {}, settled: true, next: 'thank-you' };
    case 'REDIRECT_SESSION_EXPIRED':
      return {
        summary: 'This checkout link has expired.',
        fields: {},
        settled: true,
        next: 'session-expired',
      };
    case 'REDIRECT_SESSION_NOT_FOUND':
    case 'CHECKOUT_NOT_FOUND':
    case 'WRONG_INTENT':
      return { summary: 'This checkout link is not valid.', fields: {}, settled: true, next: 'session-gone' };
    case 'PAYMENT_METHOD_NOT_ENABLED':
      return {
        summary: 'The store no longer accepts this way to pay. Choose another one.',
        fields: { method: 'Choose another way to pay.' },
        settled: true,
        next: 'reload',
      };
    case 'INSUFFICIENT_STOCK':
      return {
        summary: `Some items sold out or are no longer sold while you were checking out. ${NOT_CHARGED} Go back to the store to change your cart.`,
        fields: {},
        settled: true,
        backToStore: true,
      };
    case 'ERROR_COUPON_USAGE_EXCEEDED':
      return {
        summary: `The coupon${typeof data.code === 'string' ? ` ${data.code}` : ''} was used up meanwhile. ${NOT_CHARGED} Go back to the store and check out again.`,
        fields: {},
        settled: true,
        backToStore: true,
      };
    case 'CHECKOUT_TOTAL_CHANGED':
      return {
        summary: `The total changed to ${typeof data.total === 'string' ? data.total : 'a new amount'} while you were checking out. ${NOT_CHARGED} Check the order summary, then pay again.`,
        fields: {},
        settled: true,
        next: 'reload',
      };
    case 'CART_ALREADY_ORDERED':
      return {
        summary: `These items were already ordered from another checkout. ${NOT_CHARGED}`,
        fields: {},
        settled: true,
        backToStore: true,
      };
    case 'CHECKOUT_INCOMPLETE': {
      const missing = Array.isArray(data.missingFields) ? (data.missingFields as string[]) : [];
      const fields: CheckoutProblem['fields'] = {};
      if (missing.includes('email')) fields.email = 'Enter your e-mail address.';
      if (missing.includes('shippingAddress')) fields.addressLine = 'Enter the delivery address.';
      if (missing.includes('selectedShippingOption')) fields.shipping = 'Choose a delivery method.';
      if (missing.includes('billingAddress')) fields.country = 'Choose a country.';
      return { summary: `${NOT_CHARGED} Some details are missing.`, fields, settled: true };
    }
    case 'REVISION_MISMATCH':
      return {
        summary: 'The checkout changed meanwhile. Check the totals and try again.',
        fields: {},
        settled: true,
        next: 'reload',
      };
    case 'VALIDATION': {
      const fields: CheckoutProblem['fields'] = {};
      const others: string[] = [];
      for (const violation of e.violations ?? []) {
        const field = FIELD_OF_PATH[violation.field];
        if (field) fields[field] ??= FIELD_TEXT[field](violation.description);
        else others.push(sentence(`${violation.field} ${violation.description}`));
      }
      const messages = Object.values(fields);
      const summary =
        others.length > 0
          ? others.join(' ')
          : messages.length === 1
            ? messages[0]!
            : 'Some details need another look.';
      return { summary, fields, settled: true };
    }
    case 'NETWORK':
      return paying
        ? {
            summary:
              'We could not reach the store, so we cannot tell whether the payment went through. Check your connection and press Pay again: you will not be charged twice.',
            fields: {},
            settled: false,
          }
        : {
            summary: 'We could not reach the store. Check your connection and try again.',
            fields: {},
            settled: true,
          };
  }
  if (e.status >= 500)
    return paying
      ? {
          summary: `Something went wrong on our side, so we cannot tell whether the payment went through. Press Pay again: you will not be charged twice.${reference}`,
          fields: {},
          settled: false,
        }
      : {
          summary: `Something went wrong on our side. Try again in a moment.${reference}`,
          fields: {},
          settled: true,
        };
  return {
    summary: sentence(e.description || e.message || 'Something went wrong') + reference,
    fields: {},
    settled: true,
  };
}
