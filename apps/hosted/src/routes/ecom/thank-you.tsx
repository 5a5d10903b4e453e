import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { api, paths } from '../../api.ts';
import { Notice } from '../../components/form.tsx';
import { Loading, Page } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { type FlowState, useFlow, withSession } from '../../hooks/use-flow.ts';
import { paymentStatusText } from '../../lib/checkout/summary.ts';
import type { ThankYouData } from '../../lib/checkout/types.ts';
import styles from './checkout.module.css';
import { CHECKOUT_INTENTS, CheckoutProblem } from './checkout.tsx';
import { EventTickets } from './event-tickets.tsx';
import { Receipt } from './receipt.tsx';
import { storeThankYouUrl, webUrl } from './urls.ts';

/**
 * `/hosted/checkout/thank-you?session=<id>`: the order number and total after paying, and the way
 * back to the store. It still works after the session's hour and after reloads (the order exists).
 */
export function ThankYou() {
  const flow = useFlow(CHECKOUT_INTENTS, { allowCompleted: true, allowExpired: true });
  if (flow.status === 'loading') return <Loading />;
  if (flow.status === 'problem')
    return <CheckoutProblem problem={flow.problem} session={flow.session} retry={flow.retry} />;
  return <ThankYouLoader {...flow} />;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; data: ThankYouData }
  | { status: 'no-order' }
  | { status: 'failed' };

function ThankYouLoader({ session, siteName }: Extract<FlowState, { status: 'ready' }>) {
  const location = useLocation();
  const given = (location.state as { thankYou?: ThankYouData } | null)?.thankYou;
  const [state, setState] = useState<Loaded>(() =>
    given ? { status: 'ready', data: given } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const brand = siteName || session.clientName;

  useEffect(() => {
    // The pay answer shows the order at once; the receipt (items, delivery, card) is read after.
    const shown = given && attempt === 0;
    if (shown && given.items) return;
    let live = true;
    if (!shown) setState({ status: 'loading' });
    api<ThankYouData>('GET', paths.hostedThankYou(session.id)).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!live || shown) return;
        setState({
          status: (error as { code?: string }).code === 'ORDER_NOT_PLACED' ? 'no-order' : 'failed',
        });
      },
    );
    return () => {
      live = false;
    };
  }, [session.id, attempt, given]);

  if (state.status === 'loading') return <Loading label="Loading your order…" />;
  if (state.status === 'no-order')
    return (
      <Page title="No order yet" brand={brand}>
        <p>This checkout has not been paid yet.</p>
        <p>
          <Link to={withSession('/checkout', session.id)}>Go to the checkout</Link>
        </p>
      </Page>
    );
  if (state.status === 'failed')
    return (
      <SessionError
        problem="failed"
        kind="checkout"
        brand={brand}
        retry={() => setAttempt((n) => n + 1)}
        backUrl={webUrl(session.postFlowUrl)}
        backLabel="Back to the store"
      />
    );

  const { data } = state;
  const back = webUrl(data.postFlowUrl ?? session.postFlowUrl);
  const details = storeThankYouUrl(data.thankYouPageUrl, data.orderId);
  return (
    <Page title="Thank you for your order" brand={brand} focusTitle>
      <Notice>
        <p className={styles.orderNumber}>
          Order number <strong>{data.orderNumber}</strong>
        </p>
        {data.buyerEmail && (
          <p>
            We sent a confirmation to <strong className={styles.email}>{data.buyerEmail}</strong>.
          </p>
        )}
      </Notice>
      <dl className={styles.receipt}>
        <div className={styles.row}>
          <dt>Total</dt>
          <dd>{data.total.formattedAmount}</dd>
        </div>
        <div className={styles.row}>
          <dt>Payment</dt>
          <dd>{paymentStatusText(data.paymentStatus)}</dd>
        </div>
      </dl>
      <Receipt data={data} />
      {session.intent === 'eventsCheckout' && <EventTickets sessionId={session.id} />}
      {back && (
        <a className={styles.continue} href={back}>
          Continue shopping
        </a>
      )}
      {details && (
        <p className={styles.secondaryLink}>
          <a href={details}>See the order on the store</a>
        </p>
      )}
    </Page>
  );
}
