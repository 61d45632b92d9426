import { useCallback, useState } from 'react';
import { adminApi } from '@growth/kit';
import type { AdminSubscription } from '../subscriptions/AdminSubscriptionCard';
import { withReturnedRow, type TasksAnswer } from './useTasks';

type Kind = 'retry' | 'cancel';

export interface FulfilmentAction {
  /** The subscription whose cancellation waits for confirmation. */
  pendingCancel: AdminSubscription | null;
  busy: boolean;
  /** The last action's failure: what failed, and what was thrown (the server's 409 text, …). */
  failure: { title: 'Retry failed' | 'Cancel failed' | 'No subscription returned'; error?: unknown } | null;
  /** Text of the last action that went through. */
  done: string | null;
  /** Places the order with the provider again (no confirmation: the card's note says what to check first). */
  retry(subscription: AdminSubscription): Promise<void>;
  askCancel(subscription: AdminSubscription): void;
  dismissCancel(): void;
  confirmCancel(): Promise<void>;
  clearDone(): void;
}

/** The id of a task's list item, which takes the focus when its Retry or Cancel button goes away. */
export const taskItemId = (subscriptionId: string) => `task-${subscriptionId}`;

const orderName = (subscription: AdminSubscription) => `${subscription.planName || 'Subscription'} order ${subscription.orderId || '—'}`;

/**
 * Retry and Cancel of an order the provider step holds (issue 10): POST /admin/fulfilment/retry or
 * /cancel {subscriptionId}; the row takes the returned subscription, the server's refusal (409:
 * not allowed in that state) is shown as it says it.
 */
export function useFulfilmentAction(update: (change: (data: TasksAnswer) => TasksAnswer) => void): FulfilmentAction {
  const [pendingCancel, setPendingCancel] = useState<AdminSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FulfilmentAction['failure']>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = useCallback(
    async (kind: Kind, target: AdminSubscription) => {
      setBusy(true);
      setFailure(null);
      try {
        const answer = await adminApi.post<{ subscription?: AdminSubscription | null }>(`/admin/fulfilment/${kind}`, {
          subscriptionId: target.subscriptionId,
        });
        const returned = answer.subscription;
        if (!returned || typeof returned !== 'object') {
          setFailure({ title: 'No subscription returned' });
          return;
        }
        update((data) => withReturnedRow(data, { ...returned, subscriptionId: target.subscriptionId }));
        setDone(kind === 'retry' ? `${orderName(target)} is queued for the provider again` : `${orderName(target)} is cancelled`);
        // The button just used is gone with the old state: the card takes the focus, not the page.
        requestAnimationFrame(() => document.getElementById(taskItemId(target.subscriptionId))?.focus());
      } catch (error) {
        setFailure({ title: kind === 'retry' ? 'Retry failed' : 'Cancel failed', error });
      } finally {
        setBusy(false);
      }
    },
    [update],
  );

  const confirmCancel = useCallback(async () => {
    const target = pendingCancel;
    if (!target) return;
    await run('cancel', target);
    setPendingCancel(null);
  }, [pendingCancel, run]);

  return {
    pendingCancel,
    busy,
    failure,
    done,
    retry: useCallback((subscription: AdminSubscription) => run('retry', subscription), [run]),
    askCancel: useCallback((subscription: AdminSubscription) => {
      setFailure(null);
      setPendingCancel(subscription);
    }, []),
    dismissCancel: useCallback(() => setPendingCancel(null), []),
    confirmCancel,
    clearDone: useCallback(() => setDone(null), []),
  };
}
