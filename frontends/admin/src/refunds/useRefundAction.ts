import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, adminApi, type AdminSubscription, type RefundAnswer } from '@growth/kit';
import { moneyText } from '../fulfilment/fulfilmentTypes';
import { serverMessage } from '../ui';
import type { RefundTarget } from './refundTarget';

/** Refund (staff's own), Approve or Decline (a customer's request). */
export type RefundKind = 'refund' | 'approve' | 'decline';

/** What the dialog gives: the checked amount and reason (Refund), the amount (Approve), the message (Decline). */
export interface RefundDecision {
  amount?: string;
  reason?: string;
  message?: string;
}

export interface RefundAction {
  pending: { kind: RefundKind; target: RefundTarget } | null;
  busy: boolean;
  /** Why the server refused the last try (its 400/409 text), shown in the dialog, which stays open. */
  error: string | null;
  /** Text of the last action that went through (the toast). */
  done: string | null;
  /** 'failure' when the gateway refused the refund at once (the card then says why). */
  doneTone: 'success' | 'failure';
  ask(kind: RefundKind, target: RefundTarget): void;
  dismiss(): void;
  submit(decision: RefundDecision): Promise<void>;
  /** A field changed: the last refusal no longer applies. */
  clearError(): void;
  clearDone(): void;
}

const FAILED: Record<RefundKind, string> = {
  refund: 'The refund could not be issued. Please try again.',
  approve: 'The refund could not be issued. Please try again.',
  decline: 'The request could not be declined. Please try again.',
};

/**
 * Staff's refunds (docs/refunds.md "What the APIs say"): Refund is POST /admin/refunds
 * {subscriptionId, amount, reason}; Approve and Decline are POST /admin/refund-requests/decide
 * {requestId, approve, amount | message}. Each is sent once (a second click or Enter while one is
 * under way sends nothing); a refusal stays in the dialog with what was typed. On success
 * `onDone` gets the returned subscription (null when the answer had none: the list is read again
 * rather than guessed) and the toast says what happened.
 */
export function useRefundAction(onDone: (subscription: AdminSubscription | null, target: RefundTarget, kind: RefundKind) => void): RefundAction {
  const [pending, setPending] = useState<RefundAction['pending']>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [doneTone, setDoneTone] = useState<RefundAction['doneTone']>('success');
  const [settled, setSettled] = useState<{ subscription: AdminSubscription | null; target: RefundTarget; kind: RefundKind } | null>(null);
  const running = useRef(false);
  const finished = useRef(onDone);
  finished.current = onDone;

  // `onDone` runs once the dialog is gone: its clean-up has given the focus back to the opener by
  // then, so the focus `onDone` moves (to the card, to the list) stays where it is put.
  useEffect(() => {
    if (!settled || pending) return;
    setSettled(null);
    finished.current(settled.subscription, settled.target, settled.kind);
  }, [settled, pending]);

  const submit = useCallback(
    async (decision: RefundDecision) => {
      const current = pending;
      if (!current || running.current) return;
      const { kind, target } = current;
      let path: string;
      let body: Record<string, unknown>;
      if (kind === 'refund') {
        path = '/admin/refunds';
        body = { subscriptionId: target.subscriptionId, amount: decision.amount, reason: decision.reason };
      } else {
        if (!target.requestId) return;
        path = '/admin/refund-requests/decide';
        body =
          kind === 'approve'
            ? { requestId: target.requestId, approve: true, amount: decision.amount }
            : { requestId: target.requestId, approve: false, message: decision.message };
      }
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        const answer = await adminApi.post<RefundAnswer>(path, body);
        const returned = answer.subscription && typeof answer.subscription === 'object' ? answer.subscription : null;
        setPending(null);
        const money = moneyText(decision.amount, target.currency);
        // The gateway may refuse at once (docs/refunds.md "How a refund runs"): the refund is stored as
        // failed, its amount free again; that is no success to announce.
        const refused = kind !== 'decline' && answer.refund?.state === 'failed';
        setDoneTone(refused ? 'failure' : 'success');
        if (kind === 'decline') setDone('Refund request declined');
        else if (refused) setDone(`The refund of ${money} failed: ${answer.refund?.failure?.trim() || 'the payment gateway refused it'}`);
        else setDone(`Refund of ${money} issued`);
        setSettled({ subscription: returned ? { ...returned, subscriptionId: returned.subscriptionId || target.subscriptionId } : null, target, kind });
      } catch (failure) {
        const said = serverMessage(failure) ?? FAILED[kind];
        // No answer, or the server broke after the refund may have been stored: a second try could
        // refund twice, so staff are told to look first.
        const unclear = kind !== 'decline' && (!(failure instanceof ApiError) || failure.status === 0 || failure.status >= 500);
        setError(unclear ? `${said} The refund may have been issued: reload the page and check before trying again.` : said);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [pending],
  );

  return {
    pending,
    busy,
    error,
    done,
    doneTone,
    ask: useCallback((kind: RefundKind, target: RefundTarget) => {
      setError(null);
      setPending({ kind, target });
    }, []),
    dismiss: useCallback(() => {
      if (running.current) return;
      setPending(null);
      setError(null);
    }, []),
    submit,
    clearError: useCallback(() => setError(null), []),
    clearDone: useCallback(() => setDone(null), []),
  };
}
