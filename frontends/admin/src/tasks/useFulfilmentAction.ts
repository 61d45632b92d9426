import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi, type SubscriptionAnswer, type AdminSubscription, type TasksAnswer } from '@growth/kit';
import { serverMessage } from '../ui';
import { withReturnedRow } from './useTasks';

export type Kind = 'retry' | 'cancel' | 'link';

export interface FulfilmentAction {
  /** The Retry, Cancel or Link that waits for confirmation (or, for Link, the panel's order id), and its subscription. */
  pending: { kind: Kind; subscription: AdminSubscription } | null;
  busy: boolean;
  /**
   * The last Retry's or Cancel's failure, shown on the page: what failed, and what was thrown (the
   * server's 409 text, …). A failed Link is not here: it stays in its dialog (`linkError`).
   */
  failure: { title: 'Retry failed' | 'Cancel failed' | 'No subscription returned'; error?: unknown } | null;
  /** Why the last Link was refused (the server's 400/409/502 text), shown in the Link dialog, which stays open. */
  linkError: string | null;
  /** Text of the last action that went through. */
  done: string | null;
  /**
   * Asks before each action: Retry places the order with the provider again (its API has no
   * idempotency key, so a retry of an order already there places a second one); Cancel drops it;
   * Link asks for the order's id on the provider panel.
   */
  ask(kind: Kind, subscription: AdminSubscription): void;
  dismiss(): void;
  /** Runs the pending Retry or Cancel. */
  confirm(): Promise<void>;
  /** Runs the pending Link with the order's id on the provider panel (trimmed; nothing when empty). */
  link(upstreamOrderId: string): Promise<void>;
  /** The Link dialog's field changed: its last refusal no longer applies. */
  clearLinkError(): void;
  clearDone(): void;
}

/** The id of a task's list item, which takes the focus when its Retry, Link or Cancel button goes away. */
export const taskItemId = (subscriptionId: string) => `task-${subscriptionId}`;

const orderName = (subscription: AdminSubscription) => `${subscription.planName || 'Subscription'} order ${subscription.orderId || '—'}`;

const LINK_FAILED = 'The order could not be linked. Please try again.';

/**
 * A staff refill went through (RefillButton, docs/refill.md): the subscription the server returned.
 * The Refill button holds its own dialog and call; the list that shows the row (the one holding this
 * hook) takes the answer from here, so a page that shows FulfilmentButtons needs no wiring of its own.
 */
type RefilledListener = (returned: AdminSubscription, target: AdminSubscription, message: string | null) => void;
const refilledListeners = new Set<RefilledListener>();

/** Hands a refill's answer (and the server's words about it) to the list showing its row; false when no list listens. */
export function announceRefilled(returned: AdminSubscription, target: AdminSubscription, message: string | null = null): boolean {
  refilledListeners.forEach((listener) => listener(returned, target, message));
  return refilledListeners.size > 0;
}

export interface StaffRefill {
  busy: boolean;
  /** Why the last try was refused (the server's 400/409/502 text), shown in the Refill dialog. */
  error: string | null;
  /** POST /admin/fulfilment/refill {subscriptionId}; true when it went through. */
  run(subscription: AdminSubscription): Promise<boolean>;
  clearError(): void;
}

const REFILL_FAILED = 'The refill could not be asked of the provider. Please try again.';

/**
 * Staff's Refill of one order (docs/refill.md: any order placed upstream, recorded in the audit log):
 * one call at a time, a second press sends nothing; the answer goes to the list (announceRefilled).
 */
export function useStaffRefill(): StaffRefill {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const run = useCallback(async (subscription: AdminSubscription) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.post<SubscriptionAnswer<AdminSubscription>>('/admin/fulfilment/refill', {
        subscriptionId: subscription.subscriptionId,
      });
      const returned = answer.subscription;
      if (!returned || typeof returned !== 'object') {
        setError('No subscription returned');
        return false;
      }
      // The provider may have refused (still a 200: the request was recorded); the server's words say how it went.
      const message = typeof answer.message === 'string' && answer.message.trim() ? answer.message.trim() : null;
      announceRefilled({ ...returned, subscriptionId: subscription.subscriptionId }, subscription, message);
      return true;
    } catch (failure) {
      setError(serverMessage(failure) ?? REFILL_FAILED);
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clearError: useCallback(() => setError(null), []) };
}

/**
 * Retry, Link and Cancel of an order the provider step holds (docs/fulfilment.md): POST /admin/fulfilment/retry
 * or /cancel {subscriptionId}, /link {subscriptionId, upstreamOrderId}, each after confirmation; the
 * row takes the returned subscription. The server's refusal is shown as it says it: for Retry and
 * Cancel on the page (their dialog closes), for Link inside its dialog, which stays open so staff can
 * fix a mistyped id.
 */
export function useFulfilmentAction(update: (change: (data: TasksAnswer) => TasksAnswer) => void): FulfilmentAction {
  const [pending, setPending] = useState<FulfilmentAction['pending']>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FulfilmentAction['failure']>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A second Enter or click before `busy` has disabled the buttons must not send a second request.
  const running = useRef(false);

  /** True when the action went through. */
  const run = useCallback(
    async (kind: Kind, target: AdminSubscription, upstreamOrderId: string): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      setFailure(null);
      setLinkError(null);
      try {
        const body = kind === 'link' ? { subscriptionId: target.subscriptionId, upstreamOrderId } : { subscriptionId: target.subscriptionId };
        const answer = await adminApi.post<SubscriptionAnswer<AdminSubscription>>(`/admin/fulfilment/${kind}`, body);
        const returned = answer.subscription;
        if (!returned || typeof returned !== 'object') {
          if (kind === 'link') setLinkError('No subscription returned');
          else setFailure({ title: 'No subscription returned' });
          return false;
        }
        update((data) => withReturnedRow(data, { ...returned, subscriptionId: target.subscriptionId }));
        if (kind === 'link') setDone(`Linked to panel order ${returned.fulfilment?.upstreamOrderId || upstreamOrderId}`);
        else setDone(kind === 'retry' ? `${orderName(target)} is queued for the provider again` : `${orderName(target)} is cancelled`);
        // The button just used is gone with the old state: the card takes the focus, not the page.
        requestAnimationFrame(() => document.getElementById(taskItemId(target.subscriptionId))?.focus());
        return true;
      } catch (error) {
        if (kind === 'link') setLinkError(serverMessage(error) ?? LINK_FAILED);
        else setFailure({ title: kind === 'retry' ? 'Retry failed' : 'Cancel failed', error });
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [update],
  );

  // A staff refill's answer (RefillButton) replaces its row, says so, and the card takes the focus.
  useEffect(() => {
    const listener: RefilledListener = (returned, target, message) => {
      update((data) => withReturnedRow(data, returned));
      setDone(message ? `${orderName(target)}: ${message}` : `Refill asked of the provider for ${orderName(target)}`);
      requestAnimationFrame(() => document.getElementById(taskItemId(target.subscriptionId))?.focus());
    };
    refilledListeners.add(listener);
    return () => {
      refilledListeners.delete(listener);
    };
  }, [update]);

  const confirm = useCallback(async () => {
    const target = pending;
    if (!target || target.kind === 'link') return;
    await run(target.kind, target.subscription, '');
    setPending(null);
  }, [pending, run]);

  const link = useCallback(
    async (upstreamOrderId: string) => {
      const target = pending;
      const id = upstreamOrderId.trim();
      if (!target || target.kind !== 'link' || id === '') return;
      // A refused Link keeps its dialog (and what was typed) for another try.
      if (await run('link', target.subscription, id)) setPending(null);
    },
    [pending, run],
  );

  return {
    pending,
    busy,
    failure,
    linkError,
    done,
    ask: useCallback((kind: Kind, subscription: AdminSubscription) => {
      setFailure(null);
      setLinkError(null);
      setPending({ kind, subscription });
    }, []),
    dismiss: useCallback(() => {
      setPending(null);
      setLinkError(null);
    }, []),
    confirm,
    link,
    clearLinkError: useCallback(() => setLinkError(null), []),
    clearDone: useCallback(() => setDone(null), []),
  };
}
