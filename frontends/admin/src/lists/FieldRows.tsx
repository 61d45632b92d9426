import type { ReactNode } from 'react';
import styles from './Lists.module.css';

export interface FieldRow {
  label: string;
  value: ReactNode;
  /** Ids and codes: monospaced. */
  mono?: boolean;
}

/**
 * A list card's fields as a description list: each label with its value. `spokenColon`: a screen
 * reader hears "label: value" (a colon only it reads), where the rows are read as running text.
 */
export function FieldRows({ rows, spokenColon = false }: { rows: FieldRow[]; spokenColon?: boolean }) {
  return (
    <dl className={styles.fields}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row}>
          <dt>
            {row.label}
            {spokenColon && <span className="kit-visually-hidden">: </span>}
          </dt>
          <dd className={row.mono ? styles.mono : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
