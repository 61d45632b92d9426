import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider, type Receipt as ReceiptBody } from '@growth/kit';
import { installFakeApi, signedInCustomerApi, type Answers, type RecordedCall } from '../test/fakeApi';
import Receipt from './Receipt';

const RECEIPT: ReceiptBody = {
  shopName: 'SocialGrowth',
  orderId: 'order_1',
  orderNumber: 'SG-3F9A2C1B',
  paidAt: '2026-12-07T10:15:00.000Z',
  customer: { name: 'Ann Lee', email: 'ann@example.com' },
  package: { planName: 'YouTube', tierName: 'Growth', quantity: 1000 },
  profileLink: 'https://www.youtube.com/@ann',
  amount: '49.99',
  currency: 'USD',
  paymentId: 'pay_29QQoUBi66xm2f',
  refunds: [
    { amount: '5.00', state: 'processed', createdAt: '2026-12-07T11:00:00.000Z', settledAt: '2026-12-07T11:00:02.000Z' },
    { amount: '2.50', state: 'pending', createdAt: '2026-12-07T12:00:00.000Z', settledAt: null },
  ],
  refunded: '5.00',
  pending: '2.50',
  netPaid: '44.99',
};

function visit(path = '/receipt/order_1') {
  const memory = memoryLocation({ path, record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Route path="/receipt/:orderId" component={Receipt} />
      </Router>
    </AuthProvider>,
  );
  return memory;
}

describe('the receipt page', () => {
  const { answers, calls } = signedInCustomerApi();

  it('shows the order as paid, each refund and the net paid, exactly as the server wrote the amounts', async () => {
    answers['/orders/order_1/receipt'] = [[200, { success: true, receipt: RECEIPT }]];
    visit();
    expect(screen.getByRole('status').textContent).toMatch(/Loading the receipt|Checking your session/);
    const sheet = await screen.findByRole('article', { name: 'Receipt' });
    const text = sheet.textContent ?? '';
    for (const part of [
      'SocialGrowth',
      'SG-3F9A2C1B',
      'Ann Lee',
      'ann@example.com',
      'pay_29QQoUBi66xm2f',
      'YouTube',
      'Growth',
      '1,000',
      'https://www.youtube.com/@ann',
    ]) {
      expect(text).toContain(part);
    }
    const rows = within(sheet)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ItemAmount (USD)',
      'Amount paidYouTube · Growth$49.99',
      'Refund · RefundedRefunded Dec 7, 2026−$5.00',
      'Refund · On its wayIssued Dec 7, 2026$2.50',
      'Net paid$44.99',
    ]);
    expect(text).toContain('$2.50 is on its way back to you and is not taken off yet.');
    expect(text).not.toContain('order_1');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Receipt' }));
    expect(calls.map((c) => c.path)).toEqual(['/orders/order_1/receipt']);
  });

  it('prints with the Print button', async () => {
    answers['/orders/order_1/receipt'] = [[200, { success: true, receipt: { ...RECEIPT, refunds: [], refunded: '0.00', pending: '0.00', netPaid: '49.99' } }]];
    const print = jest.fn();
    window.print = print;
    visit();
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('article').textContent).toContain('No refunds.');
  });

  it("shows not found for an order the server does not show this customer (another's, or none)", async () => {
    answers['/orders/order_2/receipt'] = [[404, { success: false, message: 'Receipt not found', error: 'receipt_not_found' }]];
    visit('/receipt/order_2');
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Active Services' }).getAttribute('href')).toBe('/services/active');
  });

  it('says the receipt could not be loaded, with the reason, and loads it on Retry', async () => {
    answers['/orders/order_1/receipt'] = [
      [503, { success: false, message: 'The database is not answering. Please try again shortly.', error: 'unavailable' }],
      [200, { success: true, receipt: RECEIPT }],
    ];
    visit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load the receipt.');
    expect(alert.textContent).toContain('The database is not answering. Please try again shortly.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('article', { name: 'Receipt' })).toBeTruthy();
  });
});

describe('the receipt page without a session', () => {
  const answers: Answers = {};
  const calls: RecordedCall[] = [];
  beforeEach(() => {
    localStorage.clear();
    installFakeApi(answers, calls);
  });

  it('sends a visitor to sign in and back, asking the server nothing', async () => {
    const memory = visit();
    await act(async () => undefined);
    expect(memory.history.at(-1)).toBe(`/login?next=${encodeURIComponent('/receipt/order_1')}`);
    expect(calls).toEqual([]);
  });

  it("reads it with staff's token for an admin session", async () => {
    localStorage.setItem('adminToken', 'admin-t');
    answers['/orders/order_1/receipt'] = [[200, { success: true, receipt: RECEIPT }]];
    visit();
    expect(await screen.findByRole('article', { name: 'Receipt' })).toBeTruthy();
    const headers = (globalThis.fetch as jest.Mock).mock.calls[0][1].headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer admin-t');
    expect(screen.queryByRole('link', { name: 'Back to Active Services' })).toBeNull();
  });
});
