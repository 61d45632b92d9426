import { useCallback, useState } from 'react';
import { adminApi } from '@growth/kit';
import type { AdminSubscription } from '../subscriptions/AdminSubscriptionCard';
import { withReturnedRow, type TasksAnswer } from './useTasks';

export type Kind = 'retry' | 'cancel';

export interface FulfilmentAction {
  /** The Retry or Cancel that waits for confirmation, and its subscription. */
  pending: { kind: Kind; subscription: AdminSubscription } | null;
  busy: boolean;
  /** The last action's failure: what failed, and what was thrown (the server's 409 text, …). */
  failure: { title: 'Retry failed' | 'Cancel failed' | 'No subscription returned'; error?: unknown } | null;
  /** Text of the last action that went through. */
  done: string | null;
  /**
   * Asks before either action: Retry places the order with the provider again (its API has no
   * idempotency key, so a retry of an order already there places a second one); Cancel drops it.
   */
  ask(kind: Kind, subscription: AdminSubscription): void;
  dismiss(): void;
  confirm(): Promise<void>;
  clearDone(): void;
}

/** The id of a task's list item, which takes the focus when its Retry or Cancel button goes away. */
export const taskItemId = (subscriptionId: string) => `task-${subscriptionId}`;

const orderName = (subscription: AdminSubscription) => `${subscription.planName || 'Subscription'} order ${subscription.orderId || '—'}`;

/**
 * Retry and Cancel of an order the provider step holds (issue 10): POST /admin/fulfilment/retry or
 * /cancel {subscriptionId}, each after confirmation; the row takes the returned subscription, the
 * server's refusal (409: not allowed in that state) is shown as it says it.
 */
export function useFulfilmentAction(update: (change: (data: TasksAnswer) => TasksAnswer) => void): FulfilmentAction {
  const [pending, setPending] = useState<FulfilmentAction['pending']>(null);
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

  const confirm = useCallback(async () => {
    const target = pending;
    if (!target) return;
    await run(target.kind, target.subscription);
    setPending(null);
  }, [pending, run]);

  return {
    pending,
    busy,
    failure,
    done,
    ask: useCallback((kind: Kind, subscription: AdminSubscription) => {
      setFailure(null);
      setPending({ kind, subscription });
    }, []),
    dismiss: useCallback(() => setPending(null), []),
    confirm,
    clearDone: useCallback(() => setDone(null), []),
  };
}
