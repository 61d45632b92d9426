import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import Dashboard from './Dashboard';
import { installFakeApi, setNarrowScreen, type FakeApi } from '../test/fakeApi';

const SERVICES = [
  { serviceId: 's1', serviceHeading: 'YouTube', serviceDescription: 'Views and subscribers.', logo: null, serviceContent: [{ contentId: 'c1', key: 'Views', value: '1K' }] },
  { serviceId: 's2', serviceHeading: 'Instagram', serviceDescription: 'Followers.', logo: 'iVBORw0KGgo=', serviceContent: [] },
];

let fake: FakeApi;

beforeEach(() => {
  globalThis.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
  localStorage.clear();
  localStorage.setItem('adminToken', 'admin-token');
  localStorage.setItem('adminId', 'a1');
  setNarrowScreen(false);
  fake = installFakeApi();
});

function visit() {
  const memory = memoryLocation({ path: '/admin/dashboard', record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Dashboard />
    </Router>,
  );
  return memory;
}

describe('Dashboard', () => {
  it('loads page 1, limit 100 with the admin token; each service links to its edit form', async () => {
    fake.answer('GET /services/getAll', [200, { success: true, data: SERVICES, meta: { total: 2, page: 1, perPage: 100, lastPage: 1 } }]);
    const memory = visit();
    expect(screen.getByText('Loading services…')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Services' });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['YouTube', 'Instagram']);
    const [call] = fake.callsTo('/services/getAll');
    expect(call.method).toBe('GET');
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('limit')).toBe('100');
    expect(call.headers.Authorization).toBe('Bearer admin-token');
    fireEvent.click(screen.getByRole('link', { name: 'Edit YouTube' }));
    expect(memory.history.at(-1)).toBe('/admin/add-editService?serviceId=s1');
  });

  it("shows 'Failed to load services' with the server's message and a Retry", async () => {
    fake.answer('GET /services/getAll', [503, { success: false, message: 'The service is temporarily unavailable. Please try again in a moment.' }]);
    fake.answer('GET /services/getAll', [200, { success: true, data: [] }]);
    visit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load services');
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No services yet. Add the first one.')).toBeTruthy();
  });

  it('deletes only after the confirmation; Cancel sends nothing', async () => {
    fake.answer('GET /services/getAll', [200, { success: true, data: SERVICES }]);
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
    fake.answer('GET /services/getAll', [200, { success: true, data: SERVICES }]);
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
