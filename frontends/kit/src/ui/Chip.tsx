import type { ReactNode } from 'react';
import styles from './Chip.module.css';

/** sky: under way; green: done or active; amber: waiting; grey: anything else. */
export type ChipTone = 'sky' | 'green' | 'amber' | 'grey';

interface Props {
  tone: ChipTone;
  children: ReactNode;
  /**
   * What the chip says in full, for a chip that is not a status (e.g. the admin's "Sandbox"): read
   * instead of "Status: …" and the short text, and shown on hover.
   */
  label?: string;
}

/** A status as a small pill in its tone, read as "Status: …" (a subscription's, a plan's), or a short mark with its `label`. */
export function Chip({ tone, children, label }: Props) {
  if (label) {
    return (
      <span className={`${styles.chip} ${styles[tone]}`} title={label}>
        <span aria-hidden="true">{children}</span>
        <span className="kit-visually-hidden">{label}</span>
      </span>
    );
  }
  return (
    <span className={`${styles.chip} ${styles[tone]}`}>
      <span className="kit-visually-hidden">Status: </span>
      {children}
    </span>
  );
}
