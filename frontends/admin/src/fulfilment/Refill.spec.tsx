import { useCallback, useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AdminSubscriptionCard, type AdminSubscription } from '../subscriptions/AdminSubscriptionCard';
import { FulfilmentButtons } from '../tasks/FulfilmentButtons';
import { taskItemId, useFulfilmentAction } from '../tasks/useFulfilmentAction';
import type { TasksAnswer } from '../tasks/useTasks';
import { installFakeApi, type Answer, type FakeApi } from '../test/fakeApi';
import { ProviderCard, NO_REFILL_TEXT, reportText } from './ProviderCard';
import type { AdminRefill, AdminRefillEntry } from './fulfilmentTypes';

/** Refills for staff (docs/refill.md): the task card's refill block, the Refill button and its dialog, the provider card. */

let fake: FakeApi;

beforeEach(() => {
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
  localStorage.clear();
  localStorage.setItem('adminToken', 'admin-token');
  localStorage.setItem('adminId', 'a1');
  fake = installFakeApi();
});

const placed = {
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

function entry(extra: Partial<AdminRefillEntry> = {}): AdminRefillEntry {
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

function refill(extra: Partial<AdminRefill> = {}): AdminRefill {
  return {
    state: 'available',
    days: 30,
    requestedAt: null,
    settledAt: null,
    until: '2099-12-01T10:00:00.000Z',
    canRequest: true,
    nextRequestAt: null,
    message: null,
    review: false,
    history: [],
    ...extra,
  };
}

function subscription(extra: Partial<AdminSubscription> = {}): AdminSubscription {
  return {
    _id: 's1',
    subscriptionId: 's1',
    planName: 'YouTube',
    profileLink: 'https://youtube.com/@ann',
    orderId: 'order_1',
    paymentId: 'pay_1',
    createdAt: '2026-11-01T10:00:00.000Z',
    Status: 1,
    statusText: 'Completed',
    pricing: { pricingId: 'p1', name: 'Growth', price: '7.85', description: '', features: [], isPopular: false, currency: 'USD' },
    customer: { userId: 'u1', name: 'Ann', email: 'ann@example.com' },
    fulfilment: placed,
    refund: null,
    refill: null,
    ...extra,
  } as AdminSubscription;
}

/** The tasks list's wiring, as small as it gets: the rows, the fulfilment action hook and its toast text. */
function TaskRows({ rows }: { rows: AdminSubscription[] }) {
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

function showRows(rows: AdminSubscription[]) {
  render(<TaskRows rows={rows} />);
}

const cards = () => screen.getAllByRole('article');
const refillBlock = (card: HTMLElement) => within(card).queryByRole('group', { name: 'Refill' });
const refillButton = (card: HTMLElement) => within(card).queryByRole('button', { name: /^Refill:/ }) as HTMLButtonElement | null;
const dialog = () => screen.queryByRole('alertdialog', { name: 'Ask the provider for a refill?' });
const formatted = (iso: string, withTime = false) =>
  new Intl.DateTimeFormat(
    'en-IN',
    withTime ? { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short', year: 'numeric' },
  ).format(new Date(iso));

describe('the task card refill block', () => {
  it('shows the guarantee as bought, the latest refill, and every refill asked with the provider words', () => {
    showRows([
      subscription({
        refill: refill({
          state: 'rejected',
          message: 'The provider could not top up this order.',
          history: [
            entry({
              id: 'r2',
              state: 'rejected',
              actor: 'staff',
              upstreamRefillId: null,
              upstreamStatus: null,
              failure: 'Refill is disabled for this service',
              settledAt: null,
              checkedAt: null,
            }),
            entry(),
          ],
        }),
      }),
    ]);
    const block = refillBlock(cards()[0]) as HTMLElement;
    expect(block).toBeTruthy();
    expect(within(block).getByText('Guarantee').nextElementSibling?.textContent).toBe(`30 days, until ${formatted('2099-12-01T10:00:00.000Z')}`);
    expect(within(block).getByText('Latest').nextElementSibling?.textContent).toBe('Rejected by the provider');
    expect(within(block).getByText('Customer reads').nextElementSibling?.textContent).toBe('The provider could not top up this order.');
    const history = within(block).getByRole('list', { name: 'Refills asked' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Rejected');
    expect(items[0].textContent).toContain(`Staff · ${formatted('2026-11-10T09:30:00.000Z', true)}`);
    expect(within(items[0]).getByText('Provider said: Refill is disabled for this service')).toBeTruthy();
    expect(items[1].textContent).toContain('Completed');
    expect(items[1].textContent).toContain('Customer ·');
    expect(items[1].textContent).toContain('Panel refill 88 · Panel status: Completed');
  });

  it('says when a refill needs review, where staff may ask again (closing it); no Refill while one is with the provider', () => {
    showRows([
      subscription({
        subscriptionId: 's1',
        refill: refill({ state: 'requested', review: true, history: [entry({ state: 'review', review: true, failure: 'The refill call timed out' })] }),
      }),
      subscription({
        subscriptionId: 's2',
        orderId: 'order_2',
        refill: refill({ state: 'in_progress', history: [entry({ state: 'open', upstreamStatus: 'Inprogress' })] }),
      }),
      subscription({ subscriptionId: 's3', orderId: 'order_3', refill: refill({ state: 'requested', history: [entry({ state: 'placing', upstreamRefillId: null })] }) }),
      subscription({ subscriptionId: 's4', orderId: 'order_4', refill: refill({ state: 'requested', history: [] }) }),
    ]);
    const [review, inProgress, placing, requested] = cards();
    expect(within(review).getByText(/^A refill needs review/)).toBeTruthy();
    expect(within(review).getByText('Needs review')).toBeTruthy();
    expect(within(review).getByText('Reason: The refill call timed out')).toBeTruthy();
    fireEvent.click(refillButton(review) as HTMLButtonElement);
    expect(dialog()?.textContent).toContain('The refill waiting for review is closed by this one');
    expect(within(inProgress).getByText('Panel status: Inprogress', { exact: false })).toBeTruthy();
    expect(refillButton(inProgress)).toBeNull();
    expect(refillButton(placing)).toBeNull();
    expect(refillButton(requested)).toBeNull();
  });

  it('nothing for an order without guarantee nor refill; staff may still refill it once placed, not before', () => {
    showRows([
      subscription({ refill: null }),
      subscription({ subscriptionId: 's2', orderId: 'order_2', fulfilment: { ...placed, state: 'queued', upstreamOrderId: null } }),
      subscription({ subscriptionId: 's3', orderId: 'order_3', fulfilment: null }),
    ]);
    const [noGuarantee, queued, manual] = cards();
    expect(refillBlock(noGuarantee)).toBeNull();
    expect(refillButton(noGuarantee)?.textContent).toBe('Refill');
    expect(refillButton(queued)).toBeNull();
    expect(refillButton(manual)).toBeNull();
  });

  it('a guarantee that ended or has not started says so', () => {
    showRows([
      subscription({ refill: refill({ until: '2020-01-01T00:00:00.000Z', canRequest: false }) }),
      subscription({ subscriptionId: 's2', refill: refill({ until: null, days: 1 }) }),
    ]);
    expect(within(refillBlock(cards()[0]) as HTMLElement).getByText(`30 days, ended ${formatted('2020-01-01T00:00:00.000Z')}`)).toBeTruthy();
    expect(within(refillBlock(cards()[1]) as HTMLElement).getByText('1 day, from completion')).toBeTruthy();
  });
});

describe('the staff Refill button', () => {
  it('asks first; Not now sends nothing', async () => {
    showRows([subscription()]);
    fireEvent.click(refillButton(cards()[0]) as HTMLButtonElement);
    const asked = dialog() as HTMLElement;
    expect(asked).toBeTruthy();
    expect(asked.textContent).toContain('The provider tops the YouTube order order_1 of ann@example.com back up to the 1,000 ordered.');
    expect(asked.textContent).toContain('recorded in the audit log');
    fireEvent.click(within(asked).getByRole('button', { name: 'Not now' }));
    expect(dialog()).toBeNull();
    expect(fake.callsTo('/admin/fulfilment/refill')).toEqual([]);
  });

  it('sends the order once, waits, then the row shows the returned refill and the list says so', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const pending = new Promise<Answer>((resolve) => (release = resolve));
    globalThis.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
      fake.calls.push({
        method: init.method ?? 'GET',
        path: new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, ''),
        query: new URLSearchParams(),
        headers: (init.headers ?? {}) as Record<string, string>,
        body: JSON.parse(String(init.body)),
      });
      const [status, body] = await pending;
      const text = JSON.stringify(body);
      return { ok: status < 300, status, text: async () => text } as Response;
    }) as unknown as typeof fetch;
    showRows([subscription()]);
    fireEvent.click(refillButton(cards()[0]) as HTMLButtonElement);
    const confirm = within(dialog() as HTMLElement).getByRole('button', { name: 'Ask for refill' }) as HTMLButtonElement;
    fireEvent.click(confirm);
    fireEvent.click(confirm); // a second press while the first runs sends nothing
    await waitFor(() =>
      expect(
        within(dialog() as HTMLElement)
          .getByRole('button', { name: 'Asking…' })
          .hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(
      within(dialog() as HTMLElement)
        .getByRole('button', { name: 'Not now' })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(fake.calls.map((call) => [call.path, call.body])).toEqual([['/admin/fulfilment/refill', { subscriptionId: 's1' }]]);
    expect(fake.calls[0].headers.Authorization).toBe('Bearer admin-token');

    const returned = subscription({
      refill: refill({
        state: 'requested',
        days: 0,
        until: null,
        canRequest: false,
        history: [entry({ state: 'open', actor: 'staff', settledAt: null, upstreamStatus: 'Pending' })],
      }),
    });
    await act(async () => release([200, { success: true, message: 'Refill asked of the provider; the sync pass follows it.', subscription: returned }]));
    await waitFor(() => expect(dialog()).toBeNull());
    const block = refillBlock(cards()[0]) as HTMLElement;
    expect(within(block).getByText('Latest').nextElementSibling?.textContent).toBe('Requested');
    expect(within(block).getByText('Guarantee').nextElementSibling?.textContent).toBe('None');
    expect(within(block).getByText('With the provider')).toBeTruthy();
    expect(refillButton(cards()[0])).toBeNull();
    expect(screen.getByTestId('done').textContent).toBe('YouTube order order_1: Refill asked of the provider; the sync pass follows it.');
    await waitFor(() => expect(document.activeElement?.id).toBe(taskItemId('s1')));
  });

  it('a provider that refuses still answers 200: the row shows the rejected refill with its words, and the list says what the server said', async () => {
    const returned = subscription({
      refill: refill({
        state: 'rejected',
        canRequest: false,
        days: 0,
        until: null,
        message: 'The provider could not top up this order.',
        history: [entry({ state: 'rejected', actor: 'staff', upstreamRefillId: null, upstreamStatus: null, failure: 'Refill is disabled for this service' })],
      }),
    });
    fake.answer('/admin/fulfilment/refill', [
      200,
      { success: true, message: 'The provider refused the refill; its words are in the refill history.', subscription: returned },
    ]);
    showRows([subscription()]);
    fireEvent.click(refillButton(cards()[0]) as HTMLButtonElement);
    fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Ask for refill' }));
    await waitFor(() => expect(dialog()).toBeNull());
    const block = refillBlock(cards()[0]) as HTMLElement;
    expect(within(block).getByText('Latest').nextElementSibling?.textContent).toBe('Rejected by the provider');
    expect(within(block).getByText('Provider said: Refill is disabled for this service')).toBeTruthy();
    expect(screen.getByTestId('done').textContent).toBe('YouTube order order_1: The provider refused the refill; its words are in the refill history.');
    // Nothing is in flight: staff may ask again.
    expect(refillButton(cards()[0])).toBeTruthy();
  });

  it('a refusal stays in the dialog in the server words, and the row is unchanged', async () => {
    fake.answer('/admin/fulfilment/refill', [409, { success: false, error: 'conflict', message: 'A refill of this order is already with the provider.' }]);
    showRows([subscription()]);
    fireEvent.click(refillButton(cards()[0]) as HTMLButtonElement);
    fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Ask for refill' }));
    const alert = await within(dialog() as HTMLElement).findByRole('alert');
    expect(alert.textContent).toContain('Refill failed');
    expect(alert.textContent).toContain('A refill of this order is already with the provider.');
    expect((within(dialog() as HTMLElement).getByRole('button', { name: 'Ask for refill' }) as HTMLButtonElement).disabled).toBe(false);
    expect(refillBlock(cards()[0])).toBeNull();
    expect(screen.getByTestId('done').textContent).toBe('');
    // Closed and opened again: the old refusal is gone.
    fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Not now' }));
    fireEvent.click(refillButton(cards()[0]) as HTMLButtonElement);
    expect(within(dialog() as HTMLElement).queryByRole('alert')).toBeNull();
  });
});

describe('the provider card', () => {
  const apiV2 = (extra: Record<string, unknown> = {}): Answer => [
    200,
    { success: true, provider: 'api-v2', balance: '12.3400', currency: 'USD', threshold: '10', low: false, ...extra },
  ];

  function showCard() {
    fake.answer('/admin/tasks', [200, { success: true, data: [], paging: { total: 0, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false } }]);
    const memory = memoryLocation({ path: '/admin/dashboard' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <ProviderCard />
      </Router>,
    );
  }

  it('says once, plainly, that a panel does not refill: the server sentence, else its own', async () => {
    fake.answer(
      'GET /admin/fulfilment/provider',
      apiV2({ refill: 'unsupported', refillMessage: 'The provider panel answered "Incorrect request" to a refill: it does not refill orders.' }),
    );
    showCard();
    expect(await screen.findByText('The provider panel answered "Incorrect request" to a refill: it does not refill orders.')).toBeTruthy();
    expect(screen.getAllByText(/does not refill/)).toHaveLength(1);
  });

  it('falls back to its own sentence when the server gives none', async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2({ refill: 'unsupported', refillMessage: null }));
    showCard();
    expect(await screen.findByText(NO_REFILL_TEXT)).toBeTruthy();
  });

  it.each(['supported', 'unknown', undefined])('nothing about refills when the panel refill support is %s', async (support) => {
    fake.answer('GET /admin/fulfilment/provider', apiV2({ refill: support, refillMessage: null }));
    showCard();
    expect(await screen.findByText(/Provider balance/)).toBeTruthy();
    expect(screen.queryByText(/refill/i)).toBeNull();
  });
});

describe('the provider card check report', () => {
  const orders = { orders: 250, requests: 3, updated: 20, finished: 12, ms: 800 };

  it('adds the refills the pass followed, when it followed any', () => {
    expect(reportText({ ...orders, refills: { refills: 4, requests: 1, settled: 1, unsynced: 0, abandoned: 0, ms: 40 } })).toBe(
      'Checked 250 orders in 3 requests; 12 finished. Followed 4 refills; 1 settled.',
    );
    expect(reportText({ ...orders, refills: { refills: 1, settled: 0 } })).toBe('Checked 250 orders in 3 requests; 12 finished. Followed 1 refill; 0 settled.');
  });

  it('says only the orders when no refill was followed or the server sent none', () => {
    expect(reportText({ ...orders, refills: { refills: 0, settled: 0 } })).toBe('Checked 250 orders in 3 requests; 12 finished.');
    expect(reportText(orders)).toBe('Checked 250 orders in 3 requests; 12 finished.');
    expect(reportText({ ...orders, refills: 'lots' as unknown as undefined })).toBe('Checked 250 orders in 3 requests; 12 finished.');
  });
});
