import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AppGate } from '../../components/app-gate.tsx';
import { Button, buttonClass, whenIdle } from '../../components/button.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, Loading, StatusPanel } from '../../components/status.tsx';
import {
  EVENTS_KEY,
  loadEvents,
  loadTickets,
  reserveTickets,
  type TicketEvent,
  ticketsKey,
} from '../../data/tickets.ts';
import { useCached } from '../../hooks/use-cached.ts';
import { AppCode } from '../../lib/apps.ts';
import { describeError, errorCode } from '../../lib/errors.ts';
import {
  availabilityNote,
  type EventLike,
  eventPlace,
  maxQuantity,
  registrationNote,
  reservationRefusal,
  selectionTotal,
  sellsTickets,
  type TicketLike,
  ticketPrice,
} from '../../lib/tickets.ts';
import { useUi } from '../../state/ui.tsx';
import styles from './tickets.module.css';

const TITLE = 'Events & Tickets';
const eventLink = (slug: string) => `/tickets?event=${encodeURIComponent(slug)}`;
const dateOf = (event: EventLike) => event.dateAndTimeSettings?.formatted?.dateAndTime ?? '';

function EventCard({ event }: { event: TicketEvent }) {
  const titleId = useId();
  const shown = event as EventLike;
  const note = registrationNote(shown);
  const place = eventPlace(shown);
  return (
    <li className={styles.item}>
      <article className={styles.card} aria-labelledby={titleId} data-event={event.title}>
        <h2 id={titleId} className={styles.name}>
          {event.title}
        </h2>
        <p className={styles.when}>{dateOf(shown)}</p>
        {place && <p className={styles.where}>{place}</p>}
        {shown.shortDescription && <p className={styles.description}>{shown.shortDescription}</p>}
        {sellsTickets(shown) && note !== 'Sold out' && note !== 'Ticket sales are closed' ? (
          <Link
            className={`${buttonClass('primary', { block: true })} ${styles.action}`}
            to={eventLink(event.slug)}
          >
            Get tickets<span className="visually-hidden"> for {event.title}</span>
          </Link>
        ) : (
          note && <p className={styles.note}>{note}</p>
        )}
      </article>
    </li>
  );
}

function EventList() {
  const events = useCached(EVENTS_KEY, loadEvents);
  let body: React.ReactNode;
  if (events.status === 'loading') body = <Loading label="Loading events…" />;
  else if (events.status === 'error')
    body = (
      <ErrorState
        title="The events could not be loaded"
        message={describeError(events.error)}
        onRetry={events.reload}
      />
    );
  else if (events.data.length === 0)
    body = (
      <StatusPanel title="No events yet">
        <p>There are no upcoming events. Events the site owner publishes show up here.</p>
      </StatusPanel>
    );
  else
    body = (
      <ul className={styles.grid} aria-label="Events">
        {events.data.map((event) => (
          <EventCard key={event.id} event={event} />
        ))}
      </ul>
    );
  return (
    <>
      <PageTitle title={TITLE} lead="Upcoming events. Pick one to see its tickets." />
      {body}
    </>
  );
}

function TicketRow({
  ticket,
  quantity,
  onQuantity,
}: {
  ticket: TicketLike;
  quantity: number;
  onQuantity: (quantity: number) => void;
}) {
  const selectId = useId();
  const max = maxQuantity(ticket);
  const note = availabilityNote(ticket);
  return (
    <li className={styles.ticket} data-ticket={ticket.name}>
      <div>
        <h3 className={styles.ticketName}>{ticket.name}</h3>
        {ticket.description && <p className={styles.description}>{ticket.description}</p>}
        {note && <p className={styles.note}>{note}</p>}
      </div>
      <p className={styles.price} data-price>
        {ticketPrice(ticket)}
      </p>
      {max > 0 && (
        <div className={styles.quantity}>
          <label htmlFor={selectId}>
            Quantity<span className="visually-hidden"> of {ticket.name}</span>
          </label>
          <select id={selectId} value={quantity} onChange={(e) => onQuantity(Number(e.target.value))}>
            {Array.from({ length: max + 1 }, (_, n) => n).map((n) => (
              <option key={`q${n}`} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      )}
    </li>
  );
}

function EventTickets({ slug }: { slug: string }) {
  const events = useCached(EVENTS_KEY, loadEvents);
  const event = events.data?.find((e) => e.slug === slug);
  const loader = useCallback(() => loadTickets(event?.id ?? ''), [event?.id]);
  const tickets = useCached(ticketsKey(event?.id ?? ''), loader, Boolean(event));
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reserving, setReserving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { openPremiumModal } = useUi();

  // Back from the hosted page through the back-forward cache: usable again, the choice kept.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setReserving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  if (events.status === 'loading') return <Loading label="Loading the event…" />;
  if (events.status === 'error')
    return (
      <ErrorState
        title="The event could not be loaded"
        message={describeError(events.error)}
        onRetry={events.reload}
      />
    );
  if (!event)
    return (
      <StatusPanel title="Event not found" actions={<Link to="/tickets">See all events</Link>}>
        <p>This event is not on sale: it may have ended or been canceled.</p>
      </StatusPanel>
    );

  const shown = event as EventLike;
  const list = (tickets.data ?? []) as TicketLike[];
  const total = selectionTotal(list, quantities);
  const reserve = async () => {
    setReserving(true);
    setFailure(null);
    try {
      await reserveTickets(event, quantities);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ONLINE_PAYMENTS_NOT_ENABLED') openPremiumModal();
      setFailure(reservationRefusal(code) ?? `The tickets could not be reserved: ${describeError(error)}`);
      if (code === 'TICKET_SOLD_OUT') tickets.reload();
      setReserving(false);
    }
  };

  let body: React.ReactNode;
  if (tickets.status === 'loading') body = <Loading label="Loading tickets…" />;
  else if (tickets.status === 'error')
    body = (
      <ErrorState
        title="The tickets could not be loaded"
        message={describeError(tickets.error)}
        onRetry={tickets.reload}
      />
    );
  else if (list.length === 0)
    body = (
      <StatusPanel title="No tickets on sale">
        <p>{registrationNote(shown) ?? 'This event has no tickets on sale right now.'}</p>
      </StatusPanel>
    );
  else
    body = (
      <>
        <ul className={styles.tickets} aria-label="Tickets">
          {list.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              quantity={quantities[ticket.id] ?? 0}
              onQuantity={(quantity) => setQuantities((current) => ({ ...current, [ticket.id]: quantity }))}
            />
          ))}
        </ul>
        {failure && (
          <p className={styles.error} role="alert" data-tickets-error>
            {failure}
          </p>
        )}
        <div className={styles.checkout}>
          <p className={styles.total} aria-live="polite">
            {total.count === 0
              ? 'Choose how many tickets you want.'
              : `${total.count} ${total.count === 1 ? 'ticket' : 'tickets'} · ${total.formatted}`}
          </p>
          <Button {...whenIdle(reserving || total.count === 0, () => void reserve())}>
            {reserving ? 'Reserving…' : 'Reserve'}
          </Button>
        </div>
      </>
    );

  return (
    <>
      <PageTitle
        title={event.title}
        lead={[dateOf(shown), eventPlace(shown)].filter(Boolean).join(' · ')}
        back={false}
      />
      <p>
        <Link to="/tickets">All events</Link>
      </p>
      {shown.shortDescription && <p className={styles.description}>{shown.shortDescription}</p>}
      {body}
    </>
  );
}

function Tickets() {
  const [params] = useSearchParams();
  const slug = params.get('event');
  return slug ? <EventTickets key={slug} slug={slug} /> : <EventList />;
}

/**
 * The tickets example: the events to come, an event's tickets on sale, and reserving them, paid on
 * the hosted "Add your details" page, as the original example does.
 */
export default function TicketsPage() {
  return (
    <AppGate app={AppCode.events} title={TITLE} installLink="events">
      <Tickets />
    </AppGate>
  );
}
