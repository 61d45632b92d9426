import type { ReactNode } from 'react';
import styles from './Chip.module.css';

/** sky: under way; green: done or active; amber: waiting; grey: anything else. */
export type ChipTone = 'sky' | 'green' | 'amber' | 'grey';

/** A status as a small pill in its tone, read as "Status: …" (a subscription's, a plan's). */
export function Chip({ tone, children }: { tone: ChipTone; children: ReactNode }) {
  return (
    <span className={`${styles.chip} ${styles[tone]}`}>
      <span className="kit-visually-hidden">Status: </span>
      {children}
    </span>
  );
}
