import { useOwnerLinks } from '../hooks/use-owner-links.ts';
import { APP_NAMES, type AppCode } from '../lib/apps.ts';
import { buttonClass } from './button.tsx';
import { ExternalIcon } from './icons.tsx';
import { PrefetchLink } from './prefetch-link.tsx';
import { StatusPanel } from './status.tsx';

/** What an example route shows when its app is not installed on the connected site. */
export function NotInstalled({ app, installLink }: { app: AppCode; installLink: string }) {
  const links = useOwnerLinks();
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
          <a
            className={buttonClass('primary')}
            href={links.appSettings(installLink)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Install {name} <ExternalIcon />
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </>
      }
    >
      <p>
        This example needs the {name} app on the connected site, and the site did not answer as having it. The
        site owner can install it from the site's app settings.
      </p>
    </StatusPanel>
  );
}
