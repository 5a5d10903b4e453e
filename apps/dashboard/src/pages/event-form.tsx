import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { type EditableEvent, useCreateEvent, useEditableEvent, useUpdateEvent } from '../api/event-edit.ts';
import { useSite } from '../api/store.ts';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';
import { ErrorState, Loading } from '../components/states.tsx';
import { type EventDraft as Draft, eventDraftOf, eventInputOf, timeZones } from '../lib/event-form.ts';
import './console-forms.css';

const DATES = 'event.dateAndTimeSettings';
const SHOWN = ['event.title', 'event.shortDescription', DATES, 'event.location', 'event.registration'];

function EventForm({ event, siteZone }: { event?: EditableEvent; siteZone: string }) {
  const creating = !event;
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const save = creating ? create : update;
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => eventDraftOf(event, siteZone));
  const edit = (next: Partial<Draft>) => {
    save.reset();
    setDraft({ ...draft, ...next });
  };
  const error = save.error;
  const errors = {
    title: violationsOf(error, 'event.title'),
    description: violationsOf(error, 'event.shortDescription'),
    start: violationsOf(error, `${DATES}.startDate`),
    end: violationsOf(error, `${DATES}.endDate`),
    zone: violationsOf(error, `${DATES}.timeZoneId`, `${DATES}.dateAndTimeTbd`),
    locationName: violationsOf(error, 'event.location.name', 'event.location.type'),
    address: violationsOf(error, 'event.location.address'),
    registration: violationsOf(error, 'event.registration'),
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = eventInputOf(draft, creating);
    const done = ({ event: saved }: { event: EditableEvent }) => navigate(`/events/${saved.id}`);
    if (event) update.mutate({ id: event.id, event: input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  }

  return (
    <form className="form-grid card" onSubmit={submit} noValidate>
      <FormError error={error} shown={SHOWN} />
      <Field id="event-title" label="Title" error={errors.title}>
        <input
          {...describedBy('event-title', errors.title)}
          value={draft.title}
          maxLength={120}
          onChange={(e) => edit({ title: e.target.value })}
        />
      </Field>
      <Field id="event-description" label="Short description" error={errors.description}>
        <input
          {...describedBy('event-description', errors.description)}
          value={draft.shortDescription}
          maxLength={500}
          onChange={(e) => edit({ shortDescription: e.target.value })}
        />
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.tbd} onChange={(e) => edit({ tbd: e.target.checked })} />
        The date is to be announced
      </label>
      <Field id="event-start" label="Starts" error={errors.start}>
        <input
          {...describedBy('event-start', errors.start)}
          type="datetime-local"
          value={draft.start}
          disabled={draft.tbd}
          onChange={(e) => edit({ start: e.target.value })}
        />
      </Field>
      <Field id="event-end" label="Ends" error={errors.end}>
        <input
          {...describedBy('event-end', errors.end)}
          type="datetime-local"
          value={draft.end}
          disabled={draft.tbd}
          onChange={(e) => edit({ end: e.target.value })}
        />
      </Field>
      <Field id="event-zone" label="Time zone" error={errors.zone}>
        <select
          {...describedBy('event-zone', errors.zone)}
          value={draft.timeZoneId}
          onChange={(e) => edit({ timeZoneId: e.target.value })}
        >
          {timeZones(draft.timeZoneId).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </Field>
      <Field id="event-location-type" label="Where">
        <select
          id="event-location-type"
          value={draft.locationType}
          onChange={(e) => edit({ locationType: e.target.value as Draft['locationType'] })}
        >
          <option value="VENUE">At a venue</option>
          <option value="ONLINE">Online</option>
        </select>
      </Field>
      <Field id="event-location" label="Location name" error={errors.locationName}>
        <input
          {...describedBy('event-location', errors.locationName)}
          value={draft.locationName}
          maxLength={50}
          onChange={(e) => edit({ locationName: e.target.value })}
        />
      </Field>
      {draft.locationType === 'VENUE' ? (
        <Field id="event-address" label="Address" error={errors.address}>
          <input
            {...describedBy('event-address', errors.address)}
            value={draft.address}
            maxLength={500}
            onChange={(e) => edit({ address: e.target.value })}
          />
        </Field>
      ) : null}
      <Field
        id="event-registration"
        label="Registration"
        error={errors.registration}
        hint={creating ? 'Cannot be changed later.' : 'Chosen when the event was made.'}
      >
        <select
          {...describedBy('event-registration', errors.registration, 'hint')}
          value={draft.registration}
          disabled={!creating}
          onChange={(e) => edit({ registration: e.target.value as Draft['registration'] })}
        >
          <option value="TICKETING">Tickets</option>
          <option value="RSVP">RSVP</option>
        </select>
      </Field>
      <div className="form-actions button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : creating ? 'Create draft event' : 'Save event'}
        </button>
        <Link className="button" to={event ? `/events/${event.id}` : '/events'}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** A new event (a draft until published, `/events/new`) or an event's details (`/events/:id/edit`). */
export function EventFormPage() {
  const { id } = useParams();
  const site = useSite();
  const event = useEditableEvent(id ?? '', id !== undefined);
  const siteZone = site.data?.timeZone;
  if (site.isPending || (id && event.isPending)) return <Loading label="Loading the event…" />;
  if (id && event.isError) {
    const missing = event.error instanceof ApiError && event.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Event not found' : 'Edit event'}</h1>
        {missing ? <p>No event of this site has this id.</p> : <ErrorState error={event.error} />}
        <Link to="/events">Back to events</Link>
      </>
    );
  }
  return (
    <>
      <p>
        <Link to={id ? `/events/${id}` : '/events'}>← {id ? (event.data?.title ?? 'Event') : 'Events'}</Link>
      </p>
      <div className="page-head">
        <h1>{id ? 'Edit event' : 'New event'}</h1>
      </div>
      <EventForm key={id ?? 'new'} event={id ? event.data : undefined} siteZone={siteZone ?? 'UTC'} />
    </>
  );
}
