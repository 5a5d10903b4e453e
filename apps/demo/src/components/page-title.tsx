import type { ReactNode } from 'react';
import { ArrowLeftIcon } from './icons.tsx';
import styles from './page-title.module.css';
import { PrefetchLink } from './prefetch-link.tsx';

/** The optional page title; `back` adds the Back button to "/". */
export function PageTitle({ title, lead, back = true }: { title: string; lead?: ReactNode; back?: boolean }) {
  return (
    <div className={styles.wrap}>
      {back && (
        <PrefetchLink to="/" className={styles.back}>
          <ArrowLeftIcon /> Back
        </PrefetchLink>
      )}
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
    </div>
  );
}
