import { type ReactNode, useEffect, useRef } from 'react';
import styles from './page.module.css';

/** The frame of every hosted page: a centred card with the site's name and a heading, readable on a phone. */
export function Page({
  title,
  brand,
  lead,
  focusTitle,
  backTo,
  children,
}: {
  title: string;
  /** The site the visitor came from: a link back to it above the card (sign-in, sign-up, recovery). */
  backTo?: { href: string; name?: string | undefined } | undefined;
  /** Moves focus to the heading when the page appears (after a step that replaced another page). */
  focusTitle?: boolean;
  /** The site (or app) name, when known. */
  brand?: string | undefined;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = brand ? `${title} · ${brand}` : title;
  }, [title, brand]);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <main className={styles.page}>
      {backTo && (
        <p className={styles.backTo}>
          <a href={backTo.href} data-back-to-site>
            <span aria-hidden="true">← </span>Back to {backTo.name ?? 'the site'}
          </a>
        </p>
      )}
      <section className={styles.card} aria-labelledby="page-title">
        {brand && <p className={styles.brand}>{brand}</p>}
        <h1 id="page-title" className={styles.title} ref={heading} tabIndex={focusTitle ? -1 : undefined}>
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
