import { useCallback, useId, useState, type ReactNode } from 'react';
import { Spinner, type RefundRow } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { useNarrowScreen } from '../layout/useNarrowScreen';
import { ListSummary } from '../lists/ListSummary';
import { SearchForm } from '../lists/SearchForm';
import { RefundButton, RequestButtons, orderWhich } from '../refunds/RefundButtons';
import { RefundActionDialog } from '../refunds/RefundActionDialog';
import { RefundCards, RefundTable } from '../refunds/RefundRows';
import { REFUNDS_PAGE_SIZE } from '../refunds/refundsQuery';
import { REFUND_STATE_OPTIONS, type RefundStateFilter } from '../refunds/refundTypes';
import { targetOfRow } from '../refunds/rowTarget';
import { useRefundAction, type RefundKind } from '../refunds/useRefundAction';
import { useRefunds } from '../refunds/useRefunds';
import { FilterSelect } from '../tasks/FilterSelect';
import { ADMIN_TOAST_MS, ErrorBanner, Pager, Toast, uiStyles } from '../ui';
import styles from '../lists/Lists.module.css';
import own from '../refunds/Refunds.module.css';

/** The table needs the room of a desktop; below this width each row is a card. */
const CARDS_QUERY = '(max-width: 1099.98px)';
const LIST_ID = 'refunds-list';

/**
 * Refunds (docs/refunds.md): every refund and every request not approved, newest first, with the
 * state filter and search in the address, paged like the other admin lists. An open request has
 * Approve / Decline, a failed refund Refund again, in the task card's dialogs; the list is read
 * again afterwards.
 */
export default function Refunds() {
  const { state, query, pages, goTo, refine, retry } = useRefunds();
  const narrow = useNarrowScreen(CARDS_QUERY);
  const filterId = useId();
  // While the order of a row is read for its dialog (what is left to refund).
  const [opening, setOpening] = useState<string | null>(null);
  const refund = useRefundAction(
    useCallback(() => {
      retry();
      document.getElementById(LIST_ID)?.focus();
    }, [retry]),
  );
  // The buttons stay enabled while the order is read, so the one pressed keeps the focus and gets it
  // back when the dialog closes; a second press meanwhile does nothing.
  const working = refund.busy;

  const open = async (kind: RefundKind, row: RefundRow) => {
    if (working || opening !== null) return;
    setOpening(row.id);
    try {
      refund.ask(kind, await targetOfRow(row, kind === 'refund'));
    } finally {
      setOpening(null);
    }
  };

  const actionsOf = (row: RefundRow): ReactNode => {
    if (!row.subscriptionId) return null;
    const which = orderWhich(row.planName, row.orderId);
    if (row.kind === 'request' && row.state === 'open') {
      return <RequestButtons which={which} disabled={working} onApprove={() => void open('approve', row)} onDecline={() => void open('decline', row)} />;
    }
    if (row.kind === 'refund' && row.state === 'failed') {
      return (
        <div className={own.buttons}>
          <RefundButton which={which} label="Refund again" disabled={working} onRefund={() => void open('refund', row)} />
        </div>
      );
    }
    return null;
  };

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Failed to load refunds" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading refunds…" />;
  } else {
    const rows = Array.isArray(state.data.data) ? state.data.data : [];
    const total = Number(state.data.paging?.total ?? rows.length);
    const filtered = query.q !== '' || query.state !== 'all';
    body =
      rows.length === 0 ? (
        <p className={uiStyles.empty}>{filtered ? 'No refunds match these filters.' : 'No refunds or refund requests yet.'}</p>
      ) : (
        <>
          <ListSummary page={query.page} pageSize={REFUNDS_PAGE_SIZE} shown={rows.length} total={total} noun="refunds" />
          {narrow ? <RefundCards rows={rows} actionsOf={actionsOf} /> : <RefundTable rows={rows} actionsOf={actionsOf} />}
        </>
      );
  }

  return (
    <AdminLayout title="Refunds">
      <div className={styles.stack} aria-busy={state.status === 'loading'}>
        <div className={styles.toolbar}>
          <SearchForm
            label="Search refunds"
            value={query.q}
            placeholder="An ID, e-mail or name"
            hint="Matches the order ID, payment ID, refund ID, customer e-mail or name."
            onSearch={(q) => refine({ q })}
          />
          <FilterSelect
            id={`${filterId}-state`}
            label="State"
            value={query.state}
            options={REFUND_STATE_OPTIONS}
            onChange={(value) => refine({ state: value as RefundStateFilter })}
          />
        </div>
        <div id={LIST_ID} tabIndex={-1} className={`${styles.stack} ${own.list}`}>
          {body}
        </div>
        {pages !== null && state.status !== 'failed' && (
          <Pager page={query.page} pages={pages} onChange={goTo} disabled={state.status === 'loading'} label="Refund pages" />
        )}
      </div>
      <RefundActionDialog action={refund} />
      <Toast message={refund.done} tone={refund.doneTone} durationMs={ADMIN_TOAST_MS} onDone={refund.clearDone} />
    </AdminLayout>
  );
}
