import { useParams } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { ExternalIcon } from '../../components/icons.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { StatusPanel } from '../../components/status.tsx';
import { API_URL } from '../../config.ts';
import { useOwnerLinks } from '../../hooks/use-owner-links.ts';
import { installableApp } from '../../lib/install.ts';
import styles from './install.module.css';

/**
 * `/install/:app`: how the site owner installs a missing app (an example's install link). Plaza has
 * no owner dashboard yet, so the steps are the API call that does it, with the admin API key.
 */
export default function InstallPage() {
  const { app = '' } = useParams();
  const links = useOwnerLinks();
  const known = installableApp(app);
  if (!known) {
    return (
      <StatusPanel
        heading="h1"
        title="Unknown app"
        actions={
          <PrefetchLink to="/" className={buttonClass('secondary')}>
            Back to examples
          </PrefetchLink>
        }
      >
        <p>
          There is no app called <code>{app}</code>. The apps are Stores, Bookings, Events and Pricing Plans.
        </p>
      </StatusPanel>
    );
  }
  const read = `curl -s ${API_URL}/plaza/v1/site -H "Authorization: $PLAZA_API_KEY"`;
  const write = [
    `curl -s -X PATCH ${API_URL}/plaza/v1/site \\`,
    '  -H "Authorization: $PLAZA_API_KEY" -H "Content-Type: application/json" \\',
    `  -d '{"site": {"installedApps": ["stores", "bookings", "events", "pricing-plans"]}}'`,
  ].join('\n');
  return (
    <>
      <PageTitle
        title={`Install ${known.name}`}
        lead={`${known.name} ${known.what}. The site owner installs it once; every example that needs it then works.`}
      />
      <ol className={styles.steps}>
        <li>
          <h2>Find the site’s admin API key</h2>
          <p>
            The demo site started by <code>npm start</code> prints it on its first start and keeps it in{' '}
            <code>data/demo-credentials.json</code>. Keys start with <code>plz_</code>; keep them on the
            server side, never in a storefront.
          </p>
        </li>
        <li>
          <h2>Read the apps the site has</h2>
          <pre className={styles.code}>
            <code>{read}</code>
          </pre>
          <p>
            The answer’s <code>site.installedApps</code> lists them, for example <code>["stores"]</code>.
          </p>
        </li>
        <li>
          <h2>
            Add <code>{known.code}</code> to the list
          </h2>
          <p>The call replaces the whole list: send the apps the site keeps as well as the new one.</p>
          <pre className={styles.code}>
            <code>{write}</code>
          </pre>
        </li>
        <li>
          <h2>Come back to the examples</h2>
          <p>Reload the examples: the {known.name} example moves to “Installed”.</p>
        </li>
      </ol>
      <div className={styles.actions}>
        <PrefetchLink to="/" className={buttonClass('primary')}>
          Back to examples
        </PrefetchLink>
        <a
          className={buttonClass('secondary')}
          href={links.appSettings(known.code)}
          target="_blank"
          rel="noopener noreferrer"
        >
          The call in the API reference <ExternalIcon />
          <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </div>
    </>
  );
}
