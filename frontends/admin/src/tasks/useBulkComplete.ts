import { useCallback, useState } from 'react';
import { adminApi, type AdminSubscription, type CompleteOrdersAnswer } from '@growth/kit';

/** An order may be picked for Mark Completed while it is In Process (a refunded one is over, docs/refunds.md). */
export const canComplete = (subscription: AdminSubscription) => Number(subscription.Status) === 0 && Boolean(subscription.subscriptionId);

export interface BulkComplete {
  selected: ReadonlySet<string>;
  select(ids: string[], on: boolean): void;
  clear(): void;
  asking: boolean;
  ask(): void;
  cancel(): void;
  busy: boolean;
  /** The orders the server refused, with its reason for each. */
  refused: Array<{ subscriptionId: string; message: string }>;
  failure: unknown;
  done: string | null;
  clearDone(): void;
  confirm(): Promise<void>;
}

/**
 * Mark several orders Completed at once (docs/product.md#api, POST /admin/tasks/complete): the
 * selection, one confirmation, then the list read again (`reload`) so every row shows what the
 * server now holds; the orders it refused are named with its reason.
 */
export function useBulkComplete(reload: () => void): BulkComplete {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<BulkComplete['refused']>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  const select = useCallback((ids: string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const confirm = useCallback(async () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    setBusy(true);
    setFailure(null);
    setRefused([]);
    try {
      const answer = await adminApi.post<CompleteOrdersAnswer>('/admin/tasks/complete', { subscriptionIds: ids });
      const results = Array.isArray(answer.results) ? answer.results : [];
      setRefused(results.flatMap((r) => (r.outcome === 'refused' ? [{ subscriptionId: r.subscriptionId, message: r.message }] : [])));
      const completed = results.filter((r) => r.outcome === 'completed').length;
      setDone(`${completed} ${completed === 1 ? 'order' : 'orders'} marked Completed`);
      setSelected(new Set());
      reload();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }, [selected, reload]);

  return {
    selected,
    select,
    clear: useCallback(() => setSelected(new Set()), []),
    asking,
    ask: useCallback(() => setAsking(true), []),
    cancel: useCallback(() => setAsking(false), []),
    busy,
    refused,
    failure,
    done,
    clearDone: useCallback(() => setDone(null), []),
    confirm,
  };
}
