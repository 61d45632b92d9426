import { useEffect, useRef } from 'react';
import styles from './Pager.module.css';

interface PagerProps {
  /** 1-based current page. */
  page: number;
  /** Number of pages (fewer than 1 counts as 1). */
  pages: number;
  onChange(page: number): void;
  /** A page is loading: both buttons wait. */
  disabled?: boolean;
  /** Names the navigation landmark, e.g. "Clients pages". */
  label?: string;
  /** The list's own spacing around the pager. */
  className?: string;
}

/**
 * Previous / 'Page X of Y' / Next (docs/product.md#screens-and-routes); nothing for a single page.
 * The buttons are disabled at the ends and while a page loads; when the pressed button is disabled
 * meanwhile, focus comes back to the pager instead of falling to the document.
 */
export function Pager({ page, pages, onChange, disabled = false, label = 'Pages', className = '' }: PagerProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | null>(null);
  const last = Math.max(1, pages);

  useEffect(() => {
    if (disabled || !pressed.current) return;
    const wanted = pressed.current === 'next' ? [next, previous] : [previous, next];
    pressed.current = null;
    // Browsers either drop focus to the body or leave it on the disabled button; anything else
    // means the reader moved on.
    const active = document.activeElement as HTMLButtonElement | null;
    if (active && active !== document.body && !active.disabled) return;
    wanted
      .map((ref) => ref.current)
      .find((button) => button && !button.disabled)
      ?.focus();
  }, [disabled]);

  if (last <= 1 && page <= 1) return null;

  const go = (which: 'previous' | 'next') => {
    pressed.current = which;
    onChange(which === 'next' ? page + 1 : page - 1);
  };

  return (
    <nav className={`${styles.pager} ${className}`.trim()} aria-label={label}>
      <button ref={previous} type="button" className="button button--ghost" disabled={disabled || page <= 1} onClick={() => go('previous')}>
        Previous
      </button>
      <span className={styles.status} aria-current="page" aria-live="polite">
        Page {page} of {last}
      </span>
      <button ref={next} type="button" className="button button--ghost" disabled={disabled || page >= last} onClick={() => go('next')}>
        Next
      </button>
    </nav>
  );
}
