import { useEffect, useRef } from 'react';
import styles from './Toast.module.css';

/** How long the admin screens show a success toast before moving on (docs/product.md#limits: 1500 ms). */
export const ADMIN_TOAST_MS = 1500;

interface Props {
  /** The text to show; null shows nothing (the live region stays, so the next text is announced). */
  message: string | null;
  tone?: 'success' | 'failure';
  /** With onDone: called once, this many milliseconds after the message appeared. */
  durationMs?: number;
  onDone?(): void;
}

/**
 * A short message in a corner of the screen (top at phone width), announced politely. Not
 * exported from kit's index (that would put it in every visitor's first download): the admin
 * login (account) and the admin remote import it by path, so each bundles its own copy.
 */
export function Toast({ message, tone = 'success', durationMs, onDone }: Props) {
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!message || durationMs === undefined) return undefined;
    const timer = setTimeout(() => done.current?.(), durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs]);

  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message && <div className={`${styles.toast} ${tone === 'failure' ? styles.failure : styles.success}`}>{message}</div>}
    </div>
  );
}
