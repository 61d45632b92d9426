import styles from './Table.module.css';

export type SortOrder = 'asc' | 'desc';

interface Props {
  label: string;
  /** This column's order when the list is sorted by it; null when sorted by another column. */
  order: SortOrder | null;
  /** Sort by this column (flipping the order when it is already the sort). */
  onSort(): void;
  className?: string;
}

/**
 * A column header that sorts: a button naming the column, aria-sort on the header cell, and an
 * arrow that says which way (hidden from screen readers, which read aria-sort).
 */
export function SortHeader({ label, order, onSort, className }: Props) {
  const sort = order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={sort} className={className}>
      <button type="button" className={styles.sortButton} onClick={onSort}>
        {label}
        <span aria-hidden="true" className={order ? styles.sortArrow : `${styles.sortArrow} ${styles.unsorted}`}>
          {order === 'asc' ? '▲' : order === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
