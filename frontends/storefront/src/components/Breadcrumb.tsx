import type { ReactNode } from 'react';
import { Link } from 'wouter';
import styles from './Breadcrumb.module.css';

interface Props {
  /** The page one level up. */
  parent: { href: string; label: string };
  /** The current page's name. */
  current: ReactNode;
  className?: string;
}

/** A two-step breadcrumb trail: a link to the parent page, then the current page. */
export function Breadcrumb({ parent, current, className }: Props) {
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className={styles.trail}>
        <li>
          <Link href={parent.href}>{parent.label}</Link>
        </li>
        <li aria-current="page">
          <span aria-hidden="true" className={styles.separator}>
            /
          </span>
          {current}
        </li>
      </ol>
    </nav>
  );
}
