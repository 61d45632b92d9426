import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { growthTier, subscriptionBody } from '@growth/kit/test';
import { signedInCustomerApi, type Answer } from '../test/fakeApi';
import { visitServicesPage } from '../test/servicesPage';

/** The refill guarantee on the customer's order cards (docs/refill.md): its words, the button, its call. */

const { answers, calls } = signedInCustomerApi();

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function subscription(n: number, extra: Record<string, unknown> = {}) {
  const delivered = { startCount: 1204, remains: 0, quantity: 1000 };
  return subscriptionBody(n, {
    createdAt: inDays(-5),
    Status: 1,
    statusText: 'Completed',
    pricing: growthTier('7.85'),
    progress: delivered,
    refund: null,
    refill: null,
    ...extra,
  });
}

function refill(extra: Record<string, unknown> = {}) {
  return {
    state: 'available',
    days: 30,
    requestedAt: null,
    settledAt: null,
    until: inDays(26),
    ended: false,
    canRequest: true,
    nextRequestAt: null,
    message: null,
    ...extra,
  };
}

function listPage(items: unknown[]): Answer {
  return [200, { success: true, data: items, meta: { total: items.length, page: 1, lastPage: 1, perPage: 6 } }];
}

const COMPLETED = '/subscription/completedService';
const REFILL = '/subscription/refill';

const visit = () => visitServicesPage('completed');

const cards = () => screen.queryAllByRole('article');
const refillButton = (card: HTMLElement) => within(card).queryByRole('button', { name: /Request refill|Requesting/ }) as HTMLButtonElement | null;

describe('the refill guarantee on an order card', () => {
  it('says where each refill stands, in the customer words, and offers the button only where the server allows it', async () => {
    const until = inDays(26);
    const settled = inDays(-1);
    answers[COMPLETED] = [
      listPage([
        subscription(1, { refill: refill({ until }) }),
        subscription(2, { refill: refill({ state: 'requested', canRequest: false, requestedAt: inDays(0) }) }),
        subscription(3, { refill: refill({ state: 'in_progress', canRequest: false, requestedAt: inDays(-1) }) }),
        subscription(4, { refill: refill({ state: 'completed', canRequest: false, settledAt: settled, nextRequestAt: inDays(0.5) }) }),
        subscription(5, {
          refill: refill({ state: 'rejected', canRequest: true, settledAt: settled, message: 'The provider could not refill this order. You may ask again.' }),
        }),
        subscription(6, { refill: null }),
      ]),
    ];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(6));
    const [available, requested, inProgress, completed, rejected, none] = cards();

    expect(within(available).getByText(`30-day refill guarantee until ${dateOf(until)}`)).toBeTruthy();
    expect(refillButton(available)?.textContent).toBe('Request refill for YouTube');

    expect(within(requested).getByText('Refill requested')).toBeTruthy();
    expect(within(inProgress).getByText('Refill in progress')).toBeTruthy();
    expect(within(completed).getByText(`Refilled on ${dateOf(settled)}`)).toBeTruthy();
    // One a day: without the server's own sentence the card still says when.
    expect(within(completed).getByText(/^You can ask for another refill from /)).toBeTruthy();
    expect(within(rejected).getByText('Refill rejected by the provider')).toBeTruthy();
    expect(within(rejected).getByText('The provider could not refill this order. You may ask again.')).toBeTruthy();

    expect(cards().map((card) => refillButton(card) !== null)).toEqual([true, false, false, false, true, false]);
    expect(within(none).queryByText(/refill/i)).toBeNull();
  });

  it('on an order whose guarantee ended, says when, and the server sentence; no button', async () => {
    const until = inDays(-3);
    answers[COMPLETED] = [
      listPage([subscription(1, { refill: refill({ until, ended: true, canRequest: false, message: 'The 30-day refill guarantee of this order has ended.' }) })]),
    ];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]).getByText(`30-day refill guarantee ended on ${dateOf(until)}`)).toBeTruthy();
    expect(within(cards()[0]).getByText('The 30-day refill guarantee of this order has ended.')).toBeTruthy();
    expect(refillButton(cards()[0])).toBeNull();
  });

  it('Request refill sends the order once, waits, then shows the server answer and "Refill requested" with the focus on it', async () => {
    let release: (answer: Answer) => void = () => undefined;
    answers[COMPLETED] = [listPage([subscription(1, { refill: refill() })])];
    answers[REFILL] = [() => new Promise<Answer>((resolve) => (release = resolve))];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const button = refillButton(cards()[0]) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button); // a second press while the first runs sends nothing
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent).toContain('Requesting…');
    expect(calls.filter((call) => call.path === REFILL)).toEqual([{ path: REFILL, body: { subscriptionId: 's1' } }]);

    await act(async () =>
      release([
        200,
        {
          success: true,
          message: 'Refill requested. We will tell the provider now.',
          subscription: subscription(1, { refill: refill({ state: 'requested', canRequest: false, requestedAt: inDays(0) }) }),
        },
      ]),
    );
    const card = cards()[0];
    expect(await within(card).findByText('Refill requested')).toBeTruthy();
    expect(within(card).getByRole('status').textContent).toBe('Refill requested. We will tell the provider now.');
    expect(refillButton(card)).toBeNull();
    expect(document.activeElement?.textContent).toContain('Refill requested');
  });

  it('a provider that refuses answers 200: the card says so once, as a problem, not as a success', async () => {
    const said = 'The provider could not top up this order.';
    answers[COMPLETED] = [listPage([subscription(1, { refill: refill() })])];
    answers[REFILL] = [
      [
        200,
        {
          success: true,
          message: said,
          subscription: subscription(1, { refill: refill({ state: 'rejected', canRequest: false, settledAt: inDays(0), message: said }) }),
        },
      ],
    ];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(refillButton(cards()[0]) as HTMLButtonElement);
    const card = cards()[0];
    expect(await within(card).findByText('Refill rejected by the provider')).toBeTruthy();
    expect(within(card).getAllByText(said)).toHaveLength(1);
    expect(within(card).queryByRole('status')).toBeNull();
    expect(refillButton(card)).toBeNull();
  });

  it('a refusal (one a day) is shown in the server words; the button stays for another try', async () => {
    answers[COMPLETED] = [listPage([subscription(1, { refill: refill() })])];
    answers[REFILL] = [
      [409, { success: false, error: 'conflict', message: 'A refill was requested less than 24 hours ago; you can ask again after 3:00 PM.' }],
      [200, { success: true, message: 'Refill requested.', subscription: subscription(1, { refill: refill({ state: 'requested', canRequest: false }) }) }],
    ];
    visit();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(refillButton(cards()[0]) as HTMLButtonElement);
    const alert = await within(cards()[0]).findByRole('alert');
    expect(alert.textContent).toBe('A refill was requested less than 24 hours ago; you can ask again after 3:00 PM.');
    const button = refillButton(cards()[0]) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBe(alert.id);

    fireEvent.click(button);
    expect(await within(cards()[0]).findByText('Refill requested')).toBeTruthy();
    expect(within(cards()[0]).queryByRole('alert')).toBeNull();
  });
});
