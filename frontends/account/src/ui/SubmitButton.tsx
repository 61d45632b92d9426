import type { ReactNode } from 'react';
import styles from './Form.module.css';

/** A form's submit button: disabled with a progress ring and aria-busy while its call runs. */
export function SubmitButton({ busy, children, className = '' }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={`button button--primary ${styles.submit} ${className}`} disabled={busy} aria-busy={busy}>
      {busy && <span className={styles.busyDot} aria-hidden="true" />}
      {children}
    </button>
  );
}
