import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, paths } from '../../api.ts';
import { Loading } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { type FlowState, useFlow, withSession } from '../../hooks/use-flow.ts';
import { useSiteName } from '../../hooks/use-site-name.ts';
import type { HostedCheckout } from '../../lib/checkout/types.ts';
import { problemOfError, type RedirectSessionInfo, type SessionProblem } from '../../lib/session.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { EventCheckout } from './event-details.tsx';
import { webUrl } from './urls.ts';

/** The redirect intents whose sessions hold a checkout (a plan's is a checkout of its one line). */
export const CHECKOUT_INTENTS = [
  'ecomCheckout',
  'paidPlansCheckout',
  'eventsCheckout',
  'bookingsCheckout',
  // The service page's session, once a slot is picked on it (routes/bookings).
  'bookingsBook',
] as const;

/** `/hosted/checkout?session=<id>`: the page a checkout redirect session sends the buyer to. */
export function Checkout() {
  const flow = useFlow(CHECKOUT_INTENTS);
  if (flow.status === 'loading') return <Loading label="Loading your checkout…" />;
  if (flow.status === 'problem')
    return <CheckoutProblem problem={flow.problem} session={flow.session} retry={flow.retry} />;
  // A reservation's tickets: the event's "Add your details" page (event-details.tsx).
  if (flow.session.intent === 'eventsCheckout')
    return <EventCheckout key={flow.session.id} session={flow.session} siteName={flow.siteName} />;
  return <CheckoutLoader key={flow.session.id} session={flow.session} siteName={flow.siteName} />;
}

/** Expired, used, unknown or broken links: what happened, and the ways on that still work. */
export function CheckoutProblem({
  problem,
  session,
  retry,
  brand,
}: {
  problem: SessionProblem;
  session?: RedirectSessionInfo | undefined;
  retry?: () => void;
  brand?: string | undefined;
}) {
  const siteName = useSiteName(brand ? undefined : session?.clientId);
  return (
    <SessionError
      problem={problem}
      kind="checkout"
      brand={brand ?? siteName ?? session?.clientName}
      retry={retry}
      backUrl={webUrl(session?.postFlowUrl)}
      backLabel="Back to the store"
    >
      {problem === 'completed' && session && (
        <p>
          <Link to={withSession('/checkout/thank-you', session.id)}>See your order confirmation</Link>
        </p>
      )}
    </SessionError>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; hosted: HostedCheckout }
  | { status: 'problem'; problem: SessionProblem };

function CheckoutLoader({ session, siteName }: Omit<Extract<FlowState, { status: 'ready' }>, 'status'>) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    if (attempt > 0) setState({ status: 'loading' });
    api<HostedCheckout>('GET', paths.hostedCheckout(session.id)).then(
      (hosted) =>
        live &&
        setState(
          hosted.checkout.completed
            ? { status: 'problem', problem: 'completed' }
            : { status: 'ready', hosted },
        ),
      (error: unknown) => live && setState({ status: 'problem', problem: problemOfError(error) }),
    );
    return () => {
      live = false;
    };
  }, [session.id, attempt]);

  const brand = siteName || session.clientName;
  if (state.status === 'loading') return <Loading label="Loading your checkout…" />;
  if (state.status === 'problem')
    return (
      <CheckoutProblem
        problem={state.problem}
        session={session}
        brand={brand}
        retry={() => setAttempt((n) => n + 1)}
      />
    );
  return (
    <CheckoutForm
      session={session}
      brand={brand}
      initial={state.hosted}
      onProblem={(problem) => setState({ status: 'problem', problem })}
    />
  );
}
