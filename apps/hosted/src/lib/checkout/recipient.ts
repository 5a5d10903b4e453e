/** Who receives a delivery: the name on the parcel and a phone number for the courier. */
export interface RecipientForm {
  firstName: string;
  lastName: string;
  phone: string;
}

export type RecipientField = keyof RecipientForm;

export interface ContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export const fromContactDetails = (contact: ContactDetails | undefined): RecipientForm => ({
  firstName: contact?.firstName ?? '',
  lastName: contact?.lastName ?? '',
  phone: contact?.phone ?? '',
});

// Digits with the usual separators and an optional leading +: what people type, not one format.
const PHONE = /^\+?[\d\s().-]{5,30}$/;

export function recipientErrors(form: RecipientForm): Partial<Record<RecipientField, string>> {
  const errors: Partial<Record<RecipientField, string>> = {};
  if (!form.firstName.trim()) errors.firstName = 'Enter the first name.';
  if (!form.lastName.trim()) errors.lastName = 'Enter the last name.';
  const phone = form.phone.trim();
  if (phone && (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 5))
    errors.phone = 'Enter a phone number, like +1 415 555 0100.';
  return errors;
}

export function toContactDetails(form: RecipientForm): ContactDetails {
  const phone = form.phone.trim();
  return { firstName: form.firstName.trim(), lastName: form.lastName.trim(), ...(phone ? { phone } : {}) };
}
