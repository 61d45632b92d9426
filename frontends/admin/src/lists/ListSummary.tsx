import styles from './Lists.module.css';

interface Props {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  /** e.g. 'clients' (plural; a total of one drops its final 's'). */
  noun: string;
}

/**
 * 'Showing 11–20 of 57 clients', announced when the page changes; one row is 'Showing 21 of 21
 * clients', and a total of one 'Showing 1 of 1 client' (the needs-review filter often finds one).
 */
export function ListSummary({ page, pageSize, shown, total, noun }: Props) {
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  const range = last > first ? `${first}–${last}` : `${first}`;
  const name = total === 1 ? noun.replace(/s$/, '') : noun;
  return (
    <p className={styles.summary} aria-live="polite">
      Showing {range} of {total} {name}
    </p>
  );
}
