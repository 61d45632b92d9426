import { useCallback, useState } from 'react';
import { adminApi, type SubscriptionAnswer, type AdminSubscription, type TasksAnswer } from '@growth/kit';
import { withReturnedRow } from './useTasks';

/** The other state of a task: 0 In Process ↔ 1 Completed; null for any other status. */
export function nextStatus(status: unknown): 0 | 1 | null {
  const code = typeof status === 'string' && status.trim() !== '' ? Number(status) : status;
  if (code === 0) return 1;
  if (code === 1) return 0;
  return null;
}

export interface StatusToggle {
  /** The subscription whose change waits for confirmation. */
  pending: AdminSubscription | null;
  busy: boolean;
  /** The last change's failure: the spec's text and what was thrown (if anything). */
  failure: { title: 'Failed to update status' | 'No subscription returned'; error?: unknown } | null;
  /** Text of the last change that went through. */
  done: string | null;
  ask(subscription: AdminSubscription): void;
  cancel(): void;
  confirm(): Promise<void>;
  clearDone(): void;
}

/**
 * The status toggle of the tasks list (docs/product.md#orders-and-fulfilment): after confirmation, POST /admin/upStatus
 * {subscriptionId, Status}; the row changes only when the server returns the subscription
 * ('No subscription returned' otherwise, 'Failed to update status' when the call fails).
 */
export function useStatusToggle(update: (change: (data: TasksAnswer) => TasksAnswer) => void): StatusToggle {
  const [pending, setPending] = useState<AdminSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<StatusToggle['failure']>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = useCallback(async () => {
    const target = pending;
    const status = target ? nextStatus(target.Status) : null;
    if (!target || status === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await adminApi.post<SubscriptionAnswer<AdminSubscription>>('/admin/upStatus', {
        subscriptionId: target.subscriptionId,
        Status: status,
      });
      const returned = answer.subscription;
      if (!returned || typeof returned !== 'object') {
        setFailure({ title: 'No subscription returned' });
      } else {
        update((data) => withReturnedRow(data, { ...returned, subscriptionId: target.subscriptionId }));
        setDone(`Status updated: ${returned.planName || target.planName || 'subscription'} is ${Number(returned.Status) === 1 ? 'Completed' : 'In Process'}`);
      }
    } catch (error) {
      setFailure({ title: 'Failed to update status', error });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }, [pending, update]);

  return {
    pending,
    busy,
    failure,
    done,
    ask: useCallback((subscription: AdminSubscription) => {
      setFailure(null);
      setPending(subscription);
    }, []),
    cancel: useCallback(() => setPending(null), []),
    confirm,
    clearDone: useCallback(() => setDone(null), []),
  };
}
