import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setNarrowScreen, type FakeApi } from '../test/fakeApi';
import { startAdminSpec } from '../test/adminPage';
import Clients from './Clients';

let api: FakeApi;

beforeEach(() => {
  api = startAdminSpec();
  localStorage.setItem('adminId', 'a1');
});

function client(n: number) {
  return {
    userId: `u${n}`,
    name: `Ann ${n}`,
    email: `ann${n}@example.com`,
    phone: '+91 98765 43210',
    country: 'India',
    createdAt: '2025-09-02T10:00:00.000Z',
    subscriptions: { total: 3, active: 1, completed: 2 },
  };
}

function usersPage(ns: number[], meta: { total: number; page: number; lastPage: number }) {
  return [200, { success: true, data: ns.map(client), meta }] as [number, unknown];
}

function visit(path: string) {
  const memory = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Clients />
    </Router>,
  );
  return { memory, ...view };
}

const cards = () => screen.queryAllByRole('article');
const bodies = () => api.callsTo('/user/getAll').map((call) => call.body);

describe('Clients', () => {
  it('asks for page 1 with limit 10 and the admin token; shows each client', async () => {
    api.answer('/user/getAll', usersPage([1, 2], { total: 2, page: 1, lastPage: 1 }));
    visit('/admin/client');
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(bodies()).toEqual([{ page: 1, limit: 10, search: '' }]);
    expect(api.calls[0].headers.Authorization).toBe('Bearer admin-token');
    const first = within(cards()[0]);
    expect(first.getByRole('heading', { name: 'Ann 1' })).toBeTruthy();
    expect(first.getByText('ann1@example.com')).toBeTruthy();
    expect(first.getByText('+91 98765 43210')).toBeTruthy();
    expect(first.getByText('India')).toBeTruthy();
    expect(first.getByText(/^2 Sept? 2025$/)).toBeTruthy(); // en-IN
    expect(first.getByText('3 total')).toBeTruthy();
    expect(first.getByText('1 active')).toBeTruthy();
    expect(first.getByText('2 completed')).toBeTruthy();
    expect(first.getByRole('link', { name: 'View services of Ann 1' }).getAttribute('href')).toBe('/admin/user-services/u1');
    expect(screen.queryByRole('navigation', { name: 'Clients pages' })).toBeNull(); // one page: no pager
  });

  it('Next keeps the page in the address; a reload of ?page=2&q=ann asks for that page and search', async () => {
    api.answer('/user/getAll', usersPage([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { total: 12, page: 1, lastPage: 2 }), usersPage([11, 12], { total: 12, page: 2, lastPage: 2 }));
    const { memory, unmount } = visit('/admin/client');
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(screen.getByText('Showing 1–10 of 12 clients')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(memory.history?.at(-1)).toBe('/admin/client?page=2');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(bodies().map((b) => (b as { page: number }).page)).toEqual([1, 2]);
    unmount();

    api.answer('/user/getAll', usersPage([11], { total: 11, page: 2, lastPage: 2 }));
    visit('/admin/client?page=2&q=ann');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodies().at(-1)).toEqual({ page: 2, limit: 10, search: 'ann' });
    expect((screen.getByRole('searchbox', { name: 'Search clients' }) as HTMLInputElement).value).toBe('ann');
  });

  it("Next and Previous send the answer's cursor (keyset) with the page number; a page from the address, or a search, sends none", async () => {
    const withCursors = (answer: [number, unknown], next: string | null, prev: string | null): [number, unknown] => [
      answer[0],
      { ...(answer[1] as object), cursors: { next, prev } },
    ];
    api.answer(
      '/user/getAll',
      withCursors(usersPage([21], { total: 35, page: 3, lastPage: 4 }), 'c-next-3', 'c-prev-3'),
      withCursors(usersPage([31], { total: 35, page: 4, lastPage: 4 }), null, 'c-prev-4'),
      withCursors(usersPage([21], { total: 35, page: 3, lastPage: 4 }), 'c-next-3', 'c-prev-3'),
      withCursors(usersPage([11], { total: 35, page: 2, lastPage: 4 }), 'c-next-2', 'c-prev-2'),
      withCursors(usersPage([1], { total: 1, page: 1, lastPage: 1 }), null, null),
    );
    // The page shown and loaded (the pager's buttons wait while a page loads).
    const shown = (text: string) =>
      waitFor(() => {
        expect(screen.getByText(text)).toBeTruthy();
        expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
      });
    const { memory } = visit('/admin/client?page=3');
    await shown('Page 3 of 4');
    expect(bodies()[0]).toEqual({ page: 3, limit: 10, search: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Page 4 of 4');
    expect(memory.history?.at(-1)).toBe('/admin/client?page=4');
    expect(bodies()[1]).toEqual({ page: 4, limit: 10, search: '', after: 'c-next-3' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await shown('Page 3 of 4');
    expect(bodies()[2]).toEqual({ page: 3, limit: 10, search: '', before: 'c-prev-4' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await shown('Page 2 of 4');
    expect(bodies()[3]).toEqual({ page: 2, limit: 10, search: '', before: 'c-prev-3' });
    const box = screen.getByRole('searchbox', { name: 'Search clients' });
    fireEvent.change(box, { target: { value: 'ann' } });
    fireEvent.submit(box);
    await waitFor(() => expect(bodies()).toHaveLength(5));
    expect(bodies()[4]).toEqual({ page: 1, limit: 10, search: 'ann' });
  });

  it('a search goes into the address (q) and starts again at page 1; Clear removes it', async () => {
    api.answer(
      '/user/getAll',
      usersPage([1], { total: 30, page: 3, lastPage: 3 }),
      usersPage([4], { total: 1, page: 1, lastPage: 1 }),
      usersPage([1, 2], { total: 2, page: 1, lastPage: 1 }),
    );
    const { memory } = visit('/admin/client?page=3');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const box = screen.getByRole('searchbox', { name: 'Search clients' });
    fireEvent.change(box, { target: { value: '  ann  ' } });
    expect(bodies()).toHaveLength(1); // typing alone asks nothing
    fireEvent.submit(box);
    expect(memory.history?.at(-1)).toBe('/admin/client?q=ann');
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, limit: 10, search: 'ann' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ann 4' })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(memory.history?.at(-1)).toBe('/admin/client');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(bodies().at(-1)).toEqual({ page: 1, limit: 10, search: '' });
  });

  it('Back returns to the previous page of the list', async () => {
    api.answer(
      '/user/getAll',
      usersPage([1], { total: 11, page: 1, lastPage: 2 }),
      usersPage([11], { total: 11, page: 2, lastPage: 2 }),
      usersPage([1], { total: 11, page: 1, lastPage: 2 }),
    );
    const { memory } = visit('/admin/client');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ann 11' })).toBeTruthy());
    act(() => memory.navigate('/admin/client', { replace: false })); // the browser's Back lands on the old address
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ann 1' })).toBeTruthy());
    expect(bodies().map((b) => (b as { page: number }).page)).toEqual([1, 2, 1]);
  });

  it('an address past the last page is replaced by the last page', async () => {
    api.answer('/user/getAll', usersPage([], { total: 12, page: 9, lastPage: 2 }), usersPage([11, 12], { total: 12, page: 2, lastPage: 2 }));
    const { memory } = visit('/admin/client?page=9');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(memory.history).toEqual(['/admin/client?page=2']);
  });

  it("a failure shows 'Failed to load users' with the server's reason; Retry asks again", async () => {
    api.answer('/user/getAll', [500, { success: false, message: 'Database unavailable' }], usersPage([1], { total: 1, page: 1, lastPage: 1 }));
    visit('/admin/client');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load users')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('an empty search result says so', async () => {
    api.answer('/user/getAll', usersPage([], { total: 0, page: 1, lastPage: 1 }));
    visit('/admin/client?q=zed');
    expect(await screen.findByText('No clients match “zed”.')).toBeTruthy();
  });
});

/**
 * A desktop from 1100 px: the table query matches, the drawer's does not. (setNarrowScreen(false)
 * above answers no to every query, so the specs above see the cards of a narrower window.)
 */
function setDesktopScreen() {
  setNarrowScreen(false);
  const narrowAnswer = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...narrowAnswer(query), matches: query.includes('min-width') })) as typeof window.matchMedia;
}

describe('Clients at desktop width', () => {
  it('is a table: name, e-mail, phone, country, joined, services and an aligned View services', async () => {
    setDesktopScreen();
    api.answer('/user/getAll', usersPage([1, 2], { total: 2, page: 1, lastPage: 1 }));
    visit('/admin/client');
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(cards()).toHaveLength(0);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Client', 'Phone', 'Country', 'Joined', 'Services', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByRole('rowheader').textContent).toBe('Ann 1ann1@example.com'); // the name over the e-mail
    expect(first.getByText('+91 98765 43210')).toBeTruthy();
    expect(first.getByText(/^2 Sept? 2025$/)).toBeTruthy();
    expect(first.getByText('1 active · 2 completed')).toBeTruthy();
    expect(first.getByRole('link', { name: 'View services of Ann 1' }).getAttribute('href')).toBe('/admin/user-services/u1');
  });

  it('a column header sorts the rows of the page and says which way (aria-sort)', async () => {
    setDesktopScreen();
    const answer = usersPage([1, 2, 3], { total: 3, page: 1, lastPage: 1 });
    const rowsOf = answer[1] as { data: { name: string; email: string }[] };
    rowsOf.data[0].name = 'Mira';
    rowsOf.data[1].name = 'ben';
    rowsOf.data[2].name = 'Zoe';
    api.answer('/user/getAll', answer);
    visit('/admin/client');
    const table = await screen.findByRole('table', { name: 'Clients' });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.firstChild?.textContent);
    expect(names()).toEqual(['Mira', 'ben', 'Zoe']); // as the server sent them (newest first)
    const header = () => within(table).getAllByRole('columnheader')[0];
    expect(header().getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header()).getByRole('button', { name: /Client/ }));
    expect(names()).toEqual(['ben', 'Mira', 'Zoe']); // letter case aside
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header()).getByRole('button', { name: /Client/ }));
    expect(names()).toEqual(['Zoe', 'Mira', 'ben']);
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(api.callsTo('/user/getAll')).toHaveLength(1); // a page's sort asks nothing
  });
});
