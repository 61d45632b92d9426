import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { growthTier, subscriptionBody } from '@growth/kit/test';
import { signedInCustomerApi, type Answer } from '../test/fakeApi';
import { visitServicesPage } from '../test/servicesPage';

/** Refunds on the customer's order cards (docs/refunds.md): the button, its dialog, the refund's words. */

const { answers, calls } = signedInCustomerApi();

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function subscription(n: number, extra: Record<string, unknown> = {}) {
  return subscriptionBody(n, { createdAt: daysAgo(2), statusText: 'In Process', pricing: growthTier('7.85'), progress: null, refund: null, ...extra });
}

function refund(extra: Record<string, unknown>) {
  return { state: null, requested: '0.00', refunded: '0.00', currency: 'USD', refundedAt: null, requestState: null, message: null, ...extra };
}

function listPage(items: unknown[]): Answer {
  return [200, { success: true, data: items, meta: { total: items.length, page: 1, lastPage: 1, perPage: 6 } }];
}

const ACTIVE = '/subscription/activeService';
const COMPLETED = '/subscription/completedService';
const REQUEST = '/subscription/refund-request';
const POLICY = 'Refunds are requested within 10 days of purchase (see our Refund Policy).';

const visit = (page: 'active' | 'completed' = 'active') => visitServicesPage(page);

const cards = () => screen.queryAllByRole('article');
const requestButton = (card: HTMLElement) => within(card).queryByRole('button', { name: 'Request a refund' }) as HTMLButtonElement | null;
const dialog = () => screen.queryByRole('dialog', { name: 'Request a refund' });
const reasonField = () => within(dialog() as HTMLElement).getByLabelText('Reason') as HTMLTextAreaElement;
const send = () => within(dialog() as HTMLElement).getByRole('button', { name: /Send request|Sending/ }) as HTMLButtonElement;

async function openDialog(card: HTMLElement) {
  const opener = requestButton(card) as HTMLButtonElement;
  opener.focus();
  fireEvent.click(opener);
  await waitFor(() => expect(dialog()).toBeTruthy());
  return opener;
}

describe('the Request a refund button', () => {
  it('is on a recent paid order, in either list; not on one older than 30 days, with an open request, a refund on its way or one refunded in full', async () => {
    answers[ACTIVE] = [
      listPage([
        subscription(1),
        subscription(2, { createdAt: daysAgo(40) }),
        subscription(3, { refund: refund({ requestState: 'open' }) }),
        subscription(4, { refund: refund({ state: 'pending', requested: '7.85' }) }),
        subscription(5, { refund: refund({ state: 'processed', requested: '7.850', refunded: '7.850', refundedAt: daysAgo(1) }) }),
        subscription(6, { refund: refund({ state: 'failed', requested: '0.00' }) }),
      ]),
    ];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(cards().map((card) => requestButton(card) !== null)).toEqual([true, false, false, false, false, false]);
  });

  it('stays on a completed order refunded in part, or whose request was declined: the customer may still ask', async () => {
    answers[COMPLETED] = [
      listPage([
        subscription(1, { Status: 1, statusText: 'Completed', createdAt: daysAgo(29) }),
        subscription(2, { Status: 2, statusText: 'Partial', refund: refund({ state: 'processed', requested: '3.20', refunded: '3.20', refundedAt: daysAgo(1) }) }),
        subscription(3, { Status: 1, refund: refund({ requestState: 'declined', message: 'Delivered in full.' }) }),
      ]),
    ];
    visit('completed');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((card) => requestButton(card) !== null)).toEqual([true, true, true]);
  });
});

describe('the refund request dialog', () => {
  it('opens on the reason with a counter; a reason under 3 characters is refused without a call; Escape closes and the focus goes back', async () => {
    answers[ACTIVE] = [listPage([subscription(1)])];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const opener = await openDialog(cards()[0]);

    expect(document.activeElement).toBe(reasonField());
    expect(within(dialog() as HTMLElement).getByText('YouTube · Growth · $7.85')).toBeTruthy();
    expect(reasonField().maxLength).toBe(1000);
    expect(within(dialog() as HTMLElement).getByText('At least 3 characters · 0 / 1,000')).toBeTruthy();
    expect(within(dialog() as HTMLElement).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    fireEvent.click(send());
    expect(within(dialog() as HTMLElement).getByRole('alert').textContent).toBe('Please tell us why, in at least 3 characters.');
    expect(reasonField().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(reasonField(), { target: { value: '  ok \n' } });
    expect(within(dialog() as HTMLElement).getByText('At least 3 characters · 6 / 1,000')).toBeTruthy();
    expect(reasonField().getAttribute('aria-invalid')).toBeNull(); // typing clears the message
    fireEvent.click(send());
    expect(within(dialog() as HTMLElement).getByRole('alert').textContent).toBe('Please tell us why, in at least 3 characters.');
    expect(calls.map((c) => c.path)).toEqual([ACTIVE]);

    fireEvent.keyDown(dialog() as HTMLElement, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Cancel closes without a call', async () => {
    answers[ACTIVE] = [listPage([subscription(1)])];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const opener = await openDialog(cards()[0]);
    fireEvent.change(reasonField(), { target: { value: 'Never arrived' } });
    fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(calls.map((c) => c.path)).toEqual([ACTIVE]);
  });

  it("waits while the call runs, then shows the server's refusal under the field and stays open with the reason", async () => {
    let release: (answer: Answer) => void = () => undefined;
    answers[ACTIVE] = [listPage([subscription(1)])];
    answers[REQUEST] = [() => new Promise<Answer>((resolve) => (release = resolve))];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await openDialog(cards()[0]);
    fireEvent.change(reasonField(), { target: { value: 'The views never came.\nIt has been a week.' } });
    fireEvent.click(send());

    await waitFor(() => expect(send().disabled).toBe(true));
    expect(send().textContent).toBe('Sending…');
    expect(send().getAttribute('aria-busy')).toBe('true');
    expect((within(dialog() as HTMLElement).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog() as HTMLElement, { key: 'Escape' });
    expect(dialog()).toBeTruthy(); // Escape waits for the answer too

    await act(async () => release([409, { success: false, message: POLICY }]));
    await waitFor(() => expect(send().disabled).toBe(false));
    expect(send().textContent).toBe('Send request');
    const alert = within(dialog() as HTMLElement).getByRole('alert');
    expect(alert.textContent).toBe(POLICY);
    expect(reasonField().getAttribute('aria-describedby')).toContain(alert.querySelector('p')?.id);
    expect(reasonField().value).toBe('The views never came.\nIt has been a week.');
    expect(document.activeElement).toBe(reasonField());
    expect(requestButton(cards()[0])).toBeTruthy();
  });

  it('posts the subscription and the trimmed reason; the card then shows the answer and a confirmation, which has the focus', async () => {
    answers[ACTIVE] = [listPage([subscription(1), subscription(2)])];
    answers[REQUEST] = [
      [
        200,
        {
          success: true,
          message: 'Refund requested. We review requests within 7-10 business days.',
          subscription: subscription(2, { refund: refund({ requestState: 'open' }) }),
        },
      ],
    ];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const card = cards()[1];
    expect(within(card).queryByText('Refund requested')).toBeNull();
    await openDialog(card);
    fireEvent.change(reasonField(), { target: { value: '  Only half of the followers arrived.\n\nPlease refund the rest.  ' } });
    fireEvent.click(send());

    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls.at(-1)).toEqual({
      path: REQUEST,
      body: { subscriptionId: 's2', reason: 'Only half of the followers arrived.\n\nPlease refund the rest.' },
    });
    expect(within(card).getByText('Refund requested')).toBeTruthy();
    expect(requestButton(card)).toBeNull();
    const confirmation = within(card).getByRole('status');
    expect(confirmation.textContent).toContain('Refund requested. We review requests within 7-10 business days.');
    expect(confirmation.textContent).toContain('We will e-mail you the answer.');
    expect(confirmation.parentElement?.contains(document.activeElement)).toBe(true);
    // The other card is untouched.
    expect(requestButton(cards()[0])).toBeTruthy();
    expect(within(cards()[0]).queryByRole('status')).toBeNull();
  });

  it('an answer without a message is confirmed in our words', async () => {
    answers[ACTIVE] = [listPage([subscription(1)])];
    answers[REQUEST] = [[200, { success: true, subscription: subscription(1, { refund: refund({ requestState: 'open' }) }) }]];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await openDialog(cards()[0]);
    fireEvent.change(reasonField(), { target: { value: 'Wrong channel.' } });
    fireEvent.click(send());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(within(cards()[0]).getByRole('status').textContent).toContain('Refund request sent.');
  });
});

describe('where the refund stands', () => {
  it("each state in the customer's words, with the amount as the card writes prices", async () => {
    answers[COMPLETED] = [
      listPage([
        subscription(1, { refund: refund({ requestState: 'open' }) }),
        subscription(2, { refund: refund({ state: 'pending', requested: '7.85', requestState: 'approved' }) }),
        subscription(3, { refund: refund({ state: 'processed', requested: '7.85', refunded: '7.85', refundedAt: '2026-11-24T12:00:00.000Z' }) }),
        subscription(4, { refund: refund({ requestState: 'declined', message: 'Your order was delivered in full on Nov 2.' }) }),
        subscription(5, { refund: refund({ state: 'failed', requested: '7.85' }) }),
        subscription(6, { refund: null }),
      ]),
    ];
    visit('completed');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const words = cards().map((card) =>
      within(card)
        .queryAllByText(/^Refund/)
        .map((line) => line.textContent),
    );
    expect(words).toEqual([
      ['Refund requested'],
      ['Refund of $7.85 on its way'],
      ['Refunded $7.85 on Nov 24, 2026'],
      ['Refund declined: Your order was delivered in full on Nov 2.'],
      ['Refund of $7.85 on its way'],
      [],
    ]);
    expect(screen.queryByText(/fail/i)).toBeNull(); // a failed refund is retried by staff: nothing alarming
  });

  it('a refund in part: what arrived and what is still coming; the order currency; a failure without an amount', async () => {
    answers[COMPLETED] = [
      listPage([
        subscription(1, {
          refund: refund({ state: 'pending', requested: '7.85', refunded: '2.5', refundedAt: '2026-11-20T12:00:00.000Z', requestState: 'open' }),
        }),
        subscription(2, {
          pricing: { name: 'Pro', price: '12.50', currency: 'EUR' },
          refund: refund({ state: 'processed', requested: '4.10', refunded: '4.10', currency: 'EUR', refundedAt: '2026-11-24T12:00:00.000Z' }),
        }),
        subscription(3, { refund: refund({ state: 'failed', requested: '0.00' }) }),
      ]),
    ];
    visit('completed');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const words = cards().map((card) =>
      within(card)
        .queryAllByText(/^Refund/)
        .map((line) => line.textContent),
    );
    expect(words).toEqual([
      ['Refunded $2.50 on Nov 20, 2026', 'Refund of $5.35 on its way', 'Refund requested'],
      ['Refunded €4.10 on Nov 24, 2026'],
      ['Refund on its way'],
    ]);
  });
});
