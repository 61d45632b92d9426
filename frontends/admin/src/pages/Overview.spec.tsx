import type { CurrencyFigures, OverviewAnswer } from '@growth/kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Overview from './Overview';
import { setNarrowScreen, type FakeApi } from '../test/fakeApi';
import { startAdminSpec, visitPage } from '../test/adminPage';
import { isoDate } from '../overview/period';

// The real chart draws on a canvas (uPlot), which jsdom has not; the spec checks what it is given.
jest.mock('../overview/OverviewChart', () => ({
  __esModule: true,
  default: (props: { currency: string; summary: string; onPoint?: (index: number | null) => void }) => (
    <div role="img" aria-label={props.summary} data-currency={props.currency} onMouseMove={() => props.onPoint?.(0)} onMouseLeave={() => props.onPoint?.(null)} />
  ),
}));

const change = <T extends string | number>(value: T, previous: T, delta: T, percent: string | null) => ({ value, previous, change: delta, changePercent: percent });

function figures(currency: string, revenue: string, orders: number, exponent: number | null = 2): CurrencyFigures {
  return {
    currency,
    exponent,
    revenue: change(revenue, '0.00', revenue, null),
    orders: change(orders, 2, orders - 2, '50.0'),
    averageOrderValue: change(revenue, '0.00', revenue, null),
    refunds: change('0.00', '10.00', '-10.00', '-100.0'),
    refundCount: change(0, 1, -1, '-100.0'),
    upstreamCost: change('0.2784', '0.00', '0.2784', null),
    upstreamCostOrders: change(orders, 0, orders, null),
    margin: change('1499.7216', '0.00', '1499.7216', null),
  };
}

function answerOf(currencies: CurrencyFigures[], overrides: Partial<OverviewAnswer> = {}): OverviewAnswer & { success: true } {
  return {
    success: true,
    period: { from: '2026-01-10', to: '2026-01-10', tz: 'UTC', granularity: 'hour', start: '2026-01-10T00:00:00.000Z', end: '2026-01-11T00:00:00.000Z' },
    previousPeriod: { from: '2026-01-09', to: '2026-01-09', start: '2026-01-09T00:00:00.000Z', end: '2026-01-10T00:00:00.000Z' },
    currencies,
    series: [
      { bucket: '2026-01-10T13:00', start: '2026-01-10T13:00:00.000Z', end: '2026-01-10T14:00:00.000Z', orders: 0, revenue: { INR: '0.00', USD: '0.00' } },
      { bucket: '2026-01-10T14:00', start: '2026-01-10T14:00:00.000Z', end: '2026-01-10T15:00:00.000Z', orders: 3, revenue: { INR: '1499.00', USD: '24.99' } },
    ],
    breakdown: {
      platforms: [
        {
          platform: 'youtube',
          orders: 3,
          byCurrency: [
            { currency: 'INR', orders: 2, revenue: '1499.00', refunds: '0.00', upstreamCost: '0.2784', margin: '1498.7216' },
            { currency: 'USD', orders: 1, revenue: '24.99', refunds: '0.00', upstreamCost: '0.00', margin: '24.99' },
          ],
        },
      ],
      tiers: [{ tier: 'Growth', orders: 3, byCurrency: [{ currency: 'USD', orders: 1, revenue: '24.99', refunds: '0.00', upstreamCost: '0.00', margin: '24.99' }] }],
    },
    attention: {
      needsReview: { count: 2, link: '/admin/tasks?fulfilment=needs_review' },
      refundRequests: { count: 0, link: '/admin/refunds?state=open' },
      overdue: { count: 1, hours: 48, link: '/admin/tasks?status=0&sortBy=createdAt&sortOrder=asc' },
      lowBalance: { status: 'low', balance: '4.20', currency: 'USD', threshold: '10', message: null, link: '/admin/dashboard' },
    },
    ...overrides,
  };
}

let fake: FakeApi;

beforeEach(() => {
  fake = startAdminSpec();
});

/** The card of one figure ('Revenue'), within a currency's section when given. */
async function card(label: string, within_: HTMLElement = document.body): Promise<HTMLElement> {
  const title = await within(within_).findByText(label, { selector: 'p' });
  return title.closest('li') as HTMLElement;
}

const visit = (path = '/admin/overview') => visitPage(<Overview />, path);

describe('Overview', () => {
  it('asks for today per hour in the browser zone, shows a spinner, then the figures', async () => {
    fake.answer('/admin/overview', [200, answerOf([figures('USD', '24.99', 1)])]);
    visit();
    expect(screen.getByText('Loading the overview…')).toBeTruthy();
    const revenue = await card('Revenue');
    expect(within(revenue).getByText('USD 24.99')).toBeTruthy();
    const [call] = fake.callsTo('/admin/overview');
    const body = call.body as Record<string, string>;
    expect(body.from).toBe(body.to);
    expect(body.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.granularity).toBe('hour');
    expect(body.tz).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(call.headers.Authorization).toBe('Bearer admin-token');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps each currency apart: one set of figures per currency, never a sum, and the chart draws one currency at a time', async () => {
    fake.answer('/admin/overview', [200, answerOf([figures('INR', '1499.00', 2), figures('USD', '24.99', 1)])]);
    visit();
    const inr = await screen.findByRole('region', { name: 'In INR' });
    const usd = screen.getByRole('region', { name: 'In USD' });
    expect(within(await card('Revenue', inr)).getByText('INR 1,499.00')).toBeTruthy();
    expect(within(await card('Revenue', usd)).getByText('USD 24.99')).toBeTruthy();
    // No figure adds the two (1523.99 in any form).
    expect(document.body.textContent).not.toMatch(/1,?523\.99/);
    // The chart starts with the currency of the most orders, and switches.
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('data-currency')).toBe('INR');
    expect(chart.getAttribute('aria-label')).toContain('INR 1,499.00 from 2 paid orders in INR');
    // Its key says in words what the bars and the line are, and what is under the pointer.
    const key = screen.getByRole('list', { name: 'Key to the chart' });
    expect(key.textContent).toContain('Bars: revenue in INR (scale on the left)');
    expect(key.textContent).toContain('Line: number of paid orders (scale on the right)');
    expect(key.textContent).not.toMatch(/When:|--/);
    fireEvent.change(screen.getByRole('combobox', { name: 'Currency' }), { target: { value: 'USD' } });
    expect(screen.getByRole('img').getAttribute('data-currency')).toBe('USD');
    expect(key.textContent).toContain('Bars: revenue in USD');
    fireEvent.mouseMove(screen.getByRole('img'));
    expect(key.textContent).toMatch(/: revenue USD [\d.,]+, \d+ paid orders?/);
    // The table alternative lists both currencies in their own columns.
    fireEvent.click(screen.getByText('Show the numbers as a table'));
    const table = screen.getByRole('table', { name: /Revenue and paid orders per hour/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Hour', 'Paid orders', 'Revenue (INR)', 'Revenue (USD)']);
    const row = within(table).getByRole('row', { name: /14:00/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['3', '1,499.00', '24.99']);
  });

  it('shows each change against the previous period, with its direction in words', async () => {
    fake.answer('/admin/overview', [200, answerOf([figures('USD', '24.99', 3)])]);
    visit();
    const orders = await card('Paid orders');
    expect(orders.textContent).toContain('Up 50.0% (+1)');
    expect(orders.textContent).toContain('before: 2');
    const refunds = await card('Refunds');
    expect(refunds.textContent).toContain('Down 100.0% (USD −10.00)');
    expect(refunds.textContent).toContain('0 refunds');
    const upstream = await card('Upstream cost');
    expect(upstream.textContent).toContain('USD 0.2784');
  });

  it('lists what needs a person now, each a link to the filtered list', async () => {
    fake.answer('/admin/overview', [200, answerOf([figures('USD', '24.99', 1)])]);
    visit();
    const panel = await screen.findByRole('region', { name: 'Needs you now' });
    expect(
      within(panel)
        .getByRole('link', { name: /2 orders need review/ })
        .getAttribute('href'),
    ).toBe('/admin/tasks?fulfilment=needs_review');
    expect(
      within(panel)
        .getByRole('link', { name: /0 refund requests are open/ })
        .getAttribute('href'),
    ).toBe('/admin/refunds?state=open');
    expect(
      within(panel)
        .getByRole('link', { name: /1 order has waited longer than 48 hours/ })
        .getAttribute('href'),
    ).toBe('/admin/tasks?status=0&sortBy=createdAt&sortOrder=asc');
    expect(
      within(panel)
        .getByRole('link', { name: /Provider balance is low: USD 4.20/ })
        .getAttribute('href'),
    ).toBe('/admin/dashboard');
  });

  it('on a phone the breakdown is one block per platform and currency instead of a seven-column table', async () => {
    setNarrowScreen(true);
    fake.answer('/admin/overview', [200, answerOf([figures('INR', '1499.00', 2), figures('USD', '24.99', 1)])]);
    visit();
    const platforms = await screen.findByRole('region', { name: 'Per platform' });
    expect(within(platforms).queryByRole('table')).toBeNull();
    const blocks = within(platforms).getAllByRole('listitem');
    expect(blocks.map((block) => block.querySelector('p')?.textContent)).toEqual(['YouTube · INR', 'YouTube · USD']);
    expect(within(blocks[0]).getByText('Revenue').nextElementSibling?.textContent).toBe('1,499.00');
    expect(within(blocks[0]).getByText('Margin').nextElementSibling?.textContent).toBe('1,498.7216');
  });

  it('says so when the period has no sales, and still shows the attention list and exports', async () => {
    fake.answer('/admin/overview', [200, answerOf([], { series: [], breakdown: { platforms: [], tiers: [] } })]);
    visit();
    expect(await screen.findByText('No sales in this period or the one before.')).toBeTruthy();
    expect(screen.getAllByText('No paid orders in this period.')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Needs you now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export orders (CSV)' })).toBeTruthy();
  });

  it('shows the server’s message when the overview fails, and Retry asks again', async () => {
    fake.answer('/admin/overview', [503, { success: false, message: 'The database is not answering.' }], [200, answerOf([figures('USD', '24.99', 1)])]);
    visit();
    expect(await screen.findByText('The database is not answering.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(within(await card('Revenue')).getByText('USD 24.99')).toBeTruthy();
    expect(fake.callsTo('/admin/overview')).toHaveLength(2);
  });

  it('a period choice goes into the address and asks again; a custom period sends its dates', async () => {
    fake.answer('/admin/overview', [200, answerOf([])], [200, answerOf([])], [200, answerOf([])]);
    const memory = visit();
    await screen.findByText('No sales in this period or the one before.');
    fireEvent.click(screen.getByRole('button', { name: '12 months' }));
    await waitFor(() => expect(fake.callsTo('/admin/overview')).toHaveLength(2));
    expect(memory.history.at(-1)).toBe('/admin/overview?period=12m');
    const twelve = fake.callsTo('/admin/overview')[1].body as Record<string, string>;
    expect(twelve.granularity).toBe('month');
    // The last twelve months up to today, not the year to date: from tomorrow's date a year ago.
    const today = new Date();
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    expect(twelve.to).toBe(isoDate(today));
    expect(Number(twelve.from.slice(0, 4))).toBe(tomorrow.getFullYear() - 1);
    expect(twelve.from.slice(5, 7)).toBe(String(tomorrow.getMonth() + 1).padStart(2, '0'));

    // The choices wait while a period loads.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Custom' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe('The first day must not be after the last day.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(fake.callsTo('/admin/overview')).toHaveLength(3));
    expect(memory.history.at(-1)).toBe('/admin/overview?period=custom&from=2026-01-01&to=2026-01-10');
    const custom = fake.callsTo('/admin/overview')[2].body as Record<string, string>;
    expect(custom).toMatchObject({ from: '2026-01-01', to: '2026-01-10' });
    expect(custom.granularity).toBeUndefined();
  });

  it('exports the period’s orders with the admin token and says which file was saved; a refusal shows its message', async () => {
    fake.answer('/admin/overview', [200, answerOf([figures('USD', '24.99', 1)])]);
    visit('/admin/overview?period=custom&from=2026-01-01&to=2026-01-31');
    await card('Revenue');
    const apiFetch = globalThis.fetch;
    const exportCalls: { url: string; init: RequestInit }[] = [];
    const answers = [
      {
        ok: true,
        status: 200,
        headers: new Headers({ 'Content-Disposition': 'attachment; filename="orders_2026-01-01_2026-01-31.csv"' }),
        blob: async () => new Blob(['a,b']),
      },
      { ok: false, status: 400, headers: new Headers(), text: async () => JSON.stringify({ success: false, message: 'platform must be a platform such as youtube' }) },
    ];
    globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
      exportCalls.push({ url, init });
      return answers.shift() as unknown as Response;
    }) as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:orders');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'youtube' } });
    fireEvent.change(screen.getByLabelText('Matching'), { target: { value: ' ben@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export orders (CSV)' }));
    expect((screen.getByRole('button', { name: 'Preparing orders…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('orders_2026-01-01_2026-01-31.csv downloaded')).toBeTruthy();
    const url = new URL(exportCalls[0].url, 'http://localhost');
    expect(url.pathname).toBe('/api/admin/export/orders.csv');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ from: '2026-01-01', to: '2026-01-31', platform: 'youtube', q: 'ben@example.com' });
    expect((exportCalls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
    expect(click).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Export customers (CSV)' }));
    expect(await screen.findByText('platform must be a platform such as youtube')).toBeTruthy();
    expect(new URL(exportCalls[1].url, 'http://localhost').pathname).toBe('/api/admin/export/customers.csv');
    click.mockRestore();
    globalThis.fetch = apiFetch;
  });
});
