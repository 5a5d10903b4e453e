import { Field, formStyles } from '../../components/form.tsx';
import { type CardForm, formatCardNumber, formatCvc, formatExpiry } from '../../lib/checkout/card.ts';
import type { CheckoutField } from '../../lib/checkout/errors.ts';
import type { PaymentMethod } from '../../lib/checkout/types.ts';
import styles from './checkout.module.css';
import { Choice, ChoiceGroup } from './fields.tsx';

type Errors = Partial<Record<CheckoutField, string>>;

const FORMAT: Record<keyof CardForm, (value: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

/** Card (the test provider) or pay later (offline), whichever the store enabled; the card formatted as typed. */
export function PaymentFields({
  methods,
  method,
  onMethod,
  card,
  onCard,
  errors,
  register,
}: {
  methods: PaymentMethod[];
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  card: CardForm;
  onCard: (field: keyof CardForm, value: string) => void;
  errors: Errors;
  register: (field: CheckoutField) => (element: HTMLElement | null) => void;
}) {
  const bind = (key: keyof CardForm, field: CheckoutField) => ({
    id: `checkout-${field}`,
    name: field,
    value: card[key],
    error: errors[field],
    inputRef: register(field),
    onChange: (event: { target: { value: string } }) => onCard(key, FORMAT[key](event.target.value)),
  });
  return (
    <div className={formStyles.form}>
      {methods.length > 1 && (
        <ChoiceGroup id="checkout-method" legend="How would you like to pay?" error={errors.method}>
          <Choice
            id="checkout-method-test"
            name="method"
            checked={method === 'test'}
            onChange={() => onMethod('test')}
            title="Card"
            aside={<span className={styles.badge}>Test mode</span>}
            inputRef={method === 'test' ? register('method') : undefined}
          />
          <Choice
            id="checkout-method-offline"
            name="method"
            checked={method === 'offline'}
            onChange={() => onMethod('offline')}
            title="Pay later"
            inputRef={method === 'offline' ? register('method') : undefined}
          />
        </ChoiceGroup>
      )}
      {method === 'test' ? (
        <div className={formStyles.form}>
          {/* Card numbers never break inside; the sentences wrap between words on a phone. */}
          <p className={styles.testNote} data-test-note>
            Test mode: no real money moves. Pay with{' '}
            <code className={styles.testCard}>4242 4242 4242 4242</code>, any future expiry date and any
            security code of 3 or 4 digits. The card{' '}
            <code className={styles.testCard}>4000 0000 0000 0002</code> is always declined.
          </p>
          <Field
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            autoCorrect="off"
            spellCheck={false}
            maxLength={23}
            required
            {...bind('number', 'cardNumber')}
          />
          <div className={formStyles.row}>
            <Field
              label="Expiry date"
              hint="MM / YY"
              inputMode="numeric"
              autoComplete="cc-exp"
              spellCheck={false}
              maxLength={7}
              required
              {...bind('expiry', 'expiry')}
            />
            <Field
              label="Security code"
              hint="3 or 4 digits, on the back"
              inputMode="numeric"
              autoComplete="cc-csc"
              spellCheck={false}
              maxLength={4}
              required
              {...bind('cvc', 'cvc')}
            />
          </div>
        </div>
      ) : (
        <p className={styles.offlineNote}>
          Your order is placed now and paid later. The store will tell you how to pay, on delivery, at pickup
          or by bank transfer.
        </p>
      )}
    </div>
  );
}
