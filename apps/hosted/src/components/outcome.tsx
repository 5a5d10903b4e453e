import type { Delivered } from '../lib/delivery.ts';
import { Notice } from './form.tsx';
import { Loading, Page } from './page.tsx';

export type Outcome = Delivered | 'approval';

/** What the visitor sees once a flow is done (usually only for the moment before the browser leaves). */
export function OutcomeView({
  outcome,
  brand,
  verb = 'Signed in',
}: {
  outcome: Outcome;
  brand?: string | undefined;
  verb?: string;
}) {
  if (outcome === 'redirected') return <Loading label={`${verb}. Taking you back…`} />;
  if (outcome === 'approval')
    return (
      <Page title="Waiting for approval" brand={brand}>
        <Notice>
          <p>Your account is ready, but the site owner must approve it before you can sign in.</p>
          <p>Try signing in again later.</p>
        </Notice>
      </Page>
    );
  return (
    <Page title={verb} brand={brand}>
      <Notice>
        <p>
          {outcome === 'posted'
            ? 'You can close this window.'
            : 'You can close this window and go back to the site.'}
        </p>
      </Notice>
    </Page>
  );
}
