import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import styles from './form.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid'>;

interface FieldProps extends InputProps {
  /** A fixed id, for links to the field (generated otherwise). */
  id?: string | undefined;
  label: string;
  error?: string | undefined;
  /** Help shown under the input (and read with it). */
  hint?: ReactNode;
  optional?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Something beside the input, e.g. the show-password button. */
  addon?: ReactNode;
}

/** A labelled input with its hint and inline error, wired for screen readers. */
export function Field({ id: fixedId, label, error, hint, optional, inputRef, addon, ...input }: FieldProps) {
  const generated = useId();
  const id = fixedId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional && <span className={styles.optional}> (optional)</span>}
      </label>
      <div className={styles.control}>
        <input
          {...input}
          id={id}
          ref={inputRef}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** A password input with a Show/Hide button (typing on a phone is hard enough). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

/** The password rules with a tick for each rule met. */
export function Rules({ rules }: { rules: { id: string; label: string; ok: boolean }[] }) {
  return (
    <ul className={styles.rules}>
      {rules.map((rule) => (
        <li key={rule.id} className={rule.ok ? styles.ruleOk : undefined}>
          <span aria-hidden="true">{rule.ok ? '✓' : '•'}</span> {rule.label}
          {rule.ok && <span className={styles.visuallyHidden}> (done)</span>}
        </li>
      ))}
    </ul>
  );
}

/** The form's main button: disabled with a spinner and a busy label while the request runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className={styles.button} disabled={busy} aria-busy={busy || undefined}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}

export function SecondaryButton({
  busy,
  label,
  busyLabel,
  onClick,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.secondary}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The summary of a failed request, announced at once (role="alert"); focusable so focus can move to it. */
export function ErrorSummary({
  message,
  children,
  summaryRef,
}: {
  message: string | undefined;
  children?: ReactNode;
  summaryRef?: Ref<HTMLDivElement>;
}) {
  if (!message) return null;
  return (
    <div className={styles.summary} role="alert" tabIndex={-1} ref={summaryRef}>
      <p>{message}</p>
      {children}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className={styles.notice} role="status">
      {children}
    </div>
  );
}

/** Links under a form ("Forgot password?", "Create an account"). */
export function FormLinks({ children }: { children: ReactNode }) {
  return <div className={styles.links}>{children}</div>;
}

export { styles as formStyles };
