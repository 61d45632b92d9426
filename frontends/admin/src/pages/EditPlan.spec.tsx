import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cleanFeatures, isValidPrice } from '../plans/planForm';
import { installFakeApi, type FakeApi } from '../test/fakeApi';
import { startAdminSpec, allowModalDialogs } from '../test/adminPage';
import EditPlan from './EditPlan';

let api: FakeApi;

beforeEach(() => {
  api = startAdminSpec();
  api.answer('GET /admin/fulfilment/services', [200, { success: true, provider: 'manual', services: [] }]);
  allowModalDialogs();
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
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Active to Pending takes the plan off sale: asked first.
    const offSale = screen.getByRole('alertdialog', { name: 'Take YouTube Growth off sale?' });
    expect(api.callsTo('/plan/update')).toEqual([]);
    await act(async () => fireEvent.click(within(offSale).getByRole('button', { name: 'Save as Pending' })));
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

  it('a field error goes as soon as that field is fixed; the others stay until theirs are', async () => {
    await loaded();
    fireEvent.change(field('Plan name'), { target: { value: '' } });
    fireEvent.change(field('Price (USD)', 1), { target: { value: '19.999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter the plan name.')).toBeTruthy();
    expect(screen.getByText('Enter an amount above 0 with at most 2 decimals, e.g. 19.99.')).toBeTruthy();

    fireEvent.change(field('Plan name'), { target: { value: 'YouTube' } });
    expect(screen.queryByText('Enter the plan name.')).toBeNull();
    expect(field('Plan name').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText('Enter an amount above 0 with at most 2 decimals, e.g. 19.99.')).toBeTruthy();

    // Typing into a field that was fine shows nothing new before the next Save.
    fireEvent.change(field('Tier name', 1), { target: { value: '' } });
    expect(screen.queryByText('Every pricing tier needs a name.')).toBeNull();
    fireEvent.change(field('Price (USD)', 1), { target: { value: '19.99' } });
    expect(screen.queryByText('Enter an amount above 0 with at most 2 decimals, e.g. 19.99.')).toBeNull();
    expect(api.callsTo('/plan/update')).toEqual([]);
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

  it('asks before a save takes an Active plan off sale: Keep it Active sends nothing; once saved Inactive, the next save asks no more', async () => {
    await loaded();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Inactive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take YouTube off sale?' });
    expect(dialog.textContent).toContain('its service leaves the public catalogue');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it Active' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('/plan/update')).toEqual([]);

    api.answer(
      '/plan/update',
      [200, { success: true, plan: { ...youtube(), status: 'Inactive' } }],
      [200, { success: true, plan: { ...youtube(), status: 'Inactive' } }],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Take YouTube off sale?' })).getByRole('button', { name: 'Save as Inactive' })));
    expect(api.callsTo('/plan/update').map((c) => (c.body as { status: string }).status)).toEqual(['Inactive']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('/plan/update')).toHaveLength(2);
  });

  it("/admin/edit-plan/new?platform= (a service's Create its plan) starts with that platform and name; a blank one starts empty", async () => {
    visit('/admin/edit-plan/new?platform=Sound%20Cloud');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Plan' })).toBeTruthy();
    expect(field('Plan name').value).toBe('Sound Cloud');
    expect(field('Platform').value).toBe('Sound Cloud');
    expect(api.calls).toEqual([]);
    cleanup();
    visit('/admin/edit-plan/new?platform=%20%20');
    expect(field('Plan name').value).toBe('');
    expect(field('Platform').value).toBe('');
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
    const created = {
      planId: PLAN_ID,
      name: 'Spotify',
      slug: 'spotify',
      platform: 'Spotify',
      status: 'Inactive',
      currency: 'USD',
      pricing: [tier(TIER_A, 'Starter', '5.00', { features: ['Plays', 'Followers'], description: '' })],
    };
    api.answer('/plan/create', [200, { success: true, plan: created }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Plan' })));
    expect(api.callsTo('/plan/create').map((c) => c.body)).toEqual([
      {
        name: 'Spotify',
        platform: 'Spotify',
        status: 'Inactive',
        currency: 'USD',
        pricing: [{ name: 'Starter', price: '5', description: '', features: ['Plays', 'Followers'], isPopular: false }],
      },
    ]);
    await waitFor(() => expect(memory.history?.at(-1)).toBe(`/admin/edit-plan/${PLAN_ID}`));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Plan' })).toBeTruthy();
    expect(field('Price (USD)').value).toBe('5.00');
    expect(screen.getByText('Plan created')).toBeTruthy();
    expect(api.callsTo('/plan/getByPlanId')).toEqual([]); // the created plan is not asked again
  });
});

describe('Edit plan: how each tier is fulfilled', () => {
  const SERVICES = [
    { service: '101', name: 'Instagram Followers', type: 'Default', category: 'Instagram', rate: '0.90', min: 10, max: 100000, refill: true, cancel: false },
    { service: '102', name: 'Instagram Likes', type: 'Default', category: 'Instagram', rate: '0.12', min: 50, max: 5000, refill: false, cancel: false },
    { service: '201', name: 'YouTube Views', type: 'Default', category: 'YouTube', rate: '1.50', min: 100, max: 1000000, refill: false, cancel: true },
  ];
  const MAPPED_B = { pricingId: TIER_B, serviceId: '101', serviceName: 'Instagram Followers', quantity: 1000 };

  beforeEach(() => {
    api = installFakeApi(); // without the manual provider of the outer beforeEach
  });

  const section = () => screen.getByRole('region', { name: 'Fulfilment' });
  const tierForm = (name: string) => within(section()).getByRole('form', { name });
  const serviceSelect = (form: HTMLElement) => within(form).getByRole('combobox', { name: 'Provider service' }) as HTMLSelectElement;
  const quantity = (form: HTMLElement) => within(form).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;

  async function withProvider(mappings: unknown[] = [MAPPED_B]) {
    api.answer('GET /admin/fulfilment/services', [200, { success: true, provider: 'api-v2', services: SERVICES }]);
    api.answer('GET /admin/fulfilment/mappings', [200, { success: true, mappings }]);
    await loaded();
    await waitFor(() => expect(within(section()).getAllByRole('form')).toHaveLength(2));
  }

  it('with the manual provider: automatic fulfilment is off, no service to choose, no mappings asked', async () => {
    api.answer('GET /admin/fulfilment/services', [200, { success: true, provider: 'manual', services: [] }]);
    await loaded();
    expect(await within(section()).findByText('Automatic fulfilment is off: orders of this plan are completed by hand.')).toBeTruthy();
    expect(within(section()).queryByRole('combobox')).toBeNull();
    expect(api.callsTo('/admin/fulfilment/mappings')).toEqual([]);
  });

  it("lists the saved tiers with the provider's services by category (rate per 1000, min–max) and the current mapping", async () => {
    await withProvider();
    expect(api.callsTo('/admin/fulfilment/mappings')[0].query.get('planId')).toBe(PLAN_ID);

    const starter = tierForm('Tier 1: Starter');
    expect(serviceSelect(starter).value).toBe('');
    expect(within(starter).getByText('Now: Manual (staff complete it)')).toBeTruthy();
    expect(within(starter).queryByRole('textbox', { name: 'Quantity' })).toBeNull();
    const options = [...serviceSelect(starter).options].map((option) => option.textContent);
    expect(options).toEqual([
      'Manual (staff complete it)',
      '#101 Instagram Followers · 0.90 per 1000 · 10–100,000',
      '#102 Instagram Likes · 0.12 per 1000 · 50–5,000',
      '#201 YouTube Views · 1.50 per 1000 · 100–1,000,000',
    ]);
    expect([...serviceSelect(starter).querySelectorAll('optgroup')].map((group) => group.label)).toEqual(['Instagram', 'YouTube']);

    const growth = tierForm('Tier 2: Growth');
    expect(serviceSelect(growth).value).toBe('101');
    expect(quantity(growth).value).toBe('1000');
    expect(within(growth).getByText('Now: Instagram Followers (#101) × 1,000')).toBeTruthy();
  });

  it("checks the quantity against the service's min and max before sending, then saves the mapping", async () => {
    await withProvider();
    const starter = tierForm('Tier 1: Starter');
    fireEvent.change(serviceSelect(starter), { target: { value: '201' } });
    const save = within(starter).getByRole('button', { name: 'Save fulfilment of Tier 1: Starter' });
    // The chosen service in full under the select (a phone cuts the option's text), and its range.
    const chosen = document.getElementById(serviceSelect(starter).getAttribute('aria-describedby') ?? '');
    expect(chosen?.textContent).toBe('YouTube Views · 1.50 per 1000 · 100–1,000,000 · no refill · cancellable');
    expect(within(starter).getByText('Per order, between 100 and 1,000,000.')).toBeTruthy();

    fireEvent.click(save);
    expect(within(starter).getByText('Enter the quantity as a whole number.')).toBeTruthy();
    expect(document.activeElement).toBe(quantity(starter));

    fireEvent.change(quantity(starter), { target: { value: '50' } });
    fireEvent.click(save);
    expect(within(starter).getByText('Quantity must be between 100 and 1,000,000 for this service')).toBeTruthy();
    expect(quantity(starter).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('/admin/fulfilment/mapping')).toEqual([]);

    api.answer('/admin/fulfilment/mapping', [200, { success: true, mapping: { pricingId: TIER_A, serviceId: '201', serviceName: 'YouTube Views', quantity: 2500 } }]);
    fireEvent.change(quantity(starter), { target: { value: ' 2500 ' } });
    // What one order costs at the provider's rate, in exact decimals (1.50 per 1000 × 2,500).
    expect(within(starter).getByText('Per order, between 100 and 1,000,000. The provider charges 3.75 per order.')).toBeTruthy();
    fireEvent.click(save);
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(await within(starter).findByText('Saved: YouTube Views (#201) × 2,500.')).toBeTruthy();
    expect(api.callsTo('/admin/fulfilment/mapping').map((call) => call.body)).toEqual([{ pricingId: TIER_A, serviceId: '201', quantity: 2500 }]);
    expect(within(starter).getByText('Now: YouTube Views (#201) × 2,500')).toBeTruthy();
    expect(within(starter).queryByText('Quantity must be between 100 and 1,000,000 for this service')).toBeNull();
    expect((save as HTMLButtonElement).disabled).toBe(false);
    expect(api.callsTo('/plan/update')).toEqual([]); // the plan itself is not saved
  });

  it('Manual takes a tier back to staff (serviceId null)', async () => {
    await withProvider();
    const growth = tierForm('Tier 2: Growth');
    fireEvent.change(serviceSelect(growth), { target: { value: '' } });
    expect(within(growth).queryByRole('textbox', { name: 'Quantity' })).toBeNull();
    api.answer('/admin/fulfilment/mapping', [200, { success: true, mapping: null }]);
    fireEvent.click(within(growth).getByRole('button', { name: /^Save fulfilment/ }));
    expect(await within(growth).findByText('Saved: Manual (staff complete it).')).toBeTruthy();
    expect(api.callsTo('/admin/fulfilment/mapping').map((call) => call.body)).toEqual([{ pricingId: TIER_B, serviceId: null }]);
    expect(within(growth).getByText('Now: Manual (staff complete it)')).toBeTruthy();
  });

  it("a refused mapping shows 'Save failed' with the server's reason and keeps the choice", async () => {
    await withProvider();
    const growth = tierForm('Tier 2: Growth');
    fireEvent.change(quantity(growth), { target: { value: '2000' } });
    api.answer('/admin/fulfilment/mapping', [409, { success: false, message: 'Automatic fulfilment is off: set FULFILMENT_PROVIDER=api-v2' }]);
    fireEvent.click(within(growth).getByRole('button', { name: /^Save fulfilment/ }));
    const alert = await within(growth).findByRole('alert');
    expect(alert.textContent).toBe('Save failed' + 'Automatic fulfilment is off: set FULFILMENT_PROVIDER=api-v2');
    expect(quantity(growth).value).toBe('2000');
    expect(within(growth).getByText('Now: Instagram Followers (#101) × 1,000')).toBeTruthy();
  });

  it('a tier not saved yet cannot be mapped: save the plan first', async () => {
    await withProvider([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    expect(within(section()).getByText('Save the plan first to choose how this tier is fulfilled.')).toBeTruthy();
    expect(within(section()).getAllByRole('form')).toHaveLength(2);
    expect(within(section()).getByRole('heading', { name: 'Tier 3' })).toBeTruthy();
  });

  it('the create page asks nothing about the provider until the plan is saved', () => {
    visit('/admin/edit-plan/new');
    expect(within(section()).getByText('Save the plan first to choose how its tiers are fulfilled.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("a provider that does not answer: the server's message and a Retry", async () => {
    api.answer(
      'GET /admin/fulfilment/services',
      [502, { success: false, message: 'The provider panel did not answer: HTTP 500' }],
      [200, { success: true, provider: 'api-v2', services: SERVICES }],
    );
    api.answer('GET /admin/fulfilment/mappings', [200, { success: true, mappings: [] }]);
    await loaded();
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toContain("Failed to load the provider's services");
    expect(alert.textContent).toContain('The provider panel did not answer: HTTP 500');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(section()).getAllByRole('form')).toHaveLength(2));
  });
});
