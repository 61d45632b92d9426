import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setNarrowScreen, type Reply, type FakeApi } from '../test/fakeApi';
import { startAdminSpec, allowModalDialogs, visitPage } from '../test/adminPage';
import { refundBlock } from '../test/refunds';
import Refunds from './Refunds';

let api: FakeApi;

beforeEach(() => {
  api = startAdminSpec();
  allowModalDialogs();
});

function row(n: number, extra: Record<string, unknown> = {}) {
  return {
    kind: 'refund',
    id: `r${n}`,
    state: 'processed',
    amount: '7.85',
    currency: 'USD',
    reason: 'staff',
    note: null,
    failure: null,
    gatewayRefundId: `rfnd_${n}`,
    orderId: `order_${n}`,
    paymentId: `pay_${n}`,
    subscriptionId: `s${n}`,
    planName: 'YouTube',
    tierName: 'Growth',
    customer: { userId: `u${n}`, name: `Ann ${n}`, email: `ann${n}@example.com` },
    actor: { kind: 'admin', id: 'a1' },
    createdAt: '2025-09-03T10:00:00.000Z',
    settledAt: null,
    ...extra,
  };
}

function listPage(rows: unknown[], paging: { total: number; page: number; pages: number }): Reply {
  return [200, { success: true, data: rows, paging: { limit: 20, hasNext: paging.page < paging.pages, hasPrev: paging.page > 1, ...paging } }];
}

/** A task list answer with one subscription of the order, as the dialog reads it for what is left. */
function taskOf(n: number, refund: Record<string, unknown>): Reply {
  const subscription = {
    _id: `s${n}`,
    subscriptionId: `s${n}`,
    planName: 'YouTube',
    profileLink: '',
    orderId: `order_${n}`,
    paymentId: `pay_${n}`,
    createdAt: '2025-09-02T10:00:00.000Z',
    Status: 0,
    pricing: { pricingId: 'p1', name: 'Growth', price: '19.99', description: '', features: [], isPopular: false, currency: 'USD' },
    customer: { userId: `u${n}`, name: `Ann ${n}`, email: `ann${n}@example.com` },
    refund: refundBlock(refund),
  };
  return [200, { success: true, data: [subscription], paging: { total: 1, page: 1, limit: 10, pages: 1, hasNext: false, hasPrev: false } }];
}

const visit = (path: string) => visitPage(<Refunds />, path);

const bodies = () => api.callsTo('/admin/refunds/list').map((call) => call.body);
const select = () => screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
const tableRows = () => screen.getAllByRole('row').slice(1);
const cellsOf = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((td) => td.textContent);
const rowOf = (orderId: string) => tableRows().find((tr) => within(tr).queryByText(orderId)) as HTMLElement;
const dialog = () => screen.getByRole('dialog');
const amountField = () => within(dialog()).getByRole('textbox', { name: 'Amount in USD' }) as HTMLInputElement;
const submitButton = () => within(dialog()).getAllByRole('button').at(-1) as HTMLButtonElement;
const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });

const ROWS = [
  row(1, { state: 'pending', gatewayRefundId: null }),
  row(2, { settledAt: '2025-09-03T10:05:00.000Z', reason: 'undelivered', note: '412 of 1,000 not delivered', amount: '3.24' }),
  row(3, { state: 'failed', failure: 'The card issuer declined the refund', reason: 'customer_request', gatewayRefundId: 'rfnd_3' }),
  row(4, { kind: 'request', id: 'rq4', state: 'open', amount: null, reason: 'customer_request', note: 'The views never came', gatewayRefundId: null }),
  row(5, {
    kind: 'request',
    id: 'rq5',
    state: 'declined',
    amount: null,
    reason: 'customer_request',
    note: 'Wrong channel boosted',
    message: 'Delivered in full on 2 Sept.',
    gatewayRefundId: null,
    customer: { userId: 'u5', name: '', email: 'bob@example.com' },
  }),
];

describe('Refunds list', () => {
  it('is in the sidebar after Tasks; asks for page 1, 20 a page, newest first as the server sends them; a table at desktop width', async () => {
    api.answer('/admin/refunds/list', listPage(ROWS, { total: 5, page: 1, pages: 1 }));
    visit('/admin/refunds');
    expect(screen.getByRole('heading', { level: 1, name: 'Refunds' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels.slice(labels.indexOf('Tasks'), labels.indexOf('Tasks') + 2)).toEqual(['Tasks', 'Refunds']);
    expect(within(nav).getByRole('link', { name: 'Refunds' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(tableRows()).toHaveLength(5));
    expect(bodies()).toEqual([{ page: 1, limit: 20 }]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'Customer', 'Order', 'Amount', 'Reason', 'State', 'Gateway refund ID']);
    expect(screen.getByText('Showing 1–5 of 5 refunds')).toBeTruthy();
    const date = /^3 Sept? 2025\d{1,2}:\d\d\s?(am|pm)$/i;
    expect(cellsOf(rowOf('order_1'))).toEqual([expect.stringMatching(date), 'Ann 1ann1@example.com', 'order_1YouTube · Growth', '7.85 USD', 'Staff', 'Pending', '—']);
    expect(cellsOf(rowOf('order_2')).slice(3, 7)).toEqual([
      '3.24 USD',
      'Not delivered“412 of 1,000 not delivered”',
      expect.stringMatching(/^Processedon 3 Sept? 2025$/),
      'rfnd_2',
    ]);
    expect(cellsOf(rowOf('order_3')).slice(3, 7)).toEqual(['7.85 USD', 'Customer request', 'FailedThe card issuer declined the refundRefund again', 'rfnd_3']);
    expect(cellsOf(rowOf('order_4')).slice(3, 7)).toEqual(['—', 'Customer request“The views never came”', 'RequestedApproveDecline', '—']);
    expect(cellsOf(rowOf('order_5')).slice(1, 8)).toEqual([
      'bob@example.com',
      'order_5YouTube · Growth',
      '—',
      'Customer request“Wrong channel boosted”',
      'DeclinedMessage: Delivered in full on 2 Sept.',
      '—',
    ]);
    // Buttons only where staff can act.
    expect(within(rowOf('order_4')).getByRole('button', { name: 'Approve refund: YouTube, order order_4' })).toBeTruthy();
    expect(within(rowOf('order_4')).getByRole('button', { name: 'Decline refund: YouTube, order order_4' })).toBeTruthy();
    expect(within(rowOf('order_3')).getByRole('button', { name: 'Refund again: YouTube, order order_3' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^(Approve|Decline|Refund)/ })).toHaveLength(3);
  });

  it('marks a refund of an order paid with no real money "Sandbox", in the table and on a phone’s card', async () => {
    const rows = [row(1, { sandbox: true }), row(2, { sandbox: false })];
    api.answer('/admin/refunds/list', listPage(rows, { total: 2, page: 1, pages: 1 }));
    visit('/admin/refunds');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(within(rowOf('order_1')).getByText('Sandbox payment — no real money')).toBeTruthy();
    expect(within(rowOf('order_2')).queryByText('Sandbox')).toBeNull();
  });

  it('a phone’s refund card of a sandbox order says "Sandbox" beside the amount', async () => {
    setNarrowScreen(true);
    api.answer('/admin/refunds/list', listPage([row(1, { sandbox: true }), row(2)], { total: 2, page: 1, pages: 1 }));
    visit('/admin/refunds');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const [sandbox, real] = screen.getAllByRole('article').map((card) => within(card));
    expect(sandbox.getByText('Sandbox payment — no real money').closest('header')?.textContent).toMatch(/^7\.85 USDSandbox/);
    expect(real.queryByText('Sandbox')).toBeNull();
  });

  it('a phone gets one card a row, with the same facts and buttons', async () => {
    setNarrowScreen(true);
    api.answer('/admin/refunds/list', listPage(ROWS, { total: 5, page: 1, pages: 1 }));
    visit('/admin/refunds');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(screen.queryByRole('table')).toBeNull();
    const third = screen.getAllByRole('article')[2];
    expect(within(third).getByRole('heading', { name: '7.85 USD' })).toBeTruthy();
    const fields = within(third)
      .getAllByRole('term')
      .map((dt) => dt.parentElement?.textContent);
    expect(fields).toEqual([
      expect.stringMatching(/^Date: 3 Sept? 2025\d{1,2}:\d\d\s?(am|pm)$/i),
      'Customer: Ann 3ann3@example.com',
      'Order: order_3',
      'Plan: YouTube · Growth',
      'Reason: Customer request',
      'State: FailedThe card issuer declined the refund',
      'Refund ID: rfnd_3',
    ]);
    expect(within(third).getByRole('button', { name: /^Refund again/ })).toBeTruthy();
    expect(within(screen.getAllByRole('article')[3]).getByRole('heading', { name: 'Refund request' })).toBeTruthy();
    expect(within(screen.getAllByRole('article')[3]).getByRole('button', { name: /^Approve refund/ })).toBeTruthy();
  });

  it('the State filter and the search go into the address and the request, each back to page 1; a reload keeps them', async () => {
    const one = listPage([row(1)], { total: 1, page: 1, pages: 1 });
    api.answer('/admin/refunds/list', one, one, one, one, one);
    const memory = visit('/admin/refunds?page=2');
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toEqual({ page: 2, limit: 20 });
    expect([...select().options].map((option) => [option.value, option.textContent])).toEqual([
      ['all', 'All'],
      ['pending', 'Pending'],
      ['processed', 'Processed'],
      ['failed', 'Failed'],
      ['open', 'Requested'],
      ['declined', 'Declined'],
    ]);

    fireEvent.change(select(), { target: { value: 'open' } });
    expect(memory.history?.at(-1)).toBe('/admin/refunds?state=open');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 20, state: 'open' }));

    const box = screen.getByRole('searchbox', { name: 'Search refunds' });
    fireEvent.change(box, { target: { value: ' rfnd_3 ' } });
    fireEvent.submit(box);
    expect(memory.history?.at(-1)).toBe('/admin/refunds?state=open&q=rfnd_3');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 20, state: 'open', q: 'rfnd_3' }));

    fireEvent.change(select(), { target: { value: 'all' } });
    expect(memory.history?.at(-1)).toBe('/admin/refunds?q=rfnd_3');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 20, q: 'rfnd_3' }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
  });

  it('a shared link shows the same list; garbled values fall back to the defaults', async () => {
    const one = listPage([row(1)], { total: 1, page: 1, pages: 1 });
    api.answer('/admin/refunds/list', one);
    visit('/admin/refunds?state=failed&q=ann%40example.com');
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(bodies()[0]).toEqual({ page: 1, limit: 20, state: 'failed', q: 'ann@example.com' });
    expect(select().value).toBe('failed');
    expect((screen.getByRole('searchbox', { name: 'Search refunds' }) as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('ignores an unknown state and a garbled page', async () => {
    api.answer('/admin/refunds/list', listPage([row(1)], { total: 1, page: 1, pages: 1 }));
    visit('/admin/refunds?state=approved&page=-2');
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(bodies()[0]).toEqual({ page: 1, limit: 20 });
  });

  it('pages come from `paging`: Next asks for page 2 and keeps it in the address', async () => {
    const first = Array.from({ length: 20 }, (_, i) => row(i + 1));
    api.answer('/admin/refunds/list', listPage(first, { total: 45, page: 1, pages: 3 }), listPage([row(21)], { total: 45, page: 2, pages: 3 }));
    const memory = visit('/admin/refunds?state=processed');
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    expect(screen.getByText('Showing 1–20 of 45 refunds')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Refund pages' })).getByRole('button', { name: 'Next' }));
    expect(memory.history?.at(-1)).toBe('/admin/refunds?state=processed&page=2');
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    expect(bodies().at(-1)).toEqual({ page: 2, limit: 20, state: 'processed' });
    await waitFor(() => expect(screen.getByText('Showing 21 of 45 refunds')).toBeTruthy());
    expect(tableRows()).toHaveLength(1);
  });

  it('says when there is nothing, and when nothing matches', async () => {
    const none = listPage([], { total: 0, page: 1, pages: 1 });
    api.answer('/admin/refunds/list', none, none);
    visit('/admin/refunds');
    expect(await screen.findByText('No refunds or refund requests yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(select(), { target: { value: 'declined' } });
    expect(await screen.findByText('No refunds match these filters.')).toBeTruthy();
  });

  it("loading, then 'Failed to load refunds' with the server's reason and Retry", async () => {
    api.answer('/admin/refunds/list', [503, { success: false, message: 'Database unavailable' }], listPage([row(1)], { total: 1, page: 1, pages: 1 }));
    visit('/admin/refunds');
    expect(screen.getByText('Loading refunds…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load refunds');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.queryByRole('navigation', { name: 'Refund pages' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
  });
});

describe('Acting on a row', () => {
  async function listed() {
    api.answer('/admin/refunds/list', listPage(ROWS, { total: 5, page: 1, pages: 1 }));
    visit('/admin/refunds');
    await waitFor(() => expect(tableRows()).toHaveLength(5));
  }

  it('Approve reads what is left on the order first, starts with all of it, and the list is read again afterwards', async () => {
    await listed();
    api.answer('/admin/tasks', taskOf(4, { requestState: 'open', requestId: 'rq4', refundable: '19.99' }));
    const approve = within(rowOf('order_4')).getByRole('button', { name: /^Approve refund/ });
    approve.focus();
    fireEvent.click(approve);
    await screen.findByRole('dialog', { name: 'Approve the refund request' });
    expect(api.callsTo('/admin/tasks').map((call) => call.body)).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', q: 'order_4' }]);
    expect(dialog().textContent).toContain('A refund was requested for the YouTube order order_4 of ann4@example.com.');
    expect(within(dialog()).getByText('“The views never came”')).toBeTruthy(); // the customer's words, to decide on
    expect(amountField().value).toBe('19.99');
    type(amountField(), '25');
    fireEvent.click(submitButton());
    expect(document.getElementById(`${amountField().id}-error`)?.textContent).toBe('Only 19.99 USD is left to refund.');
    type(amountField(), '12.5');

    api.answer('/admin/refund-requests/decide', [200, { success: true, request: { state: 'approved' }, refund: { state: 'pending' }, subscription: {} }]);
    api.answer(
      '/admin/refunds/list',
      listPage([row(4, { kind: 'refund', id: 'r9', state: 'pending', amount: '12.50', reason: 'customer_request', note: 'The views never came' })], {
        total: 1,
        page: 1,
        pages: 1,
      }),
    );
    await act(async () => fireEvent.click(submitButton()));
    expect(api.callsTo('/admin/refund-requests/decide').map((call) => call.body)).toEqual([{ requestId: 'rq4', approve: true, amount: '12.50' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Refund of 12.50 USD issued');
    await waitFor(() => expect(bodies()).toHaveLength(2));
    await waitFor(() => expect(cellsOf(rowOf('order_4')).slice(3, 6)).toEqual(['12.50 USD', 'Customer request“The views never came”', 'Pending']));
    await waitFor(() => expect(document.activeElement?.id).toBe('refunds-list'));
  });

  it('Decline from the list: the same dialog, POST decide {requestId, approve: false, message}', async () => {
    await listed();
    api.answer('/admin/tasks', taskOf(4, { requestState: 'open', requestId: 'rq4', refundable: '19.99' }));
    fireEvent.click(within(rowOf('order_4')).getByRole('button', { name: /^Decline refund/ }));
    const message = within(await screen.findByRole('dialog', { name: 'Decline the refund request' })).getByRole('textbox', { name: 'Message to the customer' });
    type(message, 'Delivered in full on 2 Sept.');
    api.answer('/admin/refund-requests/decide', [200, { success: true, request: { state: 'declined' }, subscription: {} }]);
    api.answer('/admin/refunds/list', listPage(ROWS, { total: 5, page: 1, pages: 1 }));
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline request' })));
    expect(api.callsTo('/admin/refund-requests/decide').map((call) => call.body)).toEqual([
      { requestId: 'rq4', approve: false, message: 'Delivered in full on 2 Sept.' },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Refund request declined');
  });

  it('Refund again starts with the failed amount, checked against what is left: POST /admin/refunds', async () => {
    await listed();
    api.answer('/admin/tasks', taskOf(3, { state: 'failed', failure: 'The card issuer declined the refund', refundable: '19.99' }));
    fireEvent.click(within(rowOf('order_3')).getByRole('button', { name: /^Refund again/ }));
    await screen.findByRole('dialog', { name: 'Refund this order' });
    expect(amountField().value).toBe('7.85');
    expect(within(dialog()).getByText('Everything left is 19.99 USD; lower it for a partial refund.')).toBeTruthy();
    type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Card declined the first time');
    api.answer('/admin/refunds', [200, { success: true, refund: { state: 'pending' }, subscription: {} }]);
    api.answer('/admin/refunds/list', listPage(ROWS, { total: 5, page: 1, pages: 1 }));
    await act(async () => fireEvent.click(submitButton()));
    expect(api.callsTo('/admin/refunds').map((call) => call.body)).toEqual([{ subscriptionId: 's3', amount: '7.85', reason: 'Card declined the first time' }]);
    expect(screen.getByRole('status').textContent).toBe('Refund of 7.85 USD issued');
  });

  it("when what is left cannot be read the dialog says so, and the server's refusal is shown in it", async () => {
    await listed();
    api.answer('/admin/tasks', [503, { success: false, message: 'Database unavailable' }]);
    const again = within(rowOf('order_3')).getByRole('button', { name: /^Refund again/ });
    again.focus();
    fireEvent.click(again);
    await screen.findByRole('dialog', { name: 'Refund this order' });
    expect(dialog().textContent).toContain('What is left to refund could not be checked (Database unavailable).');
    expect(amountField().value).toBe('7.85');
    expect(within(dialog()).queryByRole('button', { name: /^Full amount/ })).toBeNull();
    expect(within(dialog()).getByText('The server refuses more than is left.')).toBeTruthy();
    type(amountField(), '100');
    type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Try again');
    api.answer('/admin/refunds', [409, { success: false, message: 'Only 19.99 is left to refund on this order' }]);
    await act(async () => fireEvent.click(submitButton()));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Only 19.99 is left to refund on this order');
    expect(api.callsTo('/admin/refunds').map((call) => call.body)).toEqual([{ subscriptionId: 's3', amount: '100.00', reason: 'Try again' }]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(again);
    expect(bodies()).toHaveLength(1); // nothing changed: no reload
  });
});
