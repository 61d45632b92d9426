import type { AdminRefill, AdminRefillEntry } from '@growth/kit';
import { useId } from 'react';
import { formatDate } from '../ui';
import { FieldRows, type FieldRow } from '../lists/FieldRows';
import fulfilmentStyles from './Fulfilment.module.css';
import styles from './Refill.module.css';

/** The customer's view of the latest refill, in staff's words. */
const STATE_TEXT: Record<string, string> = {
  available: 'None asked',
  requested: 'Requested',
  in_progress: 'In progress',
  completed: 'Refilled',
  rejected: 'Rejected by the provider',
};

/** A refill of the history, stored states included (docs/refill.md "States"). */
const ENTRY_TEXT: Record<string, string> = {
  ...STATE_TEXT,
  placing: 'Sending to the provider',
  open: 'With the provider',
  review: 'Needs review',
  completed: 'Completed',
  rejected: 'Rejected',
};

const ACTOR_TEXT: Record<string, string> = { customer: 'Customer', staff: 'Staff' };

const words = (table: Record<string, string>, value: unknown) => (typeof value === 'string' && value ? (Object.hasOwn(table, value) ? table[value] : value) : '—');

const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** '30 days, until 3 Dec 2026', '30 days, from completion', 'None'; 'ended' when the server says so (its clock, the one refills are decided by). */
export function guaranteeText(refill: AdminRefill): string {
  const days = typeof refill.days === 'number' && Number.isSafeInteger(refill.days) && refill.days > 0 ? refill.days : 0;
  if (days === 0) return 'None';
  const name = days === 1 ? '1 day' : `${days} days`;
  const until = formatDate(refill.until);
  if (until === '—') return `${name}, from completion`;
  return `${name}, ${refill.ended === true ? 'ended' : 'until'} ${until}`;
}

/** One refill of the history: when and by whom, where it stands, the panel's id and word, the provider's refusal. */
function Entry({ entry }: { entry: AdminRefillEntry }) {
  const facts = [
    present(entry.upstreamRefillId) ? `Panel refill ${entry.upstreamRefillId}` : null,
    present(entry.upstreamStatus) ? `Panel status: ${entry.upstreamStatus}` : null,
    entry.settledAt ? `Settled ${formatDate(entry.settledAt, { withTime: true })}` : null,
    entry.checkedAt ? `Checked ${formatDate(entry.checkedAt, { withTime: true })}` : null,
  ].filter(Boolean);
  const review = entry.review === true || entry.state === 'review';
  return (
    <li className={styles.entry}>
      <p className={styles.entryHead}>
        <span className={review ? `${styles.entryState} ${styles.entryReview}` : styles.entryState}>{words(ENTRY_TEXT, entry.state)}</span>
        <span className={styles.entryWhen}>
          {words(ACTOR_TEXT, entry.actor)} · {formatDate(entry.requestedAt, { withTime: true })}
        </span>
      </p>
      {facts.length > 0 && <p className={styles.entryFacts}>{facts.join(' · ')}</p>}
      {/* The provider's refusal in its words; for a refill in review, why it is there. */}
      {present(entry.failure) && (
        <p className={styles.failure}>
          {review ? 'Reason: ' : 'Provider said: '}
          {entry.failure}
        </p>
      )}
    </li>
  );
}

/**
 * The refill part of an admin subscription card (docs/refill.md): the guarantee as bought and until
 * when, the latest refill as the customer sees it (with the sentence they read), a warning when one
 * needs review, and every refill asked, newest first, with the provider's own words. Nothing when the
 * order has no guarantee and no refill.
 */
export function RefillDetails({ refill }: { refill: AdminRefill }) {
  const id = useId();
  const history = Array.isArray(refill.history) ? refill.history.filter((entry) => entry && typeof entry === 'object') : [];
  const rows: FieldRow[] = [
    { label: 'Guarantee', value: guaranteeText(refill) },
    { label: 'Latest', value: words(STATE_TEXT, refill.state) },
  ];
  if (present(refill.message)) rows.push({ label: 'Customer reads', value: refill.message });

  return (
    <div className={fulfilmentStyles.upstream} aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`} className={fulfilmentStyles.upstreamTitle}>
        Refill
      </h3>
      <FieldRows rows={rows} spokenColon />
      {refill.review === true && <p className={fulfilmentStyles.note}>A refill needs review: the provider's answer was unclear. Check its panel before asking again.</p>}
      {history.length > 0 && (
        <ol className={styles.history} aria-label="Refills asked">
          {history.map((entry, index) => (
            <Entry key={entry.id || index} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}
