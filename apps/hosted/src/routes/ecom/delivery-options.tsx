import type { ShippingChoice } from '../../lib/checkout/summary.ts';
import styles from './checkout.module.css';
import { Choice, ChoiceGroup } from './fields.tsx';

export const choiceKey = (choice: Pick<ShippingChoice, 'carrierId' | 'code'>) =>
  `${choice.carrierId}:${choice.code}`;

/** The shipping options the destination gets; pickup shows where, and needs no address. */
export function DeliveryOptions({
  choices,
  selected,
  error,
  onSelect,
  register,
  countryChosen,
  note,
}: {
  choices: ShippingChoice[];
  selected: string;
  error?: string | undefined;
  onSelect: (choice: ShippingChoice) => void;
  register: (element: HTMLElement | null) => void;
  countryChosen: boolean;
  /** Said under the options (e.g. why only pickup is left). */
  note?: string | undefined;
}) {
  if (choices.length === 0)
    return (
      <p className={styles.empty} id="checkout-shipping" tabIndex={-1} ref={register}>
        {countryChosen
          ? 'The store does not deliver to this country. Choose another country.'
          : 'Choose your country to see how the order can reach you.'}
      </p>
    );
  const focusTarget = choices.find((choice) => choiceKey(choice) === selected) ?? choices[0];
  return (
    <ChoiceGroup id="checkout-shipping" legend="Delivery method" error={error}>
      {choices.map((choice) => {
        const key = choiceKey(choice);
        return (
          <Choice
            key={key}
            id={`checkout-shipping-${choice.code}`}
            name="shipping"
            checked={key === selected}
            onChange={() => onSelect(choice)}
            title={choice.title}
            aside={choice.price}
            details={choice.details.length > 0 ? choice.details.join(' · ') : undefined}
            inputRef={choice === focusTarget ? register : undefined}
          />
        );
      })}
      {note && <p className={styles.empty}>{note}</p>}
    </ChoiceGroup>
  );
}
