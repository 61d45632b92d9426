import type { ReactNode } from 'react';
import styles from './PagePlaceholder.module.css';

/** A page frame with its heading; the page's full content arrives in a later issue. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.text}>{children}</div>}
    </section>
  );
}
