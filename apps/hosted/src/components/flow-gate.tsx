import type { ReactNode } from 'react';
import type { FlowState } from '../hooks/use-flow.ts';
import type { FlowKind } from '../lib/copy.ts';
import { Loading } from './page.tsx';
import { SessionError } from './session-error.tsx';

type Ready = Extract<FlowState, { status: 'ready' }>;

/** Loading, the session error page, or the page itself once its redirect session is usable. */
export function FlowGate({
  flow,
  kind = 'sign-in',
  children,
}: {
  flow: FlowState;
  kind?: FlowKind;
  children: (ready: Ready) => ReactNode;
}) {
  if (flow.status === 'loading') return <Loading />;
  if (flow.status === 'problem')
    return (
      <SessionError problem={flow.problem} kind={kind} retry={flow.retry} brand={flow.session?.clientName} />
    );
  return children(flow);
}
