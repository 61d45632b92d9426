import styles from './Services.module.css';

/**
 * A subscription's status (spec §2, §3): 0 'In Process' (sky), 1 'Completed' (green); any other
 * value shows the server's status text when it sent one, else a dash.
 */
export function StatusChip({ status, statusText }: { status: unknown; statusText?: unknown }) {
  const code = typeof status === 'string' && status.trim() !== '' ? Number(status) : status;
  let label: string;
  let tone: string | undefined;
  if (code === 0) {
    label = 'In Process';
    tone = styles.inProcess;
  } else if (code === 1) {
    label = 'Completed';
    tone = styles.completed;
  } else {
    label = typeof statusText === 'string' && statusText.trim() ? statusText.trim() : '—';
    tone = styles.otherStatus;
  }
  return (
    <span className={`${styles.chip} ${tone}`}>
      <span className="kit-visually-hidden">Status: </span>
      {label}
    </span>
  );
}
