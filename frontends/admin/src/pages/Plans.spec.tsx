import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type FakeApi } from '../test/fakeApi';
import { startAdminSpec, allowModalDialogs, visitPage } from '../test/adminPage';
import Plans from './Plans';

let api: FakeApi;

beforeEach(() => {
  api = startAdminSpec();
  allowModalDialogs();
});

function plan(n: number, extra: Record<string, unknown> = {}) {
  return {
    planId: `p${n}`,
    name: `Plan ${n}`,
    slug: `plan-${n}`,
    platform: `Plan ${n}`,
    status: 'Active',
    currency: 'USD',
    tiers: 3,
    updatedAt: '2025-09-02T10:00:00.000Z',
    ...extra,
  };
}

function plansPage(ns: number[], meta: { total: number; page: number; pages: number }, extra: Record<string, unknown> = {}) {
  return [200, { success: true, plans: ns.map((n) => plan(n, extra)), ...meta }] as [number, unknown];
}

const visit = (path: string) => visitPage(<Plans />, path);

const cards = () => screen.queryAllByRole('article');

describe('Plans', () => {
  it('lists plans (status, tiers, edit link) with page and search in the address', async () => {
    api.answer('/plan/all', plansPage([1, 2], { total: 12, page: 1, pages: 2 }), plansPage([11], { total: 12, page: 2, pages: 2 }, { status: 'Pending' }));
    const memory = visit('/admin/plan');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.callsTo('/plan/all')[0].body).toEqual({ page: 1, limit: 10, search: '' });
    const first = within(cards()[0]);
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Edit Plan 1' }).getAttribute('href')).toBe('/admin/edit-plan/p1');
    expect(screen.getByRole('link', { name: 'Create Plan' }).getAttribute('href')).toBe('/admin/edit-plan/new');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(memory.history?.at(-1)).toBe('/admin/plan?page=2');
    await waitFor(() => expect(within(cards()[0]).getByText('Pending')).toBeTruthy());

    api.answer('/plan/all', plansPage([3], { total: 1, page: 1, pages: 1 }));
    const box = screen.getByRole('searchbox', { name: 'Search plans' });
    fireEvent.change(box, { target: { value: 'spot' } });
    fireEvent.submit(box);
    expect(memory.history?.at(-1)).toBe('/admin/plan?q=spot');
    await waitFor(() => expect(api.callsTo('/plan/all').at(-1)?.body).toEqual({ page: 1, limit: 10, search: 'spot' }));
  });

  it("'Failed to load plans' with the server's reason", async () => {
    api.answer('/plan/all', [500, { success: false, message: 'Database unavailable' }]);
    visit('/admin/plan');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load plans');
    expect(alert.textContent).toContain('Database unavailable');
  });

  it('Delete asks first; Cancel deletes nothing', async () => {
    api.answer('/plan/all', plansPage([1], { total: 1, page: 1, pages: 1 }));
    visit('/admin/plan');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Plan 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete plan?' });
    expect(dialog.textContent).toContain('Delete the plan “Plan 1” and its 3 pricing tiers?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('/plan/deletePlan')).toEqual([]);
  });

  it('Delete after confirmation: POST /plan/deletePlan {planId}, then the list again', async () => {
    api.answer('/plan/all', plansPage([1, 2], { total: 2, page: 1, pages: 1 }), plansPage([2], { total: 1, page: 1, pages: 1 }));
    api.answer('/plan/deletePlan', [200, { success: true }]);
    visit('/admin/plan');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Plan 1' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })));
    expect(api.callsTo('/plan/deletePlan').map((c) => c.body)).toEqual([{ planId: 'p1' }]);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Plan “Plan 1” deleted')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Plans' })));
  });

  it("a refused delete shows 'Failed to delete plan' and keeps the plan", async () => {
    api.answer('/plan/all', plansPage([1], { total: 1, page: 1, pages: 1 }));
    api.answer('/plan/deletePlan', [409, { success: false, message: 'This plan has subscriptions.' }]);
    visit('/admin/plan');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Plan 1' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to delete plan');
    expect(alert.textContent).toContain('This plan has subscriptions.');
    expect(cards()).toHaveLength(1);
    expect(api.callsTo('/plan/all')).toHaveLength(1);
  });
});
