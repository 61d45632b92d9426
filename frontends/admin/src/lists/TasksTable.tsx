import type { AdminSubscription } from '@growth/kit';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { StatusChip } from '@growth/kit/ui';
import { formatPrice } from '@growth/kit/format';
import { CopyLinkButton } from '../tasks/CopyLinkButton';
import { PickBox } from '../tasks/PickBox';
import { canComplete } from '../tasks/useBulkComplete';
import type { TaskQuery } from '../tasks/taskQuery';
import { formatDate } from '../ui';
import { SandboxBadge } from '../ui/SandboxBadge';
import { SortHeader } from './SortHeader';
import styles from './Table.module.css';

interface Props {
  items: AdminSubscription[];
  query: Pick<TaskQuery, 'sortBy' | 'sortOrder'>;
  onSort(change: Pick<TaskQuery, 'sortBy' | 'sortOrder'>): void;
  /** The id of a row (the focus target after a write, as the card list uses). */
  rowId(subscription: AdminSubscription): string;
  /** The status toggle of a row (aligned in the Actions column). */
  rowActions(subscription: AdminSubscription): ReactNode;
  /** The full card of a subscription (every detail and action), shown when its row is expanded. */
  card(subscription: AdminSubscription): ReactNode;
  /** The orders picked for Mark Completed (subscription ids), and how the picking changes. */
  selected: ReadonlySet<string>;
  onSelect(subscriptionIds: string[], on: boolean): void;
  /** While a write runs, the boxes wait. */
  disabled?: boolean;
}

const keyOf = (subscription: AdminSubscription) => subscription.subscriptionId || subscription._id;

/** What needs staff on this order, in words beside its status. */
function flagsOf(subscription: AdminSubscription): string[] {
  const flags: string[] = [];
  if (subscription.fulfilment?.state === 'needs_review') flags.push('Needs review');
  if (subscription.refund?.requestId) flags.push('Refund requested');
  return flags;
}

/**
 * The tasks at desktop width: one row per subscription (plan and tier, the customer's name and
 * e-mail, price, status with "Sandbox" on an order paid with no real money, created, actions), a box to pick each In Process order for Mark Completed,
 * the link to deliver to with a copy button, sortable by plan and by date (the server sorts, the
 * order lives in the address); Details expands a row into its full card, with the provider's part,
 * refunds, refills and their actions.
 */
export function TasksTable({ items, query, onSort, rowId, rowActions, card, selected, onSelect, disabled = false }: Props) {
  const selectable = items.filter(canComplete).map((s) => s.subscriptionId);
  const allPicked = selectable.length > 0 && selectable.every((id) => selected.has(id));
  const somePicked = selectable.some((id) => selected.has(id));
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const orderOf = (field: TaskQuery['sortBy']) => (query.sortBy === field ? query.sortOrder : null);
  const sortBy = (field: TaskQuery['sortBy']) => {
    const fresh = field === 'createdAt' ? 'desc' : 'asc';
    onSort({ sortBy: field, sortOrder: query.sortBy === field ? (query.sortOrder === 'asc' ? 'desc' : 'asc') : fresh });
  };
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-label="Subscriptions">
        <thead>
          <tr>
            <th scope="col" className={styles.pick}>
              <input
                type="checkbox"
                aria-label="Select every In Process order on this page"
                checked={allPicked}
                ref={(box) => {
                  if (box) box.indeterminate = somePicked && !allPicked;
                }}
                disabled={disabled || selectable.length === 0}
                onChange={(event) => onSelect(selectable, event.target.checked)}
              />
            </th>
            <SortHeader label="Order" order={orderOf('planName')} onSort={() => sortBy('planName')} />
            <th scope="col">Customer</th>
            <th scope="col" className={styles.number}>
              Price
            </th>
            <th scope="col">Status</th>
            <SortHeader label="Created" order={orderOf('createdAt')} onSort={() => sortBy('createdAt')} />
            <th scope="col" className={styles.number}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((subscription) => {
            const key = keyOf(subscription);
            const expanded = open.has(key);
            const detailsId = `${rowId(subscription)}-details`;
            const pricing = subscription.pricing ?? ({} as Partial<AdminSubscription['pricing']>);
            const customer = subscription.customer;
            const which = `${subscription.planName || 'subscription'} order ${subscription.orderId || '—'}`;
            return (
              <Fragment key={key}>
                <tr id={rowId(subscription)} tabIndex={-1} className={expanded ? styles.expanded : undefined}>
                  <td className={styles.pick}>
                    {canComplete(subscription) && <PickBox subscription={subscription} selected={selected} disabled={disabled} onSelect={onSelect} />}
                  </td>
                  <td>
                    <span className={styles.primary}>
                      {subscription.planName || '—'}
                      {pricing.name ? ` · ${pricing.name}` : ''}
                    </span>
                    <span className={`${styles.secondary} ${styles.mono}`}>{subscription.orderId || '—'}</span>
                    {subscription.profileLink && <CopyLinkButton link={subscription.profileLink} which={which} />}
                  </td>
                  <td>
                    {customer?.userId ? (
                      <Link href={`/admin/user-services/${encodeURIComponent(customer.userId)}`} className={styles.primary}>
                        {customer.name?.trim() || customer.email || '—'}
                      </Link>
                    ) : (
                      <span className={styles.primary}>{customer?.name?.trim() || '—'}</span>
                    )}
                    {customer?.email && <span className={styles.secondary}>{customer.email}</span>}
                  </td>
                  <td className={styles.number}>{formatPrice(pricing.price, pricing.currency || 'USD')}</td>
                  <td>
                    <StatusChip status={subscription.Status} statusText={subscription.statusText} />
                    {(flagsOf(subscription).length > 0 || subscription.sandbox === true) && (
                      <span className={styles.flags}>
                        <SandboxBadge sandbox={subscription.sandbox} />
                        {flagsOf(subscription).map((flag) => (
                          <span key={flag} className={styles.flag}>
                            {flag}
                          </span>
                        ))}
                      </span>
                    )}
                  </td>
                  <td className={styles.nowrap}>{formatDate(subscription.createdAt, { withTime: true })}</td>
                  <td className={styles.actionsCell}>
                    <div className={styles.actions}>
                      {rowActions(subscription)}
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailsId : undefined}
                        onClick={() => toggle(key)}
                      >
                        {expanded ? 'Hide details' : 'Details'}
                        <span className="kit-visually-hidden"> of the {which}</span>
                      </button>
                    </div>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsId} className={styles.detailRow}>
                    <td colSpan={7}>{card(subscription)}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
