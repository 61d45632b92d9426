import { useCallback, type ReactNode } from 'react';
import { Spinner, type AdminSubscription } from '@growth/kit';
import { AdminLayout } from '../layout/AdminLayout';
import { ListSummary } from '../lists/ListSummary';
import { TasksTable } from '../lists/TasksTable';
import { useWideScreen } from '../layout/useWideScreen';
import { OrdersSection } from '../orders/OrdersSection';
import { RefundButton, RequestButtons, orderWhich } from '../refunds/RefundButtons';
import { RefundActionDialog } from '../refunds/RefundActionDialog';
import { canRefund, targetOfSubscription } from '../refunds/refundTarget';
import { useRefundAction, type RefundKind } from '../refunds/useRefundAction';
import { AdminSubscriptionCard } from '../subscriptions/AdminSubscriptionCard';
import { FulfilmentButtons } from '../tasks/FulfilmentButtons';
import { LinkOrderDialog } from '../tasks/LinkOrderDialog';
import { StatusToggleButton } from '../tasks/StatusToggleButton';
import { TaskFilters } from '../tasks/TaskFilters';
import { taskItemId, useFulfilmentAction } from '../tasks/useFulfilmentAction';
import { useStatusToggle } from '../tasks/useStatusToggle';
import { canComplete, useBulkComplete } from '../tasks/useBulkComplete';
import { PickBox } from '../tasks/PickBox';
import tableStyles from '../lists/Table.module.css';
import { useTasks, withReturnedRow } from '../tasks/useTasks';
import { ADMIN_TOAST_MS, ConfirmDialog, ErrorBanner, Pager, Toast, uiStyles } from '../ui';
import styles from '../lists/Lists.module.css';

/**
 * Tasks (docs/product.md#admin): every subscription with status and fulfilment filters, search, sort and page size
 * (all in the address); a status toggle after confirmation; the provider's part of each order
 * (docs/fulfilment.md) with Link panel order (the id staff found on the provider panel), Retry and Cancel (each
 * after confirmation) where allowed; refunds (docs/refunds.md): the card's refund block, Refund… on
 * a paid order with something left to refund, Approve / Decline of an open request, each in a dialog.
 * From 1100 px the list is a table (the customer's name and e-mail, sortable by plan and date, the
 * toggle on the row, Details opening the full card with every other action); cards below. Every In Process
 * order has a pick box (row or card) for Mark Completed of several at once, after one confirmation.
 * Below: orders needing attention, once the list has arrived.
 */
export default function Tasks() {
  const { state, query, pages, goTo, refine, retry, update } = useTasks();
  const wide = useWideScreen();
  const toggle = useStatusToggle(update);
  const action = useFulfilmentAction(update);
  const refund = useRefundAction(
    useCallback(
      (returned: AdminSubscription | null, target: { subscriptionId: string }) => {
        // Without the subscription in the answer the list is read again rather than guessed.
        if (returned) update((data) => withReturnedRow(data, returned));
        else retry();
        // The button just used may be gone (nothing left to refund): the card takes the focus.
        document.getElementById(taskItemId(target.subscriptionId))?.focus();
      },
      [update, retry],
    ),
  );
  const bulk = useBulkComplete(retry);
  const working = toggle.busy || action.busy || refund.busy || bulk.busy;
  // The orders needing attention sit under the list: they load at once but are shown once the list has
  // first arrived (or failed); a later load keeps the answer before it. Shown before it, on a phone
  // they start in view and the arriving cards push them down the page, a layout shift of the whole section.
  const listArrived = state.status !== 'loading' || state.previous !== null;
  const askRefund = (kind: RefundKind, subscription: AdminSubscription) => refund.ask(kind, targetOfSubscription(subscription));

  /** A subscription's card with every action; in the table the status toggle is on the row instead. */
  const cardOf = (subscription: AdminSubscription, withToggle: boolean) => (
    <AdminSubscriptionCard
      subscription={subscription}
      showCustomer
      pick={
        withToggle && canComplete(subscription) ? <PickBox subscription={subscription} selected={bulk.selected} disabled={working} onSelect={bulk.select} /> : undefined
      }
      requestActions={
        <RequestButtons
          which={orderWhich(subscription.planName, subscription.orderId)}
          disabled={working}
          onApprove={() => askRefund('approve', subscription)}
          onDecline={() => askRefund('decline', subscription)}
        />
      }
      actions={
        <>
          {withToggle && <StatusToggleButton subscription={subscription} disabled={working} onToggle={() => toggle.ask(subscription)} />}
          <FulfilmentButtons
            subscription={subscription}
            disabled={working}
            onLink={() => action.ask('link', subscription)}
            onRetry={() => action.ask('retry', subscription)}
            onCancel={() => action.ask('cancel', subscription)}
          />
          {/* An open request is answered with Approve or Decline, in the refund block. */}
          {canRefund(subscription) && !subscription.refund?.requestId && (
            <RefundButton which={orderWhich(subscription.planName, subscription.orderId)} disabled={working} onRefund={() => askRefund('refund', subscription)} />
          )}
        </>
      }
    />
  );

  let body: ReactNode;
  if (state.status === 'failed') {
    body = <ErrorBanner title="Failed to load subscriptions" error={state.error} onRetry={retry} />;
  } else if (state.status === 'loading') {
    body = <Spinner label="Loading subscriptions…" />;
  } else {
    const items = Array.isArray(state.data.data) ? state.data.data : [];
    const total = Number(state.data.paging?.total ?? items.length);
    const filtered = query.q !== '' || query.status !== 'all' || query.fulfilment !== 'all';
    let empty = filtered ? 'No subscriptions match these filters.' : 'No subscriptions yet.';
    if (query.fulfilment === 'needs_review' && query.q === '' && query.status === 'all') empty = 'No order needs review.';
    body =
      items.length === 0 ? (
        <p className={uiStyles.empty}>{empty}</p>
      ) : (
        <>
          <ListSummary page={query.page} pageSize={query.limit} shown={items.length} total={total} noun="subscriptions" />
          {wide ? (
            <TasksTable
              items={items}
              query={query}
              onSort={refine}
              rowId={(subscription) => taskItemId(subscription.subscriptionId)}
              rowActions={(subscription) => <StatusToggleButton subscription={subscription} disabled={working} onToggle={() => toggle.ask(subscription)} />}
              card={(subscription) => cardOf(subscription, false)}
              selected={bulk.selected}
              onSelect={bulk.select}
              disabled={working}
            />
          ) : (
            <ul className={styles.gridWide}>
              {items.map((subscription) => (
                <li key={subscription.subscriptionId || subscription._id} id={taskItemId(subscription.subscriptionId)} tabIndex={-1}>
                  {cardOf(subscription, true)}
                </li>
              ))}
            </ul>
          )}
        </>
      );
  }

  const listed = state.status === 'loaded' && Array.isArray(state.data.data) ? state.data.data : [];
  const named = new Map<string, string>();
  for (const s of listed) named.set(s.subscriptionId, `${s.planName || 'Subscription'} order ${s.orderId || '—'}`);
  const orderNameOf = (id: string) => named.get(id) ?? `Order ${id}`;
  const pending = toggle.pending;
  const nextLabel = pending && Number(pending.Status) === 0 ? 'Completed' : 'In Process';
  return (
    <AdminLayout title="Tasks">
      <div className={styles.stack} aria-busy={state.status === 'loading'}>
        <TaskFilters query={query} onRefine={refine} />
        {toggle.failure && <ErrorBanner title={toggle.failure.title} error={toggle.failure.error} />}
        {action.failure && <ErrorBanner title={action.failure.title} error={action.failure.error} />}
        {bulk.failure !== null && <ErrorBanner title="Failed to mark the orders Completed" error={bulk.failure} />}
        {bulk.refused.length > 0 && (
          <div className={uiStyles.empty} role="alert">
            <p>
              {bulk.refused.length} {bulk.refused.length === 1 ? 'order was' : 'orders were'} not marked Completed:
            </p>
            <ul>
              {bulk.refused.map((r) => (
                <li key={r.subscriptionId}>
                  {orderNameOf(r.subscriptionId)}: {r.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {bulk.selected.size > 0 && (
          <div className={tableStyles.bulkBar}>
            <span>
              {bulk.selected.size} {bulk.selected.size === 1 ? 'order' : 'orders'} selected
            </span>
            <button type="button" className="button" disabled={working} onClick={bulk.ask}>
              Mark Completed
            </button>
            <button type="button" className="button button--ghost" disabled={working} onClick={bulk.clear}>
              Clear selection
            </button>
          </div>
        )}
        {body}
        {pages !== null && state.status !== 'failed' && (
          <Pager page={query.page} pages={pages} onChange={goTo} disabled={state.status === 'loading'} label="Task pages" />
        )}
        <OrdersSection hidden={!listArrived} />
      </div>
      {pending && (
        <ConfirmDialog
          title="Change status?"
          confirmLabel={`Mark ${nextLabel}`}
          danger={false}
          busy={toggle.busy}
          onConfirm={() => void toggle.confirm()}
          onCancel={toggle.cancel}
        >
          <p>
            Mark the {pending.planName || 'subscription'} order {pending.orderId || '—'}
            {pending.customer?.email ? ` of ${pending.customer.email}` : ''} as {nextLabel}?
          </p>
        </ConfirmDialog>
      )}
      {action.pending?.kind === 'link' && (
        <LinkOrderDialog
          subscription={action.pending.subscription}
          busy={action.busy}
          error={action.linkError}
          onLink={(upstreamOrderId) => void action.link(upstreamOrderId)}
          onEdit={action.clearLinkError}
          onCancel={action.dismiss}
        />
      )}
      {action.pending?.kind === 'retry' && (
        <ConfirmDialog
          title="Place this order with the provider again?"
          confirmLabel="Place again"
          cancelLabel="Keep it"
          danger={false}
          busy={action.busy}
          onConfirm={() => void action.confirm()}
          onCancel={action.dismiss}
        >
          <p>
            The {action.pending.subscription.planName || 'subscription'} order {action.pending.subscription.orderId || '—'}
            {action.pending.subscription.customer?.email ? ` of ${action.pending.subscription.customer.email}` : ''} goes to the provider again.
          </p>
          <p>Check the provider panel first: if the order is already there, retrying places a second one.</p>
        </ConfirmDialog>
      )}
      {action.pending?.kind === 'cancel' && (
        <ConfirmDialog
          title="Cancel this order?"
          confirmLabel="Cancel order"
          cancelLabel="Keep it"
          busy={action.busy}
          onConfirm={() => void action.confirm()}
          onCancel={action.dismiss}
        >
          <p>
            The {action.pending.subscription.planName || 'subscription'} order {action.pending.subscription.orderId || '—'}
            {action.pending.subscription.customer?.email ? ` of ${action.pending.subscription.customer.email}` : ''} will not be sent to the provider.
          </p>
          <p>The customer will see it as Canceled. This cannot be undone.</p>
        </ConfirmDialog>
      )}
      {bulk.asking && (
        <ConfirmDialog
          title={`Mark ${bulk.selected.size} ${bulk.selected.size === 1 ? 'order' : 'orders'} Completed?`}
          confirmLabel="Mark Completed"
          danger={false}
          busy={bulk.busy}
          onConfirm={() => void bulk.confirm()}
          onCancel={bulk.cancel}
        >
          <p>Each order is marked Completed, recorded in the audit log, and its customer is told by e-mail:</p>
          <ul>
            {[...bulk.selected].map((id) => (
              <li key={id}>{orderNameOf(id)}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
      <RefundActionDialog action={refund} />
      <Toast
        message={refund.done ?? action.done ?? toggle.done ?? bulk.done}
        tone={refund.done ? refund.doneTone : 'success'}
        durationMs={ADMIN_TOAST_MS}
        onDone={() => {
          refund.clearDone();
          action.clearDone();
          toggle.clearDone();
          bulk.clearDone();
        }}
      />
    </AdminLayout>
  );
}
