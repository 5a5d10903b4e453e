import { Navigate } from 'react-router';
import { FlowGate } from '../../components/flow-gate.tsx';
import { useFlow, withSession } from '../../hooks/use-flow.ts';
import { Silent } from './silent.tsx';

/**
 * Entry of `auth` redirect sessions (`/hosted/auth?session=…`, the `fullUrl` of the API):
 * `prompt=none` completes silently, anything else shows the sign-in page.
 */
export function AuthEntry() {
  const flow = useFlow(['auth'], { needsClient: true });
  return (
    <FlowGate flow={flow}>
      {({ session }) =>
        session.prompt === 'none' ? (
          <Silent session={session} />
        ) : (
          <Navigate replace to={withSession('/sign-in', session.id)} />
        )
      }
    </FlowGate>
  );
}
