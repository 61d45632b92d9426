import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { getRuntimeConfig, setRuntimeConfig } from '@growth/kit';
import { AdminLayout } from './AdminLayout';
import { setNarrowScreen } from '../test/fakeApi';

function visit(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AdminLayout title="Services">
        <p>page body</p>
      </AdminLayout>
    </Router>,
  );
  return memory;
}

beforeEach(() => {
  localStorage.clear();
  setNarrowScreen(false);
});

describe('AdminLayout', () => {
  describe('the sandbox banner (docs/payments.md#sandbox-orders)', () => {
    const before = getRuntimeConfig();
    afterEach(() => setRuntimeConfig(before));
    const banner = () => screen.queryByText('Payments are in sandbox mode: no real money is taken.');

    it('runs above the page heading while the server says its payments take no real money', () => {
      setRuntimeConfig({ ...before, payments: { provider: 'sandbox', keyId: 'rzp_sandbox_local', sandbox: true } });
      visit('/admin/tasks');
      expect(banner()).toBeTruthy();
      expect(banner()?.closest('[role="status"]')).toBeTruthy();
      // Before the heading in reading order, on every page (the layout is every page's frame).
      const heading = screen.getByRole('heading', { level: 1, name: 'Services' });
      expect(banner()!.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('is not there with real money (Razorpay live keys), nor when the server does not say', () => {
      setRuntimeConfig({ ...before, payments: { provider: 'razorpay', keyId: 'rzp_live_Abc', sandbox: false } });
      visit('/admin/tasks');
      expect(banner()).toBeNull();
    });

    it('is not there when the runtime config has no payments part', () => {
      setRuntimeConfig({ remotes: {}, googleClientId: null });
      visit('/admin/tasks');
      expect(banner()).toBeNull();
    });
  });

  it('has every sidebar entry, the six documents, Settings and Logout; the current link is marked', () => {
    visit('/admin/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Services' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const hrefs = Array.from(nav.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/overview',
      '/admin/dashboard',
      '/admin/client',
      '/admin/plan',
      '/admin/tasks',
      '/admin/refunds',
      '/admin/audit',
      '/admin/document/faqs',
      '/admin/document/terms-of-use',
      '/admin/document/shipping-delivery',
      '/admin/document/privacy-policy',
      '/admin/document/returns-policy',
      '/admin/document/cookie-policy',
      '/admin/settings',
    ]);
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('the Documents group is a disclosure, open on a document page', () => {
    visit('/admin/document/cookie-policy');
    const group = screen.getByRole('button', { name: 'Documents' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Cookie Policy' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Cookie Policy' })).toBeNull();
  });

  it('marks the section link on a sub-page (service form under Services)', () => {
    visit('/admin/add-editService');
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe('true');
  });

  it('Logout clears the admin session and goes to /admin/login', () => {
    localStorage.setItem('adminToken', 'admin-token');
    localStorage.setItem('adminId', 'a1');
    localStorage.setItem('token', 'customer-token');
    const memory = visit('/admin/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminId')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(memory.history.at(-1)).toBe('/admin/login');
  });

  it('wide screen: no drawer, the sidebar is never inert', () => {
    visit('/admin/dashboard');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('complementary', { name: 'Admin menu' }).hasAttribute('inert')).toBe(false);
  });
});

describe('AdminLayout drawer (narrow screen)', () => {
  beforeEach(() => setNarrowScreen(true));

  it('opens from the menu button with the focus inside; Escape closes it and focuses the button', () => {
    visit('/admin/dashboard');
    const menu = screen.getByRole('button', { name: 'Menu' });
    const drawer = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(drawer.hasAttribute('inert')).toBe(true);
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
    // the page behind is inert while the drawer is open
    expect(screen.getByText('page body').closest('[inert]')).not.toBeNull();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(drawer.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(menu);
    expect(screen.getByText('page body').closest('[inert]')).toBeNull();
  });

  it('closes on navigation and focuses the page heading', () => {
    const memory = visit('/admin/dashboard');
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    fireEvent.click(screen.getByRole('link', { name: 'Clients' }));
    expect(memory.history.at(-1)).toBe('/admin/client');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('the close button and the backdrop close it too', () => {
    visit('/admin/dashboard');
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
    fireEvent.click(menu);
    fireEvent.click(document.querySelector('[data-drawer-backdrop]') as HTMLElement);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});
