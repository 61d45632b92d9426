import { act, fireEvent, render, screen } from '@testing-library/react';
import { subscriptionBody } from '@growth/kit/test';
import { RefillStatus } from './RefillStatus';
import type { ListedSubscription } from './useSubscriptionPage';

/** The server's answer after Request refill belongs to the refill state it came with. */

/** A completed order with its refill `state`. */
function subscription(state: string, canRequest: boolean): ListedSubscription {
  return subscriptionBody(1, {
    Status: 1,
    refill: { state, days: 30, requestedAt: null, settledAt: null, until: '2099-01-01T00:00:00.000Z', ended: false, canRequest, nextRequestAt: null, message: null },
  }) as ListedSubscription;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 't');
  const text = JSON.stringify({ success: true, message: 'Refill requested. The provider is topping up your order.', subscription: subscription('requested', false) });
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => text }) as Response) as unknown as typeof fetch;
});

it('shows the answer while the refill is as answered, and drops it once the list brings a newer state', async () => {
  let current = subscription('available', true);
  const onUpdated = jest.fn((updated: ListedSubscription) => (current = updated));
  const view = render(<RefillStatus subscription={current} onUpdated={onUpdated} />);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Request refill/ }));
  });
  expect(onUpdated).toHaveBeenCalledTimes(1);
  view.rerender(<RefillStatus subscription={current} onUpdated={onUpdated} />);
  expect(screen.getByRole('status').textContent).toBe('Refill requested. The provider is topping up your order.');
  expect(screen.getByText('Refill requested')).toBeTruthy();

  view.rerender(<RefillStatus subscription={subscription('in_progress', false)} onUpdated={onUpdated} />);
  expect(screen.getByText('Refill in progress')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});
