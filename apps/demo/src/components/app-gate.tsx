import type { ReactNode } from 'react';
import { loadInstalledApps } from '../data/setup.ts';
import { useCached } from '../hooks/use-cached.ts';
import type { AppCode } from '../lib/apps.ts';
import { NotInstalled } from './not-installed.tsx';
import { PageTitle } from './page-title.tsx';
import { Loading } from './status.tsx';

/**
 * Renders an example only when its app is installed (the detection of setup); otherwise the
 * not-installed page naming the app.
 */
export function AppGate({
  app,
  title,
  installLink,
  children,
}: {
  app: AppCode;
  title: string;
  installLink: string;
  children: ReactNode;
}) {
  const installed = useCached('installed-apps', loadInstalledApps);
  if (installed.status !== 'success') {
    return (
      <>
        <PageTitle title={title} />
        <Loading label="Checking the site’s apps…" delayed />
      </>
    );
  }
  if (!installed.data[app]) return <NotInstalled app={app} installLink={installLink} />;
  return children;
}
