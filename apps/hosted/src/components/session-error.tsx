import type { ReactNode } from 'react';
import { type FlowKind, problemText } from '../lib/copy.ts';
import type { SessionProblem } from '../lib/session.ts';
import { SecondaryButton } from './form.tsx';
import { Page } from './page.tsx';

/** The page shown instead of a form when its redirect session cannot be used. */
export function SessionError({
  problem,
  kind = 'sign-in',
  brand,
  retry,
  backUrl,
  backLabel = 'Back to the site',
  children,
}: {
  problem: SessionProblem;
  kind?: FlowKind;
  brand?: string | undefined;
  retry?: () => void;
  /** A page of the site to go back to, when known. */
  backUrl?: string | undefined;
  backLabel?: string;
  /** More ways on (e.g. the order confirmation). */
  children?: ReactNode;
}) {
  const { title, text } = problemText(problem, kind);
  const canRetry = retry && (problem === 'unreachable' || problem === 'failed');
  return (
    <Page title={title} brand={brand}>
      <div role="alert">
        <p>{text}</p>
      </div>
      {canRetry && <SecondaryButton busy={false} label="Try again" busyLabel="" onClick={retry} />}
      {children}
      {backUrl && (
        <p>
          <a href={backUrl}>{backLabel}</a>
        </p>
      )}
    </Page>
  );
}
