import type { MouseEvent, Ref } from 'react';
import { ErrorSummary } from '../../components/form.tsx';
import type { CheckoutField } from '../../lib/checkout/errors.ts';
import styles from './checkout.module.css';

/** What stopped the last press of the button: invalid details, a declined card, a changed total… */
export interface FormProblem {
  summary: string;
  list?: { field: CheckoutField; message: string }[];
  backToStore?: boolean;
  /** Only about the card or the way to pay: changing those clears it, as their own messages clear. */
  payment?: boolean;
}

const PAYMENT_FIELDS: readonly CheckoutField[] = ['method', 'cardNumber', 'expiry', 'cvc'];

/** Whether a refusal marks payment fields and nothing else (a declined card, a method switched off). */
export function onlyPayment(fields: Partial<Record<CheckoutField, string>>) {
  const marked = Object.keys(fields) as CheckoutField[];
  return marked.length > 0 && marked.every((field) => PAYMENT_FIELDS.includes(field));
}

/**
 * The problem above the form, each invalid detail a link to its field (keyboard and screen reader
 * users land there), and the way back to the store when the order cannot go on.
 */
export function ProblemSummary({
  problem,
  summaryRef,
  backUrl,
  onFocusField,
}: {
  problem: FormProblem | undefined;
  summaryRef: Ref<HTMLDivElement>;
  backUrl: string | undefined;
  onFocusField: (field: CheckoutField) => void;
}) {
  const focusField = (field: CheckoutField) => (event: MouseEvent) => {
    event.preventDefault();
    onFocusField(field);
  };
  return (
    <ErrorSummary message={problem?.summary} summaryRef={summaryRef}>
      {problem?.list && (
        <ul className={styles.problemList}>
          {problem.list.map(({ field, message }) => (
            <li key={field}>
              <a href={`#checkout-${field}`} onClick={focusField(field)}>
                {message}
              </a>
            </li>
          ))}
        </ul>
      )}
      {problem?.backToStore && backUrl && <a href={backUrl}>Back to the store</a>}
    </ErrorSummary>
  );
}
