import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api.ts';
import { Field, formStyles } from '../../components/form.tsx';
import {
  type CardForm,
  cardErrors,
  cardInput,
  formatCardNumber,
  formatCvc,
  formatExpiry,
} from '../../lib/checkout/card.ts';
import styles from './account.module.css';
import { type AccountPlan, replacePlanCard } from './types.ts';

type CardField = 'cardNumber' | 'expiry' | 'cvc';
const FIELD_OF_PATH: Record<string, CardField> = {
  'card.number': 'cardNumber',
  'card.expiry': 'expiry',
  'card.cvc': 'cvc',
};

/**
 * A new card for a plan whose renewal was declined, in the hosted checkout's card fields (the `test`
 * provider): checked as typed, then saved and charged at once for the cycle that failed. A declined
 * card is said in the form and changes nothing.
 */
export function PlanCardForm({
  sessionId,
  plan,
  onPaid,
  onClose,
}: {
  sessionId: string;
  plan: AccountPlan;
  onPaid: (plans: AccountPlan[]) => void;
  onClose: () => void;
}) {
  const [card, setCard] = useState<CardForm>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  useEffect(() => numberRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const found = cardErrors(card, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onPaid(await replacePlanCard(sessionId, plan.id, cardInput(card)));
    } catch (error) {
      if (error instanceof ApiError && error.violations.length > 0) {
        const fields: Partial<Record<CardField, string>> = {};
        for (const violation of error.violations) {
          const field = FIELD_OF_PATH[violation.field];
          if (field) fields[field] = violation.description;
        }
        setErrors(fields);
      }
      setProblem(
        error instanceof ApiError && error.code === 'PAYMENT_DECLINED'
          ? 'This card was declined too. Your plan keeps its card and the next try; use another card.'
          : error instanceof ApiError
            ? error.description
            : 'The card could not be saved. Try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const change =
    (key: keyof CardForm, format: (text: string) => string) => (event: { target: { value: string } }) =>
      setCard((before) => ({ ...before, [key]: format(event.target.value) }));

  return (
    <form
      className={styles.cardForm}
      onSubmit={submit}
      noValidate
      aria-label={`New card for ${plan.planName}`}
    >
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <div className={formStyles.form}>
        <p className={styles.meta}>
          Test mode: no real money moves. <code>4242 4242 4242 4242</code> pays;{' '}
          <code>4000 0000 0000 0002</code> is declined.
        </p>
        <Field
          id={`plan-card-${plan.id}-number`}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          autoCorrect="off"
          spellCheck={false}
          maxLength={23}
          required
          value={card.number}
          error={errors.cardNumber}
          inputRef={numberRef}
          onChange={change('number', formatCardNumber)}
        />
        <div className={formStyles.row}>
          <Field
            id={`plan-card-${plan.id}-expiry`}
            label="Expiry date"
            hint="MM / YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            spellCheck={false}
            maxLength={7}
            required
            value={card.expiry}
            error={errors.expiry}
            onChange={change('expiry', formatExpiry)}
          />
          <Field
            id={`plan-card-${plan.id}-cvc`}
            label="Security code"
            hint="3 or 4 digits, on the back"
            inputMode="numeric"
            autoComplete="cc-csc"
            spellCheck={false}
            maxLength={4}
            required
            value={card.cvc}
            error={errors.cvc}
            onChange={change('cvc', formatCvc)}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Paying…' : `Save card and pay ${plan.price}`}
          </button>
          <button type="button" className={styles.keep} disabled={busy} onClick={onClose}>
            Not now
          </button>
        </div>
      </div>
    </form>
  );
}
