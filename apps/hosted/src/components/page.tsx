import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The frame of every hosted page: a centred card with a heading, readable on a phone. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="page-title">
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
