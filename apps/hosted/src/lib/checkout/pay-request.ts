/**
 * What the Pay button sends: the buyer details saved first (where the goods go, or for goods that do
 * not ship the billing country that decides their tax), then the payment itself.
 */
import { type AddressForm, toAddressInput } from './address.ts';
import { type CardForm, cardInput } from './card.ts';
import { type RecipientForm, toContactDetails } from './recipient.ts';
import type { ShippingChoice } from './summary.ts';
import type { PaymentMethod } from './types.ts';

export interface DetailsForm {
  email: string;
  /** Whether any line ships. */
  ships: boolean;
  /** Whether the chosen delivery is a pickup (no address then). */
  pickup: boolean;
  address: AddressForm;
  recipient: RecipientForm;
  chosen: ShippingChoice | undefined;
  billingCountry: string;
}

export function detailsToSave(form: DetailsForm) {
  const { ships, pickup, chosen } = form;
  return {
    email: form.email.trim(),
    ...(ships && !pickup
      ? {
          shippingAddress: toAddressInput(form.address),
          shippingContactDetails: toContactDetails(form.recipient),
        }
      : {}),
    ...(ships && chosen
      ? { selectedShippingOption: { code: chosen.code, carrierId: chosen.carrierId } }
      : {}),
    ...(!ships ? { billingAddress: { country: form.billingCountry } } : {}),
  };
}

/** The payment part of the pay call: the card only for the test card provider, and when there is something to pay. */
export const paymentToSend = (method: PaymentMethod, card: CardForm, free = false) => ({
  paymentMethod: method,
  ...(method === 'test' && !free ? { card: cardInput(card) } : {}),
});
