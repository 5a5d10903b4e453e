import { PlazaError } from '@plaza/sdk';
import { API_URL, CLIENT_ID } from '../config.ts';
import { describeError } from '../lib/errors.ts';
import { Button } from './button.tsx';
import styles from './status.module.css';
import { StatusPanel } from './status.tsx';

/**
 * The anonymous grant failed: usually a client id the server does not know (the server's
 * `invalid_client` error says so), or a server that cannot be reached.
 */
export function StartupError({ error }: { error: unknown }) {
  const unreachable = error instanceof PlazaError && error.status === undefined;
  const server = error instanceof PlazaError ? error.details.applicationError : undefined;
  return unreachable ? (
    <StatusPanel
      heading="h1"
      tone="error"
      title="Cannot reach the Plaza API"
      actions={<Button onClick={() => window.location.reload()}>Try again</Button>}
    >
      <p>
        The app could not get visitor tokens from <code>{API_URL}</code>. Start the platform (
        <code>npm start</code>) or set <code>VITE_PLAZA_API_URL</code>. If it is running, check that this
        page's origin is on the OAuth app's allowed origins.
      </p>
    </StatusPanel>
  ) : (
    <StatusPanel
      heading="h1"
      tone="error"
      title="This client id is not valid"
      actions={<Button onClick={() => window.location.reload()}>Try again</Button>}
    >
      <p>
        The Plaza server at <code>{API_URL}</code> refused visitor tokens for this app:
      </p>
      <p className={styles.serverError} data-server-error>
        {server?.description ?? describeError(error)}
        {server?.code ? ` (${server.code})` : ''}
      </p>
      <p className={styles.detail}>
        Set <code>VITE_PLAZA_CLIENT_ID</code> to the client id of one of your site's OAuth apps (now{' '}
        <code>{CLIENT_ID}</code>) and build again.
      </p>
    </StatusPanel>
  );
}
