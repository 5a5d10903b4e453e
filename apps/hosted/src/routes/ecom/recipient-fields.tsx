import { Field, formStyles } from '../../components/form.tsx';
import type { CheckoutField } from '../../lib/checkout/errors.ts';
import type { RecipientField, RecipientForm } from '../../lib/checkout/recipient.ts';

/** The name on the parcel and a number the courier can call, above the delivery address. */
export function RecipientFields({
  recipient,
  errors,
  onChange,
  register,
}: {
  recipient: RecipientForm;
  errors: Partial<Record<CheckoutField, string>>;
  onChange: (field: RecipientField, value: string) => void;
  register: (field: CheckoutField) => (element: HTMLElement | null) => void;
}) {
  const text = (field: RecipientField) => ({
    id: `checkout-${field}`,
    name: field,
    value: recipient[field],
    error: errors[field],
    inputRef: register(field),
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <div className={formStyles.form}>
      <div className={formStyles.row}>
        <Field
          label="First name"
          autoComplete="shipping given-name"
          maxLength={200}
          required
          {...text('firstName')}
        />
        <Field
          label="Last name"
          autoComplete="shipping family-name"
          maxLength={200}
          required
          {...text('lastName')}
        />
      </div>
      <Field
        label="Phone"
        optional
        type="tel"
        autoComplete="shipping tel"
        inputMode="tel"
        maxLength={30}
        hint="For the courier, if they need to reach you."
        {...text('phone')}
      />
    </div>
  );
}
