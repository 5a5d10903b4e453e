import { useSyncExternalStore } from 'react';
import { loading } from '../lib/loading.ts';
import styles from './loading-overlay.module.css';

/** The global overlay: shown while the loading counter is above zero. */
export function LoadingOverlay() {
  const count = useSyncExternalStore(loading.subscribe, loading.count);
  return (
    <>
      <span className="visually-hidden" role="status">
        {count > 0 ? 'Loading…' : ''}
      </span>
      {count > 0 && (
        <div className={styles.overlay} data-loading-overlay aria-hidden="true">
          <div className={styles.spinner} />
        </div>
      )}
    </>
  );
}
