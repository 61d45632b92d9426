import styles from './Ui.module.css';

interface Props {
  /** 1-based current page. */
  page: number;
  /** Number of pages (at least 1). */
  pages: number;
  onChange(page: number): void;
  /** Disables both buttons, e.g. while a page loads. */
  disabled?: boolean;
  /** Names the navigation landmark, e.g. "Clients pages". */
  label?: string;
}

/** Previous / "Page x of y" / Next. Renders nothing for a single page. */
export function Pager({ page, pages, onChange, disabled = false, label = 'Pagination' }: Props) {
  const last = Math.max(1, pages);
  if (last <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className="button button--ghost" disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      <span className={styles.pagerStatus} aria-live="polite">
        Page {page} of {last}
      </span>
      <button type="button" className="button button--ghost" disabled={disabled || page >= last} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
