import styles from './Lists.module.css';

interface Props {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  /** e.g. 'clients'. */
  noun: string;
}

/** 'Showing 11–20 of 57 clients', announced when the page changes. */
export function ListSummary({ page, pageSize, shown, total, noun }: Props) {
  const first = (page - 1) * pageSize + 1;
  return (
    <p className={styles.summary} aria-live="polite">
      Showing {first}–{first + shown - 1} of {total} {noun}
    </p>
  );
}
