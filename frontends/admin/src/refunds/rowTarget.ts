import { adminApi, type ListAnswer, type AdminSubscription, type RefundRow } from '@growth/kit';
import { serverMessage } from '../ui';
import { amountText, targetOfSubscription, type RefundTarget } from './refundTarget';

/**
 * The dialog's target for a row of the Refunds list. A row does not say what is left to refund, so
 * the order is read first, as the task list has it (POST /admin/tasks {q: orderId}): Approve starts
 * with everything left, Refund again with the failed amount, and both are checked against what is
 * left. When that read fails the dialog still opens, says so, and the server checks the amount.
 */
export async function targetOfRow(row: RefundRow, prefillFailed: boolean): Promise<RefundTarget> {
  const requestId = row.kind === 'request' ? row.id : null;
  const requestNote = row.kind === 'request' ? row.note?.trim() || null : null;
  const prefill = prefillFailed ? row.amount : null;
  let notice: string;
  try {
    const answer = await adminApi.post<ListAnswer<AdminSubscription>>('/admin/tasks', {
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      q: row.orderId ?? '',
    });
    const found = (Array.isArray(answer.data) ? answer.data : []).find((subscription) => subscription.subscriptionId === row.subscriptionId);
    if (found) {
      const target = targetOfSubscription(found, prefill);
      return { ...target, email: target.email ?? (row.customer?.email || null), requestId: requestId ?? target.requestId, requestNote };
    }
    notice = 'What is left to refund could not be checked: the order was not found in the task list.';
  } catch (error) {
    notice = `What is left to refund could not be checked${serverMessage(error) ? ` (${serverMessage(error)})` : ''}.`;
  }
  const currency = (row.currency || 'USD').toUpperCase();
  return {
    subscriptionId: row.subscriptionId ?? '',
    orderId: row.orderId || '—',
    planName: row.planName || 'subscription',
    email: row.customer?.email || null,
    currency,
    refundable: null,
    prefill: amountText(row.amount, currency),
    requestId,
    requestNote,
    notice,
  };
}
