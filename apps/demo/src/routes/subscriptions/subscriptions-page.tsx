import { useCallback, useEffect, useId, useState } from 'react';
import { AppGate } from '../../components/app-gate.tsx';
import { Button, whenIdle } from '../../components/button.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, StatusPanel } from '../../components/status.tsx';
import { buyPlan, loadPlans, PLANS_KEY, type Plan, takePendingPlan } from '../../data/plans.ts';
import { useCached } from '../../hooks/use-cached.ts';
import { AppCode } from '../../lib/apps.ts';
import { describeError, errorCode } from '../../lib/errors.ts';
import {
  billingTerms,
  formatPlanPrice,
  type PricingLike,
  planRefusal,
  pricePeriod,
} from '../../lib/plans.ts';
import { useSession } from '../../state/session.tsx';
import { useUi } from '../../state/ui.tsx';
import styles from './subscriptions.module.css';

function PlansSkeleton() {
  return (
    <div role="status" aria-label="Loading plans">
      <ul className={styles.grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.skeleton} />
        ))}
      </ul>
    </div>
  );
}

function PlanCard({
  plan,
  choosing,
  busy,
  onChoose,
}: {
  plan: Plan;
  choosing: boolean;
  busy: boolean;
  onChoose(plan: Plan): void;
}) {
  const titleId = useId();
  // The SDK types the wire's enums loosely; the card reads only what PricingLike names.
  const pricing = plan.pricing as PricingLike;
  const perks = plan.perks.values;
  const period = pricePeriod(pricing);
  return (
    <li className={styles.item}>
      <article
        className={`${styles.card} ${plan.primary ? styles.primary : ''}`}
        aria-labelledby={titleId}
        data-plan={plan.name}
        data-primary={plan.primary}
      >
        <div className={styles.body}>
          <h2 id={titleId} className={styles.name}>
            {plan.name}
          </h2>
          {plan.primary && <span className={styles.badge}>Recommended</span>}
          {plan.description && <p className={styles.description}>{plan.description}</p>}
          <p className={styles.price}>
            <span className={styles.amount} data-price>
              {formatPlanPrice(pricing)}
            </span>
            {period && (
              <>
                {' '}
                <span className={styles.period} data-period>
                  {period}
                </span>
              </>
            )}
          </p>
          <ul className={styles.terms} aria-label="Billing">
            {billingTerms(pricing).map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          {perks.length > 0 && (
            <ul className={styles.perks} aria-label="Included">
              {perks.map((perk) => (
                <li key={perk}>
                  <span className={styles.check} aria-hidden="true">
                    <CheckIcon />
                  </span>
                  {perk}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button
          className={styles.choose}
          variant={plan.primary ? 'primary' : 'secondary'}
          block
          {...whenIdle(busy, () => onChoose(plan))}
        >
          {choosing ? 'Opening checkout…' : `Choose ${plan.name}`}
        </Button>
      </article>
    </li>
  );
}

function Plans() {
  const plans = useCached(PLANS_KEY, loadPlans);
  const { member } = useSession();
  const { openPremiumModal } = useUi();
  const [choosing, setChoosing] = useState<string | null>(null);
  const nameOf = useCallback(
    (planId: string) => plans.data?.find((plan) => plan.id === planId)?.name ?? 'The plan',
    [plans.data],
  );
  const [failure, setFailure] = useState<string | null>(null);

  const choose = useCallback(
    async (planId: string, afterSignIn = false) => {
      setChoosing(planId);
      setFailure(null);
      try {
        await buyPlan(planId, { afterSignIn });
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ONLINE_PAYMENTS_NOT_ENABLED') openPremiumModal();
        const name = nameOf(planId);
        setFailure(planRefusal(code, name) ?? `${name} could not be opened: ${describeError(error)}`);
      } finally {
        setChoosing(null);
      }
    },
    [openPremiumModal, nameOf],
  );

  // Back from the hosted page through the back-forward cache: the page returns as it was left,
  // mid-choice, and must be usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setChoosing(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // Back from the hosted sign-in that a plan sent the visitor to: on to that plan's checkout. Still
  // a visitor (sign-in cancelled or failed): the choice is dropped and the plans are shown again.
  useEffect(() => {
    if (member === undefined) return;
    const pending = takePendingPlan();
    if (pending && member) void choose(pending, true);
  }, [member, choose]);

  let body: React.ReactNode;
  if (plans.status === 'loading') body = <PlansSkeleton />;
  else if (plans.status === 'error')
    body = (
      <ErrorState
        title="The plans could not be loaded"
        message={describeError(plans.error)}
        onRetry={plans.reload}
      />
    );
  else if (plans.data.length === 0)
    body = (
      <StatusPanel title="No plans yet">
        <p>The site has no public pricing plans. Plans the owner publishes show up here.</p>
      </StatusPanel>
    );
  else
    body = (
      <ul className={styles.grid} aria-label="Plans">
        {plans.data.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            choosing={choosing === plan.id}
            busy={choosing !== null}
            onChoose={(chosen) => void choose(chosen.id)}
          />
        ))}
      </ul>
    );

  return (
    <>
      <PageTitle
        title="Subscriptions"
        lead={
          member
            ? 'Choose a plan to buy it on the hosted checkout page.'
            : 'Choose a plan to buy it on the hosted checkout page. A plan belongs to a member: you sign in or create an account first.'
        }
      />
      {failure && (
        <p className={styles.error} role="alert" data-plan-error>
          {failure}
        </p>
      )}
      {body}
      <p className="visually-hidden" role="status">
        {choosing ? `Opening the checkout for ${nameOf(choosing)}…` : ''}
      </p>
    </>
  );
}

/** The subscriptions example: the site's public plans, each bought on the hosted checkout page. */
export default function SubscriptionsPage() {
  return (
    <AppGate app={AppCode.subscriptions} title="Subscriptions" installLink="pricing-plans">
      <Plans />
    </AppGate>
  );
}
