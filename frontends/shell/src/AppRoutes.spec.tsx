import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '@growth/kit';
import { AppRoutes } from './AppRoutes';
import { showsPublicHeader } from './layout/Layout';

const loaded: string[] = [];

// Each remote module renders its own id, so a test sees which module a path mounted.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: async (id: string) => {
    loaded.push(id);
    return { default: () => <p>remote:{id}</p> };
  },
}));

function visit(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <AppRoutes />
      </Router>
    </AuthProvider>,
  );
  return memory;
}

beforeEach(() => {
  loaded.length = 0;
  localStorage.clear();
});

describe('routes', () => {
  it.each([
    ['/', 'storefront/Home'],
    ['/services', 'storefront/Catalogue'],
    ['/services/youtube', 'storefront/Pricing'],
    ['/faq', 'storefront/Faq'],
    ['/refund', 'storefront/Refund'],
    ['/login', 'account/Login'],
    ['/admin/login', 'account/AdminLogin'],
  ])('%s mounts %s', async (path, id) => {
    visit(path);
    expect(await screen.findByText(`remote:${id}`)).toBeTruthy();
  });

  it('/services/active wins over /services/:platform for a signed-in customer', async () => {
    localStorage.setItem('token', 't');
    visit('/services/active');
    expect(await screen.findByText('remote:account/ActiveServices')).toBeTruthy();
  });

  it('sends a signed-out visitor of a protected page to /login, remembering the origin', async () => {
    const memory = visit('/services/completed');
    expect(await screen.findByText('remote:account/Login')).toBeTruthy();
    expect(memory.history?.at(-1)).toBe('/login?next=%2Fservices%2Fcompleted');
    expect(loaded).not.toContain('account/CompletedServices');
  });

  it('never loads the admin remote without an admin token', async () => {
    const memory = visit('/admin/tasks');
    expect(await screen.findByText('remote:account/AdminLogin')).toBeTruthy();
    expect(memory.history?.at(-1)).toBe('/admin/login');
    expect(loaded.some((id) => id.startsWith('admin/'))).toBe(false);
  });

  it('loads the admin remote for an admin session', async () => {
    localStorage.setItem('adminToken', 'a');
    visit('/admin/edit-plan/p1');
    expect(await screen.findByText('remote:admin/EditPlan')).toBeTruthy();
  });

  it('shows Page Not Found for unknown paths, without loading a remote', () => {
    visit('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Go Back to Help Center' }).getAttribute('href')).toBe('/contact');
    expect(loaded).toEqual([]);
  });

  it('shows Access Denied at /unauthorized', () => {
    visit('/unauthorized');
    expect(screen.getByText('You do not have the necessary permissions to view this page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});

describe('public header', () => {
  it.each([
    ['/', true],
    ['/services', false],
    ['/services/youtube', true],
    ['/login', false],
    ['/admin/login', false],
    ['/admin/dashboard', false],
    ['/about', true],
  ])('%s -> shown: %s', (path, shown) => {
    expect(showsPublicHeader(path)).toBe(shown);
  });
});
