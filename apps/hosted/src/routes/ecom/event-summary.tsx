import { useEffect, useState } from 'react';
import { type HostedEventCheckout, ticketCount, timeLeft } from '../../lib/checkout/event.ts';
import styles from './checkout.module.css';
import eventStyles from './event-details.module.css';

/** The time left on the reservation, ticking every second; `onExpired` once it runs out. */
export function useTimeLeft(expires: string, onExpired: () => void) {
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(expires, now);
  useEffect(() => {
    if (left.ms <= 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left.ms));
    return () => clearTimeout(timer);
  }, [left.ms, onExpired]);
  return left;
}

/**
 * The event (name, date in its own time zone, venue), the tickets held for the buyer, and how long
 * they stay held. The countdown is read out only at whole minutes, not every second.
 */
export function EventSummary({
  data,
  left,
}: {
  data: HostedEventCheckout;
  left: { ms: number; text: string };
}) {
  const { event, reservation } = data;
  const count = reservation.tickets.reduce((sum, ticket) => sum + ticket.quantity, 0);
  const minutes = Math.ceil(left.ms / 60_000);
  return (
    <section className={styles.panel} aria-labelledby="event-title">
      <h2 id="event-title" className={eventStyles.eventTitle}>
        {event.title}
      </h2>
      <dl className={eventStyles.facts}>
        <div>
          <dt>Date</dt>
          <dd data-event-date>{event.dateAndTime}</dd>
        </div>
        {event.venue && (
          <div>
            <dt>Venue</dt>
            <dd data-event-venue>{event.venue}</dd>
          </div>
        )}
      </dl>
      <h3 className={eventStyles.subheading}>Your tickets ({ticketCount(count)})</h3>
      <ul className={eventStyles.tickets}>
        {reservation.tickets.map((ticket) => (
          <li key={ticket.ticketDefinitionId}>
            <span>
              {ticket.quantity} × {ticket.name}
            </span>
            <span>{ticket.price.formattedAmount}</span>
          </li>
        ))}
      </ul>
      <div className={eventStyles.timer} data-time-left={left.text}>
        <span aria-hidden="true">
          Tickets held for <strong>{left.text}</strong>
        </span>
        <span className={styles.visuallyHidden} aria-live="polite">
          {minutes <= 1
            ? 'Less than a minute left to complete your order.'
            : `${minutes} minutes left to complete your order.`}
        </span>
      </div>
    </section>
  );
}

/** The reservation ran out (or was canceled): the tickets are back on sale; offer to reserve again. */
export function ReservationExpired({
  brand,
  title,
  reserveAgainUrl,
}: {
  brand: string | undefined;
  title: string;
  reserveAgainUrl: string | undefined;
}) {
  useEffect(() => {
    document.title = brand ? `Reservation expired · ${brand}` : 'Reservation expired';
  }, [brand]);
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div>
          {brand && <p className={styles.brand}>{brand}</p>}
          <h1 className={styles.title}>Your reservation expired</h1>
        </div>
      </header>
      <section className={`${styles.panel} ${eventStyles.expired}`} role="alert">
        <p>
          The tickets for <strong>{title}</strong> were held for a limited time, and that time ran out. No
          money was taken.
        </p>
        <p>They may still be available: reserve them again to continue.</p>
        {reserveAgainUrl && (
          <a className={styles.continue} href={reserveAgainUrl}>
            Reserve again
          </a>
        )}
      </section>
    </main>
  );
}
