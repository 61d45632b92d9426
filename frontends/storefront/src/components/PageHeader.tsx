import type { ReactNode } from 'react';
import section from './Section.module.css';
import styles from './PageHeader.module.css';

interface Props {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  /** band: a tinted band (default); plain: no band, within the content width; hero: a glowing band, larger type. */
  variant?: 'band' | 'plain' | 'hero';
  /** When given, the header is a region named by its title (a labelled <section>) rather than a <header>. */
  titleId?: string;
}

const FRAME = { band: styles.band, plain: styles.plain, hero: `${styles.glow} ${styles.hero}` };

/** The top of a storefront page: eyebrow, the page's h1 and a lead, centred. */
export function PageHeader({ eyebrow, title, lead, variant = 'band', titleId }: Props) {
  const content = (
    <div className={styles.inner}>
      <p className={section.eyebrow}>{eyebrow}</p>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      <p className={styles.lead}>{lead}</p>
    </div>
  );
  return titleId ? (
    <section className={FRAME[variant]} aria-labelledby={titleId}>
      {content}
    </section>
  ) : (
    <header className={FRAME[variant]}>{content}</header>
  );
}
