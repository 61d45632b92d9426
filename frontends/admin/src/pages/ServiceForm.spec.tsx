import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import ServiceForm from './ServiceForm';
import { type FakeApi } from '../test/fakeApi';
import { startAdminSpec } from '../test/adminPage';

let fake: FakeApi;

beforeEach(() => {
  fake = startAdminSpec();
  localStorage.setItem('adminId', 'a1');
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

function visit(path = '/admin/add-editService') {
  const [pathname, search = ''] = path.split('?');
  const memory = memoryLocation({ path: pathname, searchPath: search, record: true } as Parameters<typeof memoryLocation>[0]);
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ServiceForm />
    </Router>,
  );
  return memory;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function png(size: number, name = 'logo.png', type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('Add service', () => {
  it('says at which address the shop will show the service, and when it is listed', () => {
    visit();
    type('Heading', 'Google Business');
    expect(screen.getByText(/Its page in the shop: \/services\/google-business\./).textContent).toBe(
      'Its page in the shop: /services/google-business. Listed once an Active plan with a tier answers there.',
    );
  });

  it("requires heading and description: 'Heading and description are required.'", () => {
    visit();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Service' })).toBeTruthy();
    type('Heading', 'Spotify');
    fireEvent.click(screen.getByRole('button', { name: 'Create Service' }));
    expect(screen.getByRole('alert').textContent).toBe('Heading and description are required.');
    expect(document.activeElement).toBe(screen.getByLabelText('Description'));
    expect(fake.calls).toHaveLength(0);
  });

  it("blank items are dropped: 'At least one content item is required.'", () => {
    visit();
    type('Heading', 'Spotify');
    type('Description', 'Real listeners.');
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Key 2'));
    type('Key 1', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Create Service' }));
    expect(screen.getByRole('alert').textContent).toBe('At least one content item is required.');
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a logo of another type or over 1 MiB, and previews a good one', () => {
    visit();
    const input = screen.getByLabelText('Logo') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp');
    fireEvent.change(input, { target: { files: [png(10, 'logo.gif', 'image/gif')] } });
    expect(screen.getByText('The logo must be a PNG, JPEG or WebP image.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [png(1024 * 1024 + 1)] } });
    expect(screen.getByText('The logo must be at most 1 MiB.')).toBeTruthy();
    expect(screen.queryByAltText('Preview of the chosen logo')).toBeNull();
    fireEvent.change(input, { target: { files: [png(1024 * 1024)] } });
    expect(screen.queryByText('The logo must be at most 1 MiB.')).toBeNull();
    expect((screen.getByAltText('Preview of the chosen logo') as HTMLImageElement).src).toBe('blob:preview');
  });

  it('sends a multipart form to /services/create (blank items dropped, the logo file) and goes to the dashboard', async () => {
    let release: () => void = () => undefined;
    fake.answer('/services/create', [201, { success: true, message: 'Service created', data: {} }]);
    const memory = visit();
    type('Heading', ' Spotify ');
    type('Description', 'Real listeners.');
    type('Key 1', 'Monthly listeners');
    type('Value 1', '1K - 50K');
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    type('Key 3', 'Delivery');
    type('Value 3', '24-48 hours');
    const logo = png(68);
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [logo] } });

    const fetchMock = globalThis.fetch as jest.Mock;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce((...args: unknown[]) => new Promise((resolve) => (release = () => resolve(original(...args)))));
    fireEvent.click(screen.getByRole('button', { name: 'Create Service' }));
    expect((screen.getByRole('button', { name: 'Create Service' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/dashboard'));

    const [call] = fake.callsTo('/services/create');
    expect(call.method).toBe('POST');
    expect(call.body).toBeInstanceOf(FormData);
    const body = call.body as FormData;
    expect(body.get('serviceHeading')).toBe('Spotify');
    expect(body.get('serviceDescription')).toBe('Real listeners.');
    expect(JSON.parse(String(body.get('serviceContent')))).toEqual([
      { key: 'Monthly listeners', value: '1K - 50K' },
      { key: 'Delivery', value: '24-48 hours' },
    ]);
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect((body.get('logo') as File).size).toBe(68);
    expect(call.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
  });

  describe('after a new service is saved: what it needs next to be sold (docs/catalogue.md, "Listing rule")', () => {
    const saved = (listing: object) => ({
      success: true,
      message: 'Service created',
      data: { serviceId: 's9', serviceHeading: 'Myspace', serviceDescription: 'Friends.', logo: null, serviceContent: [], slug: 'myspace', listing },
    });
    const create = () => {
      const memory = visit();
      type('Heading', 'Myspace');
      type('Description', 'Friends.');
      type('Key 1', 'Friends');
      type('Value 1', '1K');
      fireEvent.click(screen.getByRole('button', { name: 'Create Service' }));
      return memory;
    };

    it('without a plan: offers to create its plan and tiers, or to go back to the dashboard', async () => {
      fake.answer('/services/create', [201, saved({ listed: false, reason: 'no_plan', message: 'Not listed: …', planId: null })]);
      const memory = create();
      const title = await screen.findByRole('heading', { level: 2, name: 'Service saved. Create its plan and tiers next?' });
      expect(document.activeElement).toBe(title);
      expect(screen.queryByRole('form', { name: 'Add Service' })).toBeNull();
      expect(screen.getByText(/The new plan starts with the platform “Myspace”, so it answers there\./).textContent).toBe(
        'The shop lists Myspace once an Active plan with at least one pricing tier answers at /services/myspace. The new plan starts with the platform “Myspace”, so it answers there.',
      );
      expect(memory.history.at(-1)).toBe('/admin/add-editService');
      expect(screen.getByRole('link', { name: 'Create its plan' }).getAttribute('href')).toBe('/admin/edit-plan/new?platform=Myspace');
      fireEvent.click(screen.getByRole('link', { name: 'Back to dashboard' }));
      expect(memory.history.at(-1)).toBe('/admin/dashboard');
    });

    it('with a plan that is not on sale: says what is missing and links to editing that plan', async () => {
      fake.answer('/services/create', [
        201,
        saved({ listed: false, reason: 'plan_not_active', message: 'Not listed: its plan is Pending, not Active.', planId: 'plan-9' }),
      ]);
      const memory = create();
      await screen.findByRole('heading', { level: 2, name: 'Service saved. Fix its plan next?' });
      expect(screen.getByText('Not listed: its plan is Pending, not Active.')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Create its plan' })).toBeNull();
      fireEvent.click(screen.getByRole('link', { name: 'Edit its plan' }));
      expect(memory.history.at(-1)).toBe('/admin/edit-plan/plan-9');
    });

    it('with a plan on sale: says the shop lists it and links to editing its plan', async () => {
      fake.answer('/services/create', [201, saved({ listed: true, reason: null, message: null, planId: 'plan-9' })]);
      create();
      await screen.findByRole('heading', { level: 2, name: 'Service saved. Its plan sells it.' });
      expect(screen.getByText("The shop lists it at /services/myspace. Its plan's tiers are its packages.")).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Edit its plan' }).getAttribute('href')).toBe('/admin/edit-plan/plan-9');
      expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
    });
  });

  it("a refused save shows 'Save failed' with the server's message", async () => {
    fake.answer('/services/create', [409, { success: false, message: 'A service with this heading exists already.' }]);
    visit();
    type('Heading', 'Spotify');
    type('Description', 'Real listeners.');
    type('Key 1', 'Views');
    type('Value 1', '1K');
    fireEvent.click(screen.getByRole('button', { name: 'Create Service' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Save failed' + 'A service with this heading exists already.');
  });
});

describe('Edit service', () => {
  const SERVICE = {
    serviceId: 's1',
    serviceHeading: 'YouTube',
    serviceDescription: 'Views and subscribers.',
    logo: 'iVBORw0KGgo=',
    serviceContent: [
      { contentId: 'c1', key: 'Views', value: '1K' },
      { contentId: 'c2', key: 'Likes', value: '500' },
    ],
  };

  it('loads the service, removes a saved item on the server, and saves plain fields without a new logo', async () => {
    fake.answer('/services/getById', [200, { success: true, data: SERVICE }]);
    fake.answer('/services/deleteContent', [200, { success: true, data: { ...SERVICE, serviceContent: [SERVICE.serviceContent[0]] } }]);
    fake.answer('/services/update', [200, { success: true, message: 'Service updated', data: SERVICE }]);
    const memory = visit('/admin/add-editService?serviceId=s1');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Service' })).toBeTruthy();
    await screen.findByDisplayValue('YouTube');
    expect(fake.callsTo('/services/getById')[0].body).toEqual({ serviceId: 's1' });
    expect((screen.getByLabelText('Heading') as HTMLInputElement).value).toBe('YouTube');
    expect((screen.getByAltText('Current logo') as HTMLImageElement).src).toBe('data:image/png;base64,iVBORw0KGgo=');

    fireEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    await waitFor(() => expect(screen.queryByLabelText('Key 2')).toBeNull());
    expect(fake.callsTo('/services/deleteContent')[0].body).toEqual({ serviceId: 's1', contentId: 'c2' });

    type('Value 1', '2K');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/dashboard'));
    expect(fake.callsTo('/services/update')[0].body).toEqual({
      serviceId: 's1',
      serviceHeading: 'YouTube',
      serviceDescription: 'Views and subscribers.',
      serviceContent: [{ contentId: 'c1', key: 'Views', value: '2K' }],
    });
  });

  it('an edit goes back to the dashboard, with no offer, even when the answer carries a listing', async () => {
    fake.answer('/services/getById', [200, { success: true, data: SERVICE }]);
    fake.answer('/services/update', [
      200,
      { success: true, message: 'Service updated', data: { ...SERVICE, listing: { listed: false, reason: 'no_plan', message: 'Not listed', planId: null } } },
    ]);
    const memory = visit('/admin/add-editService?serviceId=s1');
    await screen.findByDisplayValue('YouTube');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/dashboard'));
    expect(screen.queryByText(/Service saved/)).toBeNull();
  });

  it('with a new logo the update is multipart with the serviceId', async () => {
    fake.answer('/services/getById', [200, { success: true, data: SERVICE }]);
    fake.answer('/services/update', [200, { success: true, data: SERVICE }]);
    visit('/admin/add-editService?serviceId=s1');
    await screen.findByDisplayValue('YouTube');
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [png(5, 'new.webp', 'image/webp')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fake.callsTo('/services/update')).toHaveLength(1));
    const body = fake.callsTo('/services/update')[0].body as FormData;
    expect(body.get('serviceId')).toBe('s1');
    expect(JSON.parse(String(body.get('serviceContent')))).toEqual([
      { contentId: 'c1', key: 'Views', value: '1K' },
      { contentId: 'c2', key: 'Likes', value: '500' },
    ]);
    expect((body.get('logo') as File).name).toBe('new.webp');
  });

  it('a refused item removal keeps the row and says why', async () => {
    fake.answer('/services/getById', [200, { success: true, data: SERVICE }]);
    fake.answer('/services/deleteContent', [409, { success: false, message: 'At least one content item is required.' }]);
    visit('/admin/add-editService?serviceId=s1');
    await screen.findByDisplayValue('YouTube');
    fireEvent.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Delete failed' + 'At least one content item is required.');
    expect(screen.getByLabelText('Key 1')).toBeTruthy();
  });
});
