import { Link } from 'react-router';
import { withSession } from '../hooks/use-flow.ts';
import type { Action } from '../lib/messages.ts';

const TARGETS: Record<Action, { path: string; label: string }> = {
  'sign-in': { path: '/sign-in', label: 'Sign in instead' },
  'sign-up': { path: '/sign-up', label: 'Create an account' },
  'forgot-password': { path: '/forgot-password', label: 'Reset your password' },
  'start-again': { path: '/sign-in', label: 'Start again' },
};

/** The link a problem suggests, within the same redirect session (carrying the typed e-mail). */
export function ActionLink({
  action,
  sessionId,
  state,
}: {
  action: Action | undefined;
  sessionId: string;
  state?: { email?: string };
}) {
  if (!action) return null;
  const { path, label } = TARGETS[action];
  return (
    <Link to={withSession(path, sessionId)} state={state}>
      {label}
    </Link>
  );
}
