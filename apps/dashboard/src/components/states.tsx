import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof ApiError ? error.message : 'Something went wrong.';
  return (
    <div className="state state-error" role="alert">
      <p>
        <strong>Could not load this.</strong> {message}
      </p>
      {retry ? (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

/** What the last action did, read out by screen readers; nothing while there is no message. */
export function Notice({ message }: { message: string | undefined | null }) {
  return message ? (
    <p className="notice" role="status">
      {message}
    </p>
  ) : null;
}
