import type { ReactNode } from 'react';
import styles from './Form.module.css';

interface Props {
  busy: boolean;
  children: ReactNode;
  /** Disabled for another reason than a running call. */
  disabled?: boolean;
  /** Full width (the account forms). */
  wide?: boolean;
  className?: string;
}

/** A form's submit button: disabled with a progress ring and aria-busy while its call runs. */
export function SubmitButton({ busy, children, disabled = false, wide = false, className = '' }: Props) {
  return (
    <button
      type="submit"
      className={`button button--primary ${styles.submit} ${wide ? styles.submitWide : ''} ${className}`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy && <span className={styles.busyDot} aria-hidden="true" />}
      {children}
    </button>
  );
}
