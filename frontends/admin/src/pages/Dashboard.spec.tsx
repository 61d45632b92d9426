import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dashboard from './Dashboard';
import { setFlash, takeFlash } from '../layout/flash';
import { installFakeApi, type FakeApi } from '../test/fakeApi';
import { startAdminSpec, visitPage } from '../test/adminPage';

const SERVICES = [
  {
    serviceId: 's1',
    serviceHeading: 'YouTube',
    serviceDescription: 'Views and subscribers.',
    logo: null,
    serviceContent: [{ contentId: 'c1', key: 'Views', value: '1K' }],
  },
  { serviceId: 's2', serviceHeading: 'Instagram', serviceDescription: 'Followers.', logo: 'iVBORw0KGgo=', serviceContent: [] },
];

let fake: FakeApi;

beforeEach(() => {
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
  fake = startAdminSpec();
  localStorage.setItem('adminId', 'a1');
  fake.answer('GET /admin/fulfilment/provider', [200, { success: true, provider: 'manual' }]);
});

const visit = () => visitPage(<Dashboard />, '/admin/dashboard');

describe('Dashboard', () => {
  it('says why a service is not listed in the shop, and previews its catalogue card', async () => {
    const hidden = {
      ...SERVICES[0],
      serviceId: 's3',
      serviceHeading: 'Myspace',
      slug: 'myspace',
      listing: { listed: false, reason: 'no_plan', message: 'Not listed: no Active plan with a tier. No plan answers at this address yet.' },
    };
    const shown = { ...SERVICES[1], slug: 'instagram', listing: { listed: true, reason: null, message: null } };
    fake.answer('/services/listForAdmin', [200, { success: true, data: [shown, hidden] }]);
    visit();
    const list = await screen.findByRole('list', { name: 'Services' });
    const [instagram, myspace] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(instagram.textContent).toContain('Listed in the shop');
    expect(within(instagram).getByRole('link', { name: 'View Instagram in the shop' }).getAttribute('href')).toBe('/services/instagram');
    expect(myspace.textContent).toContain('Not listed: no Active plan with a tier');
    fireEvent.click(within(myspace).getByRole('button', { name: 'Preview Myspace' }));
    const preview = screen.getByRole('dialog', { name: 'Preview: Myspace' });
    expect(preview.textContent).toContain('Views and subscribers.');
    expect(within(preview).getByRole('link', { name: 'Add a plan' }).getAttribute('href')).toBe('/admin/plan');
  });

  it('loads page 1, limit 100 with the admin token; each service links to its edit form', async () => {
    fake.answer('/services/listForAdmin', [200, { success: true, data: SERVICES, meta: { total: 2, page: 1, perPage: 100, lastPage: 1 } }]);
    const memory = visit();
    expect(screen.getByText('Loading services…')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Services' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['YouTube', 'Instagram']);
    // Every service, listed in the shop or not (docs/catalogue.md, "Listing rule").
    const [call] = fake.callsTo('/services/listForAdmin');
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ page: 1, limit: 100 });
    expect(call.headers.Authorization).toBe('Bearer admin-token');
    fireEvent.click(screen.getByRole('link', { name: 'Edit YouTube' }));
    expect(memory.history.at(-1)).toBe('/admin/add-editService?serviceId=s1');
  });

  it("shows 'Failed to load services' with the server's message and a Retry", async () => {
    fake.answer('/services/listForAdmin', [503, { success: false, message: 'The service is temporarily unavailable. Please try again in a moment.' }]);
    fake.answer('/services/listForAdmin', [200, { success: true, data: [] }]);
    visit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load services');
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No services yet. Add the first one.')).toBeTruthy();
  });

  it('deletes only after the confirmation; Cancel sends nothing', async () => {
    fake.answer('/services/listForAdmin', [200, { success: true, data: SERVICES }]);
    fake.answer('/services/delete', [200, { success: true, message: 'Service deleted' }]);
    visit();
    await screen.findByRole('list', { name: 'Services' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete YouTube' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete service?' });
    expect(dialog.textContent).toContain('YouTube');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('/services/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete YouTube' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'YouTube' })).toBeNull());
    expect(fake.callsTo('/services/delete')[0].body).toEqual({ serviceId: 's1' });
    expect(screen.getByText('Service deleted')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Add Service' })));
    expect(screen.getByRole('heading', { name: 'Instagram' })).toBeTruthy();
  });

  it("a refused delete shows 'Delete failed' and keeps the service", async () => {
    fake.answer('/services/listForAdmin', [200, { success: true, data: SERVICES }]);
    fake.answer('/services/delete', [404, { success: false, message: 'Service not found', error: 'service_not_found' }]);
    visit();
    await screen.findByRole('list', { name: 'Services' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Instagram' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Delete failed' + 'Service not found');
    expect(screen.getByRole('heading', { name: 'Instagram' })).toBeTruthy();
  });
});

describe('Dashboard: the provider card', () => {
  const services = () => fake.answer('/services/listForAdmin', [200, { success: true, data: SERVICES }]);
  const apiV2 = (extra: Record<string, unknown> = {}): [number, unknown] => [
    200,
    { success: true, provider: 'api-v2', balance: '12.3400', currency: 'USD', threshold: '10', low: false, ...extra },
  ];
  const providerCard = () => screen.getByRole('region', { name: 'Provider' });

  beforeEach(() => {
    fake = installFakeApi(); // without the manual provider of the outer beforeEach
    services();
  });

  it('with the manual provider: automatic fulfilment is off, and there is nothing to check', async () => {
    fake.answer('GET /admin/fulfilment/provider', [200, { success: true, provider: 'manual' }]);
    visit();
    expect(within(providerCard()).getByText('Loading the provider…')).toBeTruthy();
    expect(await within(providerCard()).findByText('Automatic fulfilment is off: orders are completed by hand.')).toBeTruthy();
    expect(within(providerCard()).queryByRole('button', { name: 'Check orders now' })).toBeNull();
    expect(fake.callsTo('/admin/fulfilment/provider')[0].headers.Authorization).toBe('Bearer admin-token');
    expect(fake.callsTo('/admin/tasks')).toEqual([]); // no review to count on the manual path
  });

  const reviewPage = (total: number): [number, unknown] => [200, { success: true, data: [], paging: { total, page: 1, pages: Math.max(1, Math.ceil(total / 10)) } }];

  it('with an API v2 panel: how many orders need review, linking to them; counted again after a check', async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2());
    fake.answer('/admin/tasks', reviewPage(2), reviewPage(0));
    fake.answer('/admin/fulfilment/sync', [200, { success: true, orders: 3, requests: 1, updated: 1, finished: 0, ms: 20 }]);
    visit();
    const link = await within(providerCard()).findByRole('link', { name: '2 orders need review' });
    expect(link.getAttribute('href')).toBe('/admin/tasks?fulfilment=needs_review');
    expect(fake.callsTo('/admin/tasks').map((call) => call.body)).toEqual([{ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', fulfilment: 'needs_review' }]);
    fireEvent.click(within(providerCard()).getByRole('button', { name: 'Check orders now' }));
    expect(await within(providerCard()).findByText('No order needs review.')).toBeTruthy();
    expect(fake.callsTo('/admin/tasks')).toHaveLength(2);
  });

  it("a count that fails says so with the server's reason and a Try again", async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2());
    fake.answer('/admin/tasks', [503, { success: false, message: 'The service is temporarily unavailable.' }], reviewPage(1));
    const memory = visit();
    const line = await within(providerCard()).findByText(/^Could not count the orders that need review: The service is temporarily unavailable\./);
    fireEvent.click(within(line).getByRole('button', { name: 'Try again' }));
    const link = await within(providerCard()).findByRole('link', { name: '1 order needs review' });
    fireEvent.click(link);
    expect(memory.history.at(-1)).toBe('/admin/tasks?fulfilment=needs_review');
    expect(within(providerCard()).queryByRole('alert')).toBeNull(); // a count is no alarm: the balance's warning stays the only alert
  });

  it('with an API v2 panel: the balance, and no warning while it is above the threshold', async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2());
    visit();
    const card = providerCard();
    await waitFor(() => expect(card.textContent).toContain('Provider balance: 12.34 USD'));
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(card.textContent).not.toContain('below');
    await screen.findByRole('list', { name: 'Services' }); // the services load beside it
  });

  it('a low balance shows a warning naming the threshold', async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2({ balance: '4.5', threshold: '10', low: true }));
    visit();
    const alert = await within(providerCard()).findByRole('alert');
    expect(alert.textContent).toBe('Provider balance is below 10 USD: top it up so new orders can be placed.');
    expect(providerCard().textContent).toContain('Provider balance: 4.50 USD');
  });

  it("a provider that does not answer: the server's message and a Retry that asks again", async () => {
    fake.answer('GET /admin/fulfilment/provider', [502, { success: false, message: 'The provider panel did not answer: connection refused' }], apiV2());
    visit();
    const alert = await within(providerCard()).findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the provider');
    expect(alert.textContent).toContain('The provider panel did not answer: connection refused');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(providerCard().textContent).toContain('Provider balance: 12.34 USD'));
    expect(fake.callsTo('/admin/fulfilment/provider')).toHaveLength(2);
  });

  it('Check orders now runs a sync (button disabled meanwhile) and tells what it did', async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2());
    fake.answer('/admin/fulfilment/sync', [200, { success: true, orders: 250, requests: 3, updated: 40, finished: 12, ms: 812 }]);
    visit();
    const button = await within(providerCard()).findByRole('button', { name: 'Check orders now' });
    fireEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const status = await within(providerCard()).findByText('Checked 250 orders in 3 requests; 12 finished.');
    expect(status.getAttribute('role')).toBe('status');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(fake.callsTo('/admin/fulfilment/sync').map((call) => call.method)).toEqual(['POST']);
  });

  it("a failed check shows 'Check failed' with the server's reason, and the button works again", async () => {
    fake.answer('GET /admin/fulfilment/provider', apiV2());
    fake.answer(
      '/admin/fulfilment/sync',
      [502, { success: false, message: 'The provider panel did not answer: timeout after 15000 ms' }],
      [200, { success: true, orders: 1, requests: 1, updated: 1, finished: 1, ms: 5 }],
    );
    visit();
    const button = await within(providerCard()).findByRole('button', { name: 'Check orders now' });
    fireEvent.click(button);
    const alert = await within(providerCard()).findByRole('alert');
    expect(alert.textContent).toBe('Check failed' + 'The provider panel did not answer: timeout after 15000 ms');
    fireEvent.click(button);
    expect(await within(providerCard()).findByText('Checked 1 order in 1 request; 1 finished.')).toBeTruthy();
    expect(within(providerCard()).queryByRole('alert')).toBeNull();
  });
});

describe('Dashboard: the service form’s confirmation', () => {
  it('shows what the form just saved once, as a toast (role status), and not on the next visit', async () => {
    fake.answer('/services/listForAdmin', [200, { success: true, data: SERVICES }]);
    setFlash('Service created');
    visit();
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'Service created')).toBe(true);
    await screen.findByRole('list', { name: 'Services' });
    expect(takeFlash()).toBeNull(); // shown once: the next visit says nothing
  });
});
