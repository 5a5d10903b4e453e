import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { formStyles } from '../../components/form.tsx';
import { countryOptions } from '../../lib/checkout/address.ts';
import styles from './checkout.module.css';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'aria-invalid' | 'children'>;

/** A labelled native select (keyboard and phone pickers for free) with its inline error. */
export function SelectField({
  id,
  label,
  error,
  options,
  placeholder,
  selectRef,
  hint,
  ...select
}: SelectProps & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className={formStyles.control}>
        <select
          {...select}
          id={id}
          ref={selectRef}
          className={`${formStyles.input} ${styles.select}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className={formStyles.hint}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** The country list of an address: the delivery address or, when nothing ships, where the buyer is billed. */
export function CountrySelect({
  value,
  onChange,
  ...field
}: {
  autoComplete: 'shipping country' | 'billing country';
  value: string;
  error: string | undefined;
  selectRef: Ref<HTMLSelectElement>;
  onChange: (country: string) => void;
  hint?: string;
}) {
  return (
    <SelectField
      id="checkout-country"
      label="Country"
      name="country"
      placeholder="Choose a country"
      options={countryOptions().map(({ code, name }) => ({ value: code, label: name }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      {...field}
    />
  );
}

/** Radio choices under a legend (arrow keys move between them), with the group's inline error. */
export function ChoiceGroup({
  id,
  legend,
  error,
  children,
}: {
  id: string;
  legend: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined}>
      <legend className={formStyles.label}>{legend}</legend>
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/** One radio choice: the title and price on one line, details under it. */
export function Choice({
  id,
  name,
  checked,
  onChange,
  title,
  aside,
  details,
  inputRef,
}: {
  id: string;
  name: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  aside?: ReactNode;
  details?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <label className={styles.choice} htmlFor={id}>
      <input
        id={id}
        ref={inputRef}
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className={styles.radio}
      />
      <span className={styles.choiceTitle}>{title}</span>
      {aside && <span className={styles.choiceAside}>{aside}</span>}
      {details && <span className={styles.choiceDetails}>{details}</span>}
    </label>
  );
}
