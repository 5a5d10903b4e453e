import { type ReactNode, useEffect } from 'react';
import styles from './page.module.css';

/** The frame of every hosted page: a centred card with the site's name and a heading, readable on a phone. */
export function Page({
  title,
  brand,
  lead,
  children,
}: {
  title: string;
  /** The site (or app) name, when known. */
  brand?: string | undefined;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = brand ? `${title} · ${brand}` : title;
  }, [title, brand]);
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="page-title">
        {brand && <p className={styles.brand}>{brand}</p>}
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </section>
    </main>
  );
}

/** Shown while a page loads its redirect session. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <main className={styles.page} aria-busy="true">
      <p className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        {label}
      </p>
    </main>
  );
}
