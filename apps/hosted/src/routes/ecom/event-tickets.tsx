import { useEffect, useState } from 'react';
import { api, paths } from '../../api.ts';
import type { HostedEventCheckout } from '../../lib/checkout/event.ts';
import styles from './checkout.module.css';
import eventStyles from './event-details.module.css';

/** The `.ics` file's name: the event's slug, which is already safe for a file name. */
const icsName = (slug: string) => `${slug || 'event'}.ics`;

/**
 * On the thank-you page of an `eventsCheckout` session: the event, its tickets by guest (each a
 * PDF, and all of them in one) and the ways to put it in a calendar. Past the session's hour the
 * server no longer hands out the ticket links or the guests' names; the confirmation e-mail has them.
 */
export function EventTickets({ sessionId }: { sessionId: string }) {
  const [data, setData] = useState<HostedEventCheckout | 'failed'>();
  useEffect(() => {
    let live = true;
    api<HostedEventCheckout>('GET', paths.hostedEventCheckout(sessionId)).then(
      (answer) => live && setData(answer),
      () => live && setData('failed'),
    );
    return () => {
      live = false;
    };
  }, [sessionId]);

  if (!data) return <p role="status">Loading your tickets…</p>;
  if (data === 'failed')
    return <p>Your tickets could not be shown here. The confirmation e-mail has them.</p>;
  const { event, order, calendarLinks } = data;
  return (
    <>
      <section className={eventStyles.section} aria-labelledby="tickets-title">
        <h2 id="tickets-title" className={styles.heading}>
          Your tickets for {event.title}
        </h2>
        <p data-event-date>
          {event.dateAndTime}
          {event.venue && ` · ${event.venue}`}
        </p>
        {order ? (
          <>
            <ul className={eventStyles.tickets} data-tickets>
              {order.tickets.map((ticket) => (
                <li key={ticket.ticketNumber} data-guest={ticket.guestName}>
                  <span>
                    {ticket.guestName && <span className={eventStyles.guestName}>{ticket.guestName} · </span>}
                    {ticket.name} <span className={styles.count}>#{ticket.ticketNumber}</span>
                  </span>
                  {ticket.pdfUrl && (
                    <a href={ticket.pdfUrl} target="_blank" rel="noopener">
                      PDF<span className={styles.visuallyHidden}> of ticket {ticket.ticketNumber}</span>
                    </a>
                  )}
                </li>
              ))}
            </ul>
            {order.ticketsPdfUrl && (
              <p>
                <a href={order.ticketsPdfUrl} target="_blank" rel="noopener">
                  Download all tickets (PDF)
                </a>
              </p>
            )}
          </>
        ) : (
          <p>Your tickets are on their way: the confirmation e-mail has them.</p>
        )}
      </section>
      <section className={eventStyles.section} aria-labelledby="calendar-title">
        <h2 id="calendar-title" className={styles.heading}>
          Add to your calendar
        </h2>
        <ul className={eventStyles.calendar}>
          <li>
            <a href={calendarLinks.google} target="_blank" rel="noopener noreferrer">
              Google Calendar
            </a>
          </li>
          <li>
            <a href={calendarLinks.ics} download={icsName(event.slug)}>
              Calendar file (.ics)
            </a>
          </li>
        </ul>
      </section>
    </>
  );
}
