import { useId } from 'react';
import { API_URL } from '../config.ts';
import { useUi } from '../state/ui.tsx';
import styles from './client-id-toast.module.css';
import { CloseIcon, KeyIcon } from './icons.tsx';

/**
 * Shown while the demo site's client id is in use, until closed (remembered in localStorage).
 * A slim banner in the page's flow under the header: it pushes the page down rather than floating
 * over it, so it never covers a control (the cart's buttons, the phone's cart bar).
 */
export function ClientIdToast() {
  const { clientIdToastOpen, closeClientIdToast } = useUi();
  const titleId = useId();
  if (!clientIdToastOpen) return null;
  return (
    <section className={styles.banner} aria-labelledby={titleId} data-toast="client-id">
      <div className={styles.inner}>
        <span className={styles.icon}>
          <KeyIcon />
        </span>
        <p className={styles.text}>
          <strong id={titleId} className={styles.title}>
            Add your Client ID to get started
          </strong>{' '}
          This demo talks to the seeded demo site. Create an OAuth app for your site (
          <a
            href={`${API_URL}/docs#tag/sites/POST/oauth-app/v1/oauth-apps`}
            target="_blank"
            rel="noopener noreferrer"
          >
            API reference
          </a>
          ) and set <code>VITE_PLAZA_CLIENT_ID</code> in <code>apps/demo/.env</code>.
        </p>
        <button type="button" className={styles.close} aria-label="Close" onClick={closeClientIdToast}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
