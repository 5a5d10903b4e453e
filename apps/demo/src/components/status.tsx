import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { AlertIcon, BoxIcon } from './icons.tsx';
import styles from './status.module.css';

/**
 * An in-page loading state (the global overlay covers tracked tasks). `delayed`: shown only when
 * the wait is long enough to notice, so a quick start goes straight to the page's own skeleton.
 */
export function Loading({ label = 'Loading…', delayed = false }: { label?: string; delayed?: boolean }) {
  return (
    <div className={`${styles.inline} ${delayed ? styles.delayed : ''}`} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {label}
    </div>
  );
}

export function StatusPanel({
  title,
  children,
  actions,
  tone = 'info',
  icon,
  heading = 'h2',
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'info' | 'error';
  icon?: ReactNode;
  heading?: 'h1' | 'h2';
}) {
  const Heading = heading;
  return (
    <section
      className={`${styles.panel} ${tone === 'error' ? styles.error : ''}`}
      role={tone === 'error' ? 'alert' : undefined}
    >
      <span className={styles.icon}>{icon ?? (tone === 'error' ? <AlertIcon /> : <BoxIcon />)}</span>
      <Heading>{title}</Heading>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

/** A failed read, with its message and a retry. */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <StatusPanel
      tone="error"
      title={title}
      actions={
        onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      <p className={styles.detail}>{message}</p>
    </StatusPanel>
  );
}
