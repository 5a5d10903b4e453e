import { useEffect, useState } from 'react';
import { Loading } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { type FlowState, useFlow } from '../../hooks/use-flow.ts';
import { problemOfError, type SessionProblem } from '../../lib/session.ts';
import styles from './account.module.css';
import { PlansSection } from './plans-section.tsx';
import { BookingsSection, OrdersSection, ProfileSection, TicketsSection } from './sections.tsx';
import { type HostedAccount, loadAccount, SECTION_LABELS, type Section } from './types.ts';

/**
 * `/hosted/account?session=<id>`: the member account a `membersAccount` redirect session opens, on the
 * section it names. The session was made with the member's token: the page shows that member only.
 */
export function Account() {
  const flow = useFlow(['membersAccount']);
  if (flow.status === 'loading') return <Loading label="Loading your account…" />;
  if (flow.status === 'problem')
    return (
      <SessionError
        problem={flow.problem}
        kind="account"
        retry={flow.retry}
        backUrl={flow.session?.postFlowUrl}
      />
    );
  return <AccountLoader key={flow.session.id} session={flow.session} siteName={flow.siteName} />;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; account: HostedAccount }
  | { status: 'problem'; problem: SessionProblem };

function AccountLoader({ session, siteName }: Omit<Extract<FlowState, { status: 'ready' }>, 'status'>) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    if (attempt > 0) setState({ status: 'loading' });
    loadAccount(session.id).then(
      (account) => live && setState({ status: 'ready', account }),
      (error: unknown) => live && setState({ status: 'problem', problem: problemOfError(error) }),
    );
    return () => {
      live = false;
    };
  }, [session.id, attempt]);

  const brand = siteName || session.clientName;
  if (state.status === 'loading') return <Loading label="Loading your account…" />;
  if (state.status === 'problem')
    return (
      <SessionError
        problem={state.problem}
        kind="account"
        brand={brand}
        retry={() => setAttempt((n) => n + 1)}
        backUrl={session.postFlowUrl}
      />
    );
  return <AccountPage sessionId={session.id} brand={brand} account={state.account} />;
}

function AccountPage({
  sessionId,
  brand,
  account,
}: {
  sessionId: string;
  brand: string | undefined;
  account: HostedAccount;
}) {
  const [section, setSection] = useState<Section>(account.section);
  const [plans, setPlans] = useState(account.plans);
  const title = SECTION_LABELS[section];
  useEffect(() => {
    document.title = brand ? `My account: ${title} · ${brand}` : `My account: ${title}`;
  }, [title, brand]);

  return (
    <main className={styles.page}>
      {account.postFlowUrl && (
        <p className={styles.backTo}>
          <a href={account.postFlowUrl}>
            <span aria-hidden="true">← </span>Back to {brand ?? 'the site'}
          </a>
        </p>
      )}
      <div className={styles.frame}>
        <header className={styles.header}>
          {brand && <p className={styles.brand}>{brand}</p>}
          <h1 className={styles.title}>My account</h1>
          <p className={styles.who}>{account.member.name || account.member.email}</p>
        </header>
        <nav aria-label="Account sections" className={styles.tabs}>
          {account.sections.map((name) => (
            <button
              key={name}
              type="button"
              className={styles.tab}
              aria-current={name === section ? 'page' : undefined}
              onClick={() => setSection(name)}
            >
              {SECTION_LABELS[name]}
            </button>
          ))}
        </nav>
        <section className={styles.card} aria-labelledby="section-title">
          <h2 id="section-title" className={styles.sectionTitle}>
            {title}
          </h2>
          {section === 'ACCOUNT_INFO' && <ProfileSection member={account.member} />}
          {section === 'ORDERS' && <OrdersSection orders={account.orders ?? []} />}
          {section === 'BOOKINGS' && <BookingsSection bookings={account.bookings ?? []} />}
          {section === 'EVENTS' && <TicketsSection tickets={account.tickets ?? []} />}
          {section === 'SUBSCRIPTIONS' && (
            <PlansSection sessionId={sessionId} plans={plans ?? []} onChange={setPlans} />
          )}
        </section>
      </div>
    </main>
  );
}
