import { type ReactNode, useMemo } from 'react';
import {
  ArrowRightIcon,
  BagIcon,
  CalendarIcon,
  ExternalIcon,
  StarIcon,
  TicketIcon,
} from '../../components/icons.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { ErrorState, StatusPanel } from '../../components/status.tsx';
import { API_URL, CLIENT_ID, DEFAULT_CLIENT_ID, REPOSITORY_URL } from '../../config.ts';
import { currentSiteId, loadExamples, loadInstalledApps } from '../../data/setup.ts';
import { useCached } from '../../hooks/use-cached.ts';
import { APP_NAMES } from '../../lib/apps.ts';
import { describeError } from '../../lib/errors.ts';
import { appOfExample, type Example, splitByInstalled } from '../../lib/examples.ts';
import { installPath } from '../../lib/install.ts';
import styles from './home.module.css';

const ICONS: Record<string, () => ReactNode> = {
  '/booking': CalendarIcon,
  '/store': BagIcon,
  '/tickets': TicketIcon,
  '/subscriptions': StarIcon,
};

function ExampleCard({ example, installed }: { example: Example; installed: boolean }) {
  const app = appOfExample(example);
  const appName = app === undefined ? example.data.title : APP_NAMES[app];
  return (
    <li>
      <article
        className={`${styles.card} ${installed ? styles.installed : styles.notInstalled}`}
        data-example={example.data.slug}
        data-installed={installed}
      >
        <div className={styles.cardTop}>
          <span className={styles.icon} aria-hidden="true">
            {(ICONS[example.data.slug] ?? BagIcon)()}
          </span>
          <span className={styles.badge}>{installed ? 'Installed' : 'Not installed'}</span>
        </div>
        <h3>{example.data.title}</h3>
        <p>{example.data.description}</p>
        {installed ? (
          <PrefetchLink to={example.data.slug} className={styles.cardLink}>
            Open example <ArrowRightIcon />
          </PrefetchLink>
        ) : (
          <PrefetchLink to={installPath(example.data.installLink)} className={styles.cardLink}>
            How to install {appName} <ArrowRightIcon />
          </PrefetchLink>
        )}
      </article>
    </li>
  );
}

function Section({
  title,
  examples,
  installed,
  empty,
}: {
  title: string;
  examples: Example[];
  installed: boolean;
  empty?: string;
}) {
  if (examples.length === 0 && !empty) return null;
  const id = `examples-${installed ? 'installed' : 'not-installed'}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{title}</h2>
        <span className={styles.count}>{examples.length}</span>
      </div>
      {examples.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.grid}>
          {examples.map((example) => (
            <ExampleCard key={example.data.slug} example={example} installed={installed} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-label="Loading examples">
      <ul className={styles.grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.skeleton} />
        ))}
      </ul>
    </div>
  );
}

/** Where this build points: the API, the OAuth client and the site id read from the token. */
function Connection() {
  const siteId = useMemo(() => currentSiteId(), []);
  return (
    <dl className={styles.connection} aria-label="Connected site">
      <div>
        <dt>API</dt>
        <dd>{API_URL}</dd>
      </div>
      <div>
        <dt>Client ID</dt>
        <dd>
          {CLIENT_ID}
          {CLIENT_ID === DEFAULT_CLIENT_ID && <span className={styles.tag}>demo</span>}
        </dd>
      </div>
      <div>
        <dt>Site ID</dt>
        <dd>{siteId ?? 'unknown'}</dd>
      </div>
    </dl>
  );
}

/** The examples list, split into installed and not installed apps of the connected site. */
export function HomePage() {
  const examples = useCached('examples', loadExamples);
  const installed = useCached('installed-apps', loadInstalledApps);

  let body: ReactNode;
  if (examples.status === 'error') {
    body = (
      <ErrorState
        title="The examples could not be loaded"
        message={describeError(examples.error)}
        onRetry={examples.reload}
      />
    );
  } else if (examples.status === 'loading' || installed.status !== 'success') {
    body = <Skeleton />;
  } else if (examples.data.length === 0) {
    body = (
      <StatusPanel title="No examples yet">
        <p>
          Add entries to <code>public/examples.json</code> to list them here.
        </p>
      </StatusPanel>
    );
  } else {
    const split = splitByInstalled(examples.data, installed.data);
    body = (
      <>
        <Section
          title="Installed"
          examples={split.installed}
          installed
          empty="None of the example apps is installed on this site yet. Install one below to try its example."
        />
        <Section title="Not installed" examples={split.notInstalled} installed={false} />
      </>
    );
  }

  return (
    <>
      <div className={styles.hero}>
        <div>
          <p className={styles.eyebrow}>Headless examples</p>
          <h1>Build on your Plaza site</h1>
          <p>
            Each example is a small storefront feature running against the connected site through{' '}
            <code>@plaza/sdk</code>. The apps installed on the site decide which ones work.
          </p>
          <p className={styles.links}>
            <a href={`${API_URL}/docs`} target="_blank" rel="noopener noreferrer">
              Documentation <ExternalIcon />
              <span className="visually-hidden">(opens in a new tab)</span>
            </a>
            {REPOSITORY_URL ? (
              <a href={REPOSITORY_URL} target="_blank" rel="noopener noreferrer" data-repository>
                Source code <ExternalIcon />
                <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            ) : (
              <span data-repository>
                Source: <code>apps/demo</code>
              </span>
            )}
          </p>
        </div>
        <Connection />
      </div>
      {body}
    </>
  );
}
