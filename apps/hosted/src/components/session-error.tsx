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
}: {
  problem: SessionProblem;
  kind?: FlowKind;
  brand?: string | undefined;
  retry?: () => void;
  /** A page of the site to go back to, when known. */
  backUrl?: string | undefined;
}) {
  const { title, text } = problemText(problem, kind);
  const canRetry = retry && (problem === 'unreachable' || problem === 'failed');
  return (
    <Page title={title} brand={brand}>
      <div role="alert">
        <p>{text}</p>
      </div>
      {canRetry && <SecondaryButton busy={false} label="Try again" busyLabel="" onClick={retry} />}
      {backUrl && (
        <p>
          <a href={backUrl}>Back to the site</a>
        </p>
      )}
    </Page>
  );
}
