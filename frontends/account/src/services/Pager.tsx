import { useEffect, useRef } from 'react';
import styles from './Services.module.css';

interface PagerProps {
  page: number;
  lastPage: number;
  /** A page is loading: both buttons wait. */
  busy: boolean;
  onPage(page: number): void;
}

/**
 * Previous / Next and 'Page X of Y' (docs/product.md#screens-and-routes). The buttons are disabled at the ends and while a
 * page loads; when the pressed button is disabled meanwhile, focus comes back to the pager
 * instead of falling to the document.
 */
export function Pager({ page, lastPage, busy, onPage }: PagerProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | null>(null);
  const atStart = page <= 1;
  const atEnd = page >= lastPage;

  useEffect(() => {
    if (busy || !pressed.current) return;
    const wanted = pressed.current === 'next' ? [next, previous] : [previous, next];
    pressed.current = null;
    // Browsers either drop focus to the body or leave it on the disabled button; anything else
    // means the reader moved on.
    const active = document.activeElement as HTMLButtonElement | null;
    if (active && active !== document.body && !active.disabled) return;
    wanted.map((ref) => ref.current).find((button) => button && !button.disabled)?.focus();
  }, [busy]);

  const go = (which: 'previous' | 'next') => {
    pressed.current = which;
    onPage(which === 'next' ? page + 1 : page - 1);
  };

  return (
    <nav className={styles.pager} aria-label="Pages">
      <button
        ref={previous}
        type="button"
        className="button button--ghost"
        disabled={busy || atStart}
        onClick={() => go('previous')}
      >
        Previous
      </button>
      <span className={styles.pageStatus} aria-live="polite">
        Page {page} of {lastPage}
      </span>
      <button ref={next} type="button" className="button button--ghost" disabled={busy || atEnd} onClick={() => go('next')}>
        Next
      </button>
    </nav>
  );
}
