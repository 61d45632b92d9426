import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cleanFeatures, isValidPrice } from '../plans/planForm';
import { installFakeApi, setNarrowScreen, type FakeApi } from '../test/fakeApi';
import EditPlan from './EditPlan';

let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('adminToken', 'admin-token');
  setNarrowScreen(false);
  api = installFakeApi();
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

const PLAN_ID = '7f1d0c1e-1111-4222-8333-444455556666';
const TIER_A = 'aaaaaaaa-1111-4222-8333-444455556666';
const TIER_B = 'bbbbbbbb-1111-4222-8333-444455556666';

function tier(pricingId: string, name: string, price: string, extra: Record<string, unknown> = {}) {
  return { pricingId, name, price, description: `${name} tier`, features: ['1,000 views', 'Fast start'], isPopular: false, ...extra };
}

function youtube(pricing = [tier(TIER_A, 'Starter', '9.99'), tier(TIER_B, 'Growth', '19.99', { isPopular: true })]) {
  return { planId: PLAN_ID, name: 'YouTube', slug: 'youtube', platform: 'YouTube', status: 'Active', currency: 'USD', pricing };
}

function visit(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Route path="/admin/edit-plan/:planId?">
        <EditPlan />
      </Route>
    </Router>,
  );
  return memory;
}

const field = (name: string | RegExp, index = 0) => screen.getAllByLabelText(name)[index] as HTMLInputElement;
const tierSets = () => screen.queryAllByRole('group').filter((group) => /^Tier \d/.test(group.querySelector('legend')?.textContent ?? ''));

async function loaded() {
  api.answer('/plan/getByPlanId', [200, { success: true, plan: youtube() }]);
  const memory = visit(`/admin/edit-plan/${PLAN_ID}`);
  await waitFor(() => expect(tierSets()).toHaveLength(2));
  return memory;
}

describe('planForm helpers', () => {
  it('features: one per line, trimmed, blank lines dropped, order kept', () => {
    expect(cleanFeatures('  1,000 views \r\n\n   \nFast start\t\n24/7 support')).toEqual(['1,000 views', 'Fast start', '24/7 support']);
    expect(cleanFeatures('   \n\n')).toEqual([]);
  });

  it.each([
    ['19.99', true],
    ['5', true],
    ['19.9', true],
    ['0', false],
    ['0.00', false],
    ['19.999', false],
    ['-1', false],
    ['1e3', false],
    ['$5', false],
    ['', false],
  ])('price %j valid: %s', (price, valid) => {
    expect(isValidPrice(price)).toBe(valid);
  });
});

describe('Edit plan', () => {
  it('loads the plan with POST /plan/getByPlanId and fills the form', async () => {
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Plan' })).toBeTruthy();
    expect(api.callsTo('/plan/getByPlanId').map((c) => c.body)).toEqual([{ planId: PLAN_ID }]);
    expect(field('Plan name').value).toBe('YouTube');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Active');
    expect(field('Tier name', 1).value).toBe('Growth');
    expect(field('Price (USD)', 1).value).toBe('19.99');
    expect((screen.getAllByLabelText('Features')[0] as HTMLTextAreaElement).value).toBe('1,000 views\nFast start');
    expect((screen.getAllByLabelText('Most Popular')[1] as HTMLInputElement).checked).toBe(true);
  });

  it('save sends the whole plan: trimmed fields, features cleaned, new tiers without pricingId', async () => {
    await loaded();
    fireEvent.change(field('Plan name'), { target: { value: '  YouTube Growth ' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Pending' } });
    fireEvent.change(field('Price (USD)', 0), { target: { value: ' 12.50 ' } });
    fireEvent.change(screen.getAllByLabelText('Features')[0], { target: { value: '  2,000 views \n\n   \n Real users  \n' } });
    fireEvent.click(screen.getAllByLabelText('Most Popular')[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    expect(tierSets()).toHaveLength(3);
    expect(document.activeElement).toBe(field('Tier name', 2)); // the new tier's name takes the focus
    fireEvent.change(field('Tier name', 2), { target: { value: 'Pro' } });
    fireEvent.change(field('Price (USD)', 2), { target: { value: '49' } });
    fireEvent.change(screen.getAllByLabelText('Features')[2], { target: { value: 'A\nB' } });

    api.answer('/plan/update', [200, { success: true, plan: youtube() }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(api.callsTo('/plan/update').map((c) => c.body)).toEqual([
      {
        planId: PLAN_ID,
        name: 'YouTube Growth',
        status: 'Pending',
        pricing: [
          { pricingId: TIER_A, name: 'Starter', price: '12.50', description: 'Starter tier', features: ['2,000 views', 'Real users'], isPopular: true },
          { pricingId: TIER_B, name: 'Growth', price: '19.99', description: 'Growth tier', features: ['1,000 views', 'Fast start'], isPopular: true },
          { name: 'Pro', price: '49', description: '', features: ['A', 'B'], isPopular: false },
        ],
      },
    ]);
    expect(await screen.findByText('Plan saved')).toBeTruthy();
  });

  it('refuses a blank name, a blank tier name and a bad price with their texts, focusing the first', async () => {
    await loaded();
    fireEvent.change(field('Plan name'), { target: { value: '   ' } });
    fireEvent.change(field('Tier name', 1), { target: { value: '' } });
    fireEvent.change(field('Price (USD)', 1), { target: { value: '19.999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.callsTo('/plan/update')).toEqual([]);
    expect(screen.getByText('Enter the plan name.')).toBeTruthy();
    expect(screen.getByText('Every pricing tier needs a name.')).toBeTruthy();
    expect(screen.getByText('Enter an amount above 0 with at most 2 decimals, e.g. 19.99.')).toBeTruthy();
    expect(field('Plan name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Plan name').getAttribute('aria-describedby')).toContain('error');
    expect(document.activeElement).toBe(field('Plan name'));
  });

  it("a refused save shows 'Save failed' with the server's reason and keeps the edits", async () => {
    await loaded();
    fireEvent.change(field('Plan name'), { target: { value: 'YouTube 2' } });
    api.answer('/plan/update', [400, { success: false, message: 'name must be at most 100 characters' }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Save failed');
    expect(alert.textContent).toContain('name must be at most 100 characters');
    expect(field('Plan name').value).toBe('YouTube 2');
  });

  it('removing a saved tier asks first, then POST /plan/deletePricing; other edits stay', async () => {
    await loaded();
    fireEvent.change(field('Plan name'), { target: { value: 'Edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove tier?' });
    expect(dialog.textContent).toContain('“Starter”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('/plan/deletePricing')).toEqual([]);
    expect(tierSets()).toHaveLength(2);

    api.answer('/plan/deletePricing', [200, { success: true, plan: youtube([tier(TIER_B, 'Growth', '19.99')]) }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })));
    expect(api.callsTo('/plan/deletePricing').map((c) => c.body)).toEqual([{ pricingId: TIER_A }]);
    await waitFor(() => expect(tierSets()).toHaveLength(1));
    expect(field('Tier name').value).toBe('Growth');
    expect(field('Plan name').value).toBe('Edited');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add tier' }));
  });

  it('a refused tier removal keeps the tier and says why', async () => {
    await loaded();
    api.answer('/plan/deletePricing', [404, { success: false, message: 'Pricing tier not found.' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })));
    expect((await screen.findByRole('alert')).textContent).toContain('Pricing tier not found.');
    expect(tierSets()).toHaveLength(2);
  });

  it('an unsaved tier is removed at once, without a call', async () => {
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 3' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(tierSets()).toHaveLength(2);
    expect(api.callsTo('/plan/deletePricing')).toEqual([]);
  });

  it("'Plan not found' for an unknown id (404)", async () => {
    api.answer('/plan/getByPlanId', [404, { success: false, message: 'Plan not found.' }]);
    visit(`/admin/edit-plan/${PLAN_ID}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Plan not found');
  });

  it("'Plan not found' when the answer holds no plan", async () => {
    api.answer('/plan/getByPlanId', [200, { success: true }]);
    visit(`/admin/edit-plan/${PLAN_ID}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Plan not found');
  });

  it("'Missing plan ID' without an id, and no call", () => {
    visit('/admin/edit-plan');
    expect(screen.getByRole('alert').textContent).toBe('Missing plan ID');
    expect(api.calls).toEqual([]);
  });

  it('/admin/edit-plan/new creates a plan with POST /plan/create, then edits it at its own address', async () => {
    const memory = visit('/admin/edit-plan/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Plan' })).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.change(field('Plan name'), { target: { value: 'Spotify' } });
    fireEvent.change(field('Platform'), { target: { value: ' Spotify ' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Inactive' } });
    fireEvent.change(field('Tier name'), { target: { value: 'Starter' } });
    fireEvent.change(field('Price (USD)'), { target: { value: '5' } });
    fireEvent.change(screen.getAllByLabelText('Features')[0], { target: { value: 'Plays\n\n Followers ' } });
    const created = { planId: PLAN_ID, name: 'Spotify', slug: 'spotify', platform: 'Spotify', status: 'Inactive', currency: 'USD', pricing: [tier(TIER_A, 'Starter', '5.00', { features: ['Plays', 'Followers'], description: '' })] };
    api.answer('/plan/create', [200, { success: true, plan: created }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Plan' })));
    expect(api.callsTo('/plan/create').map((c) => c.body)).toEqual([
      { name: 'Spotify', platform: 'Spotify', status: 'Inactive', currency: 'USD', pricing: [{ name: 'Starter', price: '5', description: '', features: ['Plays', 'Followers'], isPopular: false }] },
    ]);
    await waitFor(() => expect(memory.history?.at(-1)).toBe(`/admin/edit-plan/${PLAN_ID}`));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Plan' })).toBeTruthy();
    expect(field('Price (USD)').value).toBe('5.00');
    expect(screen.getByText('Plan created')).toBeTruthy();
    expect(api.callsTo('/plan/getByPlanId')).toEqual([]); // the created plan is not asked again
  });
});
