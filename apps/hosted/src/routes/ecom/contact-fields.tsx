import { Field } from '../../components/form.tsx';

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
