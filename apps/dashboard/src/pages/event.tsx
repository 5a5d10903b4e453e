import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useEvent, useTicketDefinitions } from '../api/events.ts';
import { useSite } from '../api/store.ts';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { formatMoney } from '../lib/decimal.ts';
import { label } from '../lib/labels.ts';
import { EventOrders } from './event-orders.tsx';
import { when } from './events.tsx';

function TicketDefinitions({ eventId }: { eventId: string }) {
  const definitions = useTicketDefinitions(eventId);
  if (definitions.isPending) return <Loading label="Loading tickets…" />;
  if (definitions.isError)
    return <ErrorState error={definitions.error} retry={() => void definitions.refetch()} />;
  if (definitions.data.length === 0) return <Empty>This event sells no tickets.</Empty>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Ticket types</caption>
        <thead>
          <tr>
            <th scope="col">Ticket</th>
            <th scope="col">Price</th>
            <th scope="col">Sale</th>
            <th scope="col" className="number">
              Sold
            </th>
            <th scope="col" className="number">
              Left
            </th>
          </tr>
        </thead>
        <tbody>
          {definitions.data.map((d) => (
            <tr key={d.id}>
              <td>
                {d.name} {d.hidden ? <span className="badge">Hidden</span> : null}
              </td>
              <td>
                {d.pricingMethod.free || !d.pricingMethod.fixedPrice
                  ? 'Free'
                  : formatMoney(d.pricingMethod.fixedPrice.value, d.pricingMethod.fixedPrice.currency)}
              </td>
              <td>{label(d.saleStatus)}</td>
              <td className="number">{d.salesDetails?.soldCount ?? '—'}</td>
              <td className="number">
                {d.limited ? (d.salesDetails?.unsoldCount ?? d.actualLimit ?? '—') : 'No limit'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One event: its ticket types with sales, its orders, and the check-in at the door. */
export function EventPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  const zone = useSite().data?.timeZone;
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
      </div>
      <p className="muted">
        {when(e, zone)}
        {e.location?.name ? ` · ${e.location.name}` : ''}
      </p>
      <section className="card">
        <h2>Tickets</h2>
        <TicketDefinitions eventId={id} />
      </section>
      <EventOrders eventId={id} zone={zone} />
    </>
  );
}
