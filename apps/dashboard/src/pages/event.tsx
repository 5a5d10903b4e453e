import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useEvent } from '../api/events.ts';
import { useSite } from '../api/store.ts';
import { ErrorState, Loading } from '../components/states.tsx';
import { label } from '../lib/labels.ts';
import { EventOrders } from './event-orders.tsx';
import { EventSales, TicketTypes } from './event-tickets.tsx';
import './console-forms.css';
import { when } from './events.tsx';

/** One event: its sales, its ticket types (added, edited, deleted here), its orders, and the check-in at the door. */
export function EventPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  const site = useSite().data;
  const zone = site?.timeZone;
  if (event.isPending) return <Loading label="Loading the event…" />;
  if (event.isError) {
    const missing = event.error instanceof ApiError && event.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Event not found' : 'Event'}</h1>
        {missing ? (
          <p>No event of this site has this id.</p>
        ) : (
          <ErrorState error={event.error} retry={() => void event.refetch()} />
        )}
        <Link to="/events">Back to events</Link>
      </>
    );
  }
  const e = event.data;
  return (
    <>
      <p>
        <Link to="/events">← Events</Link>
      </p>
      <div className="page-head">
        <h1>{e.title}</h1>
        <span className="badge">{label(e.status)}</span>
        <Link className="button push-right" to={`/events/${id}/edit`}>
          Edit event
        </Link>
      </div>
      <p className="muted">
        {when(e, zone)}
        {e.location?.name ? ` · ${e.location.name}` : ''}
      </p>
      <EventSales eventId={id} />
      {e.registration.initialType === 'RSVP' ? null : (
        <TicketTypes
          eventId={id}
          currency={site?.currency ?? 'USD'}
          zone={e.dateAndTimeSettings.timeZoneId ?? zone ?? 'UTC'}
        />
      )}
      <EventOrders eventId={id} zone={zone} />
    </>
  );
}
