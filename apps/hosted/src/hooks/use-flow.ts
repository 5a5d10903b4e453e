import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  loadSession,
  peekSession,
  peekSiteName,
  problemOfError,
  type RedirectSessionInfo,
  type SessionProblem,
  SessionProblemError,
  sessionProblem,
  siteName,
} from '../lib/session.ts';

export type FlowState =
  | { status: 'loading' }
  | { status: 'problem'; problem: SessionProblem; session?: RedirectSessionInfo; retry: () => void }
  | { status: 'ready'; session: RedirectSessionInfo; siteName?: string | undefined };

export const SIGN_IN_INTENTS = ['auth', 'login'] as const;

interface Options {
  needsClient?: boolean;
  /** The logout page still sends a visitor on when the session was already completed. */
  allowCompleted?: boolean;
  /** The thank-you page still shows the order after the session's hour. */
  allowExpired?: boolean;
}

function check(session: RedirectSessionInfo, intents: readonly string[], options: Options) {
  return sessionProblem(
    {
      ...session,
      ...(options.allowCompleted ? { completed: false } : {}),
      ...(options.allowExpired ? { expiresDate: '' } : {}),
    },
    intents,
    Date.now(),
    { needsClient: options.needsClient },
  );
}

/**
 * Loads the redirect session named by `?session=` and checks that this page can serve it
 * (intent, not expired, not used, has a client). The site name is fetched with it.
 */
export function useFlow(intents: readonly string[], options: Options = {}): FlowState {
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const { needsClient, allowCompleted, allowExpired } = options;
  const intentKey = intents.join(',');

  // Pages of one flow share the session loaded by the first one: no loading flash between them.
  const known = (): (FlowState & { id: string }) | undefined => {
    const session = peekSession(sessionId);
    if (!session || check(session, intents, options)) return undefined;
    const name = session.clientId ? peekSiteName(session.clientId) : undefined;
    return { id: sessionId, status: 'ready', session, siteName: name };
  };
  const [state, setState] = useState<FlowState & { id: string }>(
    () => known() ?? { id: sessionId, status: 'loading' },
  );
  const readyAtMount = useRef(state.status === 'ready' ? sessionId : undefined);

  useEffect(() => {
    if (attempt === 0 && readyAtMount.current === sessionId) return;
    let live = true;
    setState({ id: sessionId, status: 'loading' });
    (async (): Promise<FlowState> => {
      if (!sessionId) throw new SessionProblemError('missing');
      const session = await loadSession(sessionId, attempt > 0);
      const problem = check(session, intentKey.split(','), { needsClient, allowCompleted, allowExpired });
      if (problem) return { status: 'problem', problem, session, retry };
      const name = session.clientId ? await siteName(session.clientId) : undefined;
      return { status: 'ready', session, siteName: name };
    })().then(
      (next) => live && setState({ ...next, id: sessionId }),
      (error: unknown) =>
        live && setState({ id: sessionId, status: 'problem', problem: problemOfError(error), retry }),
    );
    return () => {
      live = false;
    };
  }, [sessionId, attempt, intentKey, needsClient, allowCompleted, allowExpired, retry]);

  return state;
}

/** `?session=<id>` for links between the pages of one flow. */
export const withSession = (path: string, sessionId: string) =>
  `${path}?session=${encodeURIComponent(sessionId)}`;
