import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider, useAuth } from '@growth/kit';
import { Header } from './Header';
import { accountLabel } from './AccountMenu';

/** Records the requests the header sends (every answer a 200). */
function recordFetch() {
  const calls: Array<{ url: string; method: string; authorization: string | null }> = [];
  const original = globalThis.fetch;
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), authorization: new Headers(init.headers).get('Authorization') });
    return new Response(JSON.stringify({ success: true, message: 'You are signed out.' }), { status: 200 });
  }) as unknown as typeof fetch;
  return { calls, restore: () => void (globalThis.fetch = original) };
}

function signInStored() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('email', 'ann@example.com');
}

/** Signs in as a login answer does, with the customer's name. */
function SignInAs({ name }: { name: string }) {
  const { startSession } = useAuth();
  return (
    <button type="button" onClick={() => startSession({ token: 'tok', userId: 'u1', email: 'ann@example.com', user: { name } })}>
      test: sign in
    </button>
  );
}

function visit(path = '/') {
  const memory = memoryLocation({ path, record: true });
  render(
    <AuthProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Header />
        <SignInAs name="Ann Example" />
      </Router>
    </AuthProvider>,
  );
  return memory;
}

const banner = () => within(screen.getByRole('banner'));
const accountButton = () => banner().getByRole('button', { name: /^(Account|Ann)$/ });
const menu = () => screen.getByRole('menu', { hidden: true });
const entries = () => within(menu()).getAllByRole('menuitem', { hidden: true });
const focused = () => document.activeElement?.textContent;

beforeEach(() => localStorage.clear());

describe('the header signed out', () => {
  it('keeps Sign In and the profile button to /login, and offers no account menu', async () => {
    visit();
    await waitFor(() => expect(banner().getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0));
    expect(banner().getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/login');
    expect(banner().queryByRole('button', { name: /^(Account|Ann)$/ })).toBeNull();
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();
  });
});

describe('the account menu', () => {
  it("is a labelled menu button: 'Account' for a restored session, the first name after a login; no bare Logout in the header", async () => {
    signInStored();
    visit();
    const button = await waitFor(() => banner().getByRole('button', { name: 'Account' }));
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(menu().id);
    expect(menu().hidden).toBe(true);
    // No Sign In, and no Logout in the header's bar: only the menu's last entry and the phone menu's.
    expect(banner().queryAllByRole('link', { name: 'Sign In', hidden: true })).toEqual([]);
    const logouts = Array.from(screen.getByRole('banner').querySelectorAll('button')).filter((element) => element.textContent === 'Logout');
    expect(logouts.map((logout) => (logout.closest('[role="menu"]') ? 'menu' : logout.closest('#mobile-menu') ? 'phone menu' : 'bar'))).toEqual(['menu', 'phone menu']);

    fireEvent.click(screen.getByRole('button', { name: 'test: sign in' }));
    expect(banner().getByRole('button', { name: 'Ann' }).getAttribute('title')).toBe('Ann Example');
  });

  it('opens on activation with My orders, Profile and Logout last, focus on the first; a second press closes it', async () => {
    signInStored();
    visit();
    const button = await waitFor(accountButton);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu().hidden).toBe(false);
    expect(entries().map((entry) => entry.textContent)).toEqual(['My orders', 'Profile', 'Logout']);
    expect(within(menu()).getByRole('menuitem', { name: 'My orders' }).getAttribute('href')).toBe('/services/active');
    expect(within(menu()).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(focused()).toBe('My orders');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu().hidden).toBe(true);
  });

  it('moves with the arrow keys (wrapping), Home and End; Escape closes it and gives focus back to the button', async () => {
    signInStored();
    visit();
    const button = await waitFor(accountButton);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('My orders');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Profile');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Logout');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('My orders');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focused()).toBe('Logout');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('My orders');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('Logout');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu().hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    // ArrowUp on the button opens it on the last entry.
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(focused()).toBe('Logout');
  });

  it('closes on a click outside, on Tab, and when an entry is followed', async () => {
    signInStored();
    const memory = visit();
    const button = await waitFor(accountButton);

    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    fireEvent.pointerDown(within(menu()).getByRole('menuitem', { name: 'Profile' }));
    expect(button.getAttribute('aria-expanded')).toBe('true'); // a press inside is not outside

    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    fireEvent.click(within(menu()).getByRole('menuitem', { name: 'My orders' }));
    expect(memory.history?.at(-1)).toBe('/services/active');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // Space follows a link entry too.
    fireEvent.click(button);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(memory.history?.at(-1)).toBe('/profile');
  });

  it("Logout is the session's logout: storage cleared, the server told, home, Sign In back", async () => {
    const fetches = recordFetch();
    try {
      signInStored();
      const memory = visit('/profile');
      fireEvent.click(await waitFor(accountButton));
      fireEvent.click(within(menu()).getByRole('menuitem', { name: 'Logout' }));
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('userId')).toBeNull();
      expect(memory.history?.at(-1)).toBe('/');
      await waitFor(() => expect(fetches.calls).toHaveLength(1));
      expect(fetches.calls[0]).toMatchObject({ method: 'POST', authorization: 'Bearer tok' });
      expect(fetches.calls[0].url).toMatch(/\/api\/user\/logout$/);
      expect(banner().getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
      expect(banner().queryByRole('button', { name: /^(Account|Ann)$/ })).toBeNull();
    } finally {
      fetches.restore();
    }
  });
});

describe('the phone menu', () => {
  it('carries an account section with My orders, Profile and Logout for a customer', async () => {
    signInStored();
    visit();
    await waitFor(accountButton);
    const account = within(screen.getByRole('navigation', { name: 'Account', hidden: true }));
    expect(account.getAllByRole('link', { hidden: true }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My orders', '/services/active'],
      ['Profile', '/profile'],
    ]);
    const panel = within(document.getElementById('mobile-menu')!);
    // Whose account: the e-mail of a restored session, the name once it is known.
    expect(panel.getByText('ann@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'test: sign in' }));
    expect(panel.getByText('Ann Example')).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Logout', hidden: true })).toBeTruthy();
    expect(panel.queryByRole('link', { name: 'Sign In', hidden: true })).toBeNull();
  });

  it('offers Sign In to a visitor', async () => {
    visit();
    const panel = within(document.getElementById('mobile-menu')!);
    await waitFor(() => expect(panel.getByRole('link', { name: 'Sign In', hidden: true }).getAttribute('href')).toBe('/login'));
    expect(screen.queryByRole('navigation', { name: 'Account', hidden: true })).toBeNull();
  });
});

describe('server rendering', () => {
  it("hydrates the server's signed-out header without a mismatch, then shows the stored session's menu", async () => {
    signInStored();
    const tree = (
      <AuthProvider>
        <Router ssrPath="/">
          <Header />
        </Router>
      </AuthProvider>
    );
    const html = renderToString(tree);
    expect(html).toContain('Sign In');
    expect(html).not.toContain('aria-haspopup');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable: unknown[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: (error) => recoverable.push(error) }));
      expect(recoverable).toEqual([]);
      expect(spy).not.toHaveBeenCalled();
      expect(within(container).getByRole('button', { name: 'Account' }).getAttribute('aria-haspopup')).toBe('menu');
      act(() => root.unmount());
    } finally {
      spy.mockRestore();
      container.remove();
    }
  });
});

describe('accountLabel', () => {
  it.each([
    [{ name: 'Ann Example' }, 'Ann'],
    [{ name: '  Bo ' }, 'Bo'],
    [{ name: '' }, 'Account'],
    [null, 'Account'],
  ])('%j → %s', (user, label) => expect(accountLabel(user)).toBe(label));
});
