import { useCallback, useEffect, useState } from 'react';
import { ApiError, adminApi, api, hasAdminSession, type Receipt, type ReceiptAnswer } from '@growth/kit';
import { reasonOf } from '../profile/reason';

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'loaded'; receipt: Receipt }
  /** No such order for this caller: missing, unpaid, someone else's, or not an order id at all (the server answers them alike). */
  | { status: 'not-found' }
  /** The session ended on the way (401): sign in again. */
  | { status: 'signed-out' }
  | { status: 'failed'; reason: string };

/**
 * The receipt of `orderId` (GET /orders/{orderId}/receipt, docs/payments.md#receipt), read with the
 * customer's token when signed in as a customer, else staff's. A customer who is also signed in as
 * staff and does not own the order is asked again with the admin token.
 */
export function useReceipt(orderId: string, asCustomer: boolean): { state: ReceiptState; retry(): void } {
  const [state, setState] = useState<ReceiptState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const path = `/orders/${encodeURIComponent(orderId)}/receipt`;
    const read = async (): Promise<ReceiptState> => {
      try {
        const clients = asCustomer ? [api, ...(hasAdminSession() ? [adminApi] : [])] : [adminApi];
        for (const [index, client] of clients.entries()) {
          try {
            const answer = await client.get<ReceiptAnswer>(path);
            if (answer.receipt) return { status: 'loaded', receipt: answer.receipt };
            return { status: 'failed', reason: 'The receipt could not be read.' };
          } catch (error) {
            const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
            if (!notFound || index === clients.length - 1) throw error;
          }
        }
        return { status: 'not-found' };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { status: 'not-found' };
        if (error instanceof ApiError && error.status === 401) return { status: 'signed-out' };
        return { status: 'failed', reason: reasonOf(error) };
      }
    };
    void read().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [orderId, asCustomer, attempt]);

  return { state, retry };
}
