import { REGIONS } from '@plaza/contracts/countries';
import { Field, formStyles } from '../../components/form.tsx';
import { type AddressForm, addressLabels } from '../../lib/checkout/address.ts';
import type { CheckoutField } from '../../lib/checkout/errors.ts';
import { CountrySelect, SelectField } from './fields.tsx';

type Errors = Partial<Record<CheckoutField, string>>;

/** Country first (it decides the region list, labels and checks), then street, city, region and postal code. */
export function AddressFields({
  address,
  errors,
  onChange,
  register,
}: {
  address: AddressForm;
  errors: Errors;
  onChange: (field: keyof AddressForm, value: string) => void;
  register: (field: CheckoutField) => (element: HTMLElement | null) => void;
}) {
  const labels = addressLabels(address.country);
  const regions = REGIONS[address.country];
  const text = (field: 'city' | 'postalCode' | 'addressLine' | 'addressLine2' | 'region') => ({
    id: `checkout-${field}`,
    name: field,
    value: address[field],
    error: errors[field],
    inputRef: register(field),
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <div className={formStyles.form}>
      <CountrySelect
        autoComplete="shipping country"
        value={address.country}
        error={errors.country}
        selectRef={register('country')}
        onChange={(country) => onChange('country', country)}
      />
      <Field
        label="Street address"
        autoComplete="shipping address-line1"
        maxLength={500}
        required
        {...text('addressLine')}
      />
      <Field
        label="Apartment, suite, etc."
        optional
        autoComplete="shipping address-line2"
        maxLength={500}
        {...text('addressLine2')}
      />
      <Field label="City" autoComplete="shipping address-level2" maxLength={200} required {...text('city')} />
      <div className={formStyles.row}>
        {regions ? (
          <SelectField
            id="checkout-region"
            label={labels.region}
            name="region"
            autoComplete="shipping address-level1"
            placeholder="Choose…"
            options={regions.options.map(({ code, name }) => ({ value: code, label: name }))}
            value={address.region}
            error={errors.region}
            selectRef={register('region')}
            onChange={(event) => onChange('region', event.target.value)}
            required
          />
        ) : (
          <Field
            label={labels.region}
            optional
            autoComplete="shipping address-level1"
            maxLength={100}
            {...text('region')}
          />
        )}
        <Field
          label={labels.postalCode}
          optional={labels.postalOptional}
          autoComplete="shipping postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode={address.country === 'US' ? 'numeric' : undefined}
          maxLength={20}
          required={!labels.postalOptional}
          {...text('postalCode')}
        />
      </div>
    </div>
  );
}
