import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { taskItemId } from '../tasks/useFulfilmentAction';
import { type Reply, type FakeApi } from '../test/fakeApi';
import { signedInAdminApi, entry, refill, subscription, showRows, cards, refillBlock, refillButton, dialog } from '../test/refills';

/** Refills for staff (docs/refill.md): the Refill button and its dialog. */

let fake: FakeApi;

beforeEach(() => {
  fake = signedInAdminApi();
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
    let release: (answer: Reply) => void = () => undefined;
    const pending = new Promise<Reply>((resolve) => (release = resolve));
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
