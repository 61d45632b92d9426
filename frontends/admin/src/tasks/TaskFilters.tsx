import { useId } from 'react';
import { SearchForm } from '../lists/SearchForm';
import formStyles from '@growth/kit/src/ui/forms/Form.module.css';
import {
  TASK_PAGE_SIZES,
  type TaskFulfilmentFilter,
  type TaskQuery,
  type TaskSortField,
  type TaskSortOrder,
  type TaskStatusFilter,
} from './taskQuery';
import styles from '../lists/Lists.module.css';

const STATUS_OPTIONS: { value: TaskStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: '0', label: 'In Process' },
  { value: '1', label: 'Completed' },
  { value: '2', label: 'Partial' },
  { value: '3', label: 'Canceled' },
  { value: '4', label: 'Refunded' },
];

const FULFILMENT_OPTIONS: { value: TaskFulfilmentFilter; label: string }[] = [
  { value: 'all', label: 'All orders' },
  { value: 'needs_review', label: 'Needs review' },
];

const SORT_OPTIONS: { value: `${TaskSortField}:${TaskSortOrder}`; label: string }[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'planName:asc', label: 'Plan name A–Z' },
  { value: 'planName:desc', label: 'Plan name Z–A' },
];

interface Props {
  query: TaskQuery;
  onRefine(change: Partial<Omit<TaskQuery, 'page'>>): void;
}

/**
 * Status filter (All / In Process / Completed / Partial / Canceled / Refunded), fulfilment filter (All orders / Needs review),
 * search, sort and page size of the tasks list.
 */
export function TaskFilters({ query, onRefine }: Props) {
  const id = useId();
  return (
    <div className={styles.toolbar}>
      <SearchForm
        label="Search tasks"
        value={query.q}
        placeholder="Order ID, payment ID, plan or e-mail"
        hint="Matches the order ID, payment ID, plan name or customer e-mail."
        onSearch={(q) => onRefine({ q })}
      />
      <div className={`${formStyles.field} ${styles.filter}`}>
        <label className={formStyles.label} htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className={formStyles.input}
          value={query.status}
          onChange={(event) => onRefine({ status: event.target.value as TaskStatusFilter })}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={`${formStyles.field} ${styles.filter} ${styles.filterWide}`}>
        <label className={formStyles.label} htmlFor={`${id}-fulfilment`}>
          Fulfilment
        </label>
        <select
          id={`${id}-fulfilment`}
          className={formStyles.input}
          value={query.fulfilment}
          onChange={(event) => onRefine({ fulfilment: event.target.value as TaskFulfilmentFilter })}
        >
          {FULFILMENT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={`${formStyles.field} ${styles.filter}`}>
        <label className={formStyles.label} htmlFor={`${id}-sort`}>
          Sort
        </label>
        <select
          id={`${id}-sort`}
          className={formStyles.input}
          value={`${query.sortBy}:${query.sortOrder}`}
          onChange={(event) => {
            const [sortBy, sortOrder] = event.target.value.split(':') as [TaskSortField, TaskSortOrder];
            onRefine({ sortBy, sortOrder });
          }}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={`${formStyles.field} ${styles.filter}`}>
        <label className={formStyles.label} htmlFor={`${id}-limit`}>
          Per page
        </label>
        <select id={`${id}-limit`} className={formStyles.input} value={query.limit} onChange={(event) => onRefine({ limit: Number(event.target.value) })}>
          {TASK_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
