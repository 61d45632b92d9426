import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { subscriptionBody } from '@growth/kit/test';
import { installFakeApi, setNarrowScreen, type Reply, type FakeApi } from '../test/fakeApi';
import { startAdminSpec, allowModalDialogs, visitPage } from '../test/adminPage';
import { refundBlock } from '../test/refunds';
import Tasks from './Tasks';

let api: FakeApi;

const NO_ORDERS: Reply = [200, { success: true, data: [], paging: { total: 0, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false } }];

beforeEach(() => {
  api = startAdminSpec();
  api.answer('/admin/orders', NO_ORDERS, NO_ORDERS, NO_ORDERS);
  allowModalDialogs();
});

function task(n: number, extra: Record<string, unknown> = {}) {
  const customer = { userId: `u${n}`, name: `Ann ${n}`, email: `ann${n}@example.com` };
  return subscriptionBody(n, { createdAt: '2025-09-02T10:00:00.000Z', user: `u${n}`, customer, ...extra });
}

function tasksPage(rows: unknown[], paging: { total: number; page: number; limit?: number; pages: number }): Reply {
  const limit = paging.limit ?? 10;
  return [200, { success: true, data: rows, paging: { limit, hasNext: paging.page < paging.pages, hasPrev: paging.page > 1, ...paging } }];
}

const visit = (path: string) => visitPage(<Tasks />, path);

const cards = () => screen.queryAllByRole('article').filter((card) => card.querySelector('h2'));
const bodies = () => api.callsTo('/admin/tasks').map((call) => call.body);
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const chipOf = (card: HTMLElement) => card.querySelector('header > span')?.textContent;

describe('Tasks list', () => {
  it('asks for the newest first, 10 a page, no Status or q; each row shows its fields', async () => {
    api.answer('/admin/tasks', tasksPage([task(1), task(2, { Status: 1 })], { total: 2, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(bodies()).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }]);
    expect(select('Status').value).toBe('all');
    expect(select('Sort').value).toBe('createdAt:desc');
    expect(select('Per page').value).toBe('10');
    const first = within(cards()[0]);
    expect(first.getByRole('heading', { name: /YouTube/ })).toBeTruthy();
    expect(first.getByText('Growth')).toBeTruthy();
    expect(first.getByText('ann1@example.com')).toBeTruthy();
    expect(first.getByText('order_1')).toBeTruthy();
    expect(first.getByText('pay_1')).toBeTruthy();
    expect(first.getByRole('link', { name: /youtube\.com\/@ann1/ }).getAttribute('target')).toBe('_blank');
    expect(first.getByText(/^2 Sept? 2025, /)).toBeTruthy();
    expect(chipOf(cards()[0])).toBe('Status: In Process');
    expect(chipOf(cards()[1])).toBe('Status: Completed');
    expect(first.getByRole('button', { name: 'Mark Completed: YouTube, order order_1' })).toBeTruthy();
    expect(within(cards()[1]).getByRole('button', { name: /^Mark In Process/ })).toBeTruthy();
  });

  it('marks an order paid with no real money "Sandbox" on its card, and no other', async () => {
    api.answer('/admin/tasks', tasksPage([task(1, { sandbox: true }), task(2, { sandbox: false }), task(3)], { total: 3, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [sandbox, real, unsaid] = cards().map((card) => within(card));
    expect(sandbox.getByText('Sandbox')).toBeTruthy();
    expect(sandbox.getByText('Sandbox payment — no real money')).toBeTruthy();
    expect(real.queryByText('Sandbox')).toBeNull();
    expect(unsaid.queryByText('Sandbox')).toBeNull();
  });

  it('on a phone each In Process card has a pick box; two picked are marked Completed after one confirmation', async () => {
    const rows = [task(1), task(2), task(3, { Status: 1 }), task(4, { Status: 4, statusText: 'Refunded' })];
    const [one, two] = [rows[0] as { subscriptionId: string }, rows[1] as { subscriptionId: string }];
    api.answer('/admin/tasks', tasksPage(rows, { total: 4, page: 1, pages: 1 }), tasksPage(rows, { total: 4, page: 1, pages: 1 }));
    api.answer('/admin/tasks/complete', [
      200,
      {
        success: true,
        completed: 2,
        refused: 0,
        results: [
          { subscriptionId: one.subscriptionId, outcome: 'completed', status: 1 },
          { subscriptionId: two.subscriptionId, outcome: 'completed', status: 1 },
        ],
      },
    ]);
    visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(4));
    // Not on a Completed or a Refunded order, and no bar before anything is picked.
    expect(cards().map((card) => within(card).queryByRole('checkbox')?.getAttribute('aria-label') ?? null)).toEqual([
      'Select the YouTube order order_1',
      'Select the YouTube order order_2',
      null,
      null,
    ]);
    expect(screen.queryByText(/orders? selected$/)).toBeNull();
    fireEvent.click(within(cards()[0]).getByRole('checkbox'));
    expect(screen.getByText('1 order selected')).toBeTruthy();
    fireEvent.click(within(cards()[1]).getByRole('checkbox'));
    expect(screen.getByText('2 orders selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Completed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark 2 orders Completed?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['YouTube order order_1', 'YouTube order order_2']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Completed' }));
    await waitFor(() => expect(api.callsTo('/admin/tasks/complete')).toHaveLength(1));
    expect(api.callsTo('/admin/tasks/complete')[0].body).toEqual({ subscriptionIds: [one.subscriptionId, two.subscriptionId] });
    expect(await screen.findByText('2 orders marked Completed')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/admin/tasks')).toHaveLength(2));
    expect(screen.queryByText(/orders? selected$/)).toBeNull();
  });

  it('status filter, sort, page size and search go into the address and the request, each back to page 1', async () => {
    const one = tasksPage([task(1)], { total: 30, page: 1, pages: 3 });
    api.answer('/admin/tasks', one, one, one, one, one, one, one); // the first page, then six changes
    const memory = visit('/admin/tasks?page=2');
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toMatchObject({ page: 2 });

    fireEvent.change(select('Status'), { target: { value: '1' } });
    expect(memory.history?.at(-1)).toBe('/admin/tasks?status=1');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', Status: 1 }));

    fireEvent.change(select('Sort'), { target: { value: 'planName:asc' } });
    expect(memory.history?.at(-1)).toBe('/admin/tasks?status=1&sortBy=planName&sortOrder=asc');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'planName', sortOrder: 'asc', Status: 1 }));

    fireEvent.change(select('Per page'), { target: { value: '50' } });
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 50, sortBy: 'planName', sortOrder: 'asc', Status: 1 }));

    const box = screen.getByRole('searchbox', { name: 'Search tasks' });
    fireEvent.change(box, { target: { value: ' pay_123 ' } });
    fireEvent.submit(box);
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 50, sortBy: 'planName', sortOrder: 'asc', Status: 1, q: 'pay_123' }));
    expect(memory.history?.at(-1)).toBe('/admin/tasks?status=1&sortBy=planName&sortOrder=asc&limit=50&q=pay_123');

    fireEvent.change(select('Status'), { target: { value: '0' } });
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 50, sortBy: 'planName', sortOrder: 'asc', Status: 0, q: 'pay_123' }));
    fireEvent.change(select('Status'), { target: { value: 'all' } });
    expect(memory.history?.at(-1)).toBe('/admin/tasks?sortBy=planName&sortOrder=asc&limit=50&q=pay_123');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 50, sortBy: 'planName', sortOrder: 'asc', q: 'pay_123' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('a reload keeps every filter', async () => {
    api.answer('/admin/tasks', tasksPage([task(1)], { total: 1, page: 1, pages: 1 }), tasksPage([task(1)], { total: 1, page: 1, pages: 1 }));
    visit('/admin/tasks?status=0&sortBy=planName&sortOrder=desc&limit=20&q=ann%40example.com');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodies()[0]).toEqual({ page: 1, limit: 20, sortBy: 'planName', sortOrder: 'desc', Status: 0, q: 'ann@example.com' });
    expect(select('Sort').value).toBe('planName:desc');
    expect((screen.getByRole('searchbox', { name: 'Search tasks' }) as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('garbled address values fall back to the defaults', async () => {
    api.answer('/admin/tasks', tasksPage([task(1)], { total: 1, page: 1, pages: 1 }));
    visit('/admin/tasks?status=7&sortBy=email&sortOrder=up&limit=1000&page=-3');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodies()[0]).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('pages come from `paging`: Next asks for page 2 and keeps it in the address', async () => {
    api.answer('/admin/tasks', tasksPage([task(1)], { total: 25, page: 1, pages: 3 }), tasksPage([task(11)], { total: 25, page: 2, pages: 3 }));
    const memory = visit('/admin/tasks?limit=10');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('Showing 1 of 25 subscriptions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(memory.history?.at(-1)).toBe('/admin/tasks?limit=10&page=2');
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    expect(bodies().at(-1)).toMatchObject({ page: 2, limit: 10 });
  });

  it("Next and Previous send the answer's cursor (keyset), with the page number; a page from the address sends none", async () => {
    const withCursors = (answer: Reply, next: string | null, prev: string | null): Reply => [answer[0], { ...(answer[1] as object), cursors: { next, prev } }];
    api.answer(
      '/admin/tasks',
      withCursors(tasksPage([task(21)], { total: 35, page: 3, pages: 4 }), 'c-next-3', 'c-prev-3'),
      withCursors(tasksPage([task(31)], { total: 35, page: 4, pages: 4 }), null, 'c-prev-4'),
      withCursors(tasksPage([task(21)], { total: 35, page: 3, pages: 4 }), 'c-next-3', 'c-prev-3'),
      withCursors(tasksPage([task(11)], { total: 35, page: 2, pages: 4 }), 'c-next-2', 'c-prev-2'),
    );
    // The page shown and loaded (the pager's buttons wait while a page loads).
    const shown = (text: string) =>
      waitFor(() => {
        expect(screen.getByText(text)).toBeTruthy();
        expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
      });
    visit('/admin/tasks?page=3');
    await shown('Page 3 of 4');
    expect(bodies()[0]).toEqual({ page: 3, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Page 4 of 4');
    expect(bodies()[1]).toEqual({ page: 4, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', after: 'c-next-3' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await shown('Page 3 of 4');
    expect(bodies()[2]).toEqual({ page: 3, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', before: 'c-prev-4' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await shown('Page 2 of 4');
    expect(bodies()[3]).toEqual({ page: 2, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', before: 'c-prev-3' });
  });

  it('a cursor is for its one request: another filter after Next asks by page number', async () => {
    const one: Reply = [
      200,
      { success: true, data: [task(1)], paging: { total: 30, page: 1, limit: 10, pages: 3, hasNext: true, hasPrev: false }, cursors: { next: 'c1', prev: null } },
    ];
    api.answer('/admin/tasks', one, one, one);
    visit('/admin/tasks');
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()[1]).toMatchObject({ page: 2, after: 'c1' });
    fireEvent.change(select('Per page'), { target: { value: '20' } });
    await waitFor(() => expect(bodies()).toHaveLength(3));
    expect(bodies()[2]).toEqual({ page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it("'Failed to load subscriptions' with the server's reason and Retry", async () => {
    api.answer('/admin/tasks', [500, { success: false, message: 'Database unavailable' }], tasksPage([task(1)], { total: 1, page: 1, pages: 1 }));
    visit('/admin/tasks');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load subscriptions');
    expect(alert.textContent).toContain('Database unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});

describe('Status toggle', () => {
  async function listed() {
    api.answer('/admin/tasks', tasksPage([task(1), task(2)], { total: 2, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Mark Completed/ }));
    return screen.getByRole('alertdialog', { name: 'Change status?' });
  }

  it('asks first; Cancel changes nothing', async () => {
    const dialog = await listed();
    expect(dialog.textContent).toContain('Mark the YouTube order order_1 of ann1@example.com as Completed?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('/admin/upStatus')).toEqual([]);
    expect(chipOf(cards()[0])).toBe('Status: In Process');
  });

  it('after confirmation: POST /admin/upStatus {subscriptionId, Status: 1}; the row takes the returned subscription', async () => {
    const dialog = await listed();
    api.answer('/admin/upStatus', [200, { success: true, subscription: { ...task(1, { Status: 1 }), customer: undefined } }]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Completed' })));
    expect(api.callsTo('/admin/upStatus').map((c) => c.body)).toEqual([{ subscriptionId: 's1', Status: 1 }]);
    await waitFor(() => expect(chipOf(cards()[0])).toBe('Status: Completed'));
    expect(chipOf(cards()[1])).toBe('Status: In Process'); // only that row
    expect(within(cards()[0]).getByText('ann1@example.com')).toBeTruthy(); // the customer stays
    expect(within(cards()[0]).getByRole('button', { name: /^Mark In Process/ })).toBeTruthy();
    expect(screen.getByText('Status updated: YouTube is Completed')).toBeTruthy();
    expect(api.callsTo('/admin/tasks')).toHaveLength(1); // no reload needed
  });

  it("an answer without the subscription changes nothing: 'No subscription returned'", async () => {
    const dialog = await listed();
    api.answer('/admin/upStatus', [200, { success: true }]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Completed' })));
    expect((await screen.findByRole('alert')).textContent).toContain('No subscription returned');
    expect(chipOf(cards()[0])).toBe('Status: In Process');
  });

  it("a failed call changes nothing: 'Failed to update status' with the server's reason", async () => {
    const dialog = await listed();
    api.answer('/admin/upStatus', [404, { success: false, message: 'Subscription not found.' }]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Completed' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to update status');
    expect(alert.textContent).toContain('Subscription not found.');
    expect(chipOf(cards()[0])).toBe('Status: In Process');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Completed back to In Process sends Status 0', async () => {
    api.answer('/admin/tasks', tasksPage([task(1, { Status: 1 })], { total: 1, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Mark In Process/ }));
    api.answer('/admin/upStatus', [200, { success: true, subscription: task(1, { Status: 0 }) }]);
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark In Process' })));
    expect(api.callsTo('/admin/upStatus').map((c) => c.body)).toEqual([{ subscriptionId: 's1', Status: 0 }]);
    await waitFor(() => expect(chipOf(cards()[0])).toBe('Status: In Process'));
  });
});

describe('Orders needing attention', () => {
  it('lists paid orders without a subscription, then unpaid stale ones', async () => {
    api = installFakeApi(); // without the orders answers of beforeEach
    api.answer('/admin/tasks', tasksPage([], { total: 0, page: 1, pages: 1 }));
    api.answer('/admin/orders', NO_ORDERS);
    const order = {
      orderId: 'order_9',
      email: 'bob@example.com',
      planName: 'YouTube',
      tier: { name: 'Growth', price: '19.99' },
      currency: 'USD',
      status: 'paid',
      paymentId: 'pay_9',
      createdAt: '2025-09-02T10:00:00.000Z',
      paidAt: '2025-09-02T10:01:00.000Z',
    };
    visit('/admin/tasks');
    const section = await screen.findByRole('region', { name: 'Orders needing attention' });
    await waitFor(() => expect(api.callsTo('/admin/orders')).toHaveLength(1));
    expect(api.callsTo('/admin/orders')[0].body).toEqual({ page: 1, limit: 10, kind: 'paid-without-subscription' });
    await waitFor(() => expect(within(section).getByText('No paid order is waiting for its subscription.')).toBeTruthy());

    api.answer('/admin/orders', [200, { success: true, data: [order], paging: { total: 1, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false } }]);
    fireEvent.change(within(section).getByRole('combobox', { name: 'Show' }), { target: { value: 'unpaid-stale' } });
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'order_9' })).toBeTruthy());
    expect(api.callsTo('/admin/orders').at(-1)?.body).toEqual({ page: 1, limit: 10, kind: 'unpaid-stale' });
    expect(within(section).getByText('bob@example.com')).toBeTruthy();
    expect(within(section).getByText('YouTube · Growth')).toBeTruthy();
    expect(within(section).getByText('$19.99')).toBeTruthy();
  });
});

describe('Orders needing attention under the list', () => {
  it('are shown once the list has arrived, never above the cards that are still loading (no layout shift on a phone)', async () => {
    let answerTasks: () => void = () => undefined;
    api.answer('/admin/tasks', () => new Promise((resolve) => (answerTasks = () => resolve(tasksPage([task(1), task(2)], { total: 2, page: 1, pages: 1 })))));
    visit('/admin/tasks');
    expect(await screen.findByText('Loading subscriptions…')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Orders needing attention' })).toBeNull();

    answerTasks();
    const section = await screen.findByRole('region', { name: 'Orders needing attention' });
    const firstCard = screen.getAllByRole('listitem')[0];
    expect(firstCard.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/admin/orders')).toHaveLength(1));
  });

  it('are shown under a list that failed to load too', async () => {
    api.answer('/admin/tasks', [500, { success: false, message: 'Something went wrong on our side.', error: 'internal' }]);
    visit('/admin/tasks');
    expect(await screen.findByRole('region', { name: 'Orders needing attention' })).toBeTruthy();
    expect(screen.getByText('Failed to load subscriptions')).toBeTruthy();
  });
});

describe('Needs review filter', () => {
  it('goes into the address and sends fulfilment: needs_review; All orders takes it out again', async () => {
    const one = tasksPage([task(1)], { total: 1, page: 1, pages: 1 });
    api.answer('/admin/tasks', one, tasksPage([], { total: 0, page: 1, pages: 1 }), one);
    const memory = visit('/admin/tasks?page=2');
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(select('Fulfilment').value).toBe('all');

    fireEvent.change(select('Fulfilment'), { target: { value: 'needs_review' } });
    expect(memory.history?.at(-1)).toBe('/admin/tasks?fulfilment=needs_review');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', fulfilment: 'needs_review' }));
    expect(await screen.findByText('No order needs review.')).toBeTruthy();

    fireEvent.change(select('Fulfilment'), { target: { value: 'all' } });
    expect(memory.history?.at(-1)).toBe('/admin/tasks');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }));
  });

  it('a reload keeps it, with the other filters', async () => {
    api.answer('/admin/tasks', tasksPage([task(1)], { total: 1, page: 1, pages: 1 }));
    visit('/admin/tasks?fulfilment=needs_review&status=0&q=ann');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodies()[0]).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', Status: 0, fulfilment: 'needs_review', q: 'ann' });
    expect(select('Fulfilment').value).toBe('needs_review');
  });

  it("the provider's final statuses can be listed too: Partial sends Status 2", async () => {
    const one = tasksPage([task(1, { Status: 2, statusText: 'Partial' })], { total: 1, page: 1, pages: 1 });
    api.answer('/admin/tasks', one, one);
    const memory = visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect([...select('Status').options].map((option) => option.textContent)).toEqual(['All', 'In Process', 'Completed', 'Partial', 'Canceled', 'Refunded']);
    fireEvent.change(select('Status'), { target: { value: '2' } });
    expect(memory.history?.at(-1)).toBe('/admin/tasks?status=2');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', Status: 2 }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(chipOf(cards()[0])).toBe('Status: Partial');
    expect(within(cards()[0]).queryByRole('button', { name: /^Mark/ })).toBeNull(); // the toggle knows 0 and 1 only
  });

  it('an unknown value in the address is ignored', async () => {
    api.answer('/admin/tasks', tasksPage([task(1)], { total: 1, page: 1, pages: 1 }));
    visit('/admin/tasks?fulfilment=open');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodies()[0]).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' });
  });
});

describe('The provider part of each task', () => {
  function fulfilment(state: string, extra: Record<string, unknown> = {}) {
    return {
      state,
      serviceId: '101',
      quantity: 1000,
      upstreamOrderId: null,
      upstreamStatus: null,
      charge: null,
      currency: null,
      startCount: null,
      remains: null,
      note: null,
      queuedAt: '2025-09-02T10:00:05.000Z',
      placedAt: null,
      checkedAt: null,
      margin: null,
      ...extra,
    };
  }
  const placed = (state: string, extra: Record<string, unknown> = {}) =>
    fulfilment(state, {
      upstreamOrderId: '88123',
      upstreamStatus: 'In progress',
      charge: '7.6500',
      currency: 'USD',
      startCount: 1200,
      remains: 350,
      placedAt: '2025-09-02T10:00:06.000Z',
      ...extra,
    });
  const NEEDS_REVIEW_NOTE = 'No clear answer from the provider (timeout after 15000 ms): check its panel before retrying';

  const rowOf = (card: HTMLElement, label: string) => {
    const term = within(card)
      .queryAllByRole('term')
      .find((dt) => dt.textContent?.replace(/:\s*$/, '') === label);
    return term?.parentElement?.textContent ?? null;
  };
  const cardOf = (orderId: string) => cards().find((card) => within(card).queryByText(orderId)) as HTMLElement;

  async function listed(rows: unknown[]) {
    api.answer('/admin/tasks', tasksPage(rows, { total: rows.length, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(rows.length));
  }

  it('shows state, panel order, raw status, charge, start count, remains, margin; buttons only where allowed', async () => {
    await listed([
      task(1, {
        fulfilment: placed('open', { serviceName: 'Instagram Followers [Real]', margin: { amount: '12.34', currency: 'USD' }, checkedAt: '2025-09-02T10:05:00.000Z' }),
      }),
      task(2, { fulfilment: fulfilment('needs_review', { note: NEEDS_REVIEW_NOTE }) }),
      task(3, { fulfilment: fulfilment('queued') }),
      task(4, {
        Status: 2,
        statusText: 'Partial',
        pricing: { pricingId: 'p2', name: 'Growth', price: '1499', description: '', features: [], isPopular: false, currency: 'INR' },
        fulfilment: placed('done', { upstreamStatus: 'Partial', remains: 100 }),
      }),
      task(5, { fulfilment: fulfilment('placing') }),
      task(8, {
        Status: 2,
        statusText: 'Partial',
        fulfilment: placed('done', { upstreamStatus: 'Partial', remains: 412, margin: { amount: '18.81', currency: 'USD', estimated: true } }),
      }),
      task(6, { fulfilment: fulfilment('canceled') }),
      task(7), // the manual path
    ]);

    const open = cardOf('order_1');
    expect(rowOf(open, 'Fulfilment')).toBe('Fulfilment: Placed upstream');
    expect(rowOf(open, 'Service')).toBe('Service: Instagram Followers [Real] (#101) × 1,000');
    expect(rowOf(cardOf('order_3'), 'Service')).toBe('Service: #101 × 1,000'); // no name known
    expect(rowOf(open, 'Panel order')).toBe('Panel order: 88123');
    expect(rowOf(open, 'Panel status')).toBe('Panel status: In progress');
    expect(rowOf(open, 'Charge')).toBe('Charge: 7.65 USD');
    expect(rowOf(open, 'Start count')).toBe('Start count: 1,200');
    expect(rowOf(open, 'Remains')).toBe('Remains: 350');
    expect(rowOf(open, 'Margin')).toBe('Margin: 12.34 USD');
    // A Partial order's cost is the charge's delivered share: said to be an estimate.
    expect(rowOf(cardOf('order_8'), 'Margin')).toBe('Margin: 18.81 USD (estimate: the charge for what was delivered)');
    expect(rowOf(open, 'Last checked')).toMatch(/^Last checked: 2 Sept? 2025, /);
    expect(within(open).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(within(open).queryByRole('button', { name: /^Link/ })).toBeNull();
    expect(within(open).queryByRole('button', { name: /^Cancel/ })).toBeNull();

    const review = cardOf('order_2');
    expect(rowOf(review, 'Fulfilment')).toBe('Fulfilment: Needs review');
    expect(within(review).getByText(NEEDS_REVIEW_NOTE, { exact: false })).toBeTruthy();
    expect(rowOf(review, 'Panel order')).toBeNull(); // never placed: no upstream facts to show
    // Link first: the usual way out (the order is mostly on the panel already), then Retry, Cancel.
    expect(
      within(review)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Mark Completed: YouTube, order order_2',
      'Link panel order: YouTube, order order_2',
      'Retry: YouTube, order order_2',
      'Cancel: YouTube, order order_2',
      'Refund: YouTube, order order_2',
    ]);

    const queued = cardOf('order_3');
    expect(rowOf(queued, 'Fulfilment')).toBe('Fulfilment: Queued');
    expect(within(queued).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(within(queued).queryByRole('button', { name: /^Link/ })).toBeNull();
    expect(within(queued).getByRole('button', { name: /^Cancel/ })).toBeTruthy();

    const done = cardOf('order_4');
    expect(chipOf(done)).toBe('Status: Partial'); // the server's text for Status 2
    expect(rowOf(done, 'Fulfilment')).toBe('Fulfilment: Finished');
    expect(rowOf(done, 'Panel status')).toBe('Panel status: Partial');
    expect(rowOf(done, 'Margin')).toBe('Margin: — (paid in INR, charged in USD)');
    expect(within(done).queryByRole('button', { name: /^(Link|Retry|Cancel)/ })).toBeNull();

    expect(rowOf(cardOf('order_5'), 'Fulfilment')).toBe('Fulfilment: Placing…');
    expect(within(cardOf('order_5')).queryByRole('button', { name: /^(Link|Retry|Cancel)/ })).toBeNull();
    expect(rowOf(cardOf('order_6'), 'Fulfilment')).toBe('Fulfilment: Cancelled');
    expect(within(cardOf('order_6')).queryByRole('button', { name: /^(Link|Retry|Cancel)/ })).toBeNull();

    const manual = cardOf('order_7');
    expect(rowOf(manual, 'Fulfilment')).toBeNull();
    expect(within(manual).queryByRole('heading', { name: 'Provider' })).toBeNull();
    expect(within(manual).getByRole('button', { name: /^Mark Completed/ })).toBeTruthy();
    expect(within(manual).queryByRole('button', { name: /^(Link|Retry|Cancel)/ })).toBeNull();
  });

  it('Retry asks first: Keep it sends nothing and gives the focus back to Retry', async () => {
    await listed([task(2, { fulfilment: fulfilment('needs_review', { note: NEEDS_REVIEW_NOTE }) })]);
    const retry = within(cardOf('order_2')).getByRole('button', { name: /^Retry/ }) as HTMLButtonElement;
    retry.focus();
    fireEvent.click(retry);
    const dialog = screen.getByRole('alertdialog', { name: 'Place this order with the provider again?' });
    expect(dialog.textContent).toContain('The YouTube order order_2 of ann2@example.com goes to the provider again.');
    expect(dialog.textContent).toContain('Check the provider panel first: if the order is already there, retrying places a second one.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' })); // the safe choice first
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('/admin/fulfilment/retry')).toEqual([]);
    expect(rowOf(cardOf('order_2'), 'Fulfilment')).toBe('Fulfilment: Needs review');
    expect(document.activeElement).toBe(retry);
  });

  it('Retry, then Place again: POST /admin/fulfilment/retry {subscriptionId} once, buttons disabled meanwhile; the card takes the returned order', async () => {
    await listed([task(2, { fulfilment: fulfilment('needs_review', { note: NEEDS_REVIEW_NOTE }) }), task(3)]);
    api.answer('/admin/fulfilment/retry', [
      200,
      { success: true, subscription: { ...task(2, { fulfilment: fulfilment('queued', { queuedAt: '2025-09-03T09:00:00.000Z' }) }), customer: undefined } },
    ]);
    const retry = within(cardOf('order_2')).getByRole('button', { name: /^Retry/ }) as HTMLButtonElement;
    fireEvent.click(retry);
    const dialog = screen.getByRole('alertdialog', { name: 'Place this order with the provider again?' });
    const placeAgain = within(dialog).getByRole('button', { name: 'Place again' }) as HTMLButtonElement;
    fireEvent.click(placeAgain);
    expect(placeAgain.disabled).toBe(true); // no second click while the first is under way
    expect(retry.disabled).toBe(true);
    expect((within(cardOf('order_3')).getByRole('button', { name: /^Mark Completed/ }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(rowOf(cardOf('order_2'), 'Fulfilment')).toBe('Fulfilment: Queued'));
    expect(api.callsTo('/admin/fulfilment/retry').map((c) => c.body)).toEqual([{ subscriptionId: 's2' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(cardOf('order_2')).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(within(cardOf('order_2')).getByRole('button', { name: /^Cancel/ })).toBeTruthy(); // still not placed
    expect(within(cardOf('order_2')).getByText('ann2@example.com')).toBeTruthy();
    expect(screen.getByText('YouTube order order_2 is queued for the provider again')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(cardOf('order_2').parentElement)); // the card, not the page
    expect(api.callsTo('/admin/fulfilment/retry')).toHaveLength(1);
    expect(api.callsTo('/admin/tasks')).toHaveLength(1);
  });

  it("a refused retry shows the server's 409 text and changes nothing", async () => {
    await listed([task(2, { fulfilment: fulfilment('needs_review') })]);
    api.answer('/admin/fulfilment/retry', [409, { success: false, message: 'Only an order that needs review can be retried' }]);
    fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Retry/ }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Place again' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Retry failed' + 'Only an order that needs review can be retried');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rowOf(cards()[0], 'Fulfilment')).toBe('Fulfilment: Needs review');
    expect((within(cards()[0]).getByRole('button', { name: /^Retry/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Cancel asks first (Keep it sends nothing), then POST /admin/fulfilment/cancel; the card shows Cancelled', async () => {
    await listed([task(3, { fulfilment: fulfilment('queued') })]);
    fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Cancel/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog.textContent).toContain('The YouTube order order_3 of ann3@example.com will not be sent to the provider.');
    expect(dialog.textContent).toContain('The customer will see it as Canceled. This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('/admin/fulfilment/cancel')).toEqual([]);

    fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Cancel/ }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    api.answer('/admin/fulfilment/cancel', [200, { success: true, subscription: task(3, { fulfilment: fulfilment('canceled') }) }]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' })));
    expect(api.callsTo('/admin/fulfilment/cancel').map((c) => c.body)).toEqual([{ subscriptionId: 's3' }]);
    await waitFor(() => expect(rowOf(cards()[0], 'Fulfilment')).toBe('Fulfilment: Cancelled'));
    expect(within(cards()[0]).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('YouTube order order_3 is cancelled')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(cards()[0].parentElement));
  });

  it("a refused cancel (placed upstream meanwhile) shows the server's 409 text", async () => {
    await listed([task(2, { fulfilment: fulfilment('needs_review') })]);
    fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Cancel/ }));
    api.answer('/admin/fulfilment/cancel', [
      409,
      { success: false, message: 'Only an order not yet placed upstream can be cancelled here; cancel a placed one on the provider panel' },
    ]);
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cancel failed');
    expect(alert.textContent).toContain('cancel a placed one on the provider panel');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rowOf(cards()[0], 'Fulfilment')).toBe('Fulfilment: Needs review');
  });

  describe('Link panel order', () => {
    const linkDialog = () => screen.getByRole('dialog', { name: 'Link panel order' });
    const idField = () => within(linkDialog()).getByRole('textbox', { name: 'Order id on the provider panel' }) as HTMLInputElement;
    const linkButton = () => within(linkDialog()).getByRole('button', { name: 'Link order' }) as HTMLButtonElement;
    const type = (text: string) => fireEvent.change(idField(), { target: { value: text } });

    async function opened() {
      await listed([task(2, { fulfilment: fulfilment('needs_review', { note: NEEDS_REVIEW_NOTE }) }), task(3)]);
      const opener = within(cardOf('order_2')).getByRole('button', { name: 'Link panel order: YouTube, order order_2' }) as HTMLButtonElement;
      opener.focus();
      fireEvent.click(opener);
      return opener;
    }

    it('opens with the field focused; an empty or blank id cannot be sent; Escape closes it, the focus back on the button', async () => {
      const opener = await opened();
      expect(linkDialog().textContent).toContain('The YouTube order order_2 of ann2@example.com needs review.');
      expect(linkDialog().textContent).toContain('Found the order on the provider panel? Link it here and it is followed like any other, with no second order.');
      expect(document.activeElement).toBe(idField());
      expect(linkButton().disabled).toBe(true);
      type('   ');
      expect(linkButton().disabled).toBe(true);
      fireEvent.submit(idField().form as HTMLFormElement); // Enter in the field
      type('AB-12');
      expect(linkButton().disabled).toBe(false); // letters too: not every panel numbers its orders
      fireEvent.keyDown(idField(), { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(api.callsTo('/admin/fulfilment/link')).toEqual([]);

      fireEvent.click(opener); // again: a fresh field, and Keep it closes it as well
      expect(idField().value).toBe('');
      fireEvent.click(within(linkDialog()).getByRole('button', { name: 'Keep it' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.callsTo('/admin/fulfilment/link')).toEqual([]);
      expect(rowOf(cardOf('order_2'), 'Fulfilment')).toBe('Fulfilment: Needs review');
    });

    it("a refused id (400) shows the server's text in the dialog, which stays open with the id to fix", async () => {
      await opened();
      api.answer('/admin/fulfilment/link', [400, { success: false, message: 'The provider does not know order 999999: Incorrect order ID' }]);
      type('999999');
      await act(async () => fireEvent.submit(idField().form as HTMLFormElement));
      const alert = await within(linkDialog()).findByRole('alert');
      expect(alert.textContent).toBe('The provider does not know order 999999: Incorrect order ID');
      expect(idField().value).toBe('999999');
      expect(idField().getAttribute('aria-invalid')).toBe('true');
      expect(idField().getAttribute('aria-describedby')).toBe(alert.id);
      expect(document.activeElement).toBe(idField()); // to fix the typo at once
      expect(linkButton().disabled).toBe(false);
      expect(rowOf(cardOf('order_2'), 'Fulfilment')).toBe('Fulfilment: Needs review');
      expect(screen.getAllByRole('alert')).toHaveLength(1); // not on the page as well

      type('99999'); // editing clears the old refusal; the next one replaces it
      expect(within(linkDialog()).queryByRole('alert')).toBeNull();
      api.answer('/admin/fulfilment/link', [502, { success: false, message: 'The provider panel did not answer: timeout after 15000 ms' }]);
      await act(async () => fireEvent.click(linkButton()));
      expect((await within(linkDialog()).findByRole('alert')).textContent).toBe('The provider panel did not answer: timeout after 15000 ms');
      expect(api.callsTo('/admin/fulfilment/link').map((c) => c.body)).toEqual([
        { subscriptionId: 's2', upstreamOrderId: '999999' },
        { subscriptionId: 's2', upstreamOrderId: '99999' },
      ]);
    });

    it('Link order sends one POST with the trimmed id; the card then shows it placed upstream with that panel order', async () => {
      await opened();
      api.answer('/admin/fulfilment/link', [
        200,
        { success: true, subscription: { ...task(2, { fulfilment: placed('open', { upstreamOrderId: '1234', upstreamStatus: 'In progress' }) }), customer: undefined } },
      ]);
      type('  1234 ');
      fireEvent.click(linkButton());
      expect(linkButton().disabled).toBe(true); // working: no second request
      fireEvent.submit(idField().form as HTMLFormElement);
      expect((within(cardOf('order_3')).getByRole('button', { name: /^Mark Completed/ }) as HTMLButtonElement).disabled).toBe(true);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.callsTo('/admin/fulfilment/link').map((c) => c.body)).toEqual([{ subscriptionId: 's2', upstreamOrderId: '1234' }]);
      const card = cardOf('order_2');
      expect(rowOf(card, 'Fulfilment')).toBe('Fulfilment: Placed upstream');
      expect(rowOf(card, 'Panel order')).toBe('Panel order: 1234');
      expect(within(card).queryByRole('button', { name: /^(Link|Retry|Cancel)/ })).toBeNull();
      expect(within(card).getByText('ann2@example.com')).toBeTruthy(); // the customer stays
      expect(screen.getByText('Linked to panel order 1234')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(card.parentElement)); // the card, as after Retry
      expect(api.callsTo('/admin/tasks')).toHaveLength(1); // no reload
    });
  });
});

describe('Refunds on the task cards (docs/refunds.md)', () => {
  /** The whole 19.99 still refundable. */
  const refund = (extra: Record<string, unknown> = {}) => refundBlock({ refundable: '19.99', ...extra });
  const cardOf = (orderId: string) => cards().find((card) => within(card).queryByText(orderId)) as HTMLElement;
  /** The refund block's lines as staff read them. */
  const refundLines = (card: HTMLElement) => {
    const title = within(card).queryByRole('heading', { name: 'Refund' });
    if (!title) return null;
    return Array.from(title.parentElement?.querySelectorAll('p') ?? []).map((p) => p.textContent);
  };
  const refundButton = (card: HTMLElement) => within(card).queryByRole('button', { name: /^Refund: / }) as HTMLButtonElement | null;
  const dialog = () => screen.getByRole('dialog');
  const amountField = () => within(dialog()).getByRole('textbox', { name: 'Amount in USD' }) as HTMLInputElement;
  const reasonField = () => within(dialog()).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement;
  const submitButton = () => within(dialog()).getAllByRole('button').at(-1) as HTMLButtonElement;
  const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
  const refunds = () => api.callsTo('/admin/refunds').map((call) => call.body);
  const decisions = () => api.callsTo('/admin/refund-requests/decide').map((call) => call.body);

  async function listed(rows: unknown[]) {
    api.answer('/admin/tasks', tasksPage(rows, { total: rows.length, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await waitFor(() => expect(cards()).toHaveLength(rows.length));
  }

  it('says where each refund stands; Refund… only while something is left and no request is open', async () => {
    await listed([
      task(1, { refund: refund({ state: 'pending', requested: '7.85', refundable: '12.14' }) }),
      task(2, {
        Status: 4,
        statusText: 'Refunded',
        refund: refund({ state: 'processed', requested: '19.99', refunded: '19.99', refundedAt: '2025-09-03T11:00:00.000Z', refundable: '0.00' }),
      }),
      task(3, { refund: refund({ state: 'failed', failure: 'The card issuer declined the refund' }) }),
      task(4, { refund: refund({ requestState: 'open', requestId: 'rq4' }) }),
      task(5, { refund: refund({ requestState: 'declined', message: 'Delivered in full; see the panel' }) }),
      task(6, { refund: refund({ state: 'pending', requested: '10.00', refunded: '2.15', refundedAt: '2025-09-03T11:00:00.000Z', refundable: '9.99' }) }),
      task(7, { refund: null }),
      task(8, { refund: refund({ state: 'processed', requested: '19.990', refunded: '19.99', refundable: '0' }) }),
    ]);
    expect(refundLines(cardOf('order_1'))).toEqual(['Refund pending: 7.85 USD', 'Left to refund: 12.14 USD']);
    expect(refundLines(cardOf('order_2'))).toEqual([expect.stringMatching(/^Refunded 19\.99 USD on 3 Sept? 2025$/), 'Left to refund: 0.00 USD']);
    expect(refundLines(cardOf('order_3'))).toEqual(['Refund failed: The card issuer declined the refund', 'Left to refund: 19.99 USD']);
    expect(refundLines(cardOf('order_4'))).toEqual(['Refund requested', 'Left to refund: 19.99 USD']);
    expect(refundLines(cardOf('order_5'))).toEqual(['Request declined: Delivered in full; see the panel', 'Left to refund: 19.99 USD']);
    // `requested` counts what was processed too: 10.00 − 2.15 is on its way.
    expect(refundLines(cardOf('order_6'))).toEqual([
      'Refund pending: 7.85 USD',
      expect.stringMatching(/^Refunded 2\.15 USD on 3 Sept? 2025$/),
      'Left to refund: 9.99 USD',
    ]);
    expect(refundLines(cardOf('order_7'))).toBeNull(); // no refund, no request: no block
    expect(refundLines(cardOf('order_8'))).toEqual(['Refunded 19.99 USD', 'Left to refund: 0.00 USD']);

    expect(refundButton(cardOf('order_1'))).toBeTruthy();
    expect(refundButton(cardOf('order_2'))).toBeNull(); // all refunded
    expect(refundButton(cardOf('order_3'))).toBeTruthy(); // a failed refund frees its amount
    expect(refundButton(cardOf('order_4'))).toBeNull(); // answered with Approve or Decline instead
    expect(within(cardOf('order_4')).getByRole('button', { name: 'Approve refund: YouTube, order order_4' })).toBeTruthy();
    expect(within(cardOf('order_4')).getByRole('button', { name: 'Decline refund: YouTube, order order_4' })).toBeTruthy();
    expect(refundButton(cardOf('order_5'))).toBeTruthy();
    expect(refundButton(cardOf('order_7'))?.textContent).toBe('Refund…'); // null: the whole price is refundable
    expect(refundButton(cardOf('order_8'))).toBeNull(); // '0' is nothing left, however it is written
    expect(within(cards()[0]).queryByRole('button', { name: /^(Approve|Decline)/ })).toBeNull();
  });

  it("the margin line is the server's (refunds already taken off there)", async () => {
    const fulfilment = {
      state: 'done',
      serviceId: '101',
      quantity: 1000,
      upstreamOrderId: '88123',
      upstreamStatus: 'Partial',
      charge: '7.65',
      currency: 'USD',
      margin: { amount: '4.49', currency: 'USD' },
    };
    await listed([task(1, { fulfilment, refund: refund({ state: 'processed', requested: '7.85', refunded: '7.85', refundable: '12.14' }) })]);
    const term = within(cards()[0])
      .getAllByRole('term')
      .find((dt) => dt.textContent?.startsWith('Margin'));
    expect(term?.parentElement?.textContent).toBe('Margin: 4.49 USD');
  });

  describe('Refund…', () => {
    async function opened(rows = [task(1), task(7, { refund: refund({ state: 'processed', requested: '7.85', refunded: '7.85', refundable: '12.14' }) })]) {
      await listed(rows);
      const opener = refundButton(cardOf('order_7')) as HTMLButtonElement;
      opener.focus();
      fireEvent.click(opener);
      return opener;
    }

    it('opens with everything left, the currency beside it and the amount on the button; Cancel or Escape send nothing', async () => {
      const opener = await opened();
      expect(screen.getByRole('dialog', { name: 'Refund this order' }).textContent).toContain('Refund the YouTube order order_7 of ann7@example.com.');
      expect(amountField().value).toBe('12.14');
      expect(document.activeElement).toBe(amountField());
      expect(within(dialog()).getByText('USD')).toBeTruthy();
      expect(within(dialog()).getByText('Everything left is 12.14 USD; lower it for a partial refund.')).toBeTruthy();
      expect(submitButton().textContent).toBe('Refund 12.14 USD');
      type(amountField(), '7.8');
      expect(submitButton().textContent).toBe('Refund 7.80 USD');
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Full amount: 12.14 USD' }));
      expect(amountField().value).toBe('12.14');
      fireEvent.keyDown(amountField(), { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      fireEvent.click(opener);
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(refunds()).toEqual([]);
    });

    it('refuses an amount over what is left, a bad decimal, zero and a missing reason, and sends nothing', async () => {
      await opened();
      const error = () => document.getElementById(`${amountField().id}-error`)?.textContent ?? null;
      const reasonError = () => document.getElementById(`${reasonField().id}-error`)?.textContent ?? null;
      expect(error()).toBeNull(); // nothing is wrong before staff try

      type(amountField(), '12.15');
      fireEvent.submit(amountField().form as HTMLFormElement);
      expect(error()).toBe('Only 12.14 USD is left to refund.');
      expect(amountField().getAttribute('aria-invalid')).toBe('true');
      expect(amountField().getAttribute('aria-describedby')).toContain(`${amountField().id}-error`);
      expect(document.activeElement).toBe(amountField());
      expect(submitButton().textContent).toBe('Refund');

      type(amountField(), '7,85');
      expect(error()).toBe('Enter the amount as a number in USD, e.g. 7.85.');
      type(amountField(), '7.855');
      expect(error()).toBe('USD has at most 2 decimals.');
      type(amountField(), '0.00');
      expect(error()).toBe('The amount must be more than 0.');
      type(amountField(), '1e3');
      expect(error()).toBe('Enter the amount as a number in USD, e.g. 7.85.');
      type(amountField(), '');
      expect(error()).toBe('Enter the amount to refund.');
      type(amountField(), ' 7.85 ');
      expect(error()).toBeNull();
      expect(reasonError()).toBe('Write a reason of at least 3 characters.');
      fireEvent.click(submitButton());
      expect(document.activeElement).toBe(reasonField());
      type(reasonField(), '  ab  ');
      fireEvent.click(submitButton());
      expect(reasonError()).toBe('Write a reason of at least 3 characters.');
      type(reasonField(), 'x'.repeat(501));
      expect(reasonError()).toBe('Keep a reason to 500 characters (now 501).');
      expect(refunds()).toEqual([]);
    });

    it('a refusal (409) is shown in the dialog, which stays open with what was typed; the card is unchanged', async () => {
      await opened();
      api.answer('/admin/refunds', [409, { success: false, message: 'Only 4.29 is left to refund on this order' }]);
      type(amountField(), '7.85');
      type(reasonField(), 'Customer wrote in');
      await act(async () => fireEvent.click(submitButton()));
      const alert = await within(dialog()).findByRole('alert');
      expect(alert.textContent).toBe('Only 4.29 is left to refund on this order');
      expect(amountField().value).toBe('7.85');
      expect(reasonField().value).toBe('Customer wrote in');
      expect(document.activeElement).toBe(amountField());
      expect(submitButton().disabled).toBe(false);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(refundLines(cardOf('order_7'))).toEqual(['Refunded 7.85 USD', 'Left to refund: 12.14 USD']);
      type(amountField(), '4.29'); // editing takes the old refusal away
      expect(within(dialog()).queryByRole('alert')).toBeNull();
    });

    it('a 400 on a bad amount is shown too', async () => {
      await opened();
      api.answer('/admin/refunds', [400, { success: false, message: ['amount must be decimal text with at most 2 decimals'] }]);
      type(reasonField(), 'Customer wrote in');
      await act(async () => fireEvent.click(submitButton()));
      expect((await within(dialog()).findByRole('alert')).textContent).toBe('amount must be decimal text with at most 2 decimals');
    });

    it('no answer: staff are told the refund may have gone through, before they try again', async () => {
      await opened();
      globalThis.fetch = jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch;
      type(reasonField(), 'Customer wrote in');
      await act(async () => fireEvent.click(submitButton()));
      expect((await within(dialog()).findByRole('alert')).textContent).toBe(
        'Network error. Please check your connection and try again. The refund may have been issued: reload the page and check before trying again.',
      );
    });

    it('Refund 7.85 USD: one POST /admin/refunds {subscriptionId, amount, reason}; the card takes the returned subscription, a toast, the focus on the card', async () => {
      await opened();
      const returned = task(7, {
        customer: undefined,
        refund: refund({ state: 'pending', requested: '15.70', refunded: '7.85', refundable: '4.29' }),
      });
      api.answer('/admin/refunds', [200, { success: true, refund: { refundId: 'r2', state: 'pending' }, subscription: returned }]);
      type(amountField(), '7.85');
      type(reasonField(), '  Views dropped after a week  ');
      expect(submitButton().textContent).toBe('Refund 7.85 USD');
      fireEvent.click(submitButton());
      expect(submitButton().disabled).toBe(true); // working: no second request
      fireEvent.submit(amountField().form as HTMLFormElement);
      expect((within(cardOf('order_1')).getByRole('button', { name: /^Mark Completed/ }) as HTMLButtonElement).disabled).toBe(true);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(refunds()).toEqual([{ subscriptionId: 's7', amount: '7.85', reason: 'Views dropped after a week' }]);
      await waitFor(() => expect(refundLines(cardOf('order_7'))).toEqual(['Refund pending: 7.85 USD', 'Refunded 7.85 USD', 'Left to refund: 4.29 USD']));
      expect(within(cardOf('order_7')).getByText('ann7@example.com')).toBeTruthy(); // the customer stays
      expect(screen.getByRole('status').textContent).toBe('Refund of 7.85 USD issued');
      await waitFor(() => expect(document.activeElement).toBe(cardOf('order_7').parentElement));
      expect(api.callsTo('/admin/tasks')).toHaveLength(1); // no reload
    });

    it('a refund the gateway refused at once: no success announced, the card says why', async () => {
      await opened();
      api.answer('/admin/refunds', [
        200,
        {
          success: true,
          refund: { refundId: 'r2', state: 'failed', failure: 'The payment was not captured' },
          subscription: task(7, { refund: refund({ state: 'processed', requested: '7.85', refunded: '7.85', refundable: '12.14', failure: null }) }),
        },
      ]);
      type(amountField(), '2');
      type(reasonField(), 'Goodwill');
      await act(async () => fireEvent.click(submitButton()));
      expect(refunds()).toEqual([{ subscriptionId: 's7', amount: '2.00', reason: 'Goodwill' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('status').textContent).toBe('The refund of 2.00 USD failed: The payment was not captured');
    });

    it('the whole price of an order with no refund yet; an answer without the subscription reads the list again', async () => {
      await listed([task(1, { refund: null })]);
      fireEvent.click(refundButton(cards()[0]) as HTMLButtonElement);
      expect(amountField().value).toBe('19.99');
      api.answer('/admin/refunds', [200, { success: true }]);
      api.answer('/admin/tasks', tasksPage([task(1, { refund: refund({ state: 'pending', requested: '19.99', refundable: '0.00' }) })], { total: 1, page: 1, pages: 1 }));
      type(reasonField(), 'Staff');
      await act(async () => fireEvent.click(submitButton()));
      expect(refunds()).toEqual([{ subscriptionId: 's1', amount: '19.99', reason: 'Staff' }]);
      await waitFor(() => expect(refundLines(cards()[0])).toEqual(['Refund pending: 19.99 USD', 'Left to refund: 0.00 USD']));
      expect(api.callsTo('/admin/tasks')).toHaveLength(2);
      expect(refundButton(cards()[0])).toBeNull();
    });

    it('an order paid in rupees is refunded in rupees', async () => {
      const pricing = { pricingId: 'p2', name: 'Growth', price: '1499.00', description: '', features: [], isPopular: false, currency: 'INR' };
      await listed([task(1, { pricing, refund: null })]);
      fireEvent.click(refundButton(cards()[0]) as HTMLButtonElement);
      expect(within(dialog()).getByRole('textbox', { name: 'Amount in INR' })).toBeTruthy();
      expect(submitButton().textContent).toBe('Refund 1499.00 INR');
    });
  });

  describe('Approve and Decline of a request', () => {
    const OPEN = () => task(4, { refund: refund({ requestState: 'open', requestId: 'rq4', refundable: '19.99' }) });

    it('Approve starts with everything left, can be lowered: POST decide {requestId, approve: true, amount}', async () => {
      await listed([OPEN()]);
      fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Approve refund/ }));
      expect(screen.getByRole('dialog', { name: 'Approve the refund request' }).textContent).toContain(
        'A refund was requested for the YouTube order order_4 of ann4@example.com.',
      );
      expect(within(dialog()).queryByRole('textbox', { name: 'Reason' })).toBeNull(); // the customer's reason is kept with it
      expect(amountField().value).toBe('19.99');
      type(amountField(), '20');
      fireEvent.click(submitButton());
      expect(document.getElementById(`${amountField().id}-error`)?.textContent).toBe('Only 19.99 USD is left to refund.');
      type(amountField(), '10');
      expect(submitButton().textContent).toBe('Refund 10.00 USD');
      api.answer('/admin/refund-requests/decide', [
        200,
        {
          success: true,
          request: { requestId: 'rq4', state: 'approved' },
          refund: { state: 'pending' },
          subscription: task(4, { refund: refund({ state: 'pending', requested: '10.00', requestState: 'approved', refundable: '9.99' }) }),
        },
      ]);
      await act(async () => fireEvent.click(submitButton()));
      expect(decisions()).toEqual([{ requestId: 'rq4', approve: true, amount: '10.00' }]);
      await waitFor(() => expect(refundLines(cards()[0])).toEqual(['Refund pending: 10.00 USD', 'Left to refund: 9.99 USD']));
      expect(within(cards()[0]).queryByRole('button', { name: /^Approve/ })).toBeNull();
      expect(refundButton(cards()[0])).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('Refund of 10.00 USD issued');
      await waitFor(() => expect(document.activeElement).toBe(cards()[0].parentElement));
    });

    it('Decline asks for a message to the customer: POST decide {requestId, approve: false, message}', async () => {
      await listed([OPEN()]);
      fireEvent.click(within(cards()[0]).getByRole('button', { name: /^Decline refund/ }));
      const message = within(screen.getByRole('dialog', { name: 'Decline the refund request' })).getByRole('textbox', { name: 'Message to the customer' });
      expect(document.activeElement).toBe(message);
      expect(within(dialog()).queryByRole('textbox', { name: /^Amount/ })).toBeNull();
      expect(dialog().textContent).toContain('Nothing is refunded. The customer gets your message by e-mail.');
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline request' }));
      expect(document.getElementById(`${message.id}-error`)?.textContent).toBe('Write a message of at least 3 characters.');
      type(message, 'x'.repeat(1001)); // the customer reads it: more room than a refund's reason
      expect(document.getElementById(`${message.id}-error`)?.textContent).toBe('Keep a message to 1,000 characters (now 1,001).');
      type(message, 'x'.repeat(1000));
      expect(document.getElementById(`${message.id}-error`)).toBeNull();
      expect(decisions()).toEqual([]);

      api.answer('/admin/refund-requests/decide', [409, { success: false, message: 'This request was already decided' }]);
      type(message, ' The order was delivered in full on 2 Sept. ');
      await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline request' })));
      expect((await within(dialog()).findByRole('alert')).textContent).toBe('This request was already decided'); // no "may have been issued": nothing is refunded

      api.answer('/admin/refund-requests/decide', [
        200,
        {
          success: true,
          request: { state: 'declined' },
          subscription: task(4, { refund: refund({ requestState: 'declined', message: 'The order was delivered in full on 2 Sept.' }) }),
        },
      ]);
      await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline request' })));
      expect(decisions()).toEqual([
        { requestId: 'rq4', approve: false, message: 'The order was delivered in full on 2 Sept.' },
        { requestId: 'rq4', approve: false, message: 'The order was delivered in full on 2 Sept.' },
      ]);
      await waitFor(() => expect(refundLines(cards()[0])).toEqual(['Request declined: The order was delivered in full on 2 Sept.', 'Left to refund: 19.99 USD']));
      expect(screen.getByRole('status').textContent).toBe('Refund request declined');
    });
  });
});

/**
 * A desktop from 1100 px: the table query matches, the drawer's does not. (setNarrowScreen(false)
 * above answers no to every query, so the specs above see the cards of a narrower window.)
 */
function setDesktopScreen() {
  setNarrowScreen(false);
  const noAnswer = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...noAnswer(query), matches: query.includes('min-width') })) as typeof window.matchMedia;
}

describe('Tasks at desktop width (a table)', () => {
  const table = () => screen.getByRole('table', { name: 'Subscriptions' });
  const dataRows = () =>
    within(table())
      .getAllByRole('row')
      .filter((row) => row.id.startsWith('task-'));

  it('marks an order paid with no real money "Sandbox" in its row, beside its status', async () => {
    setDesktopScreen();
    api.answer('/admin/tasks', tasksPage([task(1, { sandbox: true }), task(2, { sandbox: false })], { total: 2, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await screen.findByRole('table', { name: 'Subscriptions' });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    const [sandbox, real] = dataRows().map((row) => within(row));
    expect(sandbox.getByText('Sandbox payment — no real money').closest('td')?.textContent).toMatch(/^Status: In ProcessSandbox/);
    expect(real.queryByText('Sandbox')).toBeNull();
  });

  it('shows each order’s link with a copy button, and marks the picked In Process orders Completed after one confirmation', async () => {
    setDesktopScreen();
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const rows = [task(1), task(2), task(3, { Status: 1 }), task(4, { Status: 4, statusText: 'Refunded' })];
    api.answer('/admin/tasks', tasksPage(rows, { total: 4, page: 1, pages: 1 }), tasksPage(rows, { total: 4, page: 1, pages: 1 }));
    const [one, two] = [rows[0] as { subscriptionId: string }, rows[1] as { subscriptionId: string }];
    api.answer('/admin/tasks/complete', [
      200,
      {
        success: true,
        completed: 1,
        refused: 1,
        results: [
          { subscriptionId: one.subscriptionId, outcome: 'completed', status: 1 },
          { subscriptionId: two.subscriptionId, outcome: 'refused', error: 'order_refunded', message: 'This order was refunded in full.' },
        ],
      },
    ]);
    visit('/admin/tasks');
    await screen.findByRole('table', { name: 'Subscriptions' });
    const [first] = dataRows().map((row) => within(row));
    fireEvent.click(first.getByRole('button', { name: 'Copy link of the YouTube order order_1' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/youtube\.com\/@ann1/)));
    expect(await first.findByRole('button', { name: /^Copied/ })).toBeTruthy();

    // Only In Process orders can be picked (not Completed, not Refunded).
    expect(screen.getAllByRole('checkbox', { name: /^Select the / })).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every In Process order on this page' }));
    expect(screen.getByText('2 orders selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Completed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark 2 orders Completed?' });
    expect(api.callsTo('/admin/tasks/complete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Completed' }));
    await waitFor(() => expect(api.callsTo('/admin/tasks/complete')).toHaveLength(1));
    expect(api.callsTo('/admin/tasks/complete')[0].body).toEqual({ subscriptionIds: [one.subscriptionId, two.subscriptionId] });
    expect((await screen.findByRole('alert')).textContent).toContain('YouTube order order_2: This order was refunded in full.');
    expect(screen.getByText('1 order marked Completed')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/admin/tasks')).toHaveLength(2));
  });

  it('one row per subscription: plan and tier, the customer’s name (to their services) and e-mail, price, status, created, actions', async () => {
    setDesktopScreen();
    const review = task(2, { Status: 0, fulfilment: { state: 'needs_review' }, refund: { requestId: 'rq1', state: null } });
    api.answer('/admin/tasks', tasksPage([task(1), review], { total: 2, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await screen.findByRole('table', { name: 'Subscriptions' });
    expect(cards()).toHaveLength(0);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['', 'Order', 'Customer', 'Price', 'Status', 'Created', 'Actions']);
    const [first, second] = dataRows().map((row) => within(row));
    expect(first.getByText('YouTube · Growth')).toBeTruthy();
    expect(first.getByText('order_1')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Ann 1' }).getAttribute('href')).toBe('/admin/user-services/u1');
    expect(first.getByText('ann1@example.com')).toBeTruthy();
    expect(first.getByText('$19.99')).toBeTruthy();
    expect(first.getByText('In Process')).toBeTruthy();
    expect(first.getByRole('button', { name: /^Mark Completed/ })).toBeTruthy();
    expect(second.getByText('Needs review')).toBeTruthy();
    expect(second.getByText('Refund requested')).toBeTruthy();
  });

  it('Order and Created sort through the server (the address keeps the order), with aria-sort', async () => {
    setDesktopScreen();
    api.answer(
      '/admin/tasks',
      tasksPage([task(1)], { total: 1, page: 1, pages: 1 }),
      tasksPage([task(1)], { total: 1, page: 1, pages: 1 }),
      tasksPage([task(1)], { total: 1, page: 1, pages: 1 }),
    );
    const memory = visit('/admin/tasks');
    await screen.findByRole('table', { name: 'Subscriptions' });
    const header = (name: RegExp) =>
      within(table())
        .getAllByRole('columnheader')
        .find((th) => name.test(th.textContent ?? '')) as HTMLElement;
    expect(header(/^Created/).getAttribute('aria-sort')).toBe('descending'); // newest first
    expect(header(/^Order/).getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header(/^Order/)).getByRole('button'));
    await waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()[1]).toMatchObject({ sortBy: 'planName', sortOrder: 'asc' });
    expect(memory.history.at(-1)).toBe('/admin/tasks?sortBy=planName&sortOrder=asc');
    await waitFor(() => expect(header(/^Order/).getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(within(header(/^Created/)).getByRole('button'));
    await waitFor(() => expect(bodies()).toHaveLength(3));
    expect(bodies()[2]).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('Details opens the full card (provider, refund and every action) under the row; the row’s toggle asks first', async () => {
    setDesktopScreen();
    const review = task(1, { fulfilment: { state: 'needs_review', lastError: 'Balance too low' } });
    api.answer('/admin/tasks', tasksPage([review], { total: 1, page: 1, pages: 1 }));
    visit('/admin/tasks');
    await screen.findByRole('table', { name: 'Subscriptions' });
    const details = screen.getByRole('button', { name: 'Details of the YouTube order order_1' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    const card = cards()[0];
    expect(document.getElementById(details.getAttribute('aria-controls') as string)?.contains(card)).toBe(true);
    expect(within(card).getByRole('button', { name: /^Retry/ })).toBeTruthy();
    expect(within(card).getByRole('button', { name: /^Link/ })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Mark/ })).toBeNull(); // the toggle stays on the row
    fireEvent.click(screen.getByRole('button', { name: 'Hide details of the YouTube order order_1' }));
    expect(cards()).toHaveLength(0);

    fireEvent.click(within(dataRows()[0]).getByRole('button', { name: /^Mark Completed/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Change status?' });
    api.answer('/admin/upStatus', [200, { success: true, subscription: task(1, { Status: 1 }) }]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Completed' })));
    await waitFor(() => expect(within(dataRows()[0]).getByText('Completed')).toBeTruthy());
    expect(screen.getByText('Status updated: YouTube is Completed')).toBeTruthy();
  });
});
