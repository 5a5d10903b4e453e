import { useEffect, useRef, useState } from 'react';
import { FlowGate } from '../../components/flow-gate.tsx';
import { OutcomeView } from '../../components/outcome.tsx';
import { Loading } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { type FlowState, useFlow } from '../../hooks/use-flow.ts';
import { brandOf } from '../../lib/copy.ts';
import { type Delivered, deliver, deliveryFor } from '../../lib/delivery.ts';
import { completeLogout } from '../../lib/finish.ts';
import { problemOfError, type SessionProblem } from '../../lib/session.ts';

/**
 * Sign out: completes the logout session (the member's session ends on the server) and goes to
 * its `postFlowUrl`. A session already completed just goes there again.
 */
export function Logout() {
  const flow = useFlow(['logout'], { allowCompleted: true });
  if (flow.status === 'problem')
    return (
      <SessionError
        problem={flow.problem}
        kind="sign-out"
        retry={flow.retry}
        backUrl={flow.session?.postFlowUrl}
      />
    );
  return <FlowGate flow={flow}>{(ready) => <SignOut {...ready} />}</FlowGate>;
}

function SignOut({ session, siteName }: Extract<FlowState, { status: 'ready' }>) {
  const [state, setState] = useState<Delivered | { problem: SessionProblem }>();
  const started = useRef(false);
  const { brand } = brandOf(siteName, session.clientName);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const result = session.completed
        ? { redirectUrl: session.postFlowUrl }
        : await completeLogout(session.id);
      setState(deliver(deliveryFor(result), window));
    })().catch((error: unknown) => setState({ problem: problemOfError(error) }));
  }, [session]);

  if (!state) return <Loading label="Signing out…" />;
  if (typeof state === 'object')
    return (
      <SessionError problem={state.problem} kind="sign-out" brand={brand} backUrl={session.postFlowUrl} />
    );
  return <OutcomeView outcome={state} brand={brand} verb="Signed out" />;
}
