import { useId } from 'react';
import { formatDate } from '../ui';
import type { AuditEntry } from './useAuditLog';
import listStyles from '../lists/Lists.module.css';
import styles from './Audit.module.css';

function json(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

const present = (value: unknown) => value !== null && value !== undefined;

/** One admin write: what (action), who, which record, when (en-IN), and the before/after values. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const titleId = useId();
  const rows = [
    { label: 'Who', value: entry.adminEmail || entry.adminId || '—' },
    { label: 'What', value: entry.entity || '—' },
    { label: 'Which', value: entry.entityId || '—', mono: true },
    { label: 'When', value: formatDate(entry.createdAt, { withTime: true }) },
  ];
  const changes = [
    { label: 'Before', value: entry.before },
    { label: 'After', value: entry.after },
  ].filter((change) => present(change.value));

  return (
    <article className={listStyles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={`${listStyles.name} ${listStyles.code}`}>
        {entry.action || '—'}
      </h2>
      <dl className={listStyles.fields}>
        {rows.map((row) => (
          <div key={row.label} className={listStyles.row}>
            <dt>{row.label}</dt>
            <dd className={row.mono ? listStyles.mono : undefined}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {changes.length > 0 && (
        <details className={styles.changes}>
          <summary>Changes</summary>
          <div className={styles.values}>
            {changes.map((change) => (
              <figure key={change.label} className={styles.value}>
                <figcaption>{change.label}</figcaption>
                {/* A scrollable region: reachable by keyboard. */}
                <pre tabIndex={0} aria-label={`${change.label} (JSON)`}>
                  {json(change.value)}
                </pre>
              </figure>
            ))}
          </div>
        </details>
      )}
    </article>
  );
}
