import styles from './Plans.module.css';

const TONES: Record<string, string | undefined> = {
  Active: styles.active,
  Inactive: styles.inactive,
  Pending: styles.pending,
};

/** A plan's status: Active green, Inactive grey, Pending amber; anything else as sent. */
export function PlanStatusChip({ status }: { status: unknown }) {
  const label = typeof status === 'string' && status.trim() ? status.trim() : '—';
  return (
    <span className={`${styles.chip} ${TONES[label] ?? styles.inactive}`}>
      <span className="kit-visually-hidden">Status: </span>
      {label}
    </span>
  );
}
