import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type FakeApi } from '../test/fakeApi';
import { startAdminSpec, visitPage } from '../test/adminPage';
import AuditLog from './AuditLog';

let api: FakeApi;

beforeEach(() => {
  api = startAdminSpec();
});

function entry(n: number, extra: Record<string, unknown> = {}) {
  return {
    auditId: `a${n}`,
    adminId: 'admin-1',
    adminEmail: 'admin@growth.local',
    action: 'plan.update',
    entity: 'plan',
    entityId: `plan-${n}`,
    before: { status: 'Active' },
    after: { status: 'Pending' },
    createdAt: '2025-09-02T10:00:00.000Z',
    ...extra,
  };
}

const visit = (path: string) => visitPage(<AuditLog />, path);

const page1 = (data: unknown[]) =>
  [200, { success: true, data, paging: { total: data.length, page: 1, limit: 20, pages: 1, hasNext: false, hasPrev: false } }] as [number, unknown];
const sentences = () => screen.getAllByRole('article').map((article) => article.querySelector('p')?.textContent);

describe('Audit log', () => {
  it('reads each entry as a sentence, with links to what was touched, the time (en-IN) and its kind', async () => {
    api.answer(
      '/admin/audit',
      page1([
        entry(1, {
          adminEmail: 'asha@shop.example',
          action: 'subscription.status',
          entity: 'subscription',
          entityId: '3f2a1c2e-1111-4222-8333-444455556666',
          subject: { label: 'order_Np0fQ8aLk2', orderId: 'order_Np0fQ8aLk2', userId: 'u-9', customerEmail: 'ben@example.com', customerName: 'Ben' },
          before: { Status: 0 },
          after: { Status: 1 },
        }),
        entry(2, { subject: { label: 'YouTube', planId: 'plan-2' } }),
        entry(3, { action: 'service.delete', entity: 'service', before: { serviceHeading: 'Spotify Plays', serviceContent: ['Plays: 1K', 'Speed: fast'] }, after: null }),
        entry(4, { action: 'document.save', entity: 'document', entityId: 'terms-of-use', before: null, after: { title: 'Terms of Use' } }),
        entry(5, {
          action: 'refund.create',
          entity: 'subscription',
          subject: null,
          before: null,
          after: { refundId: 'r1', amount: '7.85', currency: 'USD', reason: 'Late' },
        }),
        entry(6, { adminEmail: null, action: 'warehouse.teleport', entity: 'crate', entityId: 'crate-7', before: null, after: null }),
      ]),
    );
    visit('/admin/audit');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(api.callsTo('/admin/audit').map((c) => c.body)).toEqual([{ page: 1, limit: 20 }]);
    expect(sentences()).toEqual([
      'asha@shop.example (admin) marked order order_Np0fQ8… of ben@example.com Completed',
      'admin@growth.local (admin) edited the plan YouTube',
      'admin@growth.local (admin) deleted the service Spotify Plays',
      'admin@growth.local (admin) saved the document Terms of Use',
      'admin@growth.local (admin) refunded 7.85 USD of subscription plan-5',
      'A removed admin did warehouse.teleport on crate crate-7',
    ]);
    const [order, plan, , document] = screen.getAllByRole('article').map((article) => within(article));
    expect(order.getByRole('link', { name: 'order_Np0fQ8…' }).getAttribute('href')).toBe('/admin/tasks?q=order_Np0fQ8aLk2');
    expect(order.getByRole('link', { name: 'ben@example.com' }).getAttribute('href')).toBe('/admin/user-services/u-9');
    expect(order.getByText(/^2 Sept? 2025, /)).toBeTruthy();
    expect(order.getByText('Order status')).toBeTruthy();
    expect(plan.getByRole('link', { name: 'YouTube' }).getAttribute('href')).toBe('/admin/edit-plan/plan-2');
    expect(document.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/admin/document/terms-of-use');
    expect(screen.queryByText(/[{}"]/)).toBeNull(); // no raw JSON anywhere
  });

  it('shows before and after as labelled fields, the changed ones marked; a one-sided change shows its one side', async () => {
    api.answer(
      '/admin/audit',
      page1([
        entry(1, { action: 'subscription.status', entity: 'subscription', before: { Status: 0 }, after: { Status: 1 } }),
        entry(2, { action: 'user.update', entity: 'user', before: { name: 'Ann', phone: '+1 555' }, after: { name: 'Ann Lee', phone: '+1 555', passwordChanged: true } }),
        entry(3, { action: 'service.delete', entity: 'service', before: { serviceHeading: 'Spotify Plays', serviceContent: ['Plays: 1K', 'Speed: fast'] }, after: null }),
        entry(4, { action: 'admin.password.update', entity: 'admin', before: null, after: null }),
      ]),
    );
    visit('/admin/audit');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    const [status, user, deleted, password] = screen.getAllByRole('article');
    const rowsOf = (article: HTMLElement) =>
      within(within(article).getByRole('table'))
        .getAllByRole('row')
        .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    fireEvent.click(within(status).getByText('Before and after'));
    expect(rowsOf(status)).toEqual([
      ['Field', 'Before', 'After'],
      ['Status', 'In Process', 'Completed'],
    ]);
    expect(rowsOf(user)).toEqual([
      ['Field', 'Before', 'After'],
      ['Name', 'Ann', 'Ann Lee'],
      ['Phone', '+1 555', '+1 555'],
      ['Password changed', '—', 'Yes'],
    ]);
    const userRows = within(within(user).getByRole('table')).getAllByRole('row');
    expect(userRows[1].getAttribute('data-changed')).toBe('true');
    expect(userRows[2].getAttribute('data-changed')).toBe('false'); // unchanged
    expect(within(deleted).getByText('What it was')).toBeTruthy();
    expect(rowsOf(deleted)).toEqual([
      ['Field', 'Before'],
      ['Heading', 'Spotify Plays'],
      ['Content', 'Plays: 1K; Speed: fast'],
    ]);
    expect(within(password).queryByRole('table')).toBeNull();
    expect(password.querySelector('p')?.textContent).toBe('admin@growth.local (admin) changed their password');
  });

  it('filters by who, kind of action and period, in the address; dates go as the instants of local days', async () => {
    const first = [entry(1, { adminId: '11111111-1111-4111-8111-111111111111', adminEmail: 'asha@shop.example' })];
    api.answer('/admin/audit', page1(first), page1(first), page1(first), page1(first), page1([]), page1(first));
    const memory = visit('/admin/audit');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.change(screen.getByRole('combobox', { name: 'Who' }), { target: { value: '11111111-1111-4111-8111-111111111111' } });
    await waitFor(() => expect(api.callsTo('/admin/audit')).toHaveLength(2));
    expect(api.callsTo('/admin/audit')[1].body).toEqual({ page: 1, limit: 20, actor: '11111111-1111-4111-8111-111111111111' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind of action' }), { target: { value: 'refund_request' } });
    await waitFor(() => expect(api.callsTo('/admin/audit')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-10' } });
    await waitFor(() => expect(api.callsTo('/admin/audit')).toHaveLength(4));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-11' } });
    await waitFor(() => expect(api.callsTo('/admin/audit')).toHaveLength(5));
    expect(memory.history?.at(-1)).toBe('/admin/audit?actor=11111111-1111-4111-8111-111111111111&kind=refund_request&from=2026-01-10&to=2026-01-11');
    expect(api.callsTo('/admin/audit')[4].body).toEqual({
      page: 1,
      limit: 20,
      actor: '11111111-1111-4111-8111-111111111111',
      kind: 'refund_request',
      from: new Date(2026, 0, 10).toISOString(),
      to: new Date(2026, 0, 12).toISOString(), // the end of the 11th, local time
    });
    expect(await screen.findByText('No changes match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.callsTo('/admin/audit')).toHaveLength(6));
    expect(api.callsTo('/admin/audit')[5].body).toEqual({ page: 1, limit: 20 });
    expect(memory.history?.at(-1)).toBe('/admin/audit');
  });

  it('ignores a garbled filter in the address rather than sending it', async () => {
    api.answer('/admin/audit', page1([]));
    visit('/admin/audit?actor=%27%20OR%201%3D1&kind=%25&from=2026-02-30&to=yesterday');
    await screen.findByText('No admin changes recorded yet.');
    expect(api.callsTo('/admin/audit')[0].body).toEqual({ page: 1, limit: 20 });
  });

  it('pages through the log with the page in the address', async () => {
    const paging = (page: number) => ({ total: 25, page, limit: 20, pages: 2, hasNext: page < 2, hasPrev: page > 1 });
    api.answer(
      '/admin/audit',
      [200, { success: true, data: [entry(1)], paging: paging(1) }],
      [200, { success: true, data: [entry(21, { action: 'plan.delete', before: { name: 'Old plan' } })], paging: paging(2) }],
    );
    const memory = visit('/admin/audit');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(memory.history?.at(-1)).toBe('/admin/audit?page=2');
    await waitFor(() => expect(screen.getAllByText('Old plan').length).toBeGreaterThan(0));
    expect(api.callsTo('/admin/audit').at(-1)?.body).toEqual({ page: 2, limit: 20 });
  });

  it('a failure says so, with Retry', async () => {
    api.answer('/admin/audit', [403, { success: false, message: 'Admins only.' }]);
    visit('/admin/audit');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the audit log');
    expect(alert.textContent).toContain('Admins only.');
  });
});
