import { Field, formStyles } from '../../components/form.tsx';
import styles from './checkout.module.css';
import { CountrySelect } from './fields.tsx';

/** The buyer's e-mail: where the order confirmation goes. */
export function ContactFields({
  email,
  error,
  onChange,
  inputRef,
}: {
  email: string;
  error: string | undefined;
  onChange: (email: string) => void;
  inputRef: (element: HTMLElement | null) => void;
}) {
  return (
    <Field
      id="checkout-email"
      label="E-mail"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={320}
      required
      hint="For the order confirmation."
      value={email}
      error={error}
      inputRef={inputRef}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Orders that do not ship: where they are billed, which decides the tax. */
export function BillingCountryField({
  country,
  error,
  onChange,
  selectRef,
}: {
  country: string;
  error: string | undefined;
  onChange: (country: string) => void;
  selectRef: (element: HTMLElement | null) => void;
}) {
  return (
    <CountrySelect
      autoComplete="billing country"
      value={country}
      error={error}
      selectRef={selectRef}
      onChange={onChange}
      hint="Where you are billed: it decides the tax."
    />
  );
}

/** The Contact panel: the e-mail, and the billing country when nothing ships. */
export function ContactSection({
  email,
  emailError,
  emailRef,
  onEmail,
  billing,
}: {
  email: string;
  emailError: string | undefined;
  emailRef: (element: HTMLElement | null) => void;
  onEmail: (email: string) => void;
  billing?: Parameters<typeof BillingCountryField>[0] | undefined;
}) {
  return (
    <section className={styles.panel} aria-labelledby="contact-title">
      <h2 id="contact-title" className={styles.heading}>
        Contact
      </h2>
      <div className={formStyles.form}>
        <ContactFields email={email} error={emailError} inputRef={emailRef} onChange={onEmail} />
        {billing && <BillingCountryField {...billing} />}
      </div>
    </section>
  );
}
