import type { ReactNode } from 'react';
import styles from './Form.module.css';

/** A form's submit button: disabled with a progress ring and aria-busy while its call runs. */
export function SubmitButton({ busy, children, disabled = false }: { busy: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="submit" className={`button button--primary ${styles.submit}`} disabled={busy || disabled} aria-busy={busy}>
      {busy && <span className={styles.busyDot} aria-hidden="true" />}
      {children}
    </button>
  );
}
