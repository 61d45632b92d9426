/** Shared by the staff refill specs in src/fulfilment (docs/refill.md): a signed-in admin with a fake API, refills and subscriptions to show, the task rows that show them, and what the specs look at. */
import type { AdminRefill, AdminRefillEntry, AdminSubscription, TasksAnswer } from '@growth/kit';
import { useCallback, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import { subscriptionBody } from '@growth/kit/test';
import { AdminSubscriptionCard } from '../subscriptions/AdminSubscriptionCard';
import { FulfilmentButtons } from '../tasks/FulfilmentButtons';
import { taskItemId, useFulfilmentAction } from '../tasks/useFulfilmentAction';
import { installFakeApi, type FakeApi } from './fakeApi';

/** Run before each spec: a signed-in admin, animation frames as timers, a fresh fake API (returned). */
export function signedInAdminApi(): FakeApi {
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
  localStorage.clear();
  localStorage.setItem('adminToken', 'admin-token');
  localStorage.setItem('adminId', 'a1');
  return installFakeApi();
}

export const placed = {
  state: 'done',
  serviceId: '3',
  serviceName: 'YouTube Views',
  quantity: 1000,
  upstreamOrderId: '4711',
  upstreamStatus: 'Completed',
  charge: '1.50',
  currency: 'USD',
  startCount: 1204,
  remains: 0,
  note: null,
  queuedAt: '2026-11-01T10:00:00.000Z',
  placedAt: '2026-11-01T10:00:05.000Z',
  checkedAt: '2026-11-02T10:00:00.000Z',
  margin: { amount: '6.35', currency: 'USD' },
};

export function entry(extra: Partial<AdminRefillEntry> = {}): AdminRefillEntry {
  return {
    id: 'r1',
    state: 'completed',
    actor: 'customer',
    requestedAt: '2026-11-10T09:30:00.000Z',
    settledAt: '2026-11-11T09:30:00.000Z',
    checkedAt: '2026-11-11T09:30:00.000Z',
    upstreamRefillId: '88',
    upstreamStatus: 'Completed',
    failure: null,
    review: false,
    ...extra,
  };
}

export function refill(extra: Partial<AdminRefill> = {}): AdminRefill {
  return {
    state: 'available',
    days: 30,
    requestedAt: null,
    settledAt: null,
    until: '2099-12-01T10:00:00.000Z',
    ended: false,
    canRequest: true,
    nextRequestAt: null,
    message: null,
    review: false,
    history: [],
    ...extra,
  };
}

/** Ann's completed order s1 (kit's subscriptionBody), placed with the provider; `extra` on top. */
export function subscription(extra: Partial<AdminSubscription> = {}): AdminSubscription {
  return subscriptionBody(1, {
    Status: 1,
    statusText: 'Completed',
    customer: { userId: 'u1', name: 'Ann', email: 'ann@example.com' },
    fulfilment: placed,
    refund: null,
    refill: null,
    ...extra,
  }) as AdminSubscription;
}

/** The tasks list's wiring, as small as it gets: the rows, the fulfilment action hook and its toast text. */
export function TaskRows({ rows }: { rows: AdminSubscription[] }) {
  const [data, setData] = useState<TasksAnswer>({ data: rows });
  const update = useCallback((change: (data: TasksAnswer) => TasksAnswer) => setData(change), []);
  const action = useFulfilmentAction(update);
  return (
    <>
      <ul>
        {(data.data ?? []).map((row) => (
          <li key={row.subscriptionId} id={taskItemId(row.subscriptionId)} tabIndex={-1}>
            <AdminSubscriptionCard
              subscription={row}
              showCustomer
              actions={<FulfilmentButtons subscription={row} disabled={action.busy} onLink={() => undefined} onRetry={() => undefined} onCancel={() => undefined} />}
            />
          </li>
        ))}
      </ul>
      <p data-testid="done">{action.done}</p>
    </>
  );
}

export function showRows(rows: AdminSubscription[]) {
  render(<TaskRows rows={rows} />);
}

export const cards = () => screen.getAllByRole('article');
export const refillBlock = (card: HTMLElement) => within(card).queryByRole('group', { name: 'Refill' });
export const refillButton = (card: HTMLElement) => within(card).queryByRole('button', { name: /^Refill:/ }) as HTMLButtonElement | null;
export const dialog = () => screen.queryByRole('alertdialog', { name: 'Ask the provider for a refill?' });
export const formatted = (iso: string, withTime = false) =>
  new Intl.DateTimeFormat(
    'en-IN',
    withTime ? { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short', year: 'numeric' },
  ).format(new Date(iso));
