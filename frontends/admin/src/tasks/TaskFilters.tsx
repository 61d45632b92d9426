import { useId } from 'react';
import { SearchForm } from '../lists/SearchForm';
import { FilterSelect } from './FilterSelect';
import { TASK_PAGE_SIZES, type TaskFulfilmentFilter, type TaskQuery, type TaskSortField, type TaskSortOrder, type TaskStatusFilter } from './taskQuery';
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

const PAGE_SIZE_OPTIONS = TASK_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

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
      <FilterSelect
        id={`${id}-status`}
        label="Status"
        value={query.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onRefine({ status: status as TaskStatusFilter })}
      />
      <FilterSelect
        id={`${id}-fulfilment`}
        label="Fulfilment"
        value={query.fulfilment}
        options={FULFILMENT_OPTIONS}
        onChange={(fulfilment) => onRefine({ fulfilment: fulfilment as TaskFulfilmentFilter })}
        wide
      />
      <FilterSelect
        id={`${id}-sort`}
        label="Sort"
        value={`${query.sortBy}:${query.sortOrder}`}
        options={SORT_OPTIONS}
        onChange={(sort) => {
          const [sortBy, sortOrder] = sort.split(':') as [TaskSortField, TaskSortOrder];
          onRefine({ sortBy, sortOrder });
        }}
      />
      <FilterSelect id={`${id}-limit`} label="Per page" value={query.limit} options={PAGE_SIZE_OPTIONS} onChange={(limit) => onRefine({ limit: Number(limit) })} />
    </div>
  );
}
