import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from './AuthProvider';
import { clearAdminSession, hasAdminSession, setAdminSession } from './adminSession';
import { logOutAdmin } from '../index';

/** Records the requests the app sends (the answer is a 200, or a network failure with `failing`). */
function recordFetch(failing = false) {
  const calls: Array<{ url: string; method: string; authorization: string | null }> = [];
  const impl = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), authorization: new Headers(init.headers).get('Authorization') });
    if (failing) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ success: true, message: 'You are signed out.' }), { status: 200 });
  });
  const original = globalThis.fetch;
  globalThis.fetch = impl as unknown as typeof fetch;
  return { calls, restore: () => void (globalThis.fetch = original) };
}

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>;

describe('useAuth', () => {
  afterEach(() => localStorage.clear());

  it('throws the exact message outside its provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useAuth();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useAuth must be inside AuthProvider');
    spy.mockRestore();
  });

  it('is loading until the stored session is read, then restores token and user', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userId', 'u1');
    localStorage.setItem('email', 'ann@example.com');
    const seen: boolean[] = [];
    function Probe() {
      const auth = useAuth();
      seen.push(auth.loading);
      return <p>{auth.loading ? 'loading' : `${auth.isAuthenticated}:${auth.user?.id}:${auth.user?.email}`}</p>;
    }
    render(<Probe />, { wrapper });
    expect(await screen.findByText('true:u1:ann@example.com')).toBeTruthy();
    expect(seen[0]).toBe(true);
  });

  it('is signed out without a stored token', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.isAuthenticated).toBe(false);
    expect(result.current.user).toBeNull();
  });

  it('startSession stores token, userId and email; logout clears local storage', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));

    act(() => result.current.startSession({ token: 'tok', userId: 'u9', email: 'typed@example.com', user: { name: 'Bo' } }));
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('userId')).toBe('u9');
    expect(localStorage.getItem('email')).toBe('typed@example.com');
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user).toMatchObject({ id: 'u9', name: 'Bo', email: 'typed@example.com', phone: '' });

    localStorage.setItem('other', 'x');
    act(() => result.current.logout());
    expect(localStorage.length).toBe(0);
    expect(result.current.isAuthenticated).toBe(false);
    expect(result.current.token).toBeNull();
    expect(result.current.user).toBeNull();
  });
});

describe('admin session', () => {
  it('lives under adminToken and adminId; clearing removes admin id, admin token, token and isAdmin', () => {
    localStorage.setItem('token', 'customer');
    localStorage.setItem('isAdmin', 'true');
    localStorage.setItem('email', 'kept@example.com');
    setAdminSession('admintok', 'a1');
    expect(localStorage.getItem('adminToken')).toBe('admintok');
    expect(hasAdminSession()).toBe(true);

    clearAdminSession();
    expect(hasAdminSession()).toBe(false);
    for (const key of ['adminToken', 'adminId', 'token', 'isAdmin']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('email')).toBe('kept@example.com');
    localStorage.clear();
  });
});

describe('admin logout while a customer session is open', () => {
  it('signs the customer out too', async () => {
    localStorage.setItem('token', 'tok');
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    act(() => clearAdminSession());
    expect(result.current.isAuthenticated).toBe(false);
    localStorage.clear();
  });
});

describe('logout ends the session on the server too', () => {
  afterEach(() => localStorage.clear());

  it('customer logout: POST /api/user/logout with the token (and /api/admin/logout for a stored admin token), then the storage is cleared', async () => {
    const server = recordFetch();
    localStorage.setItem('token', 'customer-tok');
    localStorage.setItem('adminToken', 'admin-tok');
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    act(() => result.current.logout());
    expect(localStorage.length).toBe(0);
    expect(result.current.isAuthenticated).toBe(false);
    expect(server.calls).toEqual([
      { url: '/api/user/logout', method: 'POST', authorization: 'Bearer customer-tok' },
      { url: '/api/admin/logout', method: 'POST', authorization: 'Bearer admin-tok' },
    ]);
    server.restore();
  });

  it('signs out in the browser even when the server cannot be reached, and calls nothing without a token', async () => {
    const server = recordFetch(true);
    localStorage.setItem('token', 'customer-tok');
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    act(() => result.current.logout());
    expect(result.current.isAuthenticated).toBe(false);
    act(() => result.current.logout());
    expect(server.calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.restore();
  });

  it('admin logout: POST /api/admin/logout with the admin token, then the admin session is cleared', () => {
    const server = recordFetch();
    setAdminSession('admin-tok', 'a1');
    logOutAdmin();
    expect(hasAdminSession()).toBe(false);
    expect(server.calls).toEqual([{ url: '/api/admin/logout', method: 'POST', authorization: 'Bearer admin-tok' }]);
    server.restore();
  });
});
