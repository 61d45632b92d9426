import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from './AuthProvider';
import type { RegistrationForm } from './authCalls';

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>;

interface Call {
  path: string;
  body: Record<string, unknown> | undefined;
  authorization: string | null;
}

/** A fake fetch answering each path with the next queued [status, body]. */
function fakeServer(answers: Record<string, [number, unknown][]>) {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://shop.test').pathname.replace(/^\/api/, '');
    const headers = init.headers as Record<string, string>;
    calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined, authorization: headers.Authorization ?? null });
    const queue = answers[path];
    const [status, body] = queue?.shift() ?? [404, { success: false, message: `no fake for ${path}`, error: 'NOT_FOUND' }];
    const text = JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}

const user = { name: 'Ann', email: 'ann@example.com', phone: '555', countryId: 'c1', callingId: 'c2', gender: 1, createdAt: '2025-01-02T00:00:00.000Z' };

async function signedOut() {
  const hook = renderHook(() => useAuth(), { wrapper });
  await waitFor(() => expect(hook.result.current.loading).toBe(false));
  return hook;
}

const form: RegistrationForm = {
  email: ' ann@example.com ',
  otp: '123456',
  password: 'secret-pass',
  name: ' Ann ',
  phone: '555',
  callingId: '',
  countryId: 'c1',
  address: '',
  gender: 1,
};

const realFetch = globalThis.fetch;
afterEach(() => {
  localStorage.clear();
  globalThis.fetch = realFetch;
});

describe('login', () => {
  it('posts the credentials, stores token, userId and email, and sets the user', async () => {
    const calls = fakeServer({ '/user/login': [[200, { success: true, token: 'tok', userId: 'u1', user }]] });
    const { result } = await signedOut();

    let ok = false;
    await act(async () => {
      ok = await result.current.login(' ann@example.com ', 'pw');
    });

    expect(ok).toBe(true);
    expect(calls).toEqual([{ path: '/user/login', body: { email: 'ann@example.com', password: 'pw' }, authorization: null }]);
    expect([localStorage.getItem('token'), localStorage.getItem('userId'), localStorage.getItem('email')]).toEqual(['tok', 'u1', 'ann@example.com']);
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user).toMatchObject({ id: 'u1', name: 'Ann', phone: '555', gender: 1 });
    expect(result.current.lastAuthError()).toBeNull();
  });

  it('falls back to the typed e-mail and a placeholder profile when the response has no user', async () => {
    fakeServer({ '/user/login': [[200, { success: true, token: 'tok', userId: 7 }]] });
    const { result } = await signedOut();
    await act(async () => {
      await result.current.login('typed@example.com', 'pw');
    });
    expect(result.current.user).toMatchObject({ id: '7', email: 'typed@example.com', name: '', phone: '' });
    expect(localStorage.getItem('email')).toBe('typed@example.com');
  });

  it('swallows a failure: false, nothing stored, the reason kept', async () => {
    fakeServer({ '/user/login': [[401, { success: false, message: 'Invalid email or password.', error: 'INVALID_CREDENTIALS' }]] });
    const { result } = await signedOut();
    let ok = true;
    await act(async () => {
      ok = await result.current.login('ann@example.com', 'wrong');
    });
    expect(ok).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
    expect(result.current.lastAuthError()).toBe('Invalid email or password.');
  });

  it('treats a success without a token as a failure', async () => {
    fakeServer({ '/user/login': [[200, { success: true }]] });
    const { result } = await signedOut();
    let ok = true;
    await act(async () => {
      ok = await result.current.login('ann@example.com', 'pw');
    });
    expect(ok).toBe(false);
    expect(result.current.lastAuthError()).toBe('The server sent no session.');
  });

  it('sends the stored token as a Bearer header afterwards', async () => {
    const calls = fakeServer({
      '/user/login': [[200, { success: true, token: 'tok', userId: 'u1', user }]],
      '/user/getById': [[200, { success: true, data: {} }]],
    });
    const { result } = await signedOut();
    await act(async () => {
      await result.current.login('ann@example.com', 'pw');
    });
    const { api } = await import('../api/client');
    await api.post('/user/getById', { userId: 'u1' });
    expect(calls[1].authorization).toBe('Bearer tok');
  });
});

describe('register', () => {
  it('registers with the whole form, then logs in with the same credentials', async () => {
    const calls = fakeServer({
      '/user/register': [[201, { success: true, userId: 'u1' }]],
      '/user/login': [[200, { success: true, token: 'tok', userId: 'u1', user }]],
    });
    const { result } = await signedOut();
    let ok = false;
    await act(async () => {
      ok = await result.current.register(form);
    });
    expect(ok).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/user/register', '/user/login']);
    // Empty optional choices are left out; text is trimmed.
    expect(calls[0].body).toEqual({ email: 'ann@example.com', otp: '123456', password: 'secret-pass', name: 'Ann', phone: '555', countryId: 'c1', gender: 1 });
    expect(calls[1].body).toEqual({ email: 'ann@example.com', password: 'secret-pass' });
    expect(result.current.isAuthenticated).toBe(true);
  });

  it('does not log in when registration fails, and keeps the reason', async () => {
    const calls = fakeServer({ '/user/register': [[409, { success: false, message: 'This e-mail is already registered.', error: 'EMAIL_TAKEN' }]] });
    const { result } = await signedOut();
    let ok = true;
    await act(async () => {
      ok = await result.current.register(form);
    });
    expect(ok).toBe(false);
    expect(calls.map((c) => c.path)).toEqual(['/user/register']);
    expect(result.current.lastAuthError()).toBe('This e-mail is already registered.');
  });

  it("its result is the login's result", async () => {
    fakeServer({
      '/user/register': [[201, { success: true, userId: 'u1' }]],
      '/user/login': [[503, { success: false, message: 'Service unavailable', error: 'UNAVAILABLE' }]],
    });
    const { result } = await signedOut();
    let ok = true;
    await act(async () => {
      ok = await result.current.register(form);
    });
    expect(ok).toBe(false);
    expect(result.current.isAuthenticated).toBe(false);
  });
});

describe('googleLogin', () => {
  it('posts the ID token and names a nameless user after the e-mail', async () => {
    const calls = fakeServer({
      '/user/google': [[200, { success: true, token: 'gtok', userId: 'g1', user: { email: 'zoe.k@example.com', name: '' } }]],
    });
    const { result } = await signedOut();
    let ok = false;
    await act(async () => {
      ok = await result.current.googleLogin('id-token');
    });
    expect(ok).toBe(true);
    expect(calls[0].body).toEqual({ idToken: 'id-token' });
    expect(result.current.user).toMatchObject({ id: 'g1', name: 'zoe.k', email: 'zoe.k@example.com' });
    expect(localStorage.getItem('email')).toBe('zoe.k@example.com');
  });

  it("names a user without name or e-mail 'User'", async () => {
    fakeServer({ '/user/google': [[200, { success: true, token: 'gtok', userId: 'g1' }]] });
    const { result } = await signedOut();
    await act(async () => {
      await result.current.googleLogin('id-token');
    });
    expect(result.current.user?.name).toBe('User');
  });

  it('swallows a network failure', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { result } = await signedOut();
    let ok = true;
    await act(async () => {
      ok = await result.current.googleLogin('id-token');
    });
    expect(ok).toBe(false);
    expect(result.current.lastAuthError()).toMatch(/Network error/);
  });
});

describe('logout after login', () => {
  it('clears the stored session', async () => {
    fakeServer({ '/user/login': [[200, { success: true, token: 'tok', userId: 'u1', user }]] });
    const { result } = await signedOut();
    await act(async () => {
      await result.current.login('ann@example.com', 'pw');
    });
    act(() => result.current.logout());
    expect(localStorage.length).toBe(0);
    expect(result.current.user).toBeNull();
  });
});
