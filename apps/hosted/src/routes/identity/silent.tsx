import { useEffect, useRef, useState } from 'react';
import { Page } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { type Delivered, deliver, deliveryFor } from '../../lib/delivery.ts';
import { authorizeSession } from '../../lib/finish.ts';
import { problemOfError, type RedirectSessionInfo, type SessionProblem } from '../../lib/session.ts';

/**
 * `prompt=none`: no form. The server authorizes the session if it can without the visitor (a
 * `sessionToken` in the authorization request, or a member who created the session) and answers
 * the code; otherwise it answers `error=login_required`. Either goes straight back to the client:
 * redirect (fragment or query) or a window message (`web_message`, e.g. from a hidden iframe).
 */
export function Silent({ session }: { session: RedirectSessionInfo }) {
  const [state, setState] = useState<Delivered | { problem: SessionProblem }>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authorizeSession(session.id).then(
      (result) => setState(deliver(deliveryFor(result), window)),
      (error: unknown) => setState({ problem: problemOfError(error) }),
    );
  }, [session]);

  if (state === undefined || state === 'redirected' || state === 'posted') return null;
  if (typeof state === 'object') return <SessionError problem={state.problem} />;
  return (
    <Page title="Nothing to do here">
      <p>This page works in the background for the site. Go back to the site.</p>
    </Page>
  );
}
