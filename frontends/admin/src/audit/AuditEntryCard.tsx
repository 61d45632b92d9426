import type { AuditEntry } from '@growth/kit';
import { useId } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../ui';
import { AUDIT_KIND_OPTIONS, actorOf, changeRows, sentenceOf } from './auditSentence';
import styles from './Audit.module.css';

const kindLabel = (action: string) => AUDIT_KIND_OPTIONS.find((option) => action.startsWith(`${option.value}.`))?.label ?? action;

/**
 * One admin write as a sentence ('asha@shop.example (admin) marked order order_Np0f… of
 * ben@example.com Completed'), links to what it touched, when (en-IN) and its kind; then before and
 * after as labelled fields, the changed ones marked.
 */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const sentenceId = useId();
  const rows = changeRows(entry);
  const hasBefore = entry.before !== null && entry.before !== undefined;
  const hasAfter = entry.after !== null && entry.after !== undefined;

  return (
    <article className={styles.entry} aria-labelledby={sentenceId}>
      <p id={sentenceId} className={styles.sentence}>
        <strong>{actorOf(entry)}</strong>{' '}
        {sentenceOf(entry).map((part, index) =>
          part.href ? (
            <Link key={index} href={part.href} className={part.code ? styles.code : undefined}>
              {part.text}
            </Link>
          ) : (
            <span key={index} className={part.code ? styles.code : undefined}>
              {part.text}
            </span>
          ),
        )}
      </p>
      <p className={styles.meta}>
        <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, { withTime: true })}</time>
        <span aria-hidden="true"> · </span>
        <span>{kindLabel(entry.action)}</span>
      </p>
      {rows.length > 0 && (
        <details className={styles.changes}>
          <summary>{hasBefore && hasAfter ? 'Before and after' : hasBefore ? 'What it was' : 'What it became'}</summary>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  {hasBefore && <th scope="col">Before</th>}
                  {hasAfter && <th scope="col">After</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} data-changed={hasBefore && hasAfter && row.changed}>
                    <th scope="row">{row.label}</th>
                    {hasBefore && <td>{row.before}</td>}
                    {hasAfter && <td>{row.after}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </article>
  );
}
