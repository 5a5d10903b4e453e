import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import {
  type Delivery,
  useDeleteWebhook,
  useDeliveries,
  useReplayDelivery,
  useSetWebhookEnabled,
  useWebhook,
} from '../api/settings.ts';
import { useSite } from '../api/store.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label } from '../lib/labels.ts';

const STATUS_TONE: Record<Delivery['status'], string> = {
  DELIVERED: 'badge-ok',
  PENDING: 'badge-warn',
  FAILED: 'badge-danger',
  CANCELED: '',
};

function lastAnswer(delivery: Delivery) {
  const attempt = delivery.attempts.at(-1);
  if (!attempt) return 'Not sent yet';
  const answer = attempt.statusCode ? `HTTP ${attempt.statusCode}` : (attempt.error ?? 'No answer');
  return `${answer} in ${attempt.durationMs} ms (${delivery.attempts.length} attempt${delivery.attempts.length === 1 ? '' : 's'})`;
}

/** The delivery log, newest first, paged by the server's cursor; each delivery can be sent again. */
function DeliveryLog({ id, zone }: { id: string; zone?: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const deliveries = useDeliveries(id, cursors.at(-1));
  const replay = useReplayDelivery(id);
  if (deliveries.isPending) return <Loading label="Loading deliveries…" />;
  if (deliveries.isError)
    return <ErrorState error={deliveries.error} retry={() => void deliveries.refetch()} />;
  const next = deliveries.data.pagingMetadata.cursors?.next;
  return (
    <>
      {replay.isSuccess ? (
        <p className="notice" role="status">
          Delivery sent again as a new delivery.
        </p>
      ) : null}
      {replay.isError ? (
        <p className="form-error" role="alert">
          {replay.error instanceof ApiError ? replay.error.message : 'Could not replay the delivery.'}
        </p>
      ) : null}
      {deliveries.data.deliveries.length === 0 ? (
        <Empty>No deliveries yet: they appear when the site records an event this endpoint wants.</Empty>
      ) : (
        <div className="table-wrap" aria-busy={deliveries.isFetching}>
          <table className="table">
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Last answer</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="delivery">
                  <td>
                    {delivery.entityKind}/{delivery.event}
                    {delivery.replayOf ? <span className="badge badge-info">Replay</span> : null}
                  </td>
                  <td>
                    <span className={`badge ${STATUS_TONE[delivery.status]}`}>{label(delivery.status)}</span>
                  </td>
                  <td className="small">{lastAnswer(delivery)}</td>
                  <td className="nowrap">{dateTime(delivery.createdDate, zone)}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button"
                      aria-label={`Replay ${delivery.entityKind}/${delivery.event} of ${dateTime(delivery.createdDate, zone)}`}
                      disabled={replay.isPending}
                      onClick={() => replay.mutate(delivery.id)}
                    >
                      Replay
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label="Delivery pages">
        <button
          type="button"
          className="button"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="button"
          disabled={!next}
          onClick={() => next && setCursors([...cursors, next])}
        >
          Older
        </button>
      </nav>
    </>
  );
}

/** One endpoint: its settings, enable or disable, remove (after asking), and its delivery log. */
export function WebhookPage() {
  const { id = '' } = useParams();
  const webhook = useWebhook(id);
  const zone = useSite().data?.timeZone;
  const enable = useSetWebhookEnabled(id);
  const remove = useDeleteWebhook(id);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);

  if (webhook.isPending) return <Loading label="Loading the endpoint…" />;
  if (webhook.isError) {
    const missing = webhook.error instanceof ApiError && webhook.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Endpoint not found' : 'Endpoint'}</h1>
        {missing ? (
          <p>No endpoint of this site has this id.</p>
        ) : (
          <ErrorState error={webhook.error} retry={() => void webhook.refetch()} />
        )}
        <Link to="/webhooks">Back to webhooks</Link>
      </>
    );
  }
  const w = webhook.data;
  return (
    <>
      <p>
        <Link to="/webhooks">← Webhooks</Link>
      </p>
      <div className="page-head">
        <h1 className="break">Endpoint {w.url}</h1>
        <button
          type="button"
          className="button push-right"
          disabled={enable.isPending}
          onClick={() => enable.mutate(!w.enabled)}
        >
          {w.enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
          Remove
        </button>
      </div>
      {enable.isError ? (
        <p className="form-error" role="alert">
          {enable.error instanceof ApiError ? enable.error.message : 'Could not change the endpoint.'}
        </p>
      ) : null}
      <section className="card">
        <dl className="facts">
          <div>
            <dt>State</dt>
            <dd>
              {w.enabled ? 'Enabled' : w.disabledReason === 'FAILING' ? 'Disabled: failing' : 'Disabled'}
            </dd>
          </div>
          <div>
            <dt>Events</dt>
            <dd>{w.events.join(', ')}</dd>
          </div>
          <div>
            <dt>Added</dt>
            <dd>{dateTime(w.createdDate, zone)}</dd>
          </div>
          {w.description ? (
            <div>
              <dt>Description</dt>
              <dd>{w.description}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="card">
        <h2>Deliveries</h2>
        <DeliveryLog id={id} zone={zone} />
      </section>
      <ConfirmDialog
        open={asking}
        title="Remove this endpoint?"
        confirmLabel="Remove endpoint"
        cancelLabel="Keep endpoint"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate('/webhooks') })}
      >
        <p>It receives nothing more, and its pending deliveries are not sent.</p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not remove the endpoint.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
