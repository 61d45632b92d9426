import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { installFakeApi, setNarrowScreen, type FakeApi } from '../test/fakeApi';
import AuditLog from './AuditLog';

let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('adminToken', 'admin-token');
  setNarrowScreen(false);
  api = installFakeApi();
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

function visit(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AuditLog />
    </Router>,
  );
  return memory;
}

describe('Audit log', () => {
  it('lists who, what, which id, when (en-IN) and the before/after JSON', async () => {
    api.answer('/admin/audit', [200, { success: true, data: [entry(1), entry(2, { action: 'service.delete', before: null, after: null })], paging: { total: 2, page: 1, limit: 20, pages: 1, hasNext: false, hasPrev: false } }]);
    visit('/admin/audit');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(api.callsTo('/admin/audit').map((c) => c.body)).toEqual([{ page: 1, limit: 20 }]);
    const first = within(screen.getAllByRole('article')[0]);
    expect(first.getByRole('heading', { name: 'plan.update' })).toBeTruthy();
    expect(first.getByText('admin@growth.local')).toBeTruthy();
    expect(first.getByText('plan')).toBeTruthy();
    expect(first.getByText('plan-1')).toBeTruthy();
    expect(first.getByText(/^2 Sept? 2025, /)).toBeTruthy();
    expect(first.getByLabelText('Before (JSON)').textContent).toBe('{\n  "status": "Active"\n}');
    expect(first.getByLabelText('After (JSON)').textContent).toBe('{\n  "status": "Pending"\n}');
    expect(within(screen.getAllByRole('article')[1]).queryByText('Changes')).toBeNull();
  });

  it('pages through the log with the page in the address', async () => {
    const paging = (page: number) => ({ total: 25, page, limit: 20, pages: 2, hasNext: page < 2, hasPrev: page > 1 });
    api.answer('/admin/audit', [200, { success: true, data: [entry(1)], paging: paging(1) }], [200, { success: true, data: [entry(21)], paging: paging(2) }]);
    const memory = visit('/admin/audit');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(memory.history?.at(-1)).toBe('/admin/audit?page=2');
    await waitFor(() => expect(screen.getByText('plan-21')).toBeTruthy());
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
