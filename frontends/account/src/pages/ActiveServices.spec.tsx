import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { subscriptionBody as subscription } from '@growth/kit/test';
import { signedInCustomerApi, type Answer } from '../test/fakeApi';
import { listPage, ACTIVE, visit, cards, button } from '../test/serviceLists';

const { answers, calls } = signedInCustomerApi();

describe('Active Services', () => {
  it('shows six cards of the first page, the paging meta and the navigation', async () => {
    answers[ACTIVE] = [
      listPage(
        [1, 2, 3, 4, 5, 6].map((n) => subscription(n)),
        { total: 8, page: 1, lastPage: 2 },
      ),
    ];
    visit('/services/active');
    expect(screen.getByRole('heading', { level: 1, name: 'Active Services' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(calls).toEqual([{ path: ACTIVE, body: { userId: 'u1', page: 1, limit: 6 } }]);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByText('Showing 1–6 of 8')).toBeTruthy();
    const first = within(cards()[0]);
    expect(first.getByRole('heading', { name: 'YouTube' })).toBeTruthy();
    expect(first.getByText('Growth')).toBeTruthy();
    expect(first.getByText('$19.99', { selector: 'p' })).toBeTruthy(); // the price; the same in the hidden details
    expect(screen.getByRole('link', { name: /Back to Profile/ }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'View Completed Services' }).getAttribute('href')).toBe('/services/completed');
  });

  it('Next and Previous ask for the right page, keep it in the address and stop at the ends', async () => {
    let release: (answer: Answer) => void = () => undefined;
    answers[ACTIVE] = [
      listPage(
        [1, 2, 3, 4, 5, 6].map((n) => subscription(n)),
        { total: 8, page: 1, lastPage: 2 },
      ),
      () => new Promise<Answer>((resolve) => (release = resolve)),
      listPage(
        [1, 2, 3, 4, 5, 6].map((n) => subscription(n)),
        { total: 8, page: 1, lastPage: 2 },
      ),
    ];
    const memory = visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);

    button('Next').focus();
    fireEvent.click(button('Next'));
    expect(memory.history?.at(-1)).toBe('/services/active?page=2');
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ userId: 'u1', page: 2, limit: 6 }));
    // While the page loads, both buttons wait.
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
    await act(async () =>
      release(
        listPage(
          [7, 8].map((n) => subscription(n)),
          { total: 8, page: 2, lastPage: 2 },
        ),
      ),
    );
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByText('Showing 7–8 of 8')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
    expect(document.activeElement).toBe(button('Previous')); // Next is disabled at the end: focus stays in the pager

    fireEvent.click(button('Previous'));
    expect(memory.history).toEqual(['/services/active', '/services/active?page=2', '/services/active']);
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(calls.map((c) => c.body.page)).toEqual([1, 2, 1]);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('a reload of ?page=2 asks for page 2', async () => {
    answers[ACTIVE] = [
      listPage(
        [7, 8].map((n) => subscription(n)),
        { total: 8, page: 2, lastPage: 2 },
      ),
    ];
    visit('/services/active?page=2');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(calls[0].body).toEqual({ userId: 'u1', page: 2, limit: 6 });
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('an address past the last page is replaced by the last page', async () => {
    answers[ACTIVE] = [
      listPage([], { total: 8, page: 5, lastPage: 2 }),
      listPage(
        [7, 8].map((n) => subscription(n)),
        { total: 8, page: 2, lastPage: 2 },
      ),
    ];
    const memory = visit('/services/active?page=5');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(memory.history).toEqual(['/services/active?page=2']);
    expect(screen.queryByText('No active services found.')).toBeNull();
  });

  it('status chips: 0 In Process, 1 Completed, another value the server text or a dash', async () => {
    answers[ACTIVE] = [
      listPage([subscription(1, { Status: 0 }), subscription(2, { Status: 1 }), subscription(3, { Status: 7, statusText: 'Refunded' }), subscription(4, { Status: 7 })], {
        total: 4,
        page: 1,
        lastPage: 1,
      }),
    ];
    visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(4));
    const chips = cards().map((card) => card.querySelector('header > span')?.textContent);
    expect(chips).toEqual(['Status: In Process', 'Status: Completed', 'Status: Refunded', 'Status: —']);
  });

  it("a card shows what the provider reported: start count and remains, only the known parts, grouped like the card's dates", async () => {
    answers[ACTIVE] = [
      listPage(
        [
          subscription(1, { progress: { startCount: 1204, remains: 350, quantity: 1000 } }),
          subscription(2, { progress: { startCount: 120000, remains: null, quantity: 1000 } }),
          subscription(3, { progress: { startCount: null, remains: 0, quantity: 1000 } }),
          subscription(4, { progress: null }),
          subscription(5),
        ],
        { total: 5, page: 1, lastPage: 1 },
      ),
    ];
    visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(5));
    const lines = cards().map((card) => within(card).queryByText(/Started at|remaining/)?.textContent ?? null);
    // Remains of 0 on an order still running is not reported (panels say "0" until the order ends).
    expect(lines).toEqual(['Started at 1,204 · 350 remaining', 'Started at 120,000', null, null, null]);
  });

  it('an address naming an order (the receipt link after paying) brings that card into focus', async () => {
    answers[ACTIVE] = [
      listPage(
        [1, 2, 3].map((n) => subscription(n)),
        { total: 3, page: 1, lastPage: 1 },
      ),
    ];
    const target = subscription(2) as { orderId: string };
    window.location.hash = `#order-${target.orderId}`;
    try {
      visit('/services/active');
      await waitFor(() => expect(cards()).toHaveLength(3));
      await waitFor(() => expect(document.activeElement).toBe(cards()[1]));
      expect(cards()[1].id).toBe(`order-${target.orderId}`);
    } finally {
      window.location.hash = '';
    }
  });

  it('a failure shows the spec text and Retry asks again', async () => {
    answers[ACTIVE] = [[500, { success: false, message: 'Database unavailable' }], listPage([subscription(1)], { total: 1, page: 1, lastPage: 1 })];
    visit('/services/active');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load active services')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(button('Retry'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.map((c) => c.body.page)).toEqual([1, 1]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty list says so, without paging', async () => {
    answers[ACTIVE] = [listPage([], { total: 0, page: 1, lastPage: 1 })];
    visit('/services/active');
    expect(await screen.findByText('No active services found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('a card says when it was ordered and, once the provider reported it, how many', async () => {
    answers[ACTIVE] = [
      listPage(
        [
          subscription(1, { createdAt: '2026-11-24T12:00:00.000Z', progress: { startCount: 1204, remains: 350, quantity: 1000 } }),
          subscription(2, { createdAt: '2026-11-20T12:00:00.000Z', progress: null }),
        ],
        { total: 2, page: 1, lastPage: 1 },
      ),
    ];
    visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]).getByText('Ordered Nov 24, 2026 · Quantity 1,000')).toBeTruthy();
    expect(within(cards()[1]).getByText('Ordered Nov 20, 2026')).toBeTruthy();
    expect(within(cards()[1]).queryByText(/Quantity/)).toBeNull();
  });

  it('a Pending order the provider reports as 0 and 0 (not started) shows no progress, nor null counts', async () => {
    answers[ACTIVE] = [
      listPage(
        [
          subscription(1, { progress: { startCount: 0, remains: 0, quantity: 1000 } }),
          subscription(2, { progress: { startCount: '0', remains: '0', quantity: 1000 } }),
          subscription(3, { progress: { startCount: null, remains: null, quantity: 1000 } }),
          subscription(4, { progress: { startCount: 0, remains: 1000, quantity: 1000 } }),
        ],
        { total: 4, page: 1, lastPage: 1 },
      ),
    ];
    visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(4));
    for (const card of cards().slice(0, 3)) {
      expect(within(card).queryByText(/Started at|remaining|null/)).toBeNull();
    }
    // Under way: what remains is said; a start count of 0 is not reported (nobody typed one in).
    expect(within(cards()[3]).getByText('1,000 remaining')).toBeTruthy();
    expect(within(cards()[3]).queryByText(/Started at/)).toBeNull();
  });

  it('without a stored userId: the spec text, and no call', async () => {
    localStorage.removeItem('userId');
    visit('/services/active');
    expect((await screen.findByRole('alert')).textContent).toContain('Missing userId. Please log in again.');
    expect(calls).toEqual([]);
  });

  it('details open and close with the button (aria-expanded, aria-controls)', async () => {
    answers[ACTIVE] = [listPage([subscription(1, { pricing: { name: 'Pro', price: '12.5', currency: 'EUR' } })], { total: 1, page: 1, lastPage: 1 })];
    visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const toggle = button('View Details');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(details?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(details?.hidden).toBe(false);
    const shown = within(details as HTMLElement);
    const value = (label: string) => shown.getByText(label).nextElementSibling?.textContent;
    expect(value('Plan name')).toBe('YouTube');
    expect(value('Order ID')).toBe('order_1');
    expect(value('Payment ID')).toBe('pay_1');
    expect(value('Pricing amount')).toBe('€12.50');
    const created = value('Created at') ?? '';
    expect(created).toMatch(/2025/);
    expect(created).not.toContain('T15:07');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(details?.hidden).toBe(true);
  });

  it('Open Profile opens http(s) links in a new tab without opener; a javascript: link is text only', async () => {
    answers[ACTIVE] = [listPage([subscription(1), subscription(2, { profileLink: 'javascript:alert(1)' })], { total: 2, page: 1, lastPage: 1 })];
    visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const links = screen.getAllByRole('link', { name: /Open Profile/ });
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://youtube.com/@ann1');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(cards()[1]).queryByRole('link', { name: /Open Profile/ })).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(within(cards()[1]).getByText(/javascript:alert\(1\)/)).toBeTruthy();
  });

  it("links each card to its order's receipt", async () => {
    answers[ACTIVE] = [listPage([subscription(1), subscription(2)], { total: 2, page: 1, lastPage: 1 })];
    visit('/services/active');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const hrefs = cards().map((card) => within(card).getByRole('link', { name: 'View receipt' }).getAttribute('href'));
    expect(hrefs).toEqual(cards().map((card) => `/receipt/${card.id.replace(/^order-/, '')}`));
    expect(hrefs[0]).toMatch(/^\/receipt\/.+/);
  });
});
