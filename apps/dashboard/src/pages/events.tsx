import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { EVENT_PAGE, type EventItem, useEventAction, useEvents } from '../api/events.ts';
import { useSite } from '../api/store.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label } from '../lib/labels.ts';

const STATUS_TONE: Record<EventItem['status'], string> = {
  DRAFT: 'badge-warn',
  UPCOMING: 'badge-ok',
  STARTED: 'badge-ok',
  ENDED: '',
  CANCELED: 'badge-danger',
};

export const when = (event: EventItem, zone?: string) =>
  event.dateAndTimeSettings.dateAndTimeTbd || !event.dateAndTimeSettings.startDate
    ? 'Date to be announced'
    : dateTime(event.dateAndTimeSettings.startDate, event.dateAndTimeSettings.timeZoneId ?? zone);

/** Events, drafts included, soonest first: publish drafts, clone, cancel (after asking). */
export function Events() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const events = useEvents(page);
  const zone = useSite().data?.timeZone;
  const action = useEventAction();
  const [asking, setAsking] = useState<EventItem | undefined>();
  const done = action.isSuccess && !asking ? action.variables : undefined;

  return (
    <>
      <div className="page-head">
        <h1>Events</h1>
        <Link className="button button-primary push-right" to="/events/new">
          New event
        </Link>
      </div>
      {done ? (
        <p className="notice" role="status">
          {done.action === 'clone'
            ? `A draft copy of “${done.title}” was made.`
            : `“${done.title}” is ${done.action === 'publish' ? 'published' : 'cancelled'}.`}
        </p>
      ) : null}
      {action.isError && !asking ? (
        <p className="form-error" role="alert">
          {action.error instanceof ApiError ? action.error.message : 'Could not change the event.'}
        </p>
      ) : null}
      <section className="card" aria-busy={events.isFetching}>
        {events.isPending ? (
          <Loading label="Loading events…" />
        ) : events.isError ? (
          <ErrorState error={events.error} retry={() => void events.refetch()} />
        ) : events.data.events.length === 0 ? (
          <Empty>No events yet.</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Events, soonest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">When</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {events.data.events.map((event) => (
                    <tr key={event.id} data-testid={`event-${event.title}`}>
                      <td>
                        <Link to={`/events/${event.id}`}>{event.title}</Link>
                      </td>
                      <td className="nowrap">{when(event, zone)}</td>
                      <td>
                        <span className={`badge ${STATUS_TONE[event.status]}`}>{label(event.status)}</span>
                      </td>
                      <td className="actions">
                        {event.status === 'DRAFT' ? (
                          <button
                            type="button"
                            className="button"
                            aria-label={`Publish ${event.title}`}
                            disabled={action.isPending}
                            onClick={() =>
                              action.mutate({ id: event.id, action: 'publish', title: event.title })
                            }
                          >
                            Publish
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="button"
                          aria-label={`Clone ${event.title}`}
                          disabled={action.isPending}
                          onClick={() => action.mutate({ id: event.id, action: 'clone', title: event.title })}
                        >
                          Clone
                        </button>
                        {event.status === 'UPCOMING' || event.status === 'STARTED' ? (
                          <button
                            type="button"
                            className="button button-danger"
                            aria-label={`Cancel ${event.title}`}
                            onClick={() => {
                              action.reset();
                              setAsking(event);
                            }}
                          >
                            Cancel
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={EVENT_PAGE}
              metadata={events.data.pagingMetadata}
              onPage={(next) => setParams(next > 0 ? { page: String(next) } : {})}
              label="Event pages"
            />
          </>
        )}
      </section>
      <ConfirmDialog
        open={asking !== undefined}
        title={`Cancel ${asking?.title ?? 'event'}?`}
        confirmLabel="Cancel event"
        cancelLabel="Keep event"
        busy={action.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          action.mutate(
            { id: asking.id, action: 'cancel', title: asking.title },
            { onSuccess: () => setAsking(undefined) },
          )
        }
      >
        <p>Registration closes and the event shows as cancelled. This cannot be undone.</p>
        {action.isError ? (
          <p className="form-error" role="alert">
            {action.error instanceof ApiError ? action.error.message : 'Could not cancel the event.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
