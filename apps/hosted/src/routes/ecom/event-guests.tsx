import type { EventAnswers, EventField } from '../../lib/checkout/event.ts';
import { type Guests, guestKey, type Seat } from '../../lib/checkout/event-guests.ts';
import styles from './checkout.module.css';
import eventStyles from './event-details.module.css';
import { EventFields } from './event-fields.tsx';

/**
 * Whom each ticket is for: a form per ticket, the event's own. The first ticket is the buyer's
 * while "same as buyer" stays ticked, and asks nothing more.
 */
export function EventGuests({
  seats,
  fields,
  guests,
  errors,
  register,
  onSameAsBuyer,
  onChange,
}: {
  seats: Seat[];
  fields: EventField[];
  guests: Guests;
  errors: Record<string, string>;
  register: (name: string) => (element: HTMLElement | null) => void;
  onSameAsBuyer: (same: boolean) => void;
  onChange: (index: number, name: string, value: string | string[]) => void;
}) {
  return (
    <section className={styles.panel} aria-labelledby="guests-title">
      <h2 id="guests-title" className={styles.heading}>
        {seats.length === 1 ? 'Who the ticket is for' : 'Who the tickets are for'}
      </h2>
      <p className={eventStyles.lead}>Each ticket carries its guest’s name.</p>
      {seats.map((seat, index) => {
        const title = `Ticket ${index + 1} · ${seat.name}`;
        const asked = index > 0 || !guests.sameAsBuyer;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a ticket is its place in the reservation
          <fieldset key={index} className={eventStyles.guest} data-guest={index + 1}>
            <legend className={eventStyles.guestTitle}>{title}</legend>
            {index === 0 && (
              <label className={eventStyles.same}>
                <input
                  type="checkbox"
                  checked={guests.sameAsBuyer}
                  onChange={(event) => onSameAsBuyer(event.target.checked)}
                />
                Same as buyer (this ticket is mine)
              </label>
            )}
            {asked && (
              <EventFields
                fields={fields}
                answers={guests.answers[index] ?? ({} as EventAnswers)}
                errors={errors}
                register={register}
                keyOf={(name) => guestKey(index, name)}
                onChange={(name, value) => onChange(index, name, value)}
              />
            )}
          </fieldset>
        );
      })}
    </section>
  );
}
