import type { ReactNode } from 'react';
import styles from './Lists.module.css';

export interface FieldRow {
  label: string;
  value: ReactNode;
  /** Ids and codes: monospaced. */
  mono?: boolean;
}

/** A list card's fields as a description list: each label with its value. */
export function FieldRows({ rows }: { rows: FieldRow[] }) {
  return (
    <dl className={styles.fields}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row}>
          <dt>{row.label}</dt>
          <dd className={row.mono ? styles.mono : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
