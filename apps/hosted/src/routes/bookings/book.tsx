import { useEffect, useState } from 'react';
import { ApiError } from '../../api.ts';
import { Loading, Page } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { type FlowState, useFlow } from '../../hooks/use-flow.ts';
import { durationText } from '../../lib/bookings.ts';
import { problemOfError, type SessionProblem } from '../../lib/session.ts';
import styles from './book.module.css';
import { SlotPicker } from './slot-picker.tsx';
import { type HostedService, loadService } from './types.ts';

/**
 * `/hosted/book?session=<id>`: the service page a `bookingsBook` redirect session opens. The visitor
 * picks a day and an open slot; the slot is then held and the same session's hosted checkout opens.
 */
export function Book() {
  const flow = useFlow(['bookingsBook']);
  if (flow.status === 'loading') return <Loading label="Loading the service…" />;
  if (flow.status === 'problem')
    return (
      <SessionError
        problem={flow.problem}
        kind="booking"
        retry={flow.retry}
        backUrl={flow.session?.postFlowUrl}
      />
    );
  return <BookLoader key={flow.session.id} session={flow.session} siteName={flow.siteName} />;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; service: HostedService; postFlowUrl?: string | undefined }
  | { status: 'problem'; problem: SessionProblem; gone?: boolean };

function BookLoader({ session, siteName }: Omit<Extract<FlowState, { status: 'ready' }>, 'status'>) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    if (attempt > 0) setState({ status: 'loading' });
    loadService(session.id).then(
      ({ service, postFlowUrl }) => live && setState({ status: 'ready', service, postFlowUrl }),
      (error: unknown) =>
        live &&
        setState({
          status: 'problem',
          problem: problemOfError(error),
          gone: error instanceof ApiError && error.code === 'SERVICE_NOT_FOUND',
        }),
    );
    return () => {
      live = false;
    };
  }, [session.id, attempt]);

  const brand = siteName || session.clientName;
  if (state.status === 'loading') return <Loading label="Loading the service…" />;
  if (state.status === 'problem')
    return state.gone ? (
      <Page title="This service is not available" brand={brand}>
        <p role="alert">It can no longer be booked online.</p>
        {session.postFlowUrl && (
          <p>
            <a href={session.postFlowUrl}>Back to the site</a>
          </p>
        )}
      </Page>
    ) : (
      <SessionError
        problem={state.problem}
        kind="booking"
        brand={brand}
        retry={() => setAttempt((n) => n + 1)}
        backUrl={session.postFlowUrl}
      />
    );
  return (
    <BookPage sessionId={session.id} brand={brand} service={state.service} postFlowUrl={state.postFlowUrl} />
  );
}

function BookPage({
  sessionId,
  brand,
  service,
  postFlowUrl,
}: {
  sessionId: string;
  brand: string | undefined;
  service: HostedService;
  postFlowUrl: string | undefined;
}) {
  useEffect(() => {
    document.title = brand ? `Book ${service.name} · ${brand}` : `Book ${service.name}`;
  }, [service.name, brand]);
  return (
    <main className={styles.page}>
      {postFlowUrl && (
        <p className={styles.backTo}>
          <a href={postFlowUrl}>
            <span aria-hidden="true">← </span>Back to {brand ?? 'the site'}
          </a>
        </p>
      )}
      <div className={styles.frame}>
        <header className={styles.header}>
          {brand && <p className={styles.brand}>{brand}</p>}
          <h1 className={styles.title}>{service.name}</h1>
          {service.tagLine && <p className={styles.tagLine}>{service.tagLine}</p>}
          <ul className={styles.facts} aria-label="About the service">
            <li>{durationText(service.durationMinutes)}</li>
            {service.price && <li>{service.price}</li>}
            {service.location && (
              <li>
                {service.location.name}
                {service.location.address && service.location.address !== service.location.name && (
                  <span className={styles.address}>, {service.location.address}</span>
                )}
              </li>
            )}
          </ul>
        </header>
        <SlotPicker sessionId={sessionId} />
      </div>
    </main>
  );
}
