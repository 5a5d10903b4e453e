import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ensureTokens, loadMember, type MemberSummary, startLogin, startLogout } from '../data/session.ts';
import { describeError } from '../lib/errors.ts';
import { loading } from '../lib/loading.ts';
import { useUi } from './ui.tsx';

export type Startup = { status: 'starting' } | { status: 'ready' } | { status: 'failed'; error: unknown };

export interface Session {
  startup: Startup;
  /** The signed-in member; null for a visitor; undefined while not known yet. */
  member: MemberSummary | null | undefined;
  login(): void;
  logout(): void;
  /** Reads the member again (after the callback stored member tokens). */
  refreshMember(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Tokens first (visitor tokens when there are none), then the member's name. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { showNotice } = useUi();
  const [startup, setStartup] = useState<Startup>({ status: 'starting' });
  const [member, setMember] = useState<MemberSummary | null | undefined>(undefined);

  // Only the latest read counts (the callback's read after sign-in must win over an older one).
  const reads = useRef(0);
  const refreshMember = useCallback(async () => {
    const read = ++reads.current;
    const next = await loading.track(loadMember());
    if (read === reads.current) setMember(next);
  }, []);

  useEffect(() => {
    let live = true;
    loading
      .track(ensureTokens())
      .then(() => {
        if (!live) return;
        setStartup({ status: 'ready' });
        void refreshMember();
      })
      .catch((error: unknown) => {
        console.error('Failed to get visitor tokens', error);
        if (live) setStartup({ status: 'failed', error });
      });
    return () => {
      live = false;
    };
  }, [refreshMember]);

  const login = useCallback(() => {
    loading
      .track(startLogin())
      .catch((error: unknown) => showNotice(`Sign-in could not start: ${describeError(error)}`));
  }, [showNotice]);
  const logout = useCallback(() => {
    loading
      .track(startLogout())
      .catch((error: unknown) => showNotice(`Logout failed: ${describeError(error)}`));
  }, [showNotice]);

  const value = useMemo<Session>(
    () => ({ startup, member, login, logout, refreshMember }),
    [startup, member, login, logout, refreshMember],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
