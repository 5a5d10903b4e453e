import type { ReactNode } from 'react';
import { API_URL } from '../config.ts';
import { useSession } from '../state/session.tsx';
import { useUi } from '../state/ui.tsx';
import { Button } from './button.tsx';
import { ClientIdToast } from './client-id-toast.tsx';
import { AlertIcon, CloseIcon } from './icons.tsx';
import styles from './layout.module.css';
import { LoadingOverlay } from './loading-overlay.tsx';
import { LoginModal } from './login-modal.tsx';
import { PrefetchLink } from './prefetch-link.tsx';
import { PremiumModal } from './premium-modal.tsx';

function Logo() {
  return (
    <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--accent)" />
      <path d="M10 24V8h7.2a5 5 0 0 1 0 10H14v6z" fill="#fff" />
    </svg>
  );
}

/** "Hello visitor" / "Hello <nickname>" with Login or Logout. */
function MemberBar() {
  const { startup, member, login, logout } = useSession();
  if (startup.status !== 'ready') return null;
  return (
    <div className={styles.member} data-member-bar>
      <span className={styles.greeting} aria-live="polite">
        {member === undefined ? (
          ' '
        ) : member ? (
          <>
            Hello <strong>{member.nickname}</strong>
          </>
        ) : (
          'Hello visitor'
        )}
      </span>
      {member ? (
        <Button variant="secondary" small onClick={logout}>
          Logout
        </Button>
      ) : (
        <Button small onClick={login} disabled={member === undefined}>
          Login
        </Button>
      )}
    </div>
  );
}

function Notice() {
  const { notice, clearNotice } = useUi();
  if (!notice) return null;
  return (
    <div className={styles.notice} role="alert">
      <AlertIcon />
      <p>{notice}</p>
      <button type="button" aria-label="Dismiss" onClick={clearNotice}>
        <CloseIcon />
      </button>
    </div>
  );
}

/** The app shell: header with the logo linking home, the member bar, overlays and modals. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <PrefetchLink to="/" className={styles.logo} aria-label="Plaza examples, home">
            <Logo />
            <span>
              Plaza <span className={styles.logoSub}>examples</span>
            </span>
          </PrefetchLink>
          <MemberBar />
        </div>
      </header>
      <ClientIdToast />
      <Notice />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        Headless examples on <a href={`${API_URL}/docs`}>Plaza</a> · customer code using{' '}
        <code>@plaza/sdk</code>
      </footer>
      <LoadingOverlay />
      <LoginModal />
      <PremiumModal />
    </>
  );
}
