import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from './AuthProvider';
import { clearAdminSession, hasAdminSession, setAdminSession } from './adminSession';

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
