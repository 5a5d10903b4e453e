import { type AddressForm, addressErrors } from '../../lib/checkout/address.ts';
import { type CardForm, cardErrors } from '../../lib/checkout/card.ts';
import type { CheckoutField } from '../../lib/checkout/errors.ts';
import { type RecipientForm, recipientErrors } from '../../lib/checkout/recipient.ts';
import type { ShippingChoice } from '../../lib/checkout/summary.ts';
import type { PaymentMethod } from '../../lib/checkout/types.ts';
import { emailError } from '../../lib/validation.ts';

export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** Fields in page order: the first invalid one gets the focus. */
export const FIELD_ORDER: CheckoutField[] = [
  'email',
  'shipping',
  'firstName',
  'lastName',
  'phone',
  'country',
  'addressLine',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'method',
  'cardNumber',
  'expiry',
  'cvc',
];

/** The form as it stands when the buyer presses the button. */
export interface CheckoutEntries {
  email: string;
  ships: boolean;
  choices: ShippingChoice[];
  chosen: ShippingChoice | undefined;
  pickup: boolean;
  /** Orders that do not ship: the country they are billed to (it decides the tax). */
  billingCountry: string;
  recipient: RecipientForm;
  address: AddressForm;
  method: PaymentMethod;
  card: CardForm;
  /** Nothing to pay (a coupon took it all): no card is asked for. */
  free: boolean;
}

/**
 * Checked in the browser before anything is sent, so the buyer fixes every detail in one go; the
 * server checks again. A pickup needs no recipient or address, and only the card method needs a card,
 * when there is something to pay.
 */
export function checkoutErrors({
  email,
  ships,
  choices,
  chosen,
  pickup,
  billingCountry,
  recipient,
  address,
  method,
  card,
  free,
}: CheckoutEntries): CheckoutErrors {
  const found: CheckoutErrors = {};
  const emailProblem = emailError(email);
  if (emailProblem) found.email = emailProblem;
  if (ships) {
    if (choices.length === 0)
      found.shipping = address.country
        ? 'The store does not deliver to this country.'
        : 'Choose your country first.';
    else if (!chosen) found.shipping = 'Choose a delivery method.';
    if (!pickup) Object.assign(found, recipientErrors(recipient), addressErrors(address));
  } else if (!billingCountry) found.country = 'Choose a country.';
  if (method === 'test' && !free) Object.assign(found, cardErrors(card, new Date()));
  return found;
}
