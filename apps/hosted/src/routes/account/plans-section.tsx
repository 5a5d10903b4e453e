import { useRef, useState } from 'react';
import { ApiError } from '../../api.ts';
import styles from './account.module.css';
import { PlanCardForm } from './plan-card-form.tsx';
import { Empty } from './sections.tsx';
import { type AccountPlan, cancelPlan, dateText, statusText } from './types.ts';

/** When a plan's next step falls, in words. */
function whenText(plan: AccountPlan) {
  if (plan.status === 'ACTIVE' && plan.autoRenewCanceled && plan.endDate)
    return `Canceled: ends ${dateText(plan.endDate)}`;
  if (plan.status === 'ACTIVE' && plan.nextChargeDate) return `Renews ${dateText(plan.nextChargeDate)}`;
  if (plan.status === 'ACTIVE' && plan.endDate) return `Valid until ${dateText(plan.endDate)}`;
  if ((plan.status === 'ENDED' || plan.status === 'CANCELED') && plan.endDate)
    return `Ended ${dateText(plan.endDate)}`;
  return `Since ${dateText(plan.startDate)}`;
}

/**
 * The member's plans (SUBSCRIPTIONS), each with a cancel button where the plan allows it: asked once
 * more before it is sent, as it cannot be undone from here.
 */
export function PlansSection({
  sessionId,
  plans,
  onChange,
}: {
  sessionId: string;
  plans: AccountPlan[];
  onChange: (plans: AccountPlan[]) => void;
}) {
  const [asking, setAsking] = useState<string>();
  const [replacing, setReplacing] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'done' | 'error'; text: string }>();
  const confirmRef = useRef<HTMLButtonElement>(null);

  if (plans.length === 0) return <Empty>You have no plans yet.</Empty>;

  const cancel = async (plan: AccountPlan) => {
    setBusy(true);
    setNotice(undefined);
    try {
      onChange(await cancelPlan(sessionId, plan.id));
      setNotice({
        kind: 'done',
        text:
          plan.canCancel === 'NEXT_PAYMENT_DATE'
            ? `${plan.planName} is canceled: it stays yours until the end of this period.`
            : `${plan.planName} is canceled.`,
      });
      setAsking(undefined);
    } catch (error) {
      setNotice({
        kind: 'error',
        text: error instanceof ApiError ? error.description : 'The plan could not be canceled. Try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p role="status" className={notice?.kind === 'done' ? styles.done : styles.statusLine}>
        {notice?.kind === 'done' ? notice.text : ''}
      </p>
      {notice?.kind === 'error' && (
        <p role="alert" className={styles.error}>
          {notice.text}
        </p>
      )}
      <ul className={styles.list}>
        {plans.map((plan) => (
          <li key={plan.id} className={styles.item}>
            <div className={styles.itemHead}>
              <h3 className={styles.itemTitle}>{plan.planName}</h3>
              <span className={styles.badge} data-status={plan.status}>
                {statusText(plan.status)}
              </span>
            </div>
            <p className={styles.meta}>
              {plan.billing === 'Free' ? 'Free' : `${plan.price} · ${plan.billing}`}
            </p>
            <p className={styles.meta}>{whenText(plan)}</p>
            {plan.benefits?.map((line) => (
              <p key={line} className={styles.meta}>
                {line}
              </p>
            ))}
            {plan.paymentFailed && (
              <div className={styles.failed}>
                <p>
                  <strong>Your last payment was declined</strong>
                  {plan.paymentFailed.card ? ` (card ending ${plan.paymentFailed.card.last4})` : ''}. We will
                  try again on {dateText(plan.paymentFailed.nextAttemptDate)}; update your card to pay now and
                  keep your plan.
                </p>
                {replacing === plan.id ? (
                  <PlanCardForm
                    sessionId={sessionId}
                    plan={plan}
                    onClose={() => setReplacing(undefined)}
                    onPaid={(next) => {
                      onChange(next);
                      setReplacing(undefined);
                      setNotice({
                        kind: 'done',
                        text: `Your card is updated and ${plan.price} is paid: ${plan.planName} carries on.`,
                      });
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    className={styles.primary}
                    onClick={() => {
                      setReplacing(plan.id);
                      setNotice(undefined);
                    }}
                  >
                    Update card
                  </button>
                )}
              </div>
            )}
            {plan.canCancel && asking !== plan.id && (
              <button
                type="button"
                className={styles.link}
                onClick={() => {
                  setAsking(plan.id);
                  setNotice(undefined);
                  requestAnimationFrame(() => confirmRef.current?.focus());
                }}
              >
                Cancel plan
              </button>
            )}
            {plan.canCancel && asking === plan.id && (
              <fieldset className={styles.confirm}>
                <legend className={styles.visuallyHidden}>Cancel {plan.planName}</legend>
                <p>
                  {plan.canCancel === 'NEXT_PAYMENT_DATE'
                    ? `Cancel ${plan.planName}? It will not renew, and stays yours until ${dateText(plan.nextChargeDate) || 'the end of this period'}.`
                    : `Cancel ${plan.planName}? It ends now.`}
                </p>
                <div className={styles.actions}>
                  <button
                    ref={confirmRef}
                    type="button"
                    className={styles.danger}
                    disabled={busy}
                    aria-busy={busy || undefined}
                    onClick={() => cancel(plan)}
                  >
                    {busy ? 'Canceling…' : 'Yes, cancel it'}
                  </button>
                  <button
                    type="button"
                    className={styles.keep}
                    disabled={busy}
                    onClick={() => setAsking(undefined)}
                  >
                    Keep my plan
                  </button>
                </div>
              </fieldset>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
