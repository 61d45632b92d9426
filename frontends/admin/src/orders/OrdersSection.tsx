import { useId, useState, type ReactNode } from 'react';
import { Spinner, type OrdersAnswer } from '@growth/kit';
import { useAdminPost } from '../data/useAdminPost';
import { ListSummary } from '../lists/ListSummary';
import { ErrorBanner, Pager, uiStyles } from '../ui';
import formStyles from '@growth/kit/form.module.css';
import { OrderCard } from './OrderCard';
import { ORDERS_PAGE_SIZE, ORDER_KINDS, type OrderKind } from './orderTypes';
import styles from '../lists/Lists.module.css';

/**
 * Orders needing attention (under the tasks): paid orders that did not become a subscription, and
 * unpaid orders older than an hour. POST /admin/orders {page, limit, kind}. `hidden`: loaded but not
 * shown yet (the tasks page shows it once its list is there).
 */
export function OrdersSection({ hidden = false }: { hidden?: boolean }) {
  const id = useId();
  const [kind, setKind] = useState<OrderKind>('paid-without-subscription');
  const [page, setPage] = useState(1);
  const { state, retry } = useAdminPost<OrdersAnswer>('/admin/orders', { page, limit: ORDERS_PAGE_SIZE, kind });
  const answer = state.status === 'loaded' ? state.data : state.status === 'loading' ? state.previous : null;
  const paging = answer?.paging;
  const pages = typeof paging?.pages === 'number' ? Math.max(1, paging.pages) : null;
  const emptyText = ORDER_KINDS.find((option) => option.kind === kind)?.empty ?? '';

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Request failed" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading orders…" />;
  } else {
    const items = Array.isArray(state.data.data) ? state.data.data : [];
    body =
      items.length === 0 ? (
        <p className={uiStyles.empty}>{emptyText}</p>
      ) : (
        <>
          <ListSummary page={page} pageSize={ORDERS_PAGE_SIZE} shown={items.length} total={Number(paging?.total ?? items.length)} noun="orders" />
          <ul className={styles.gridWide}>
            {items.map((order, index) => (
              <li key={order.orderId || order.id || index}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        </>
      );
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading'} hidden={hidden}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Orders needing attention
      </h2>
      <div className={styles.toolbar}>
        <div className={`${formStyles.field} ${styles.filter}`}>
          <label className={formStyles.label} htmlFor={`${id}-kind`}>
            Show
          </label>
          <select
            id={`${id}-kind`}
            className={formStyles.input}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as OrderKind);
              setPage(1);
            }}
          >
            {ORDER_KINDS.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
      {pages !== null && state.status !== 'failed' && <Pager page={page} pages={pages} onChange={setPage} disabled={state.status === 'loading'} label="Order pages" />}
    </section>
  );
}
