import { APP_NAMES, type AppCode } from '../lib/apps.ts';
import { installPath } from '../lib/install.ts';
import { buttonClass } from './button.tsx';
import { PrefetchLink } from './prefetch-link.tsx';
import { StatusPanel } from './status.tsx';

/** What an example route shows when its app is not installed on the connected site. */
export function NotInstalled({ app, installLink }: { app: AppCode; installLink: string }) {
  const name = APP_NAMES[app];
  return (
    <StatusPanel
      heading="h1"
      title={`${name} is not installed`}
      actions={
        <>
          <PrefetchLink to="/" className={buttonClass('secondary')}>
            Back to examples
          </PrefetchLink>
          <PrefetchLink to={installPath(installLink)} className={buttonClass('primary')}>
            How to install {name}
          </PrefetchLink>
        </>
      }
    >
      <p>
        This example needs the {name} app on the connected site, and the site did not answer as having it. The
        site owner installs it with one call to the Plaza API.
      </p>
    </StatusPanel>
  );
}
