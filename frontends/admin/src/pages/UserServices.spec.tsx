import { render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type FakeApi } from '../test/fakeApi';
import { subscriptionBody } from '@growth/kit/test';
import { startAdminSpec } from '../test/adminPage';
import UserServices from './UserServices';
import { entry, refill, subscription as placedOrder } from '../test/refills';

let api: FakeApi;

beforeEach(() => {
  api = startAdminSpec();
});

function subscription(n: number, extra: Record<string, unknown> = {}) {
  return subscriptionBody(n, { createdAt: '2025-09-02T10:00:00.000Z', ...extra });
}

function visit(path: string) {
  const memory = memoryLocation({ path });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Route path="/admin/user-services/:userId?">
        <UserServices />
      </Route>
    </Router>,
  );
}

describe('User services', () => {
  it('marks the client’s orders paid with no real money "Sandbox", and no other', async () => {
    api.answer('/subscription/user', [200, { success: true, subscriptions: [subscription(1, { sandbox: true }), subscription(2)] }]);
    visit('/admin/user-services/u1');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const [sandbox, real] = screen.getAllByRole('article').map((card) => within(card));
    expect(sandbox.getByText('Sandbox payment — no real money')).toBeTruthy();
    expect(real.queryByText('Sandbox')).toBeNull();
  });

  it("lists the user's subscriptions with status chips", async () => {
    api.answer('/subscription/user', [200, { success: true, subscriptions: [subscription(1), subscription(2, { Status: 1, profileLink: 'javascript:alert(1)' })] }]);
    visit('/admin/user-services/u1');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(api.callsTo('/subscription/user').map((c) => c.body)).toEqual([{ userId: 'u1' }]);
    const [first, second] = screen.getAllByRole('article').map((card) => within(card));
    expect(first.getByText('In Process')).toBeTruthy();
    expect(second.getByText('Completed')).toBeTruthy();
    expect(first.getByText('order_1')).toBeTruthy();
    expect(first.getByText('pay_1')).toBeTruthy();
    expect(first.getByText('$19.99')).toBeTruthy();
    expect(first.getByText(/^2 Sept? 2025, /)).toBeTruthy();
    expect(first.getByRole('link', { name: /youtube\.com\/@ann1/ }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(second.queryByRole('link')).toBeNull(); // a javascript: link is text only
    expect(screen.getByRole('link', { name: /Back to Clients/ }).getAttribute('href')).toBe('/admin/client');
  });

  it('shows the refill history the task card shows (the server answers staff the admin body)', async () => {
    const history = [
      entry({
        id: 'r2',
        state: 'review',
        review: true,
        upstreamRefillId: '77',
        upstreamStatus: null,
        failure: 'The provider does not report refill 77',
        settledAt: null,
      }),
      entry({ id: 'r1', actor: 'staff', upstreamRefillId: '41' }),
    ];
    api.answer('/subscription/user', [200, { success: true, subscriptions: [placedOrder({ refill: refill({ state: 'requested', review: true, history }) })] }]);
    visit('/admin/user-services/u1');
    const card = within(await screen.findByRole('article'));
    const asked = within(card.getByRole('list', { name: 'Refills asked' }));
    expect(asked.getAllByRole('listitem')).toHaveLength(2);
    expect(asked.getByText('Reason: The provider does not report refill 77')).toBeTruthy();
    expect(asked.getByText(/Panel refill 41/)).toBeTruthy();
    expect(card.getByText(/A refill needs review/)).toBeTruthy();
  });

  it("without a userId: 'Missing userId in URL' and no call", () => {
    visit('/admin/user-services');
    expect(screen.getByRole('alert').textContent).toContain('Missing userId in URL');
    expect(api.calls).toEqual([]);
  });

  it('a failure shows the reason and Retry', async () => {
    api.answer('/subscription/user', [404, { success: false, message: 'User not found.' }]);
    visit('/admin/user-services/u9');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('User not found.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('no subscriptions: says so', async () => {
    api.answer('/subscription/user', [200, { success: true, subscriptions: [] }]);
    visit('/admin/user-services/u1');
    expect(await screen.findByText('This client has no services yet.')).toBeTruthy();
  });
});

describe('User services: whose they are', () => {
  it('names the client above the list (POST /user/getById)', async () => {
    api.answer('/subscription/user', [200, { success: true, subscriptions: [subscription(1)] }]);
    api.answer('/user/getById', [
      200,
      {
        success: true,
        data: { userId: 'u1', name: 'Ann Example', email: 'ann@example.com', phone: '+91 98765 43210', country: 'India', createdAt: '2025-09-02T10:00:00.000Z' },
      },
    ]);
    visit('/admin/user-services/u1');
    const client = await screen.findByRole('region', { name: 'Client' });
    expect(within(client).getByRole('heading', { level: 2, name: 'Ann Example' })).toBeTruthy();
    expect(client.textContent).toMatch(/ann@example\.com · \+91 98765 43210 · India · joined 2 Sept? 2025/);
    expect(api.callsTo('/user/getById')[0].body).toEqual({ userId: 'u1' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('without the client’s profile the list still shows', async () => {
    api.answer('/subscription/user', [200, { success: true, subscriptions: [subscription(1)] }]);
    api.answer('/user/getById', [404, { success: false, message: 'User not found' }]);
    visit('/admin/user-services/u1');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Client' })).toBeNull();
    expect(screen.queryByText('User not found')).toBeNull();
  });
});
