import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCreateWebhook, useWebhooks, WEBHOOK_PAGE } from '../api/settings.ts';
import { useSite } from '../api/store.ts';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime } from '../lib/labels.ts';

/** "order/*, product/created" or one a line → the events list the API takes. */
export const eventList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

function AddWebhook() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState('*/*');
  const [description, setDescription] = useState('');
  const urlError = violationsOf(create.error, 'webhook.url');
  const eventsError = violationsOf(create.error, 'webhook.events');
  const descriptionError = violationsOf(create.error, 'webhook.description');

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events: eventList(events), description: description.trim() },
      {
        onSuccess: () => {
          setUrl('');
          setDescription('');
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="new-webhook">
      <h2 id="new-webhook">Add an endpoint</h2>
      {create.isSuccess ? (
        <div className="notice" role="status">
          <p>
            Endpoint added. Its signing secret is shown this once; keep it with the receiver:{' '}
            <code data-testid="webhook-secret">{create.data.secret}</code>
          </p>
        </div>
      ) : null}
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError error={create.error} shown={['webhook.url', 'webhook.events', 'webhook.description']} />
        <Field id="webhook-url" label="URL" error={urlError}>
          <input
            {...describedBy('webhook-url', urlError)}
            type="url"
            value={url}
            placeholder="https://example.com/plaza-hooks"
            onChange={(event) => setUrl(event.target.value)}
          />
        </Field>
        <Field
          id="webhook-events"
          label="Events"
          error={eventsError}
          hint="Kind and event, separated by commas: order/paid, product/*, */* for all."
        >
          <input
            {...describedBy('webhook-events', eventsError, 'hint')}
            value={events}
            onChange={(event) => setEvents(event.target.value)}
          />
        </Field>
        <Field id="webhook-description" label="Description (optional)" error={descriptionError}>
          <input
            {...describedBy('webhook-description', descriptionError)}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The site's webhook endpoints, newest first; each opens its delivery log. */
export function Webhooks() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const webhooks = useWebhooks(page);
  const zone = useSite().data?.timeZone;
  return (
    <>
      <div className="page-head">
        <h1>Webhooks</h1>
      </div>
      <section className="card" aria-busy={webhooks.isFetching}>
        {webhooks.isPending ? (
          <Loading label="Loading webhooks…" />
        ) : webhooks.isError ? (
          <ErrorState error={webhooks.error} retry={() => void webhooks.refetch()} />
        ) : webhooks.data.webhooks.length === 0 ? (
          <Empty>No endpoints yet: add one below to receive the site's events.</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Webhook endpoints, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Events</th>
                    <th scope="col">State</th>
                    <th scope="col">Added</th>
                  </tr>
                </thead>
                <tbody>
                  {webhooks.data.webhooks.map((webhook) => (
                    <tr key={webhook.id}>
                      <td className="break">
                        <Link to={`/webhooks/${webhook.id}`}>{webhook.url}</Link>
                        {webhook.description ? (
                          <span className="muted small"> {webhook.description}</span>
                        ) : null}
                      </td>
                      <td>{webhook.events.join(', ')}</td>
                      <td>
                        {webhook.enabled ? (
                          <span className="badge badge-ok">Enabled</span>
                        ) : (
                          <span className="badge badge-warn">
                            {webhook.disabledReason === 'FAILING' ? 'Disabled: failing' : 'Disabled'}
                          </span>
                        )}
                      </td>
                      <td className="nowrap">{dateTime(webhook.createdDate, zone)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={WEBHOOK_PAGE}
              metadata={webhooks.data.pagingMetadata}
              onPage={(next) => setParams(next > 0 ? { page: String(next) } : {})}
              label="Webhook pages"
            />
          </>
        )}
      </section>
      <AddWebhook />
    </>
  );
}
